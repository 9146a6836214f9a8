import { describe, expect, it } from 'vitest';
import { AgentToolbox, coreTools } from '../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import { wordOutline } from './word-content.ts';
import { createWordDoc, type WordDoc } from './word-model.ts';
import { wordTools } from './word-tools.ts';

const inputs: ResolvedInputs = {
  contextFiles: [{ file_id: 'file_1', file_name: 'memo.pdf', content_type: 'application/pdf', text: 'x', truncated: false, ref: 1 }],
  dataSources: [{ name: 'sales', columns: ['Region', 'Units'], rows: [['EU', 1200], ['US', 3400.5]], source: { kind: 'inline' } }],
  images: [],
  brand: null,
};

function setup(): { doc: WordDoc; call: (name: string, args: unknown) => Promise<{ output: unknown; isError: boolean }>; changes: string[] } {
  const doc = createWordDoc();
  const changes: string[] = [];
  const box = new AgentToolbox([...coreTools({ outline: () => wordOutline(doc), finish: () => {} }), ...wordTools({ doc, inputs, mode: 'action', noteChange: (c) => changes.push(c) })], (_t, err) => { throw err; });
  return { doc, call: (name, args) => box.call(name, args), changes };
}

const headings = (doc: WordDoc) => doc.blocks.filter((b) => b.kind === 'heading').map((b) => (b as { text: string }).text);

describe('Word tools', () => {
  it('add, move, replace and delete whole sections by their heading ids', async () => {
    const { doc, call, changes } = setup();
    await call('add_content', { markdown: '# A\n\na text\n\n# B\n\n## B.1\n\nb text\n\n# C' });
    const [a, b, , c] = doc.blocks.filter((x) => x.kind === 'heading').map((x) => x.id);
    expect((await call('move', { section: b, position: `before:${a}` })).isError).toBe(false);
    expect(headings(doc)).toEqual(['B', 'B.1', 'A', 'C']);
    await call('replace_content', { section: a, markdown: '# A2\n\nnew a' });
    await call('delete', { section: c });
    expect(headings(doc)).toEqual(['B', 'B.1', 'A2']);
    expect(changes).toEqual(['added "A", "B", "B.1", "C"', 'moved section "B"', 'rewrote section "A"', 'deleted section "C"']);
  });

  it('explains what is wrong instead of acting: unknown ids, wrong fields for a kind, moves into themselves, bad citations', async () => {
    const { doc, call } = setup();
    await call('add_content', { markdown: '# A\n\ntext' });
    const [h, p] = doc.blocks.map((b) => b.id);
    expect(await call('update_block', { id: 'b99', text: 'x' })).toEqual({ isError: true, output: 'No block b99. Call get_outline for the current ids.' });
    expect((await call('update_block', { id: p, level: 2 })).output).toBe('A paragraph block has no level; it takes text, style.');
    expect((await call('move', { section: h, position: `after:${p}` })).output).toBe('The position is inside what is being moved.');
    expect((await call('add_content', { markdown: 'Claim [^4].' })).output).toContain('this request has files [^1] to [^1]');
    expect((await call('add_content', { markdown: 'x', position: 'middle' })).output).toMatch(/Invalid arguments for add_content: \/position: must match pattern/);
    expect(doc.blocks).toHaveLength(2);
  });

  it('cites context files as footnotes and builds tables from data sources', async () => {
    const { doc, call } = setup();
    await call('add_content', { markdown: 'Revenue grew [^1].' });
    expect(doc.blocks[0]).toMatchObject({ text: 'Revenue grew [^Source: memo.pdf].' });
    await call('add_table', { data_source: 'SALES' });
    expect(doc.blocks[1]).toMatchObject({ header: ['Region', 'Units'], rows: [['EU', '1,200'], ['US', '3,400.5']], align: [], caption: 'sales (source: data source "sales")' });
    expect((await call('add_table', { data_source: 'costs' })).output).toBe('No data source "costs"; the request has: "sales".');
    await call('edit_table', { id: doc.blocks[1].id, set_cells: [{ row: -1, column: 1, text: 'Units sold' }], append_rows: [['APAC', '10']], delete_rows: [0] });
    expect(doc.blocks[1]).toMatchObject({ header: ['Region', 'Units sold'], rows: [['US', '3,400.5'], ['APAC', '10']] });
  });

  it('outlines headings with their blocks, and only headings once the document is long', async () => {
    const { doc, call } = setup();
    await call('set_document', { title: 'Plan', footer_text: 'Internal' });
    await call('add_content', { markdown: '# One\n\n- a\n- b\n\n## Sub\n\n| x | y |\n|---|---|\n| 1 | 2 |' });
    expect(wordOutline(doc)).toBe([
      'Title: "Plan"',
      'Page: A4 portrait; header: "Plan"; footer: "Internal" + page numbers',
      'Blocks (4; ids in brackets):',
      '[b1] H1 One',
      '  [b2] bulleted list, 2 items: "a", "b"',
      '  [b3] H2 Sub',
      '    [b4] table 1 rows x 2 columns: x | y',
    ].join('\n'));
    expect(wordOutline(doc, 2)).toContain('... 1 blocks (read_section to see them)');
  });
});
