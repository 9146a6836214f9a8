// The names of Folio's own Slides themes and what each looks like, apart from the template decks
// themselves (templates.ts), so request schemas can list them without importing the deck code.

export const THEME_NAMES = ['midnight', 'ivory', 'evergreen'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const THEME_DESCRIPTIONS: Record<ThemeName, string> = {
  midnight: 'deep navy statements, amber accents, crisp white content slides',
  ivory: 'warm paper canvas, charcoal statements, terracotta accents, serif headings',
  evergreen: 'forest green statements, lime accents, cool grey content slides',
};
