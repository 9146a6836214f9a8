// The workbook as the model sees it in its prompt and through get_outline: each sheet's used range,
// header row and column types, frozen panes, filter, tables, charts (with the ids tools take) and
// images, then a few rows with formulas shown next to their results. Bounded, whatever the size.
import { cellAddress, columnLetters, rangeAddress } from '../a1.ts';
import { showCell } from '../cell-values.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { typeOfFormat } from '../number-formats.ts';
import type { WorkbookEvaluator } from '../formula/formula-evaluator.ts';
import { readCell } from './cells.ts';
import { evaluatorFor } from './formula-book.ts';
import { sheetViews, type SheetView } from './sheet.view.ts';

const PREVIEW_HEAD = 6;
const PREVIEW_TAIL = 3;
const PREVIEW_COLS = 12;
const MAX_TEXT = 40;

function short(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

interface Ctx { doc: ExcelDocument; evaluator: WorkbookEvaluator; book: ReturnType<typeof evaluatorFor>['book'] }

/** A cell as the outline shows it: `=FORMULA → result` for formulas. */
function shown(ctx: Ctx, sheet: SheetView, r: number, c: number): ReturnType<typeof showCell> {
  const cell = readCell(sheet.ws!, ctx.doc, r, c);
  if (!cell) return null;
  if (cell.formula === undefined) return showCell(cell);
  const fs = ctx.book.sheet(sheet.name)!;
  return showCell({ value: ctx.evaluator.resultAt(fs, r, c), formula: cell.formula });
}

function rowLine(ctx: Ctx, sheet: SheetView, r: number, cols: number): string | null {
  const cells: string[] = [];
  for (let c = 0; c < Math.min(cols, PREVIEW_COLS); c++) {
    const v = shown(ctx, sheet, r, c);
    const text = v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'number' ? Number(v.toPrecision(10)) : v;
    if (text !== null && text !== '') cells.push(`${columnLetters(c)}=${short(text)}`);
  }
  return cells.length ? `  ${r + 1}: ${cells.join(' | ')}${cols > PREVIEW_COLS ? ' | …' : ''}` : null;
}

/** The header row of a sheet: its table's or filter's first row, else the row above frozen panes. */
export function headerRowOf(sheet: SheetView): number | null {
  if (sheet.tables[0]) return sheet.tables[0].range.start.row;
  if (sheet.autoFilter) return sheet.autoFilter.start.row;
  if (sheet.freeze?.rows) return sheet.freeze.rows - 1;
  return null;
}

function describeSheet(ctx: Ctx, sheet: SheetView): string[] {
  if (!sheet.ws) return [`Sheet ${sheet.index + 1} "${sheet.name}": a ${sheet.entry.kind === 'chartsheet' ? 'chart sheet' : sheet.entry.kind} (kept as it is)`];
  const { rows, cols } = sheet.extent;
  const hidden = sheet.entry.state !== 'visible' ? ` (${sheet.entry.state})` : '';
  const lines = [`Sheet ${sheet.index + 1} "${sheet.name}"${hidden}: ${rows ? `A1:${cellAddress({ row: rows - 1, col: Math.max(cols - 1, 0) })} (${rows} rows x ${cols} columns)` : 'empty'}`];
  const notes: string[] = [];
  if (sheet.freeze) notes.push(`frozen ${sheet.freeze.rows} row(s), ${sheet.freeze.columns} column(s)`);
  if (sheet.autoFilter) notes.push(`filter ${rangeAddress(sheet.autoFilter)}`);
  if (sheet.merges.length) notes.push(`${sheet.merges.length} merged range(s)`);
  if (notes.length) lines.push(`  ${notes.join('; ')}`);
  const header = headerRowOf(sheet);
  if (header !== null) {
    const out: string[] = [];
    for (let c = 0; c < Math.min(cols, 30); c++) {
      const h = readCell(sheet.ws, ctx.doc, header, c);
      if (h?.value === null || h?.value === undefined) continue;
      const below = [1, 2, 3].map((d) => readCell(sheet.ws!, ctx.doc, header + d, c)).find((x) => x && (x.value !== null || x.formula !== undefined));
      const type = below ? typeOfFormat(ctx.doc.styles().numFmt(below.s)) : null;
      const formula = below?.formula !== undefined;
      out.push(`${columnLetters(c)} ${short(h.value instanceof Date ? h.value.toISOString().slice(0, 10) : h.value)}${type ? ` (${type}${formula ? ', formula' : ''})` : formula ? ' (formula)' : ''}`);
    }
    lines.push(`  header row ${header + 1}: ${out.join(' | ')}`);
  }
  for (const t of sheet.tables) lines.push(`  table ${t.name} ${rangeAddress(t.range)}${t.totalsRow ? ' with totals row' : ''}: ${t.columns.map((c) => c.name).join(', ')}`);
  for (const c of sheet.charts) {
    const where = `${cellAddress(c.anchor.from)}:${cellAddress(c.anchor.to)}`;
    const series = c.series.map((s) => `${s.name} = ${s.values}`).join('; ');
    const kind = c.kind === 'other' ? c.type : c.kind;
    lines.push(`  chart ${c.id}: ${kind}${c.stacked ? ' (stacked)' : ''} "${c.title}" at ${where}${c.categories ? `, categories ${c.categories}` : ''}${series ? `, series ${series}` : ''}${c.kind === 'other' ? ' (kept as is; can be moved or deleted)' : ''}`);
  }
  for (const i of sheet.images) lines.push(`  image ${i.id} at ${cellAddress(i.anchor.from)}${i.width && i.height ? ` (${i.width}x${i.height}px)` : ''}${i.description ? `: ${short(i.description)}` : ''}`);
  if (rows) {
    lines.push('  rows:');
    const head = Math.min(rows, PREVIEW_HEAD);
    for (let r = 0; r < head; r++) { const l = rowLine(ctx, sheet, r, cols); if (l) lines.push(l); }
    if (rows > PREVIEW_HEAD + PREVIEW_TAIL) lines.push(`  … ${rows - PREVIEW_HEAD - PREVIEW_TAIL} more rows (read_range to see them) …`);
    for (let r = Math.max(head, rows - PREVIEW_TAIL); r < rows; r++) { const l = rowLine(ctx, sheet, r, cols); if (l) lines.push(l); }
  }
  return lines;
}

export function workbookOutline(doc: ExcelDocument): string {
  const sheets = sheetViews(doc);
  const real = sheets.filter((s) => s.entry.part !== doc.placeholder);
  if (!real.length) return 'Workbook: no sheets yet (add_sheet or import_data_source create them).';
  const { evaluator, book } = evaluatorFor(doc);
  const ctx = { doc, evaluator, book };
  const lines = [`Workbook: ${real.length} sheet(s): ${real.map((s) => `"${s.name}"`).join(', ')}`];
  real.forEach((s) => lines.push(...describeSheet(ctx, s)));
  return lines.join('\n');
}
