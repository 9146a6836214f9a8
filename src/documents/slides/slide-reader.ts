// One slide of a package back into the model. Shapes Folio wrote are found by their `folio:<role>#<id>`
// names (whatever an editor did to their text); shapes of other tools are mapped by what they are
// (title and body placeholders, charts, tables, pictures). Whatever maps to nothing is preserved.
import type { Element } from '@xmldom/xmldom';
import { imageSize } from 'image-size';
import { readChart } from './chart-reader.ts';
import { paragraphs, plainOf, txBodyOf } from './drawing-text.ts';
import { layoutProblems, SLIDE_LAYOUTS, type ImageData, type Slide, type SlideElement, type SlideLayout, type TableSpec } from './model.ts';
import { child, childElements, descendants, NS, path1, type PptxPackage } from './pptx-package.ts';
import { isEmptyPlaceholder, standalone } from './placeholder-shapes.ts';
import { extractShape } from './preserved-shapes.ts';

const URI_CHART = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const URI_TABLE = 'http://schemas.openxmlformats.org/drawingml/2006/table';
const URI_DIAGRAM = 'http://schemas.openxmlformats.org/drawingml/2006/diagram';
const FOLIO_NAME = /^folio:([a-z-]+)(?:#([\w-]+))?(?:\/([\w-]+))?$/;
/** Decoration Folio draws on slides, redrawn on every render. */
/** Placeholders the master fills in (slide number, date, footer): redrawn by the layout, not content. */
const NUMBERING = new Set(['sldNum', 'dt', 'ftr', 'hdr']);
const DECORATION = new Set(['panel', 'stripe', 'rule', 'section-number', 'logo', 'logo-chip', 'band', 'accent', 'footer', 'footer-rule', 'quote-mark']);

export interface SlideSource {
  pkg: PptxPackage;
  part: string;
  /** Position in the deck (0-based) and deck size, to tell title and closing slides of foreign decks. */
  index: number;
  count: number;
  /** The slide's layout when the slide layout is one of Folio's. */
  folioLayout: SlideLayout | null;
  newId(prefix: 's' | 'e', wanted?: string): string;
}

interface Shape { el: Element; tag: string; name: string; descr: string; ph: { type: string; idx: string } | null }

function describe(el: Element): Shape {
  const nv = childElements(el).find((c) => (c.localName ?? '').startsWith('nv'));
  const cNvPr = nv ? child(nv, NS.p, 'cNvPr') : null;
  const ph = nv ? path1(nv, [NS.p, 'nvPr'], [NS.p, 'ph']) : null;
  return {
    el, tag: el.localName ?? '', name: cNvPr?.getAttribute('name') ?? '', descr: cNvPr?.getAttribute('descr') ?? '',
    ph: ph ? { type: ph.getAttribute('type') ?? 'body', idx: ph.getAttribute('idx') ?? '' } : null,
  };
}

function offsetY(el: Element): number {
  const off = path1(el, [NS.p, 'spPr'], [NS.a, 'xfrm'], [NS.a, 'off']);
  return Number(off?.getAttribute('y') ?? Infinity);
}

function graphicData(el: Element): Element | null {
  return path1(el, [NS.a, 'graphic'], [NS.a, 'graphicData']);
}

function readTable(frame: Element): TableSpec | null {
  const tbl = child(graphicData(frame), NS.a, 'tbl');
  if (!tbl) return null;
  const rows = descendants(tbl, NS.a, 'tr').map((tr) => descendants(tr, NS.a, 'tc').map((tc) => plainOf(txBodyOf(tc), ' ')));
  if (!rows.length || !rows[0].length) return null;
  const width = Math.max(...rows.map((r) => r.length));
  const [columns, ...body] = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  return { columns: columns.map((c, i) => c || `Column ${i + 1}`), rows: body };
}

async function readImage(src: SlideSource, pic: Element, alt: string): Promise<ImageData | null> {
  const blip = descendants(pic, NS.a, 'blip')[0];
  const rel = blip && (await src.pkg.rels(src.part)).get(blip.getAttributeNS(NS.r, 'embed') ?? '');
  if (!rel || rel.external || !src.pkg.has(rel.target)) return null;
  const bytes = await src.pkg.bytes(rel.target);
  const contentType = await src.pkg.contentType(rel.target);
  if (!/^image\/(png|jpe?g|gif|svg\+xml)$/.test(contentType)) return null;
  let size: { width?: number; height?: number } = {};
  try { size = imageSize(bytes); } catch { /* dimensions unknown: the renderer assumes 4:3 */ }
  return { bytes, contentType: contentType === 'image/jpg' ? 'image/jpeg' : contentType, width: size.width ?? 0, height: size.height ?? 0, ...(alt ? { alt } : {}) };
}

async function readChartFrame(src: SlideSource, frame: Element) {
  const ref = child(graphicData(frame), NS.c, 'chart');
  const rel = ref && (await src.pkg.rels(src.part)).get(ref.getAttributeNS(NS.r, 'id') ?? '');
  if (!rel || rel.external || !src.pkg.has(rel.target)) return null;
  return readChart(src.pkg, rel.target);
}

function description(s: Shape): string {
  const text = s.tag === 'sp' ? plainOf(txBodyOf(s.el), ' ') : '';
  if (text) return `text box "${text.length > 40 ? `${text.slice(0, 39)}…` : text}"`;
  const uri = s.tag === 'graphicFrame' ? graphicData(s.el)?.getAttribute('uri') : null;
  if (uri === URI_DIAGRAM) return 'SmartArt diagram';
  if (uri === URI_CHART) return 'chart of a kind Folio does not edit';
  const kinds: Record<string, string> = { pic: 'picture', grpSp: 'group of shapes', cxnSp: 'connector', graphicFrame: 'embedded object', AlternateContent: 'embedded object' };
  return kinds[s.tag] ?? `shape "${s.name || s.tag}"`;
}

/** A layout for content read from a foreign slide (or a Folio slide whose content an editor changed). */
export function inferLayout(elements: SlideElement[], index: number, count: number, hasCenterTitle: boolean): SlideLayout {
  if (!elements.length) return hasCenterTitle || index === 0 ? 'title' : index === count - 1 && count > 1 ? 'closing' : 'section';
  if (elements.length >= 2) return 'two-column';
  const only = elements[0].kind;
  return only === 'bullets' ? 'bullets' : only;
}

export async function readSlide(src: SlideSource): Promise<Slide> {
  const doc = await src.pkg.xml(src.part);
  const tree = path1(doc.documentElement, [NS.p, 'cSld'], [NS.p, 'spTree']);
  const slide: Slide = { id: '', layout: 'bullets', title: '', elements: [], notes: '', preserved: [] };
  const byId = new Map<string, Partial<SlideElement> & { id: string }>();
  // Keyed by the id in the shape names; the element gets that id unless another slide took it (a duplicated slide).
  const element = (raw: string) => {
    let e = byId.get(raw);
    if (!e) byId.set(raw, (e = { id: src.newId('e', raw) }));
    return e;
  };
  const newElement = () => element(`new:${byId.size}`);
  // A slide holds two elements; body placeholders found so far have first claim on them.
  const free = () => byId.size + foreign.filter((f) => f.kind === 'bullets').length < 2;
  let centerTitle = false;
  let declared = src.folioLayout;
  const foreign: { kind: 'bullets' | 'text'; shape: Shape }[] = [];
  const shapes = (tree ? childElements(tree) : []).filter((el) => el.localName !== 'nvGrpSpPr' && el.localName !== 'grpSpPr');
  // On a slide Folio wrote, a shape without a Folio name is one a person added: it is kept as it is.
  const folioSlide = src.folioLayout !== null || shapes.some((el) => FOLIO_NAME.test(describe(el).name));
  for (const el of shapes) {
    const s = describe(el);
    const folio = FOLIO_NAME.exec(s.name);
    const keep = async () => { slide.preserved.push(await extractShape(src.pkg, src.part, await standalone(src.pkg, src.part, el), description(s))); };
    if (isEmptyPlaceholder(el)) continue;
    if (!folio && folioSlide) {
      if (!(s.ph && NUMBERING.has(s.ph.type))) await keep();
      continue;
    }
    if (folio) {
      const [, role, id, layout] = folio;
      if (DECORATION.has(role)) continue;
      const body = txBodyOf(el);
      if (role === 'title') {
        slide.title = plainOf(body, ' ');
        if (id) slide.id = src.newId('s', id);
        if (layout && (SLIDE_LAYOUTS as readonly string[]).includes(layout)) declared = layout as SlideLayout;
      } else if (role === 'subtitle') slide.subtitle = plainOf(body, ' ');
      else if (id && role === 'bullets') Object.assign(element(id), { kind: 'bullets', items: paragraphs(body, true) });
      else if (id && role === 'heading') element(id).heading = plainOf(body, ' ');
      else if (id && role === 'quote') Object.assign(element(id), { kind: 'quote', text: plainOf(body, ' ') });
      else if (id && role === 'attribution') (element(id) as { attribution?: string }).attribution = plainOf(body, ' ').replace(/^[\u2014\u2013-]\s*/, '');
      else if (id && role === 'caption') {
        const text = plainOf(body, ' ');
        const m = /^(?:(.*?)\s*\u00B7\s*)?Source:\s*(.+)$/.exec(text);
        Object.assign(element(id), m ? { caption: m[1] || undefined, source: m[2] } : { caption: text });
      } else if (id && role === 'chart') {
        const chart = await readChartFrame(src, el);
        if (chart) Object.assign(element(id), { kind: 'chart', chart });
        else await keep();
      } else if (id && role === 'table') {
        const table = readTable(el);
        if (table) Object.assign(element(id), { kind: 'table', table });
        else await keep();
      } else if (id && role === 'image') {
        const image = await readImage(src, el, s.descr);
        if (image) Object.assign(element(id), { kind: 'image', image });
        else await keep();
      } else await keep();
      continue;
    }
    if (s.ph && NUMBERING.has(s.ph.type)) continue;
    if (s.ph && (s.ph.type === 'title' || s.ph.type === 'ctrTitle') && !slide.title) {
      slide.title = plainOf(txBodyOf(el), ' ');
      centerTitle = s.ph.type === 'ctrTitle';
    } else if (s.ph?.type === 'subTitle' && !slide.subtitle) {
      slide.subtitle = plainOf(txBodyOf(el), ' ');
    } else if (s.tag === 'sp' && paragraphs(txBodyOf(el)).length && (s.ph || byId.size + foreign.length < 3)) {
      foreign.push({ kind: s.ph ? 'bullets' : 'text', shape: s });
    } else if (s.tag === 'graphicFrame' && graphicData(el)?.getAttribute('uri') === URI_CHART && free()) {
      const chart = await readChartFrame(src, el);
      if (chart) Object.assign(newElement(), { kind: 'chart', chart });
      else await keep();
    } else if (s.tag === 'graphicFrame' && readTable(el) && free()) {
      Object.assign(newElement(), { kind: 'table', table: readTable(el)! });
    } else if (s.tag === 'pic' && free()) {
      const image = await readImage(src, el, s.descr);
      if (image) Object.assign(newElement(), { kind: 'image', image });
      else await keep();
    } else {
      await keep();
    }
  }
  // Without a title placeholder, the topmost one-line text box is the title.
  if (!slide.title) {
    const top = foreign.filter((f) => f.kind === 'text' && paragraphs(txBodyOf(f.shape.el)).length === 1 && plainOf(txBodyOf(f.shape.el)).length <= 120)
      .sort((a, b) => offsetY(a.shape.el) - offsetY(b.shape.el))[0];
    if (top) {
      slide.title = plainOf(txBodyOf(top.shape.el), ' ');
      foreign.splice(foreign.indexOf(top), 1);
    }
  }
  // Body placeholders first, then free text boxes, while the slide has room for them.
  for (const f of [...foreign.filter((f) => f.kind === 'bullets'), ...foreign.filter((f) => f.kind === 'text')]) {
    if (byId.size < 2) Object.assign(newElement(), { kind: 'bullets', items: paragraphs(txBodyOf(f.shape.el), true) });
    else slide.preserved.push(await extractShape(src.pkg, src.part, await standalone(src.pkg, src.part, f.shape.el), description(f.shape)));
  }
  slide.elements = finishElements([...byId.values()]);
  if (!slide.id) slide.id = src.newId('s');
  // The layout Folio wrote, unless an editor changed the content so that it no longer fits it.
  slide.layout = declared && !layoutProblems({ layout: declared, elements: slide.elements }).length ? declared : inferLayout(slide.elements, src.index, src.count, centerTitle);
  return slide;
}

/** Elements whose content was found (a heading or caption alone is dropped), `source` moved into the chart. */
function finishElements(found: (Partial<SlideElement> & { id: string; source?: string })[]): SlideElement[] {
  const out: SlideElement[] = [];
  for (const e of found) {
    if (!e.kind) continue;
    const { source, ...rest } = e;
    if (rest.kind === 'chart' && source) rest.chart = { ...rest.chart!, source };
    if (rest.caption === undefined) delete rest.caption;
    if (rest.heading === undefined || rest.heading === '') delete rest.heading;
    out.push(rest as SlideElement);
  }
  return out.slice(0, 2);
}
