// Folio's own themes are template decks: real .pptx files in ./templates, built by
// `npm run templates:build` from the readable source in scripts/templates/slides/. A new deck is an
// edit of one of them, so Folio's decks and users' files go through the same engine.
import fs from 'node:fs';
import { PptxDeck } from './deck.ts';

import { THEME_NAMES, type ThemeName } from './themes.ts';

export { THEME_DESCRIPTIONS, THEME_NAMES, type ThemeName } from './themes.ts';

const cache = new Map<ThemeName, Buffer>();

export function templateBytes(theme: ThemeName): Buffer {
  let bytes = cache.get(theme);
  if (!bytes) {
    bytes = fs.readFileSync(new URL(`./templates/${theme}.pptx`, import.meta.url));
    cache.set(theme, bytes);
  }
  return bytes;
}

/** A fresh, editable copy of a theme's template deck. */
export function openTemplate(theme: ThemeName): { deck: PptxDeck; theme: ThemeName } {
  const deck = PptxDeck.open(templateBytes(theme));
  deck.pristineTemplate = theme;
  return { deck, theme };
}

/** The Folio theme a deck was made from: its theme part is named "Folio <Theme>". */
export function folioThemeOf(deck: PptxDeck): ThemeName | null {
  for (const master of deck.masters()) {
    const theme = deck.pkg.related(master, 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme')[0];
    const name = theme ? deck.pkg.xml(theme).documentElement?.getAttribute('name') ?? '' : '';
    const m = /^Folio (\w+)$/i.exec(name);
    const found = m && THEME_NAMES.find((t) => t === m[1].toLowerCase());
    if (found) return found;
  }
  return null;
}
