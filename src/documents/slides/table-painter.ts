// Tables sized to their box: the largest font size (18 down to 10 points) at which every column is at
// least as wide as its longest word (numbers never break) and every row, wrapped, fits the height.
// Columns share what is left in proportion to their content; short tables get airy rows.
import type { Box } from './element-painters.ts';
import type { TableSpec } from './model.ts';
import type { PptxSlide } from './pptxgen.ts';
import { textWidth, wrapCount } from './text-fit.ts';
import { mix, type Palette } from './theme.ts';

export const MIN_TABLE_SIZE = 10;
const MAX_TABLE_SIZE = 18;
/** Left plus right cell margins, inches. */
const CELL_PAD = 0.2;
const NUMERIC = /^[-+(]?[$€£¥]?\s?[-+]?\d[\d,]*(\.\d+)?\s?(%|[kKmMbB]n?)?\)?$/;

export interface TableFit { size: number; fits: boolean; widths: number[]; heights: number[] }

function widthsAt(table: TableSpec, width: number, size: number, font: string): number[] | null {
  const cells = (i: number) => [table.columns[i], ...table.rows.map((r) => r[i] ?? '')];
  const minimum = table.columns.map((_, i) => Math.max(0.5, ...cells(i).flatMap((c) => c.split(/\s+/)).map((w) => textWidth(w, size, font) * 1.05)) + CELL_PAD);
  const spare = width - minimum.reduce((a, b) => a + b, 0);
  if (spare < 0) return null;
  const weights = table.columns.map((_, i) => Math.min(40, Math.max(4, ...cells(i).map((c) => c.length))));
  const total = weights.reduce((a, b) => a + b, 0);
  return minimum.map((m, i) => m + (spare * weights[i]) / total);
}

export function tableFit(table: TableSpec, box: Box, font: string): TableFit {
  const rows = [table.columns, ...table.rows];
  const heightsAt = (widths: number[], size: number) => rows.map((row) => {
    const lines = Math.max(1, ...widths.map((w, i) => wrapCount(row[i] ?? '', w - CELL_PAD, size, font)));
    return (lines * size * 1.2) / 72 + 0.16;
  });
  for (let size = MAX_TABLE_SIZE; size >= MIN_TABLE_SIZE; size--) {
    const widths = widthsAt(table, box.w, size, font);
    if (!widths) continue;
    const heights = heightsAt(widths, size);
    if (heights.reduce((a, b) => a + b, 0) <= box.h) {
      const roomy = Math.min(0.6, box.h / rows.length);
      return { size, fits: true, widths, heights: heights.map((h) => Math.max(h, roomy)) };
    }
  }
  const even = table.columns.map(() => box.w / table.columns.length);
  return { size: MIN_TABLE_SIZE, fits: false, widths: even, heights: heightsAt(even, MIN_TABLE_SIZE) };
}

export function paintTable(slide: PptxSlide, id: string, table: TableSpec, box: Box, p: Palette): void {
  const { size, widths, heights } = tableFit(table, box, p.bodyFont);
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => !r[i] || NUMERIC.test(r[i].trim())));
  const align = (i: number) => (numeric[i] ? ('right' as const) : ('left' as const));
  const border = { type: 'solid' as const, pt: 0.75, color: mix(p.canvas, p.muted, 0.3) };
  const header = table.columns.map((c, i) => ({ text: c, options: { bold: true, color: p.onPrimary, fill: { color: p.primary }, align: align(i) } }));
  const body = table.rows.map((row, r) => table.columns.map((_, i) => ({
    text: row[i] ?? '', options: { color: p.text, fill: { color: r % 2 ? p.panel : p.canvas }, align: align(i) },
  })));
  slide.addTable([header, ...body], {
    objectName: `folio:table#${id}`, x: box.x, y: box.y, w: box.w, colW: widths, rowH: heights, fontFace: p.bodyFont, fontSize: size, valign: 'middle',
    border: [border, border, border, border], autoPage: false,
  });
}
