// Ask mode with the builtin engine: answers a question about the workbook from its cells alone. The
// columns whose headers the question names are reported with their totals (the totals row's value
// when there is one, else the sum), averages and counts, each with the range it comes from; without
// such a column, the answer describes what the workbook holds. Nothing outside the cells is claimed.
import { rangeAddress } from '../a1.ts';
import { computeFormulas } from '../formula/formula-evaluator.ts';
import { getCell, sheetExtent, type SheetModel, type WorkbookModel } from '../model.ts';

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'is', 'what', 'whats', 'which', 'how', 'much', 'many', 'total', 'sum', 'average', 'mean', 'and', 'or', 'for', 'by', 'per', 'to', 'our', 'my', 'was', 'were', 'are', 'does', 'do', 'this', 'that', 'workbook', 'sheet']);
const words = (s: string) => (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

interface ColumnHit {
  sheet: SheetModel;
  col: number;
  header: string;
  headerRow: number;
  score: number;
}

function headerRowOf(sheet: SheetModel): number {
  if (sheet.tables[0]) return sheet.tables[0].range.start.row;
  if (sheet.autoFilter) return sheet.autoFilter.start.row;
  return sheet.freeze?.rows ? sheet.freeze.rows - 1 : 0;
}

function describeColumn(hit: ColumnHit): string | null {
  const { sheet, col, header, headerRow } = hit;
  const table = sheet.tables.find((t) => t.range.start.row === headerRow && col >= t.range.start.col && col <= t.range.end.col);
  const last = table ? table.range.end.row - (table.totalsRow ? 1 : 0) : sheetExtent(sheet).rows - 1;
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
  const percent = (getCell(sheet, { row: headerRow + 1, col })?.style?.numFmt ?? '').includes('%');
  const show = (n: number) => (percent ? `${fmt(n * 100)}%` : fmt(n));
  const avg = numbers.reduce((s, n) => s + n, 0) / numbers.length;
  return percent
    ? `${header} (${range}): average ${show(avg)} over ${numbers.length} values, from ${show(Math.min(...numbers))} to ${show(Math.max(...numbers))}.`
    : `${header} (${range}): total ${show(total)}${totalsValue !== null ? ' (its totals row)' : ''}, average ${show(avg)} over ${numbers.length} values, from ${show(Math.min(...numbers))} to ${show(Math.max(...numbers))}.`;
}

export function answerQuestion(question: string, wb: WorkbookModel): string {
  computeFormulas(wb);
  const want = new Set(words(question));
  const hits: ColumnHit[] = [];
  for (const sheet of wb.sheets) {
    const headerRow = headerRowOf(sheet);
    const { cols } = sheetExtent(sheet);
    for (let c = 0; c < cols; c++) {
      const h = getCell(sheet, { row: headerRow, col: c })?.value;
      if (typeof h !== 'string') continue;
      const score = words(h).filter((w) => want.has(w) || want.has(w.replace(/s$/, ''))).length;
      if (score) hits.push({ sheet, col: c, header: h, headerRow, score });
    }
  }
  hits.sort((a, b) => b.score - a.score);
  const answers = hits.slice(0, 4).map(describeColumn).filter((a) => a !== null);
  if (answers.length) return answers.join(' ');
  const sheets = wb.sheets.map((s) => {
    const { rows, cols } = sheetExtent(s);
    const headers = Array.from({ length: Math.min(cols, 8) }, (_, c) => getCell(s, { row: headerRowOf(s), col: c })?.value).filter((v) => typeof v === 'string');
    const charts = s.charts.length ? `, ${s.charts.length} chart(s): ${s.charts.map((c) => `"${c.title || c.id}"`).join(', ')}` : '';
    return `"${s.name}" (${rows} rows x ${cols} columns${headers.length ? `; columns ${headers.join(', ')}` : ''}${charts})`;
  });
  return `The workbook does not name what the question asks about in any column header. It holds ${wb.sheets.length} sheet(s): ${sheets.join('; ')}.`;
}
