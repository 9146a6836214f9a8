// The Slides case of the render bench: a 30-slide deck (title, agenda, sections, bullet slides with
// bold lead-ins and sub-points, bar, line and pie charts, 10-row tables, two-column slides, a quote,
// an image, a closing slide, speaker notes on every content slide, and a logo on every slide).
// The bare side writes the same deck with pptxgenjs directly: the same masters (backgrounds, bands,
// accent rules, footer, slide numbers, logo), text, charts, tables and notes at fixed sizes, and the
// same DEFLATE compression; what it skips is Folio's model, text fitting, the palette and the
// finishing pass that repairs paragraphs.
import { png } from '../../test/helpers/fixtures.ts';
import { createDeck, type Deck, type Slide, type SlideElement } from '../../src/documents/slides/model.ts';
import { PptxGenJS } from '../../src/documents/slides/pptxgen.ts';
import { renderDeck } from '../../src/documents/slides/renderer.ts';
import type { RenderCase } from './render-case.ts';

const LOGO = png(360, 120);
const PHOTO = png(800, 500);
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6'];
const bullets = (n: number) => Array.from({ length: 4 }, (_, i) => ({ text: `**Point ${i + 1}** of slide ${n}: revenue in the region grew while costs held steady`, level: 0 })).concat([{ text: `A detail under slide ${n}`, level: 1 }]);
const table = (n: number) => ({ columns: ['Region', 'Revenue', 'Growth', 'Owner'], rows: Array.from({ length: 10 }, (_, r) => [`Region ${n}.${r + 1}`, `$${(1200 + r * 37).toLocaleString('en-US')}`, `${(r * 3) % 17}%`, 'A. Person']) });
const series = (k: number) => [{ name: 'Revenue', values: QUARTERS.map((_, i) => 3 + i * 0.4 + k) }, { name: 'Cost', values: QUARTERS.map((_, i) => 2 + i * 0.2) }];

type NewElement = SlideElement extends infer E ? (E extends SlideElement ? Omit<E, 'id'> : never) : never;

/** The 30 slides, as Folio's model. */
function deck(): Deck {
  const d = createDeck('midnight');
  d.brand = { primary: '1B2A4A', secondary: 'E8A33D', logo: { bytes: LOGO, contentType: 'image/png', width: 360, height: 120 } };
  let id = 1;
  const add = (layout: Slide['layout'], title: string, elements: NewElement[] = [], notes = '', subtitle?: string) =>
    d.slides.push({ id: `s${id++}`, layout, title, elements: elements.map((e) => ({ ...e, id: `e${id++}` }) as SlideElement), notes, preserved: [], ...(subtitle ? { subtitle } : {}) });
  add('title', 'Annual Operations Review', [], '', 'Results, risks and the plan for next year');
  add('bullets', 'Agenda', [{ kind: 'bullets', items: ['Results', 'Markets', 'Risks', 'Plan'].map((t) => ({ text: t, level: 0 })) }], 'The four parts.');
  for (let s = 0; s < 3; s++) {
    add('section', `Part ${s + 1}`, [], '', 'Where we stand');
    for (let b = 0; b < 4; b++) add('bullets', `Findings ${s + 1}.${b + 1}`, [{ kind: 'bullets', items: bullets(s * 10 + b) }], `Notes for findings ${s + 1}.${b + 1}: walk through each point.`);
    add('chart', `Revenue trend ${s + 1}`, [{ kind: 'chart', chart: { type: s === 1 ? 'line' : 'bar', categories: QUARTERS, series: series(s), source: 'finance' } }], 'Revenue outgrew cost every quarter.');
    add('table', `Regions ${s + 1}`, [{ kind: 'table', table: table(s) }], 'Ten regions by revenue.');
  }
  add('two-column', 'Mix and momentum', [{ kind: 'bullets', heading: 'Why', items: bullets(90).slice(0, 3) }, { kind: 'chart', heading: 'Share', chart: { type: 'pie', categories: ['Enterprise', 'Business', 'Team'], series: [{ name: 'Share', values: [55, 30, 15] }] } }], 'Enterprise leads.');
  add('two-column', 'Team and targets', [{ kind: 'bullets', heading: 'Team', items: bullets(91).slice(0, 3) }, { kind: 'table', heading: 'Targets', table: { columns: ['Goal', 'Target'], rows: [['Revenue', '$5M'], ['NPS', '50']] } }], 'Who and what.');
  add('image', 'The team', [{ kind: 'image', caption: 'The team at the offsite', image: { bytes: PHOTO, contentType: 'image/png', width: 800, height: 500 } }], 'The people behind it.');
  add('quote', '', [{ kind: 'quote', text: 'The reporting that took three days now takes a morning.', attribution: 'Head of Finance' }], 'Let it land.');
  add('chart', 'Plan for next year', [{ kind: 'chart', chart: { type: 'bar', categories: QUARTERS, series: series(3) } }], 'The plan.');
  add('closing', 'Thank you', [{ kind: 'bullets', items: [{ text: 'Approve the plan', level: 0 }] }], '', 'Questions');
  d.nextId = id;
  return d;
}

/** The same deck through pptxgenjs alone, at fixed sizes. */
async function bare(model: Deck): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  const logo = { image: { x: 11.33, y: 0.32, w: 1.4, h: 0.47, data: `image/png;base64,${LOGO.toString('base64')}` } };
  const content = [
    { rect: { x: 0, y: 0, w: 13.333, h: 0.09, fill: { color: '1B2A4A' } } }, { rect: { x: 0.6, y: 1.4, w: 0.9, h: 0.07, fill: { color: 'E8A33D' } } },
    { line: { x: 0.6, y: 6.92, w: 12.1, h: 0, line: { color: 'C9CDD3', width: 0.75 } } },
    { text: { text: 'Annual Operations Review', options: { x: 0.6, y: 6.98, w: 9.5, h: 0.32, fontSize: 10, color: '6B7280' } } }, logo,
  ];
  const statement = [{ rect: { x: 10.1, y: 0, w: 3.2, h: 7.5, fill: { color: '16223C' } } }, { rect: { x: 10.1, y: 0, w: 0.12, h: 7.5, fill: { color: 'E8A33D' } } }, logo];
  for (const layout of new Set(model.slides.map((s) => s.layout))) {
    const isStatement = ['title', 'section', 'closing'].includes(layout);
    pptx.defineSlideMaster({ title: layout, background: { color: isStatement ? '1B2A4A' : 'FFFFFF' }, objects: (isStatement ? statement : content) as never, ...(isStatement ? {} : { slideNumber: { x: 12.03, y: 6.98, w: 0.7, h: 0.32, fontSize: 10, color: '6B7280' } }) });
  }
  const body = { x: 0.6, y: 1.72, w: 12.13, h: 4.98 };
  const put = (slide: ReturnType<typeof pptx.addSlide>, e: SlideElement, box: typeof body) => {
    if (e.kind === 'bullets') {
      slide.addText(e.items.flatMap((b) => b.text.split('**').filter(Boolean).map((t, i, all) => ({ text: t, options: { bold: b.text.startsWith('**') ? i === 0 : i === 1, ...(i === 0 ? { bullet: { code: '2022' }, indentLevel: b.level } : {}), ...(i === all.length - 1 ? { breakLine: true } : {}) } }))), { ...box, fontSize: 24, color: '1F2937', valign: 'top' });
    } else if (e.kind === 'chart') {
      const type = e.chart.type === 'pie' ? pptx.ChartType.pie : e.chart.type === 'line' ? pptx.ChartType.line : pptx.ChartType.bar;
      slide.addChart(type, e.chart.series.map((s) => ({ name: s.name, labels: e.chart.categories, values: s.values })), { ...box, showLegend: true, chartColors: ['1B2A4A', 'E8A33D', '8A94A6'] });
    } else if (e.kind === 'table') {
      slide.addTable([e.table.columns.map((c) => ({ text: c, options: { bold: true, color: 'FFFFFF', fill: { color: '1B2A4A' } } })), ...e.table.rows.map((r) => r.map((c) => ({ text: c })))], { x: box.x, y: box.y, w: box.w, fontSize: 14 });
    } else if (e.kind === 'image') {
      slide.addImage({ data: `image/png;base64,${e.image.bytes.toString('base64')}`, x: box.x + 2, y: box.y, w: 7.9, h: 4.9 });
    } else if (e.kind === 'quote') {
      slide.addText(e.text, { x: 2.4, y: 1.35, w: 9.6, h: 3.9, fontSize: 32, italic: true });
      slide.addText(`\u2014 ${e.attribution}`, { x: 2.4, y: 5.45, w: 9.6, h: 0.6, fontSize: 18, bold: true });
    }
  };
  for (const s of model.slides) {
    const slide = pptx.addSlide({ masterName: s.layout });
    slide.addText(s.title, { x: 0.6, y: 0.3, w: 10.4, h: 1.02, fontSize: 32, bold: true, color: '1B2A4A', valign: 'bottom' });
    if (s.subtitle) slide.addText(s.subtitle, { x: 0.7, y: 4.55, w: 8.8, h: 1.5, fontSize: 20, color: 'D0D4DC' });
    if (s.layout === 'two-column') s.elements.forEach((e, i) => put(slide, e, { ...body, x: body.x + i * 6.29, w: 5.84 }));
    else if (s.elements[0]) put(slide, s.elements[0], s.layout === 'closing' ? { x: 0.7, y: 4.85, w: 8.8, h: 2.15 } : body);
    if (s.notes) slide.addNotes(s.notes);
  }
  return (await pptx.stream({ compression: true })) as Buffer;
}

const model = deck();

export const cases: RenderCase[] = [{
  name: 'slides: 30-slide deck',
  folio: () => renderDeck(model),
  bare: () => bare(model),
}];
