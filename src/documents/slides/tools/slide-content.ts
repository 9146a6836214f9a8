// add_slide's arguments as the content a new slide gets (edits/slide-plan.ts): which kind of slide,
// its title and subtitle, the list or graphic of its body, two columns, a quote; and speaker notes
// written from the content when none are given.
import { ToolError } from '../../agent/tool-error.ts';
import type { ResolvedInputs } from '../../agent/format-adapter.ts';
import type { Block, Column, SlideContent } from '../edits/slide-plan.ts';
import { plainOfMarkup } from '../edits/text-body.ts';
import { chartFromInput, imageFromInput, tableFromInput, toBullets } from './content-inputs.ts';
import { notesFor } from './speaker-notes.ts';
import type { AddSlideArgs, ElementInput } from './tool-schemas.ts';

const WANTS: Record<AddSlideArgs['layout'], readonly string[]> = {
  title: [], section: [], bullets: ['bullets'], 'two-column': ['columns'], chart: ['chart'], table: ['table'], image: ['image'], quote: ['quote'], closing: ['bullets'],
};

const CONTENT_KINDS = new Set(['bullets', 'two-column', 'chart', 'table', 'image', 'quote']);

/** One element's content: exactly one of bullets, chart, table or image. */
export function blockOf(input: ElementInput, inputs: ResolvedInputs): { block: Block; caption?: string } {
  const given = (['bullets', 'chart', 'table', 'image'] as const).filter((k) => input[k] !== undefined);
  if (given.length !== 1) throw new ToolError(`An element holds exactly one of bullets, chart, table or image${given.length ? `, not ${given.join(' and ')}` : ''}.`);
  if (input.bullets) return { block: { kind: 'bullets', items: toBullets(input.bullets) } };
  if (input.chart) {
    const { source, ...chart } = chartFromInput(input.chart, inputs);
    return { block: { kind: 'chart', chart, ...(source ? { source } : {}) }, caption: input.caption };
  }
  if (input.image) return { block: { kind: 'image', image: imageFromInput(input.image, inputs) }, caption: input.caption };
  const { table, note } = tableFromInput(input.table!, inputs);
  return { block: { kind: 'table', table }, caption: input.caption ?? note ?? undefined };
}

export function slideContent(args: AddSlideArgs, inputs: ResolvedInputs): SlideContent {
  const extra = (['bullets', 'columns', 'chart', 'table', 'image', 'quote'] as const).filter((k) => args[k] !== undefined);
  const wrong = extra.filter((k) => !WANTS[args.layout].includes(k));
  if (wrong.length) throw new ToolError(`A ${args.layout} slide takes ${WANTS[args.layout].length ? `\`${WANTS[args.layout].join('`, `')}\`` : 'no content besides title and subtitle'}, not \`${wrong.join('`, `')}\`.`);
  const missing = WANTS[args.layout].filter((k) => k !== 'bullets' || args.layout === 'bullets').filter((k) => args[k as keyof AddSlideArgs] === undefined);
  if (missing.length) throw new ToolError(`A ${args.layout} slide needs \`${missing.join('`, `')}\`.`);
  const title = plainOfMarkup(args.title ?? '').trim();
  if (!title && args.layout !== 'quote') throw new ToolError(`A ${args.layout} slide needs a title.`);
  if (args.subtitle && !['title', 'section', 'closing'].includes(args.layout)) throw new ToolError('Only title, section and closing slides have a subtitle.');
  const content: SlideContent = { kind: args.layout, title, ...(args.subtitle?.trim() ? { subtitle: args.subtitle.trim() } : {}) };
  if (args.columns) {
    const cols = args.columns.map((c) => ({ heading: c.heading ? plainOfMarkup(c.heading) : undefined, ...blockOf(c, inputs) })) as [Column, Column];
    content.columns = cols;
  } else if (args.bullets) {
    content.body = { kind: 'bullets', items: toBullets(args.bullets) };
  } else if (args.chart || args.table || args.image) {
    const { block, caption } = blockOf({ chart: args.chart, table: args.table, image: args.image, caption: args.caption }, inputs);
    content.body = block;
    if (caption) content.caption = caption;
  }
  if (args.quote) content.quote = { text: args.quote.text, ...(args.quote.attribution ? { attribution: args.quote.attribution } : {}) };
  content.notes = args.notes?.trim() || (CONTENT_KINDS.has(args.layout) ? notesFor(title, content.columns ?? (content.body ? [{ block: content.body }] : content.quote ? [{ quote: content.quote }] : [])) : undefined);
  return content;
}
