// The deck's own text design, as far as fitting new text needs it: the theme's heading and body fonts
// and the font size a placeholder gives its first level (its lstStyle, else the master's title or body
// style, else PowerPoint's defaults).
import { REL } from '../../ooxml/relationships.ts';
import { attr, child, descendants, NS, path1, type Element } from '../../ooxml/xml.ts';
import type { PptxDeck } from '../deck.ts';
import { TITLE_TYPES } from './placeholders.ts';

export interface ThemeFonts { major: string; minor: string }

export function themePartOf(deck: PptxDeck, master: string): string | null {
  return deck.pkg.related(master, REL.theme)[0] ?? null;
}

export function themeFonts(deck: PptxDeck, master: string): ThemeFonts {
  const part = themePartOf(deck, master);
  const root = part ? deck.pkg.xml(part).documentElement : null;
  const face = (kind: string) => attr(path1(root ? descendants(root, NS.a, kind)[0] : null, [NS.a, 'latin']), 'typeface') || 'Calibri';
  return { major: face('majorFont'), minor: face('minorFont') };
}

/** A typeface as written (`+mn-lt` means the theme's minor font). */
export function resolveFont(face: string | null, fonts: ThemeFonts): string | null {
  if (!face) return null;
  if (face.startsWith('+mj')) return fonts.major;
  if (face.startsWith('+mn')) return fonts.minor;
  return face;
}

function levelSize(list: Element | null): number | null {
  const sz = attr(path1(list, [NS.a, 'lvl1pPr'], [NS.a, 'defRPr']), 'sz');
  return sz ? Number(sz) / 100 : null;
}

/** Font size (points) of a placeholder's first level, and its typeface (`el`: the layout's placeholder shape). */
export function placeholderText(deck: PptxDeck, master: string, fonts: ThemeFonts, type: string, el: Element): { size: number; font: string } {
  const title = TITLE_TYPES.has(type);
  const own = path1(el, [NS.p, 'txBody'], [NS.a, 'lstStyle']);
  const masterStyles = path1(deck.pkg.xml(master).documentElement, [NS.p, 'txStyles']);
  const masterStyle = child(masterStyles, NS.p, title ? 'titleStyle' : type === 'body' || type === 'obj' || type === 'subTitle' ? 'bodyStyle' : 'otherStyle');
  const size = levelSize(own) ?? levelSize(masterStyle) ?? (title ? 44 : 18);
  const face = attr(path1(own, [NS.a, 'lvl1pPr'], [NS.a, 'defRPr'], [NS.a, 'latin']), 'typeface') ?? attr(path1(masterStyle, [NS.a, 'lvl1pPr'], [NS.a, 'defRPr'], [NS.a, 'latin']), 'typeface');
  return { size, font: resolveFont(face, fonts) ?? (title ? fonts.major : fonts.minor) };
}
