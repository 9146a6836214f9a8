// The workbook as the model sees it in its prompt and through get_outline: each sheet's used range,
// header row and column types, frozen panes, filter, tables, charts (with the ids tools take) and
// images, then a few rows with formulas shown next to their results. Bounded, whatever the size.
import { cellAddress, columnLetters, rangeAddress } from './a1.ts';
import { showCell } from './cell-values.ts';
import { computeFormulas } from './formula/formula-evaluator.ts';
import { getCell, sheetExtent, type SheetModel, type WorkbookModel } from './model.ts';
import { typeOfFormat } from './number-formats.ts';

const PREVIEW_HEAD = 6;
const PREVIEW_TAIL = 3;
const PREVIEW_COLS = 12;
const MAX_TEXT = 40;

function short(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

function rowLine(sheet: SheetModel, r: number, cols: number): string {
  const cells: string[] = [];
  for (let c = 0; c < Math.min(cols, PREVIEW_COLS); c++) {
    const v = showCell(getCell(sheet, { row: r, col: c }));
    const shown = typeof v === 'number' ? Number(v.toPrecision(10)) : v;
    if (shown !== null && shown !== '') cells.push(`${columnLetters(c)}=${short(shown)}`);
  }
  return `  ${r + 1}: ${cells.join(' | ')}${cols > PREVIEW_COLS ? ' | …' : ''}`;
}

/** The header row of a sheet: its table's or filter's first row, else a first row of text over typed data. */
function headerRow(sheet: SheetModel): number | null {
  if (sheet.tables[0]) return sheet.tables[0].range.start.row;
  if (sheet.autoFilter) return sheet.autoFilter.start.row;
  if (sheet.freeze?.rows) return sheet.freeze.rows - 1;
  return null;
}

function describeSheet(sheet: SheetModel, index: number): string[] {
  const { rows, cols } = sheetExtent(sheet);
  const lines = [`Sheet ${index + 1} "${sheet.name}": ${rows ? `A1:${cellAddress({ row: rows - 1, col: Math.max(cols - 1, 0) })} (${rows} rows x ${cols} columns)` : 'empty'}`];
  const notes: string[] = [];
  if (sheet.freeze) notes.push(`frozen ${sheet.freeze.rows} row(s), ${sheet.freeze.columns} column(s)`);
  if (sheet.autoFilter) notes.push(`filter ${rangeAddress(sheet.autoFilter)}`);
  if (sheet.merges.length) notes.push(`${sheet.merges.length} merged range(s)`);
  if (notes.length) lines.push(`  ${notes.join('; ')}`);
  const header = headerRow(sheet);
  if (header !== null) {
    const cols2: string[] = [];
    for (let c = 0; c < Math.min(cols, 30); c++) {
      const h = getCell(sheet, { row: header, col: c });
      if (h?.value === null || h?.value === undefined) continue;
      // The first value under the header tells the column's type (a growth column starts empty).
      const below = [1, 2, 3].map((d) => getCell(sheet, { row: header + d, col: c })).find((x) => x && x.value !== null) ?? getCell(sheet, { row: header + 1, col: c });
      const type = typeOfFormat(below?.style?.numFmt ?? (below?.style?.raw?.numFmt as string | undefined));
      cols2.push(`${columnLetters(c)} ${short(h.value)}${type ? ` (${type}${below?.formula !== undefined ? ', formula' : ''})` : below?.formula !== undefined ? ' (formula)' : ''}`);
    }
    lines.push(`  header row ${header + 1}: ${cols2.join(' | ')}`);
  }
  for (const t of sheet.tables) lines.push(`  table ${t.name} ${rangeAddress(t.range)}${t.totalsRow ? ' with totals row' : ''}: ${t.columns.map((c) => c.name).join(', ')}`);
  for (const c of sheet.charts) {
    const where = `${cellAddress(c.anchor.from)}:${cellAddress(c.anchor.to)}`;
    const series = c.series.map((s) => `${s.name} = ${s.values}`).join('; ');
    lines.push(`  chart ${c.id}: ${c.kind}${c.stacked ? ' (stacked)' : ''} "${c.title}" at ${where}${c.categories ? `, categories ${c.categories}` : ''}${series ? `, series ${series}` : ''}${c.kind === 'other' ? ' (kept as is; can be moved or deleted)' : ''}`);
  }
  for (const i of sheet.images) lines.push(`  image ${i.id} at ${cellAddress({ row: Math.floor(i.from.row), col: Math.floor(i.from.col) })} (${i.width}x${i.height}px)${i.description ? `: ${short(i.description)}` : ''}`);
  if (rows) {
    lines.push('  rows:');
    const head = Math.min(rows, PREVIEW_HEAD);
    for (let r = 0; r < head; r++) if (sheet.rows[r]?.some(Boolean)) lines.push(rowLine(sheet, r, cols));
    if (rows > PREVIEW_HEAD + PREVIEW_TAIL) lines.push(`  … ${rows - PREVIEW_HEAD - PREVIEW_TAIL} more rows (read_range to see them) …`);
    for (let r = Math.max(head, rows - PREVIEW_TAIL); r < rows; r++) if (sheet.rows[r]?.some(Boolean)) lines.push(rowLine(sheet, r, cols));
  }
  return lines;
}

export function workbookOutline(wb: WorkbookModel): string {
  computeFormulas(wb);
  if (!wb.sheets.length) return `Workbook "${wb.title}": no sheets yet (add_sheet or import_data_source create them).`;
  const lines = [`Workbook "${wb.title}": ${wb.sheets.length} sheet(s): ${wb.sheets.map((s) => `"${s.name}"`).join(', ')}`];
  wb.sheets.forEach((s, i) => lines.push(...describeSheet(s, i)));
  return lines.join('\n');
}
