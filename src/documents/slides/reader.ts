// .pptx -> Deck. Slides in presentation order with their notes; for a Folio deck the theme and brand
// come back from its slide layouts (`Folio <theme> <layout>`, the named band, accent and logo) and its
// theme fonts; for a deck made elsewhere, the theme's colours and body font become the brand, so the
// re-rendered deck keeps its palette. Limits (documented in the README): a foreign deck's masters,
// backgrounds, animations, transitions and comments are not carried over; its unmapped shapes are.
import type { Element } from '@xmldom/xmldom';
import { imageSize } from 'image-size';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { plainOf } from './drawing-text.ts';
import { MASTER_NAME_RE } from './masters.ts';
import { createDeck, reserveIds, SLIDE_LAYOUTS, THEME_NAMES, type Deck, type DeckBrand, type SlideLayout, type ThemeName } from './model.ts';
import { child, childElements, descendants, NS, path1, PptxPackage, REL_TYPE } from './pptx-package.ts';
import { readSlide } from './slide-reader.ts';
import { THEMES } from './theme.ts';

async function slideParts(pkg: PptxPackage): Promise<string[]> {
  const pres = await pkg.xml('ppt/presentation.xml');
  const rels = await pkg.rels('ppt/presentation.xml');
  const list = path1(pres.documentElement, [NS.p, 'sldIdLst']);
  const parts: string[] = [];
  for (const sldId of list ? childElements(list) : []) {
    const rel = rels.get(sldId.getAttributeNS(NS.r, 'id') ?? '');
    if (rel && rel.type === REL_TYPE.slide && pkg.has(rel.target)) parts.push(rel.target);
  }
  return parts;
}

async function relTarget(pkg: PptxPackage, part: string, type: string): Promise<string | null> {
  for (const rel of (await pkg.rels(part)).values()) if (rel.type === type && !rel.external && pkg.has(rel.target)) return rel.target;
  return null;
}

async function layoutName(pkg: PptxPackage, layoutPart: string | null): Promise<string> {
  if (!layoutPart) return '';
  return (await pkg.xml(layoutPart)).documentElement?.getElementsByTagNameNS(NS.p, 'cSld')[0]?.getAttribute('name') ?? '';
}

async function readNotes(pkg: PptxPackage, slidePart: string): Promise<string> {
  const notesPart = await relTarget(pkg, slidePart, REL_TYPE.notesSlide);
  if (!notesPart) return '';
  const doc = await pkg.xml(notesPart);
  for (const sp of descendants(doc.documentElement!, NS.p, 'sp')) {
    const ph = path1(sp, [NS.p, 'nvSpPr'], [NS.p, 'nvPr'], [NS.p, 'ph']);
    if (ph?.getAttribute('type') === 'body') return plainOf(child(sp, NS.p, 'txBody'));
  }
  return '';
}

function colorOf(el: Element | null): string | undefined {
  if (!el) return undefined;
  const srgb = descendants(el, NS.a, 'srgbClr')[0];
  if (srgb) return srgb.getAttribute('val')?.toUpperCase() ?? undefined;
  return descendants(el, NS.a, 'sysClr')[0]?.getAttribute('lastClr')?.toUpperCase() ?? undefined;
}

interface ThemeFacts { major?: string; minor?: string; colors: Record<string, string | undefined> }

async function readTheme(pkg: PptxPackage): Promise<ThemeFacts> {
  const master = await relTarget(pkg, 'ppt/presentation.xml', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster');
  const themePart = master ? await relTarget(pkg, master, REL_TYPE.theme) : null;
  if (!themePart) return { colors: {} };
  const root = (await pkg.xml(themePart)).documentElement!;
  const scheme = descendants(root, NS.a, 'clrScheme')[0];
  const colors: Record<string, string | undefined> = {};
  for (const c of scheme ? childElements(scheme) : []) colors[c.localName ?? ''] = colorOf(c);
  const font = (kind: string) => {
    const face = path1(descendants(root, NS.a, kind)[0], [NS.a, 'latin'])?.getAttribute('typeface') ?? undefined;
    return face && !face.startsWith('+') ? face : undefined;
  };
  return { major: font('majorFont'), minor: font('minorFont'), colors };
}

interface FolioFacts { theme: ThemeName | null; brand: DeckBrand; bodyFont?: string; found: boolean }

/**
 * What a Folio deck's masters and layouts say about its theme and brand, read from the shapes Folio
 * names (`folio:band#<theme>` in the primary colour, `folio:accent` in the secondary, `folio:footer` in
 * the body font, `folio:logo`), so it survives editors that rename or merge layouts.
 */
async function folioFacts(pkg: PptxPackage): Promise<FolioFacts> {
  const facts: FolioFacts = { theme: null, brand: {}, found: false };
  const parts = Object.keys(pkg.zip.files).filter((n) => /^ppt\/(slideLayouts|slideMasters)\/[^/]+\.xml$/.test(n)).sort();
  for (const part of parts) {
    const root = (await pkg.xml(part)).documentElement!;
    for (const shape of [...descendants(root, NS.p, 'sp'), ...descendants(root, NS.p, 'pic')]) {
      const name = descendants(shape, NS.p, 'cNvPr')[0]?.getAttribute('name') ?? '';
      if (!name.startsWith('folio:')) continue;
      facts.found = true;
      const band = /^folio:band#(\w+)$/.exec(name);
      if (band && (THEME_NAMES as readonly string[]).includes(band[1])) {
        facts.theme ??= band[1] as ThemeName;
        facts.brand.primary ??= colorOf(child(shape, NS.p, 'spPr'));
      }
      if (name === 'folio:accent') facts.brand.secondary ??= colorOf(child(shape, NS.p, 'spPr'));
      if (name === 'folio:footer') facts.bodyFont ??= descendants(shape, NS.a, 'latin')[0]?.getAttribute('typeface') ?? undefined;
      if (name === 'folio:logo' && !facts.brand.logo) facts.brand.logo = await logoOf(pkg, part, shape);
    }
  }
  return facts;
}

async function logoOf(pkg: PptxPackage, part: string, pic: Element): Promise<DeckBrand['logo']> {
  const embed = descendants(pic, NS.a, 'blip')[0]?.getAttributeNS(NS.r, 'embed');
  const rel = embed ? (await pkg.rels(part)).get(embed) : undefined;
  if (!rel || rel.external || !pkg.has(rel.target)) return undefined;
  const bytes = await pkg.bytes(rel.target);
  let size: { width?: number; height?: number } = {};
  try { size = imageSize(bytes); } catch { /* unknown size: the renderer assumes 2:1 */ }
  return { bytes, contentType: await pkg.contentType(rel.target), width: size.width ?? 0, height: size.height ?? 0 };
}

/** The brand overrides: what differs from the theme's own colours and fonts. */
function folioBrand(theme: ThemeName, facts: FolioFacts): DeckBrand {
  const t = THEMES[theme];
  const brand: DeckBrand = { ...facts.brand };
  if (!brand.logo) delete brand.logo;
  if (!brand.primary || brand.primary === t.primary) delete brand.primary;
  if (!brand.secondary || brand.secondary === t.secondary) delete brand.secondary;
  if (facts.bodyFont && facts.bodyFont !== t.bodyFont) brand.font = facts.bodyFont;
  return brand;
}

/** The brand of a deck made elsewhere: its theme's dark and accent colours and its body font. */
function foreignBrand(facts: ThemeFacts): DeckBrand {
  const c = facts.colors;
  const brand: DeckBrand = {};
  const primary = c.dk2 && c.dk2 !== '000000' && c.dk2 !== 'FFFFFF' ? c.dk2 : c.accent1;
  if (primary) brand.primary = primary;
  const secondary = c.accent2 ?? c.accent1;
  if (secondary && secondary !== primary) brand.secondary = secondary;
  if (facts.minor) brand.font = facts.minor;
  return brand;
}

export async function readDeck(bytes: Buffer): Promise<Deck> {
  const pkg = await PptxPackage.open(bytes);
  const parts = await slideParts(pkg);
  const facts = await readTheme(pkg);
  const deck = createDeck();
  const used = new Set<string>();
  let counter = 0;
  const newId = (prefix: 's' | 'e', wanted?: string) => {
    const id = wanted && /^[se]\d+$/.test(wanted) && wanted[0] === prefix && !used.has(wanted) ? wanted : `${prefix}x${++counter}`;
    used.add(id);
    return id;
  };
  const folio = await folioFacts(pkg);
  let theme: ThemeName | null = folio.theme;
  for (const [index, part] of parts.entries()) {
    const m = MASTER_NAME_RE.exec(await layoutName(pkg, await relTarget(pkg, part, REL_TYPE.slideLayout)));
    const folioLayout = m && (THEME_NAMES as readonly string[]).includes(m[1]) && (SLIDE_LAYOUTS as readonly string[]).includes(m[2]) ? (m[2] as SlideLayout) : null;
    if (folioLayout) theme ??= m![1] as ThemeName;
    try {
      const slide = await readSlide({ pkg, part, index, count: parts.length, folioLayout, newId });
      slide.notes = await readNotes(pkg, part);
      deck.slides.push(slide);
    } catch (err) {
      if (err instanceof DocumentUnreadable) throw err;
      throw new DocumentUnreadable(`Slide ${index + 1} of the file could not be read.`, { cause: err });
    }
  }
  deck.theme = theme ?? 'midnight';
  deck.brand = theme || folio.found ? folioBrand(deck.theme, folio) : foreignBrand(facts);
  // Ids the file did not provide (foreign shapes, duplicated slides) are numbered after the others.
  renumberProvisional(deck);
  return deck;
}

function renumberProvisional(deck: Deck): void {
  reserveIds(deck);
  for (const s of deck.slides) {
    if (/^sx/.test(s.id)) s.id = `s${deck.nextId++}`;
    for (const e of s.elements) if (/^ex/.test(e.id)) e.id = `e${deck.nextId++}`;
  }
}
