// The look of new content, in the workbook's own design: cell formats derived from the workbook's
// Normal format (so its font and size carry over), coloured with its theme's first accent (theme
// references, so they follow the file's palette), or with the request's brand colours and font when
// there is a brand. Header text is white or near-black, whichever reads on the fill; titles darken a
// pale accent until it reads on white. Each preset is appended to the styles once and then reused.
import type { ExcelDocument } from '../excel.document.ts';
import { numberFormatFor, type ColumnType } from '../number-formats.ts';
import { contrast, mix, normalizeHex, readableOn } from '../../ooxml/colors.ts';
import type { StyleChange, StyleColor } from './styles.ts';

/** `#abc` / `#AABBCC` -> `AABBCC` (the tools' schemas let only hex colours through). */
export const hexColor = normalizeHex;

/** White or near-black text, whichever reads better on the fill. */
export function textOn(fill: string): string {
  return contrast(fill, 'FFFFFF') >= contrast(fill, '1F1F1F') ? 'FFFFFF' : '1F1F1F';
}

export const PRESETS = ['title', 'subtitle', 'header', 'body', 'total', 'label', 'note'] as const;
export type Preset = (typeof PRESETS)[number];

const RIGHT: ReadonlySet<ColumnType> = new Set(['integer', 'number', 'currency', 'percent', 'date', 'datetime']);

interface Palette {
  accent: StyleColor;
  accentRgb: string;
  band: StyleColor;
  font: string | undefined;
  /** Font size of the workbook's Normal format. */
  size: number;
}

function paletteOf(doc: ExcelDocument): Palette {
  const brand = doc.brand?.primaryColor ?? null;
  const theme = doc.theme();
  const accentRgb = brand ?? theme.colors[4];
  const sz = Number(doc.styles().font(0)?.getElementsByTagNameNS(doc.book.ns.x, 'sz')[0]?.getAttribute('val') ?? 11);
  const literal = brand ?? (doc.hasTheme ? null : accentRgb);
  return {
    accent: literal ? { rgb: literal } : { theme: 4 },
    accentRgb,
    band: literal ? { rgb: mix(literal, 'FFFFFF', 0.85) } : { theme: 4, tint: 0.85 },
    font: doc.brand?.font ?? undefined,
    size: Number.isFinite(sz) && sz > 0 ? sz : 11,
  };
}

/** The change a preset makes to the Normal format, for a column of `type` (and its number format). */
export function presetChange(doc: ExcelDocument, preset: Preset, type: ColumnType = 'text', numFmt?: string): StyleChange {
  const p = paletteOf(doc);
  const font = p.font ? { font: p.font } : {};
  const aligned: StyleChange = RIGHT.has(type) ? { align: 'right', indent: 1 } : {};
  const fmt = numFmt ?? numberFormatFor(type);
  const format = fmt ? { numFmt: fmt } : {};
  switch (preset) {
    case 'title': {
      const readable = readableOn(p.accentRgb, 'FFFFFF');
      return { ...font, bold: true, size: Math.round(p.size * 1.45), color: readable === p.accentRgb ? p.accent : { rgb: readable } };
    }
    case 'subtitle':
      return { ...font, italic: true, size: Math.max(8, p.size - 1), color: { rgb: '595959' } };
    case 'header':
      return { ...font, bold: true, color: { rgb: textOn(p.accentRgb) }, fill: p.accent, wrap: true, vertical: 'center', borderBottom: p.accent, ...aligned };
    case 'body':
      return { ...font, ...aligned, ...format };
    case 'total':
      return { ...font, bold: true, fill: p.band, borderTop: p.accent, ...aligned, ...format };
    case 'label':
      return { ...font, bold: true, color: { rgb: '404040' } };
    case 'note':
      return { ...font, italic: true, size: Math.max(8, p.size - 2), color: { rgb: '595959' } };
  }
}

/** The cell format index of a preset (appended to the styles the first time). */
export function presetStyle(doc: ExcelDocument, preset: Preset, type: ColumnType = 'text', numFmt?: string): number {
  return doc.styles().derive(0, presetChange(doc, preset, type, numFmt));
}

/** The row height (points) a title row gets: room for its larger font. */
export function titleRowHeight(doc: ExcelDocument): number {
  return Math.round(paletteOf(doc).size * 1.45 * 1.6);
}
