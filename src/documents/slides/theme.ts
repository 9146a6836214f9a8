// Themes and brand colours. A theme is a small design system: a dark "statement" colour for title,
// section and closing slides, an accent for rules and highlights, a light canvas for content slides,
// and a font pairing. A brand replaces the primary and secondary colours and the font; every text
// colour is then chosen for contrast (WCAG ratio), so a pale brand colour never becomes pale text.
import type { DeckBrand, ThemeName } from './model.ts';

export interface ThemeDefinition {
  name: ThemeName;
  description: string;
  primary: string;
  secondary: string;
  /** Content slide background. */
  canvas: string;
  /** Panels and table stripes on the canvas. */
  panel: string;
  text: string;
  muted: string;
  headingFont: string;
  bodyFont: string;
}

export const THEMES: Record<ThemeName, ThemeDefinition> = {
  midnight: {
    name: 'midnight', description: 'deep navy statements, amber accents, crisp white content slides',
    primary: '1B2A4A', secondary: 'E8A33D', canvas: 'FFFFFF', panel: 'F1F4F9', text: '1F2937', muted: '6B7280',
    headingFont: 'Calibri', bodyFont: 'Calibri',
  },
  ivory: {
    name: 'ivory', description: 'warm paper canvas, charcoal statements, terracotta accents, serif headings',
    primary: '33302C', secondary: 'C8553D', canvas: 'FBF8F3', panel: 'F1EBE1', text: '2B2825', muted: '7A726A',
    headingFont: 'Cambria', bodyFont: 'Calibri',
  },
  evergreen: {
    name: 'evergreen', description: 'forest green statements, lime accents, cool grey content slides',
    primary: '14452F', secondary: '8CC63F', canvas: 'F7F9F8', panel: 'E7EFEA', text: '1D2B24', muted: '5F6F67',
    headingFont: 'Calibri', bodyFont: 'Calibri',
  },
};

/** Everything the renderer needs: resolved colours (`RRGGBB`) and fonts. */
export interface Palette {
  theme: ThemeName;
  primary: string;
  secondary: string;
  canvas: string;
  panel: string;
  text: string;
  muted: string;
  /** Headings on the canvas: the primary colour, or a darker shade when it is too light to read. */
  heading: string;
  /** Text on the primary colour (title, section, closing slides). */
  onPrimary: string;
  /** Secondary text on the primary colour. */
  onPrimaryMuted: string;
  /** The accent as used on primary backgrounds: the secondary colour, or a readable alternative. */
  accentOnPrimary: string;
  /** The accent as drawn on the canvas: the secondary colour, darkened when it would vanish (a white brand accent). */
  accent: string;
  /** Chart series colours. */
  series: string[];
  headingFont: string;
  bodyFont: string;
}

export function normalizeHex(color: string): string {
  let hex = color.replace(/^#/, '').toUpperCase();
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  if (!/^[0-9A-F]{6}$/.test(hex)) throw new Error(`not a colour: ${color}`);
  return hex;
}

function rgb(hex: string): [number, number, number] {
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return [r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Mixes `hex` with `other` (weight 0..1 of `other`). */
export function mix(hex: string, other: string, weight: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex(a.map((v, i) => v + (b[i] - v) * weight));
}

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` itself when it reads on `background` at `ratio`, else the nearest shade (towards black or white) that does. */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  if (contrast(color, background) >= ratio) return color;
  const target = luminance(background) > 0.4 ? '000000' : 'FFFFFF';
  for (let w = 0.1; w <= 1.0001; w += 0.1) {
    const shade = mix(color, target, w);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return target;
}

export function resolvePalette(theme: ThemeName, brand: DeckBrand): Palette {
  const t = THEMES[theme];
  const primary = brand.primary ? normalizeHex(brand.primary) : t.primary;
  const secondary = brand.secondary ? normalizeHex(brand.secondary) : t.secondary;
  const onPrimary = contrast('FFFFFF', primary) >= contrast('111111', primary) ? 'FFFFFF' : '111111';
  const font = brand.font?.trim();
  return {
    theme,
    primary,
    secondary,
    canvas: t.canvas,
    panel: t.panel,
    text: t.text,
    muted: t.muted,
    heading: readableOn(primary, t.canvas),
    onPrimary,
    onPrimaryMuted: mix(onPrimary, primary, 0.25),
    accentOnPrimary: contrast(secondary, primary) >= 2 ? secondary : mix(onPrimary, secondary, 0.3),
    accent: readableOn(secondary, t.canvas, 1.8),
    series: seriesColours(primary, secondary, t.canvas),
    headingFont: font || t.headingFont,
    bodyFont: font || t.bodyFont,
  };
}

/** Distinct series colours from the brand: primary, secondary, then lighter and darker variants. */
function seriesColours(primary: string, secondary: string, canvas: string): string[] {
  const base = [primary, secondary, mix(primary, 'FFFFFF', 0.45), mix(secondary, '000000', 0.35), mix(primary, secondary, 0.5), '8A94A6', mix(secondary, 'FFFFFF', 0.45), mix(primary, '000000', 0.4)];
  // A series colour must stand out from the slide (a white brand colour would vanish).
  return base.map((c) => (contrast(c, canvas) >= 1.6 ? c : mix(c, '000000', 0.35)));
}
