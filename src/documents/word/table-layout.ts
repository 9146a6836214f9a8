// Column widths and alignment of Word tables: widths follow how much text each column holds (so a
// narrow numeric column does not take a third of the page), always summing to the text width so a
// table never runs off the page; numeric columns align right.
import { plainText } from './inline.ts';
interface TableBlock { header: string[]; rows: string[][] }

const NUMERIC = /^[-+(]?[$€£¥]?\s?[\d.,]+\s?(%|[kKmMbB]n?|x)?\)?$/;
const SAMPLE_ROWS = 60;

export function isNumericColumn(block: Pick<TableBlock, 'rows'>, col: number): boolean {
  const cells = block.rows.slice(0, SAMPLE_ROWS).map((r) => plainText(r[col] ?? '').trim()).filter(Boolean);
  return cells.length > 0 && cells.filter((c) => NUMERIC.test(c)).length / cells.length >= 0.8;
}

/** Twips a character takes at table text size (about half an em of 9.5 pt), plus the cell's side margins. */
const CHAR_TWIPS = 105;
const CELL_MARGINS = 180;

export function columnWidths(block: TableBlock, columns: number, total: number): number[] {
  const cells = (i: number) => [block.header[i] ?? '', ...block.rows.slice(0, SAMPLE_ROWS).map((r) => r[i] ?? '')].map((c) => plainText(c));
  // Each column gets at least its longest word (so no word breaks mid-way), then a share of the rest
  // that follows how much text it holds (long text wraps, so its share grows slowly past a phrase).
  const minimum = Array.from({ length: columns }, (_, i) => Math.max(...cells(i).flatMap((c) => c.split(/\s+/)).map((w) => w.length), 3) * CHAR_TWIPS + CELL_MARGINS);
  const weight = Array.from({ length: columns }, (_, i) => {
    const longest = Math.max(4, ...cells(i).map((c) => c.length));
    return Math.min(longest, 12 + Math.sqrt(longest) * 4);
  });
  const minSum = minimum.reduce((a, b) => a + b, 0);
  let widths: number[];
  if (minSum >= total) widths = minimum.map((m) => Math.floor((m / minSum) * total));
  else {
    const spare = total - minSum;
    const sum = weight.reduce((a, b) => a + b, 0);
    widths = minimum.map((m, i) => Math.floor(m + (weight[i] / sum) * spare));
  }
  widths[widths.length - 1] += total - widths.reduce((a, b) => a + b, 0);
  return widths;
}
