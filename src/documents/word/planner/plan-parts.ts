// Pieces of the builtin Word plans shared by new documents and edits: markdown blocks written back
// for add_content, and the calls that bring in the request's data sources, images and context files.
import { keySentences, words } from '../../../llm/builtin/text-engine.ts';
import type { PlannedToolCall, ResolvedInputs } from '../../agent/format-adapter.ts';
import type { MdBlock } from '../../agent/markdown.ts';
import { tableFacts } from '../../agent/planner-helpers.ts';
import { escapeInline } from '../inline.ts';

const MAX_TABLE_ROWS = 100;

export const call = (tool: string, args: Record<string, unknown>): PlannedToolCall => ({ tool, args });

/** MdBlocks back to markdown for add_content, with headings shifted so the top level is 1. */
export function markdownOf(blocks: MdBlock[]): string {
  const top = Math.min(...blocks.filter((b) => b.type === 'heading').map((b) => (b as { level: number }).level), 9);
  const shift = top === 9 ? 0 : top - 1;
  return blocks.map((b) => {
    switch (b.type) {
      case 'heading': return `${'#'.repeat(Math.max(1, b.level - shift))} ${b.text}`;
      case 'paragraph': return b.text;
      case 'quote': return `> ${b.text}`;
      case 'list': return listMarkdown(b);
      case 'table': return [`| ${b.header.join(' | ')} |`, `|${b.align.map((a) => (a === 'right' ? ' --: |' : a === 'center' ? ' :-: |' : ' --- |')).join('')}`, ...b.rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
      case 'facts': return b.pairs.map(([k, v]) => `${k}: ${v}`).join('\n');
      case 'code': return `\`\`\`${b.lang}\n${b.text}\n\`\`\``;
      case 'rule': return '---';
    }
  }).join('\n\n');
}

/** A list written so that a CommonMark reader nests it back: each level numbered from 1 and indented to its parent's text. */
function listMarkdown(list: Extract<MdBlock, { type: 'list' }>): string {
  const count: number[] = [];
  const column: number[] = [];
  return list.items.map((it) => {
    count.length = it.level + 1;
    count[it.level] = (count[it.level] ?? 0) + 1;
    const marker = list.ordered ? `${count[it.level]}.` : '-';
    const indent = it.level ? column[it.level - 1] ?? 2 * it.level : 0;
    column.length = it.level;
    column[it.level] = indent + marker.length + 1;
    return `${' '.repeat(indent)}${marker} ${it.text}`;
  }).join('\n');
}

/** Calls that add the request's data sources, images and context files; shared with edits. */
export function inputCalls(inputs: ResolvedInputs, focus: string): { calls: PlannedToolCall[]; said: string[]; remarks: string[] } {
  const calls: PlannedToolCall[] = [];
  const said: string[] = [];
  const remarks: string[] = [];
  if (inputs.dataSources.length) {
    calls.push(call('add_content', { markdown: '# Data' }));
    for (const t of inputs.dataSources) {
      const facts = tableFacts(t).map((f) => `- ${escapeInline(f)}`).join('\n');
      calls.push(call('add_content', { markdown: `## ${escapeInline(t.name)}\n\n${facts}` }));
      calls.push(call('add_table', { data_source: t.name, max_rows: MAX_TABLE_ROWS }));
    }
    said.push(`${inputs.dataSources.length} data table${inputs.dataSources.length > 1 ? 's' : ''}`);
    const long = inputs.dataSources.filter((t) => t.rows.length > MAX_TABLE_ROWS);
    if (long.length) remarks.push(`${long.map((t) => `"${t.name}"`).join(', ')} ${long.length > 1 ? 'were' : 'was'} cut to the first ${MAX_TABLE_ROWS} rows in the document.`);
  }
  if (inputs.images.length) {
    calls.push(call('add_content', { markdown: '# Figures' }));
    for (const img of inputs.images) calls.push(call('insert_image', { image_id: img.image_id, ...(img.caption ? {} : { caption: escapeInline(img.file_name.replace(/\.[^.]+$/, '')) }) }));
    said.push(`${inputs.images.length} figure${inputs.images.length > 1 ? 's' : ''}`);
  }
  const readable = inputs.contextFiles.filter((f) => f.text.trim());
  if (readable.length) {
    const parts = ['# Key points from the sources'];
    for (const f of readable) {
      const points = keySentences(f.text, 4, words(focus)).map((s) => `- ${escapeInline(s.replace(/\s+/g, ' ').trim())} [^${f.ref}]`);
      parts.push(`## ${escapeInline(f.file_name)}`, points.join('\n'));
    }
    calls.push(call('add_content', { markdown: parts.join('\n\n') }));
    said.push(`key points quoted from ${readable.length} source file${readable.length > 1 ? 's' : ''}, each cited in a footnote`);
  }
  if (inputs.contextFiles.length) {
    calls.push(call('add_content', { markdown: `# Sources\n\n${inputs.contextFiles.map((f) => `${f.ref}. ${escapeInline(f.file_name)}`).join('\n')}` }));
  }
  return { calls, said, remarks };
}
