// Ask mode with the builtin engine: answers a question about the workbook from its cells alone. The
// columns whose headers the question names are reported with their totals (the totals row's value
// when there is one, else the sum), averages and counts, each with the range it comes from; without
// such a column, the answer describes what the workbook holds. Nothing outside the cells is claimed.
import { rangeAddress } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import type { WorkbookEvaluator } from '../formula/formula-evaluator.ts';
import { readCell, type CellScalar } from '../view/cells.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import { headerRowOf } from '../view/outline.ts';
import { sheetViews, type SheetView } from '../view/sheet.view.ts';

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'is', 'what', 'whats', 'which', 'how', 'much', 'many', 'total', 'sum', 'average', 'mean', 'and', 'or', 'for', 'by', 'per', 'to', 'our', 'my', 'was', 'were', 'are', 'does', 'do', 'this', 'that', 'workbook', 'sheet']);
const words = (s: string) => (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

interface ColumnHit {
  sheet: SheetView;
  col: number;
  header: string;
  headerRow: number;
  score: number;
}

/** Reads cells with formulas computed (a formula's result, or its cached one). */
type Reader = (sheet: SheetView, row: number, col: number) => { value: CellScalar; numFmt: string } | undefined;

function reader(doc: ExcelDocument): Reader {
  const { evaluator, book }: { evaluator: WorkbookEvaluator; book: ReturnType<typeof evaluatorFor>['book'] } = evaluatorFor(doc);
  return (sheet, row, col) => {
    const cell = sheet.ws ? readCell(sheet.ws, doc, row, col) : undefined;
    if (!cell) return undefined;
    const value = cell.formula === undefined ? cell.value : evaluator.resultAt(book.sheet(sheet.name)!, row, col);
    return { value, numFmt: doc.styles().numFmt(cell.s) };
  };
}

function describeColumn(hit: ColumnHit, at: Reader): string | null {
  const { sheet, col, header, headerRow } = hit;
  const getCell = (s: SheetView, pos: { row: number; col: number }) => at(s, pos.row, pos.col);
  const table = sheet.tables.find((t) => t.range.start.row === headerRow && col >= t.range.start.col && col <= t.range.end.col);
  const last = table ? table.range.end.row - (table.totalsRow ? 1 : 0) : sheet.extent.rows - 1;
  const numbers: number[] = [];
  let totalsValue: number | null = null;
  for (let r = headerRow + 1; r <= last; r++) {
    const cell = getCell(sheet, { row: r, col });
    const first = getCell(sheet, { row: r, col: 0 });
    if (!table && typeof first?.value === 'string' && /^total/i.test(first.value)) {
      if (typeof cell?.value === 'number') totalsValue = cell.value;
      continue;
    }
    if (typeof cell?.value === 'number') numbers.push(cell.value);
  }
  if (table?.totalsRow) {
    const v = getCell(sheet, { row: table.range.end.row, col })?.value;
    if (typeof v === 'number') totalsValue = v;
  }
  if (!numbers.length) return null;
  const range = `${sheet.name}!${rangeAddress({ start: { row: headerRow + 1, col }, end: { row: last, col } })}`;
  const total = totalsValue ?? numbers.reduce((s, n) => s + n, 0);
  const percent = (getCell(sheet, { row: headerRow + 1, col })?.numFmt ?? '').includes('%');
  const show = (n: number) => (percent ? `${fmt(n * 100)}%` : fmt(n));
  const avg = numbers.reduce((s, n) => s + n, 0) / numbers.length;
  return percent
    ? `${header} (${range}): average ${show(avg)} over ${numbers.length} values, from ${show(Math.min(...numbers))} to ${show(Math.max(...numbers))}.`
    : `${header} (${range}): total ${show(total)}${totalsValue !== null ? ' (its totals row)' : ''}, average ${show(avg)} over ${numbers.length} values, from ${show(Math.min(...numbers))} to ${show(Math.max(...numbers))}.`;
}

export function answerQuestion(question: string, doc: ExcelDocument): string {
  const at = reader(doc);
  const want = new Set(words(question));
  const hits: ColumnHit[] = [];
  const sheets = sheetViews(doc).filter((s) => s.ws);
  for (const sheet of sheets) {
    const headerRow = headerRowOf(sheet) ?? 0;
    const { cols } = sheet.extent;
    for (let c = 0; c < cols; c++) {
      const h = at(sheet, headerRow, c)?.value;
      if (typeof h !== 'string') continue;
      const score = words(h).filter((w) => want.has(w) || want.has(w.replace(/s$/, ''))).length;
      if (score) hits.push({ sheet, col: c, header: h, headerRow, score });
    }
  }
  hits.sort((a, b) => b.score - a.score);
  const answers = hits.slice(0, 4).map((h) => describeColumn(h, at)).filter((a) => a !== null);
  if (answers.length) return answers.join(' ');
  const described = sheets.map((s) => {
    const { rows, cols } = s.extent;
    const headers = Array.from({ length: Math.min(cols, 8) }, (_, c) => at(s, headerRowOf(s) ?? 0, c)?.value).filter((v) => typeof v === 'string');
    const charts = s.charts.length ? `, ${s.charts.length} chart(s): ${s.charts.map((c) => `"${c.title || c.id}"`).join(', ')}` : '';
    return `"${s.name}" (${rows} rows x ${cols} columns${headers.length ? `; columns ${headers.join(', ')}` : ''}${charts})`;
  });
  return `The workbook does not name what the question asks about in any column header. It holds ${sheets.length} sheet(s): ${described.join('; ')}.`;
}
