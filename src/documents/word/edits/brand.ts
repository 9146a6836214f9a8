// The request's brand on a Word document: its colours and font go into the document's theme (accent1
// the primary, accent2 the secondary, the heading and body fonts), and the style colours and fonts that
// refer to those theme slots are rewritten too, so every reader shows them. The logo goes into the
// header: at the right of Folio's header line, or in a paragraph of its own at the top of another
// document's header. Applying a brand again replaces the logo rather than adding a second one.
import { imageSize } from 'image-size';
import { mix, normalizeHex, readableOn } from '../../ooxml/colors.ts';
import { relateImage } from '../../ooxml/media.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, attrNS, child, descendants, fragment, NS, path1, removeNode, type Element } from '../../ooxml/xml.ts';
import type { WordDocument } from '../word.document.ts';
import { HEADER_SLOT, sections } from './page-setup.ts';
import { nextDrawingId } from './write-blocks.ts';

export interface WordBrand {
  primary: string | null;
  secondary: string | null;
  font: string | null;
  logo: { bytes: Buffer; contentType: string; width: number | null; height: number | null } | null;
}

const LOGO_NAME = 'Folio Logo';
const EMU = 914400;
const safeFont = (font: string) => font.replace(/[^A-Za-z0-9 ._-]/g, '').trim().slice(0, 60);

/** w:themeColor values -> the theme's colour slots. */
const SLOT: Record<string, string> = {
  dark1: 'dk1', text1: 'dk1', light1: 'lt1', background1: 'lt1', dark2: 'dk2', text2: 'dk2', light2: 'lt2', background2: 'lt2',
  accent1: 'accent1', accent2: 'accent2', accent3: 'accent3', accent4: 'accent4', accent5: 'accent5', accent6: 'accent6',
  hyperlink: 'hlink', followedHyperlink: 'folHlink',
};

function setSlot(scheme: Element, slot: string, hex: string): void {
  const el = child(scheme, NS.a, slot);
  if (!el) return;
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild(fragment(el.ownerDocument!, `<a:srgbClr val="${hex}"/>`));
}

/** A theme colour with Word's tint or shade (hex byte) applied, approximately as Word draws it. */
function shaded(hex: string, el: Element, prefix: 'themeTint' | 'themeShade' | 'themeFillTint' | 'themeFillShade'): string {
  const v = attr(el, `w:${prefix}`);
  if (!v) return hex;
  const amount = 1 - parseInt(v, 16) / 255;
  return /Tint/.test(prefix) ? mix(hex, 'FFFFFF', amount) : mix(hex, '000000', amount);
}

/** Rewrites the explicit colours and fonts of a part where they refer to changed theme slots. */
function followTheme(doc: WordDocument, part: string, colours: Map<string, string>, fonts: { major: string | null; minor: string | null }): void {
  const root = doc.pkg.xml(part).documentElement!;
  const colourEls = ['color', 'shd', 'top', 'bottom', 'left', 'right', 'start', 'end', 'insideH', 'insideV', 'between', 'bar'].flatMap((n) => descendants(root, NS.w, n));
  const fontEls = descendants(root, NS.w, 'rFonts');
  let edited = false;
  const edit = () => { if (!edited) { doc.pkg.edit(part); edited = true; } };
  for (const el of colourEls) {
    const slot = SLOT[attr(el, 'w:themeColor') ?? ''];
    if (slot && colours.has(slot)) {
      edit();
      el.setAttribute(el.localName === 'color' ? 'w:val' : 'w:color', shaded(colours.get(slot)!, el, attr(el, 'w:themeTint') ? 'themeTint' : 'themeShade'));
    }
    const fill = SLOT[attr(el, 'w:themeFill') ?? ''];
    if (fill && colours.has(fill)) {
      edit();
      el.setAttribute('w:fill', shaded(colours.get(fill)!, el, attr(el, 'w:themeFillTint') ? 'themeFillTint' : 'themeFillShade'));
    }
  }
  for (const el of fontEls) {
    for (const [themeAttr, fontAttr] of [['w:asciiTheme', 'w:ascii'], ['w:hAnsiTheme', 'w:hAnsi']] as const) {
      const t = attr(el, themeAttr);
      const font = t?.startsWith('major') ? fonts.major : t?.startsWith('minor') ? fonts.minor : null;
      if (font) { edit(); el.setAttribute(fontAttr, font); }
    }
  }
}

function applyTheme(doc: WordDocument, brand: WordBrand): void {
  const theme = doc.pkg.related(doc.main, REL.theme)[0];
  const colours = new Map<string, string>();
  const primary = brand.primary ? normalizeHex(brand.primary) : null;
  const secondary = brand.secondary ? normalizeHex(brand.secondary) : null;
  if (primary) colours.set('accent1', primary);
  if (secondary) colours.set('accent2', secondary);
  if (doc.folio) {
    // Folio's report: dark text 2 follows the primary, links the secondary, each darkened until it reads on white.
    if (primary) colours.set('dk2', readableOn(primary, 'FFFFFF', 4.5));
    if (secondary) colours.set('hlink', readableOn(secondary, 'FFFFFF', 4.5));
  }
  const font = brand.font ? safeFont(brand.font) : '';
  if (theme) {
    const root = doc.pkg.edit(theme).documentElement!;
    const scheme = descendants(root, NS.a, 'clrScheme')[0];
    if (scheme) for (const [slot, hex] of colours) setSlot(scheme, slot, hex);
    if (font) for (const kind of ['majorFont', 'minorFont']) path1(descendants(root, NS.a, kind)[0], [NS.a, 'latin'])?.setAttribute('typeface', font);
  }
  const parts = [doc.pkg.related(doc.main, REL.styles)[0], ...doc.pkg.related(doc.main, REL.header), ...doc.pkg.related(doc.main, REL.footer)].filter(Boolean);
  for (const part of parts) followTheme(doc, part, colours, { major: font || null, minor: font || null });
}

/** The default header part of the last section, made when the document has none. */
function headerPart(doc: WordDocument): string {
  const rels = doc.pkg.rels(doc.main);
  for (const sect of sections(doc).reverse()) {
    const ref = descendants(sect, NS.w, 'headerReference').find((r) => attr(r, 'w:type') === 'default');
    const rel = ref ? rels.get(attrNS(ref, NS.r, 'id') ?? '') : undefined;
    if (rel && !rel.external && doc.pkg.has(rel.target)) return rel.target;
  }
  const part = doc.pkg.freeName('word/header', '.xml');
  doc.pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr xmlns:w="${NS.w}" xmlns:r="${NS.r}"><w:p/></w:hdr>`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml');
  const id = rels.add(REL.header, part);
  const first = sections(doc, true)[0];
  first.insertBefore(fragment(first.ownerDocument!, `<w:headerReference w:type="default" r:id="${id}"/>`), first.firstChild);
  doc.changed();
  return part;
}

/** Takes an earlier brand logo out of a header part (its run, its tab, its relationship and, if unused, its media). */
function removeLogo(doc: WordDocument, part: string): void {
  const root = doc.pkg.xml(part).documentElement!;
  const logos = descendants(root, 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing', 'docPr').filter((d) => attr(d, 'name') === LOGO_NAME);
  if (!logos.length) return;
  doc.pkg.edit(part);
  for (const docPr of logos) {
    let run: Element | null = docPr;
    while (run && !(run.namespaceURI === NS.w && run.localName === 'r')) run = run.parentNode as Element | null;
    if (!run) continue;
    const embed = attrNS(descendants(run, NS.a, 'blip')[0], NS.r, 'embed');
    const p = run.parentNode as Element;
    const prev = run.previousSibling as Element | null;
    if (prev && prev.localName === 'r' && child(prev, NS.w, 'tab') && !child(prev, NS.w, 't')) removeNode(prev);
    removeNode(run);
    // The paragraph Folio added for the logo goes with it (never the last paragraph of the header).
    const empty = !descendants(p, NS.w, 't').length && !descendants(p, NS.w, 'drawing').length && !descendants(p, NS.w, 'bookmarkStart').length;
    if (empty && p.parentNode && descendants(p.parentNode as Element, NS.w, 'p').length > 1) removeNode(p);
    if (embed) {
      const rel = doc.pkg.rels(part).remove(embed);
      if (rel && !doc.pkg.relationshipSources().some((s) => doc.pkg.rels(s).all().some((r) => !r.external && r.target === rel.target))) doc.pkg.remove(rel.target);
    }
  }
}

function placeLogo(doc: WordDocument, logo: NonNullable<WordBrand['logo']>): void {
  const part = headerPart(doc);
  removeLogo(doc, part);
  const xml = doc.pkg.edit(part);
  let size = { width: logo.width ?? 0, height: logo.height ?? 0 };
  try { const s = imageSize(logo.bytes); if (s.width && s.height) size = { width: s.width, height: s.height }; } catch { /* keep the given size */ }
  if (!size.width || !size.height) size = { width: 3, height: 1 };
  let cy = Math.round(0.4 * EMU);
  let cx = Math.round((cy * size.width) / size.height);
  if (cx > 1.8 * EMU) { cx = Math.round(1.8 * EMU); cy = Math.round((cx * size.height) / size.width); }
  const relId = relateImage(doc.pkg, part, logo.bytes, logo.contentType);
  const id = nextDrawingId(doc);
  const run = `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="${LOGO_NAME}" descr="Logo"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="${LOGO_NAME}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
  const root = xml.documentElement!;
  const slot = descendants(root, NS.w, 'bookmarkStart').find((b) => attr(b, 'w:name') === HEADER_SLOT);
  if (slot) {
    // Folio's header line: the logo at its right tab.
    const p = slot.parentNode as Element;
    p.appendChild(fragment(xml, '<w:r><w:tab/></w:r>'));
    p.appendChild(fragment(xml, run));
    return;
  }
  const first = descendants(root, NS.w, 'p')[0];
  const p = fragment(xml, `<w:p><w:pPr><w:jc w:val="right"/></w:pPr>${run}</w:p>`);
  root.insertBefore(p, first && first.parentNode === root ? first : root.firstChild);
}

/** Applies the brand; returns what it changed, in words. */
export function applyWordBrand(doc: WordDocument, brand: WordBrand): string[] {
  const done: string[] = [];
  if (brand.primary || brand.secondary || brand.font) {
    applyTheme(doc, brand);
    done.push([(brand.primary || brand.secondary) && 'colours', brand.font && 'font'].filter(Boolean).join(' and '));
  }
  if (brand.logo) {
    placeLogo(doc, brand.logo);
    done.push('logo');
  }
  doc.changed();
  return done;
}
