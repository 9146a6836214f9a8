// Adds a slide made from the deck's own layout: the plan (slide-plan.ts) says which layout and where
// each piece goes; this writes it. Text goes into the layout's placeholders (so it takes the deck's
// fonts, sizes, colours and bullets); charts, tables and pictures are placed in the content area;
// speaker notes come from the deck's notes master.
import { addChartParts, slideChartFrame } from '../../ooxml/charts/graphic-frame.ts';
import { attr, fragment, type Element } from '../../ooxml/xml.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { SlideView } from '../view/slide.view.ts';
import { relateImage } from '../../ooxml/media.ts';
import { createSlide } from './new-slide.ts';
import { setNotes } from './notes.ts';
import { listBoxXml, paragraphsXml, pictureXml, placeholderXml, textBoxXml } from './shapes.ts';
import { planSlide, type BlockPlacement, type SlideContent, type SlidePlan } from './slide-plan.ts';
import { tableFrameXml } from './table.ts';


/** a:bodyPr that shrinks text to `scale` (PowerPoint's "shrink text on overflow", as stored). */
function bodyPrXml(scale: number): string {
  if (scale >= 0.999) return '<a:bodyPr/>';
  const spacing = scale < 0.7 ? ' lnSpcReduction="20000"' : scale < 0.9 ? ' lnSpcReduction="10000"' : '';
  return `<a:bodyPr><a:normAutofit fontScale="${Math.round(scale * 100) * 1000}"${spacing}/></a:bodyPr>`;
}

export function tableStyleId(d: SlidesDocument): string {
  const part = d.pkg.paths('ppt/').find((p) => /^ppt\/tableStyles\.xml$/i.test(p));
  const def = part ? attr(d.pkg.xml(part).documentElement, 'def') : null;
  return def || '{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}';
}

/** The XML of a chart, table or picture in its box on a slide (adding the parts it needs). */
export function blockXml(d: SlidesDocument, slidePart: string, id: number, placed: Pick<BlockPlacement, 'block' | 'box'>, font: string): string {
  const { block, box } = placed;
  if (block.kind === 'chart') {
    const { relId } = addChartParts(d.pkg, slidePart, block.chart, { style: 'slide' });
    return slideChartFrame({ id, name: `Chart ${id - 1}`, relId, ...box });
  }
  if (block.kind === 'table') return tableFrameXml(id, `Table ${id - 1}`, box, block.table, font, tableStyleId(d));
  if (block.kind === 'image') {
    const relId = relateImage(d.pkg, slidePart, block.image.bytes, block.image.contentType);
    const size = block.image.width && block.image.height ? { width: block.image.width, height: block.image.height } : null;
    return pictureXml(id, `Picture ${id - 1}`, relId, box, size, block.image.alt);
  }
  throw new Error('bullets are text, not a block');
}

/** The same block appended to an existing slide's shape tree. */
export function writeBlock(d: SlidesDocument, slidePart: string, tree: Element, id: number, placed: Pick<BlockPlacement, 'block' | 'box'>, font: string): Element {
  return tree.appendChild(fragment(tree.ownerDocument!, blockXml(d, slidePart, id, placed, font))) as Element;
}

const CAPTION_STYLE = { size: 12, italic: true, color: { scheme: 'tx1', lumMod: 65000, lumOff: 35000 } } as const;

function boxXml(id: number, { role, text, box, items }: SlidePlan['boxes'][number]): string {
  if (role === 'list') return listBoxXml(id, box, (items ?? []).map((i) => ({ text: i.text, level: i.level })), 20);
  if (role === 'title') return textBoxXml(id, 'Title', box, [text], { size: 32, bold: true, font: '+mj-lt', anchor: 'b' });
  if (role === 'heading') return textBoxXml(id, 'Heading', box, [text], { size: 18, bold: true, font: '+mj-lt', anchor: 'b', color: { scheme: 'tx1' } });
  return textBoxXml(id, 'Caption', box, text.split('\n'), CAPTION_STYLE);
}

const clip = (text: string, n = 50) => (text.length > n ? `${text.slice(0, n - 1)}\u2026` : text);

function describeBlock(b: BlockPlacement['block']): string {
  if (b.kind === 'chart') return `${b.chart.type} chart: ${b.chart.series.map((x) => x.name).join(', ')} over ${b.chart.categories.length} categories`;
  if (b.kind === 'table') return `table: ${b.table.rows.length} rows x ${b.table.columns.length} columns`;
  if (b.kind === 'image') return `picture: "${clip(b.image.alt)}"`;
  return `${b.items.length} bullets`;
}

/**
 * Adds a slide with `content` at a 0-based position. Returns its view and a description of what was
 * written (element ids included), told from the plan, so that the new slide need not be parsed again.
 */
export function addSlide(d: SlidesDocument, content: SlideContent, position: number): { slide: SlideView; described: string[] } {
  const plan = planSlide(d, content, position);
  // Placeholders in the layout's order, so the slide reads (and tabs) like one made in PowerPoint.
  const texts = [...plan.texts].sort((a, b) => plan.layout.placeholders.indexOf(a.ph) - plan.layout.placeholders.indexOf(b.ph));
  const said: [number, string][] = [];
  const s = createSlide(d, plan.layout, position, (part, ids) => [
    ...texts.map((t) => {
      const id = ids();
      said.push([id, `${t.ph.type === 'title' || t.ph.type === 'ctrTitle' ? 'title' : `text in "${t.ph.name}"`}: "${clip(t.items.map((i) => i.text).join(' / '))}"`]);
      return placeholderXml(id, t.ph, paragraphsXml(t.items, { markup: !t.plain, noBullets: t.noBullets }), bodyPrXml(t.scale), t.box);
    }),
    ...plan.blocks.map((b) => {
      const id = ids();
      said.push([id, describeBlock(b.block)]);
      return blockXml(d, part, id, b, plan.font);
    }),
    ...plan.boxes.map((b) => {
      const id = ids();
      said.push([id, `${b.role === 'list' ? 'bullets' : b.role}: "${clip(b.role === 'list' ? (b.items ?? []).map((i) => i.text).join(' / ') : b.text)}"`]);
      return boxXml(id, b);
    }),
  ]);
  if (content.notes?.trim()) setNotes(d, s.part, content.notes);
  const slide = d.slides().find((v) => v.part === s.part)!;
  const described = [
    `${slide.id} [${slide.index + 1}] "${plan.layout.name}"${content.notes?.trim() ? ' (notes)' : ''}`,
    ...said.map(([id, what]) => `    e${s.sldId}-${id} ${what}`),
  ];
  return { slide, described };
}
