// The look of a Folio Word document, from its theme: a serif display face for headings over a clean
// sans body (Cambria over Calibri by default, metric twins of LibreOffice's Caladea and Carlito),
// headings in the primary colour, an accent rule under the title, quiet captions and notes. A brand
// sets the fonts and the two colours; everything else keeps its proportions.
import type { IStylesOptions } from 'docx';
import type { BrandInput } from '../agent/format-adapter.ts';
import type { WordTheme } from './word-model.ts';

const GREY = '5B6573';
const pt = (points: number) => Math.round(points * 2);

/** The theme with the request's brand applied over it. */
export function brandedTheme(theme: WordTheme, brand: BrandInput | null): WordTheme {
  if (!brand) return theme;
  return {
    ...theme,
    bodyFont: brand.font ?? theme.bodyFont,
    headingFont: brand.font ?? theme.headingFont,
    primary: brand.primaryColor ?? theme.primary,
    accent: brand.secondaryColor ?? brand.primaryColor ?? theme.accent,
  };
}

/** Relative luminance (WCAG) of an RRGGBB colour, to pick readable text on a fill. */
export function luminance(hex: string): number {
  const c = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** White or near-black, whichever reads better on the fill. */
export function textOn(fill: string): string {
  return luminance(fill) > 0.4 ? '1A1A1A' : 'FFFFFF';
}

/** A colour dark enough to read as text on white (brand colours can be pale): darkened until it is. */
export function readableOnWhite(hex: string): string {
  let [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 0; i < 12 && (1.05 / (luminance(toHex(r, g, b)) + 0.05)) < 4.5; i++) [r, g, b] = [r, g, b].map((v) => Math.round(v * 0.85));
  return toHex(r, g, b);
}

const toHex = (r: number, g: number, b: number) => [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('').toUpperCase();

/** A pale tint of a colour for banded table rows and the quote fill. */
export function tint(hex: string, amount: number): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return toHex(...([r, g, b].map((v) => Math.round(v + (255 - v) * amount)) as [number, number, number]));
}

export function wordStyles(t: WordTheme): IStylesOptions {
  const primary = readableOnWhite(t.primary);
  const accent = readableOnWhite(t.accent);
  const heading = (size: number, color: string, before: number, after: number, extra: object = {}) => ({
    basedOn: 'Normal', next: 'Normal', quickFormat: true,
    run: { font: t.headingFont, size: pt(size), color, bold: size < 15, ...extra },
    paragraph: { spacing: { before, after }, keepNext: true, keepLines: true },
  });
  return {
    default: {
      document: {
        run: { font: t.bodyFont, size: pt(t.bodySize), color: '222222' },
        paragraph: { spacing: { after: 140, line: 288, lineRule: 'auto' } },
      },
      title: { run: { font: t.headingFont, size: pt(28), color: primary }, paragraph: { spacing: { after: 80 } } },
      heading1: heading(18, primary, 400, 140),
      heading2: heading(14, primary, 300, 100),
      heading3: heading(12, accent, 240, 80),
      heading4: heading(t.bodySize, '333333', 200, 60, { italic: true }),
      hyperlink: { run: { color: accent, underline: {} } },
      footnoteText: { run: { size: pt(Math.max(8, t.bodySize - 2)), color: GREY }, paragraph: { spacing: { after: 40, line: 240, lineRule: 'auto' } } },
    },
    paragraphStyles: [
      {
        id: 'Title', name: 'Title', basedOn: 'Normal', next: 'Normal', quickFormat: true,
        run: { font: t.headingFont, size: pt(28), color: primary },
        paragraph: { spacing: { after: 80 }, border: { bottom: { style: 'single', size: 12, color: t.accent, space: 6 } } },
      },
      { id: 'Subtitle', name: 'Subtitle', basedOn: 'Normal', next: 'Normal', run: { size: pt(13), color: GREY }, paragraph: { spacing: { before: 120, after: 360 } } },
      { id: 'Quote', name: 'Quote', basedOn: 'Normal', next: 'Normal', run: { italics: true, color: '333333' }, paragraph: { indent: { left: 567, right: 567 }, spacing: { before: 120, after: 200 }, border: { left: { style: 'single', size: 18, color: t.accent, space: 10 } } } },
      { id: 'Note', name: 'Note', basedOn: 'Normal', next: 'Normal', run: { size: pt(t.bodySize - 1), color: '333333' }, paragraph: { shading: { type: 'clear', fill: tint(t.accent, 0.9), color: 'auto' }, indent: { left: 113, right: 113 }, spacing: { before: 120, after: 200 } } },
      { id: 'Caption', name: 'Caption', basedOn: 'Normal', next: 'Normal', run: { size: pt(Math.max(8, t.bodySize - 2)), italics: true, color: GREY }, paragraph: { spacing: { before: 60, after: 240 } } },
      { id: 'TableText', name: 'Table Text', basedOn: 'Normal', run: { size: pt(Math.max(8, t.bodySize - 1.5)) }, paragraph: { spacing: { before: 30, after: 30, line: 252, lineRule: 'auto' } } },
      { id: 'TOCHeading', name: 'TOC Heading', basedOn: 'Normal', next: 'Normal', run: { font: t.headingFont, size: pt(16), color: primary }, paragraph: { spacing: { before: 120, after: 200 } } },
      { id: 'TOC1', name: 'toc 1', basedOn: 'Normal', next: 'Normal', run: { bold: true }, paragraph: { spacing: { before: 120, after: 40 } } },
      { id: 'TOC2', name: 'toc 2', basedOn: 'Normal', next: 'Normal', paragraph: { indent: { left: 284 }, spacing: { after: 30 } } },
      { id: 'TOC3', name: 'toc 3', basedOn: 'Normal', next: 'Normal', run: { color: GREY }, paragraph: { indent: { left: 567 }, spacing: { after: 30 } } },
      { id: 'HeaderText', name: 'Header Text', basedOn: 'Normal', run: { size: pt(8.5), color: GREY }, paragraph: { spacing: { after: 0 } } },
    ],
  };
}
