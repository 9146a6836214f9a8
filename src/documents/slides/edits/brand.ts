// The request's brand on the deck's own masters: its colours and font go into the theme (so every
// layout, chart and table that refers to the theme follows), and its logo onto the layouts' "Logo
// Area" spots (Folio's templates) or, on decks without such spots, into each master's top right
// corner. Applying a brand again replaces the logo rather than adding a second one.
import { imageSize } from 'image-size';
import { attr, child, descendants, fragment, NS, path1, removeNode, type Element } from '../../ooxml/xml.ts';
import { EMU_PER_INCH, type Box } from '../deck.ts';
import { contrast, mix, normalizeHex, readableOn } from '../../ooxml/colors.ts';
import { boxOf, nameOf, treeShapes } from '../design/placeholders.ts';
import { themePartOf } from '../design/text-styles.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { relateImage } from '../../ooxml/media.ts';
import { removeOrphans } from './orphans.ts';
import { nextShapeId, pictureXml, spTreeOf } from './shapes.ts';

export interface Brand {
  primary?: string | null;
  secondary?: string | null;
  font?: string | null;
  logo?: { bytes: Buffer; contentType: string; width: number | null; height: number | null } | null;
}

const LOGO_NAME = 'Folio Logo';
const CHIP_NAME = 'Folio Logo Chip';

/** Fonts go into theme XML as attribute values: only characters font names use. */
export const safeFont = (font: string) => font.replace(/[^A-Za-z0-9 ._-]/g, '').trim().slice(0, 60);

function setSlot(scheme: Element, slot: string, hex: string): void {
  const el = child(scheme, NS.a, slot);
  if (!el) return;
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild(fragment(el.ownerDocument!, `<a:srgbClr val="${hex}"/>`));
}

/** Chart and accent colours derived from the brand: primary, secondary, then lighter and darker variants. */
function series(primary: string, secondary: string): string[] {
  const base = [primary, secondary, mix(primary, 'FFFFFF', 0.45), mix(secondary, '000000', 0.35), mix(primary, secondary, 0.5), mix(secondary, 'FFFFFF', 0.45)];
  return base.map((c) => (contrast(c, 'FFFFFF') >= 1.6 ? c : mix(c, '000000', 0.35)));
}

function applyTheme(d: SlidesDocument, theme: string, brand: Brand, folio: boolean): void {
  const doc = d.pkg.edit(theme);
  const root = doc.documentElement!;
  const scheme = descendants(root, NS.a, 'clrScheme')[0];
  const primary = brand.primary ? normalizeHex(brand.primary) : null;
  const secondary = brand.secondary ? normalizeHex(brand.secondary) : null;
  if (scheme && (primary || secondary)) {
    if (primary) setSlot(scheme, 'accent1', primary);
    if (secondary) setSlot(scheme, 'accent2', secondary);
    if (folio) {
      // Folio's statement slides put white text on dk2: a pale brand colour is darkened until it reads.
      if (primary) setSlot(scheme, 'dk2', readableOn(primary, 'FFFFFF', 4.5));
      const colours = series(primary ?? colorOf(scheme, 'accent1'), secondary ?? colorOf(scheme, 'accent2'));
      colours.slice(2).forEach((c, i) => setSlot(scheme, `accent${i + 3}`, c));
    }
  }
  const font = brand.font ? safeFont(brand.font) : '';
  if (font) {
    for (const kind of ['majorFont', 'minorFont']) {
      const latin = path1(descendants(root, NS.a, kind)[0], [NS.a, 'latin']);
      latin?.setAttribute('typeface', font);
    }
  }
}

function colorOf(scheme: Element, slot: string): string {
  const el = child(scheme, NS.a, slot);
  const srgb = el ? descendants(el, NS.a, 'srgbClr')[0] : null;
  return attr(srgb, 'val') ?? attr(el ? descendants(el, NS.a, 'sysClr')[0] : null, 'lastClr') ?? '444444';
}

/** Removes the brand logo (and its chip) from a master or layout. */
export function removeLogos(d: SlidesDocument, part: string): void {
  const root = d.pkg.xml(part).documentElement!;
  const old = treeShapes(root).filter((s) => [LOGO_NAME, CHIP_NAME].includes(nameOf(s)));
  if (!old.length) return;
  d.pkg.edit(part);
  for (const s of old) {
    const embed = descendants(s, NS.a, 'blip')[0];
    const relId = embed ? embed.getAttributeNS(NS.r, 'embed') : null;
    removeNode(s);
    const rel = relId ? d.pkg.rels(part).remove(relId) : undefined;
    if (rel && !rel.external) removeOrphans(d.pkg, [rel.target]);
  }
}

/** The brand logo a deck's layouts or masters carry (placed by an earlier run), or null. */
export function currentLogo(d: SlidesDocument): NonNullable<Brand['logo']> | null {
  for (const part of [...d.catalog().map((l) => l.part), ...d.deck.masters()]) {
    const pic = treeShapes(d.pkg.xml(part).documentElement!).find((s) => nameOf(s) === LOGO_NAME);
    const relId = pic ? descendants(pic, NS.a, 'blip')[0]?.getAttributeNS(NS.r, 'embed') : null;
    const rel = relId ? d.pkg.rels(part).get(relId) : undefined;
    if (!rel || rel.external || !d.pkg.has(rel.target)) continue;
    const bytes = d.pkg.bytes(rel.target);
    const type = d.pkg.contentType(rel.target) ?? 'image/png';
    return { bytes, contentType: type, ...(sizeOf(bytes) ?? { width: null, height: null }) };
  }
  return null;
}

function placeLogo(d: SlidesDocument, part: string, area: Box, logo: NonNullable<Brand['logo']>, chip: Box | null): void {
  const doc = d.pkg.edit(part);
  const tree = spTreeOf(doc);
  let id = nextShapeId(doc);
  const size = logo.width && logo.height ? { width: logo.width, height: logo.height } : sizeOf(logo.bytes);
  if (chip) {
    tree.appendChild(fragment(doc, `<p:sp><p:nvSpPr><p:cNvPr id="${id++}" name="${CHIP_NAME}"/><p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${chip.x}" y="${chip.y}"/><a:ext cx="${chip.cx}" cy="${chip.cy}"/></a:xfrm><a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom><a:solidFill><a:schemeClr val="bg1"/></a:solidFill><a:ln><a:noFill/></a:ln></p:spPr></p:sp>`));
  }
  const relId = relateImage(d.pkg, part, logo.bytes, logo.contentType);
  tree.appendChild(fragment(doc, pictureXml(id, LOGO_NAME, relId, area, size, 'Logo', true)));
}

function sizeOf(bytes: Buffer): { width: number; height: number } | null {
  try {
    const s = imageSize(bytes);
    return s.width && s.height ? { width: s.width, height: s.height } : null;
  } catch {
    return null;
  }
}

/** The "Logo Area" (and "Logo Chip Area") spots of a layout or master. */
function logoSpots(d: SlidesDocument, part: string): { area: Box; chip: Box | null }[] {
  const shapes = treeShapes(d.pkg.xml(part).documentElement!);
  const chip = shapes.find((s) => nameOf(s) === 'Logo Chip Area');
  return shapes.filter((s) => nameOf(s) === 'Logo Area' && boxOf(s)).map((s) => ({ area: boxOf(s)!, chip: chip ? boxOf(chip) : null }));
}

export function applyBrand(d: SlidesDocument, brand: Brand): string[] {
  const done: string[] = [];
  const masters = d.deck.masters();
  const folio = d.origin === 'template' || masters.some((m) => d.catalog().some((l) => l.master === m && logoSpots(d, l.part).length));
  if (brand.primary || brand.secondary || brand.font) {
    for (const theme of new Set(masters.map((m) => themePartOf(d.deck, m)).filter((t): t is string => !!t))) applyTheme(d, theme, brand, folio);
    done.push([brand.primary && 'colours', brand.font && 'font'].filter(Boolean).join(' and ') || 'colours');
  }
  if (brand.logo) {
    const layouts = d.catalog();
    const spotted = layouts.filter((l) => logoSpots(d, l.part).length);
    for (const part of [...masters, ...layouts.map((l) => l.part)]) removeLogos(d, part);
    if (spotted.length) {
      for (const l of spotted) for (const s of logoSpots(d, l.part)) placeLogo(d, l.part, s.area, brand.logo, s.chip);
    } else {
      const { cx } = d.deck.slideSize();
      const w = Math.round(1.5 * EMU_PER_INCH);
      const h = Math.round(0.55 * EMU_PER_INCH);
      for (const m of masters) placeLogo(d, m, { x: cx - w - Math.round(0.3 * EMU_PER_INCH), y: Math.round(0.2 * EMU_PER_INCH), cx: w, cy: h }, brand.logo, null);
    }
    done.push('logo');
  }
  d.designChanged();
  return done;
}

