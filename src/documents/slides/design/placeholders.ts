// Placeholders of slides, layouts and masters: their type and index (`p:ph`), and their box, inherited
// the way PowerPoint does it (a slide's placeholder without its own position takes its layout's, a
// layout's takes its master's). New content is placed by these boxes.
import type { Box } from '../deck.ts';
import { attr, child, childElements, is, NS, path1, type Element } from '../../ooxml/xml.ts';

export interface Placeholder {
  /** `title`, `ctrTitle`, `subTitle`, `body`, `obj`, `chart`, `tbl`, `pic`, `dgm`, `media`, `clipArt`, `dt`, `ftr`, `sldNum`, `hdr`, `sldImg`. */
  type: string;
  idx: number | null;
  /** `quarter`, `half` or null (full). */
  size: string | null;
  name: string;
  /** Its own position, or null when it inherits one. */
  box: Box | null;
  /** `vert` (and the other vertical kinds) for vertical text. */
  orient: string | null;
  el: Element;
}

export const TITLE_TYPES = new Set(['title', 'ctrTitle']);
export const FOOTER_TYPES = new Set(['dt', 'ftr', 'sldNum', 'hdr']);
/** Placeholders that hold the slide's content: text, or a chart, table or picture. */
export const CONTENT_TYPES = new Set(['body', 'obj', 'chart', 'tbl', 'pic', 'dgm', 'media', 'clipArt']);

/** The p:ph of a shape (p:sp, p:pic, p:graphicFrame), or null. */
export function phOf(shape: Element): Element | null {
  for (const nv of childElements(shape)) {
    if (nv.localName?.startsWith('nv') && nv.namespaceURI === NS.p) return path1(nv, [NS.p, 'nvPr'], [NS.p, 'ph']);
  }
  return null;
}

export function nameOf(shape: Element): string {
  for (const nv of childElements(shape)) {
    if (nv.localName?.startsWith('nv') && nv.namespaceURI === NS.p) return attr(child(nv, NS.p, 'cNvPr'), 'name') ?? '';
  }
  return '';
}

/** The shape's own box from its xfrm (p:spPr/a:xfrm or p:xfrm for graphic frames, p:grpSpPr for groups). */
export function boxOf(shape: Element): Box | null {
  const xfrm = path1(shape, [NS.p, 'spPr'], [NS.a, 'xfrm']) ?? child(shape, NS.p, 'xfrm') ?? path1(shape, [NS.p, 'grpSpPr'], [NS.a, 'xfrm']);
  const off = child(xfrm, NS.a, 'off');
  const ext = child(xfrm, NS.a, 'ext');
  if (!off || !ext) return null;
  return { x: Number(attr(off, 'x') ?? 0), y: Number(attr(off, 'y') ?? 0), cx: Number(attr(ext, 'cx') ?? 0), cy: Number(attr(ext, 'cy') ?? 0) };
}

export function placeholderOf(shape: Element): Placeholder | null {
  const ph = phOf(shape);
  if (!ph) return null;
  const idx = attr(ph, 'idx');
  // A p:ph without type is an object placeholder (ECMA-376 19.3.1.36).
  return { type: attr(ph, 'type') ?? 'obj', idx: idx === null ? null : Number(idx), size: attr(ph, 'sz'), name: nameOf(shape), box: boxOf(shape), orient: attr(ph, 'orient'), el: shape };
}

/** The shapes of a part's shape tree (top level), unwrapping mc:AlternateContent to its first choice. */
export function treeShapes(root: Element): Element[] {
  const tree = path1(root, [NS.p, 'cSld'], [NS.p, 'spTree']);
  return tree ? childElements(tree).filter((e) => !is(e, NS.p, 'nvGrpSpPr') && !is(e, NS.p, 'grpSpPr') && !is(e, NS.p, 'extLst')) : [];
}

export function placeholders(root: Element): Placeholder[] {
  const out: Placeholder[] = [];
  for (const shape of treeShapes(root)) {
    const ph = placeholderOf(shape);
    if (ph) out.push(ph);
  }
  return out;
}

/** Title, body and other placeholders inherit from the master by these families. */
function family(type: string): string {
  if (TITLE_TYPES.has(type)) return 'title';
  if (FOOTER_TYPES.has(type)) return type;
  return 'body';
}

/**
 * The placeholder of `parent` that `ph` inherits from: same idx first (PowerPoint's rule for content
 * placeholders), else the same type, else the same family (title, body, a footer kind).
 */
export function inheritedFrom<P extends Pick<Placeholder, 'type' | 'idx'>>(ph: Pick<Placeholder, 'type' | 'idx'>, parent: P[]): P | null {
  if (ph.idx !== null && !TITLE_TYPES.has(ph.type)) {
    const byIdx = parent.find((p) => p.idx === ph.idx && family(p.type) === family(ph.type)) ?? parent.find((p) => p.idx === ph.idx);
    if (byIdx) return byIdx;
  }
  return parent.find((p) => p.type === ph.type) ?? parent.find((p) => family(p.type) === family(ph.type) && (family(ph.type) !== 'body' || p.type === 'body' || p.type === 'obj')) ?? null;
}
