// The shapes that edits put on a slide, written as XML text: placeholder shapes that inherit
// everything from the layout (empty p:spPr), text boxes, lists, pictures. A new slide is written as one
// string and parsed once; edits of existing slides parse one shape with `fragment`. Also the
// bookkeeping of shape ids and positions in a shape tree.
import type { Box } from '../deck.ts';
import { attr, childElements, descendants, fragment, NS, path1, xmlEscape, type Document, type Element } from '../../ooxml/xml.ts';
import { markupSpans, type TextItem } from './text-body.ts';

export function spTreeOf(doc: Document): Element {
  const tree = path1(doc.documentElement, [NS.p, 'cSld'], [NS.p, 'spTree']);
  if (!tree) throw new Error('slide without a shape tree');
  return tree;
}

/** The next free shape id in a part (ids are unique per slide). */
export function nextShapeId(doc: Document): number {
  let max = 1;
  for (const el of descendants(doc.documentElement!, NS.p, 'cNvPr')) max = Math.max(max, Number(attr(el, 'id') ?? 0));
  return max + 1;
}

const PH_NAMES: Record<string, string> = {
  title: 'Title', ctrTitle: 'Title', subTitle: 'Subtitle', body: 'Text Placeholder', obj: 'Content Placeholder', chart: 'Chart Placeholder',
  tbl: 'Table Placeholder', pic: 'Picture Placeholder', dt: 'Date Placeholder', ftr: 'Footer Placeholder', sldNum: 'Slide Number Placeholder',
};

const emu = (n: number) => Math.round(n);
const boxXfrm = (box: Box) => `<a:xfrm><a:off x="${emu(box.x)}" y="${emu(box.y)}"/><a:ext cx="${emu(box.cx)}" cy="${emu(box.cy)}"/></a:xfrm>`;

/** Paragraphs of new text whose formatting comes from the placeholder: `**bold**`/`*italic*` become b/i. */
export function paragraphsXml(items: TextItem[], options: { markup?: boolean; noBullets?: boolean } = {}): string {
  const list = items.length ? items : [{ text: '', level: 0 }];
  return list.map((item) => {
    const pPr = options.noBullets || item.plain ? '<a:pPr marL="0" indent="0"><a:buNone/></a:pPr>' : item.level ? `<a:pPr lvl="${item.level}"/>` : '';
    const spans = options.markup === false ? [{ text: item.text }] : markupSpans(item.text);
    const runs = spans.filter((s) => s.text).map((s) => `<a:r><a:rPr lang="en-US"${'bold' in s && s.bold ? ' b="1"' : ''}${'italic' in s && s.italic ? ' i="1"' : ''} dirty="0"/><a:t>${xmlEscape(s.text)}</a:t></a:r>`).join('');
    return `<a:p>${pPr}${runs}</a:p>`;
  }).join('');
}

export interface PlaceholderRef { type: string; idx: number | null; size?: string | null }

/** A placeholder shape: its size and text formatting come from the layout, and its position too unless `box` is given. */
export function placeholderXml(id: number, ph: PlaceholderRef, paragraphs: string, bodyPr = '<a:bodyPr/>', box?: Box): string {
  const phXml = `<p:ph${ph.type !== 'obj' ? ` type="${ph.type}"` : ''}${ph.size ? ` sz="${ph.size}"` : ''}${ph.idx !== null ? ` idx="${ph.idx}"` : ''}/>`;
  const spPr = box ? `<p:spPr>${boxXfrm(box)}</p:spPr>` : '<p:spPr/>';
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${PH_NAMES[ph.type] ?? 'Placeholder'} ${id - 1}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${phXml}</p:nvPr></p:nvSpPr>${spPr}<p:txBody>${bodyPr}<a:lstStyle/>${paragraphs}</p:txBody></p:sp>`;
}

/** The same placeholder as an element of `doc` (edits of existing slides and notes). */
export function placeholderShape(doc: Document, id: number, ph: PlaceholderRef, items: TextItem[], markup = true): Element {
  return fragment(doc, placeholderXml(id, ph, paragraphsXml(items, { markup })));
}

export interface TextBoxStyle {
  size: number;
  bold?: boolean;
  italic?: boolean;
  align?: 'l' | 'ctr' | 'r';
  /** A scheme colour name (tx1, bg1, accent1, ...) with an optional luminance tweak. */
  color?: { scheme: string; lumMod?: number; lumOff?: number };
  anchor?: 't' | 'ctr' | 'b';
  font?: '+mj-lt' | '+mn-lt';
}

function colorXml(c: TextBoxStyle['color']): string {
  if (!c) return '';
  return `<a:solidFill><a:schemeClr val="${c.scheme}">${c.lumMod ? `<a:lumMod val="${c.lumMod}"/>` : ''}${c.lumOff ? `<a:lumOff val="${c.lumOff}"/>` : ''}</a:schemeClr></a:solidFill>`;
}

function textShape(id: number, name: string, box: Box, paragraphs: string, anchor: string): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${xmlEscape(name)}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr>${boxXfrm(box)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr><p:txBody><a:bodyPr wrap="square" lIns="0" tIns="0" rIns="0" bIns="0" anchor="${anchor}"><a:normAutofit/></a:bodyPr><a:lstStyle/>${paragraphs}</p:txBody></p:sp>`;
}

/** A text box with explicit, theme-based formatting (captions, headings where a layout has no placeholder). */
export function textBoxXml(id: number, name: string, box: Box, lines: string[], style: TextBoxStyle): string {
  const rPr = `<a:rPr lang="en-US" sz="${Math.round(style.size * 100)}"${style.bold ? ' b="1"' : ''}${style.italic ? ' i="1"' : ''} dirty="0">${colorXml(style.color)}${style.font ? `<a:latin typeface="${style.font}"/>` : ''}</a:rPr>`;
  const paras = lines.map((l) => `<a:p><a:pPr algn="${style.align ?? 'l'}"><a:buNone/></a:pPr><a:r>${rPr}<a:t>${xmlEscape(l)}</a:t></a:r></a:p>`).join('');
  return textShape(id, name, box, paras, style.anchor ?? 't');
}

export function textBox(doc: Document, id: number, name: string, box: Box, lines: string[], style: TextBoxStyle): Element {
  return fragment(doc, textBoxXml(id, name, box, lines, style));
}

/** A bulleted list in a text box (on a layout without a content placeholder), in the theme's body font. */
export function listBoxXml(id: number, box: Box, items: TextItem[], size: number): string {
  const paras = items.map((i) => {
    const lvl = Math.max(0, Math.min(4, i.level));
    const sz = Math.max(10, size - 2 * lvl);
    const pPr = `<a:pPr marL="${342900 * (lvl + 1)}" indent="-342900"${lvl ? ` lvl="${lvl}"` : ''}><a:spcBef><a:spcPts val="${Math.round(sz * 40)}"/></a:spcBef><a:buFont typeface="Arial"/><a:buChar char="${lvl ? '\u2013' : '\u2022'}"/></a:pPr>`;
    const runs = markupSpans(i.text).filter((s) => s.text).map((s) => `<a:r><a:rPr lang="en-US" sz="${sz * 100}"${s.bold ? ' b="1"' : ''}${s.italic ? ' i="1"' : ''} dirty="0"><a:latin typeface="+mn-lt"/></a:rPr><a:t>${xmlEscape(s.text)}</a:t></a:r>`).join('');
    return `<a:p>${pPr}${runs}</a:p>`;
  }).join('');
  return textShape(id, `Content ${id - 1}`, box, paras, 't');
}

/** A picture fitted into `box` (aspect ratio kept, centred). */
export function pictureXml(id: number, name: string, relId: string, box: Box, size: { width: number; height: number } | null, descr: string, userDrawn = false): string {
  const ratio = size && size.width > 0 && size.height > 0 ? size.width / size.height : 4 / 3;
  const cx = Math.min(box.cx, box.cy * ratio);
  const cy = cx / ratio;
  const fitted = { x: box.x + (box.cx - cx) / 2, y: box.y + (box.cy - cy) / 2, cx, cy };
  return `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="${xmlEscape(name)}" descr="${xmlEscape(descr)}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr${userDrawn ? ' userDrawn="1"' : ''}/></p:nvPicPr><p:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr>${boxXfrm(fitted)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
}

/** Sets (or adds) a shape's own position, overriding what it inherits from its layout. */
export function setShapeBox(shape: Element, box: Box): void {
  const doc = shape.ownerDocument!;
  const spPr = childElements(shape).find((e) => e.localName === 'spPr' && e.namespaceURI === NS.p);
  const frameXfrm = childElements(shape).find((e) => e.localName === 'xfrm' && e.namespaceURI === NS.p);
  const xfrm = frameXfrm ?? (spPr ? childElements(spPr).find((e) => e.localName === 'xfrm') : null);
  if (xfrm) {
    const off = childElements(xfrm).find((e) => e.localName === 'off');
    const ext = childElements(xfrm).find((e) => e.localName === 'ext');
    off?.setAttribute('x', String(emu(box.x)));
    off?.setAttribute('y', String(emu(box.y)));
    ext?.setAttribute('cx', String(emu(box.cx)));
    ext?.setAttribute('cy', String(emu(box.cy)));
    return;
  }
  if (!spPr) throw new Error(`a ${shape.localName} without shape properties`);
  spPr.insertBefore(fragment(doc, boxXfrm(box)), spPr.firstChild);
}
