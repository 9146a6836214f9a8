// Aggregates over a worksheet table, computed by code (never by a model), each with the cells it read
// as citations: totals, averages, medians, minimum and maximum (with the row that holds them), counts,
// top-N rows by a column, and growth between two periods (rows named by period, or period columns).
import { periodOfLabel } from '../../../projects/pipeline/facts/periods.ts';
import { a1, cellText, dataRows, isNumber, valueAt, type ColumnInfo, type SheetTable } from './workbook.view.ts';

export interface Citation {
  sheet: string;
  range: string;
}

export type Operation = 'sum' | 'average' | 'median' | 'min' | 'max' | 'count';

export interface Computed {
  /** One sentence stating the result with its cells. */
  text: string;
  data: Record<string, unknown>;
  citations: Citation[];
}

export class AnalysisError extends Error {}

export const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function numbersOf(t: SheetTable, col: ColumnInfo): { row: number; value: number }[] {
  return dataRows(t).map((row) => ({ row, value: valueAt(t.sheet, row, col.col) })).filter((x): x is { row: number; value: number } => isNumber(x.value));
}

const labelOf = (t: SheetTable, row: number) => (t.labelCol === null ? `row ${row + 1}` : cellText(t.sheet, row, t.labelCol) || `row ${row + 1}`);
const columnCitation = (t: SheetTable, col: ColumnInfo): Citation => ({ sheet: t.sheet.name, range: col.range });
const cellCitation = (t: SheetTable, row: number, col: number): Citation => ({ sheet: t.sheet.name, range: a1(row, col) });

export function aggregate(t: SheetTable, col: ColumnInfo, op: Operation): Computed {
  const where = `${t.sheet.name}!${col.range}`;
  if (op === 'count') {
    const count = dataRows(t).filter((r) => cellText(t.sheet, r, col.col) !== '').length;
    return { text: `${col.header} has ${fmt(count)} non-empty value${count === 1 ? '' : 's'} (${where}).`, data: { operation: op, sheet: t.sheet.name, column: col.header, range: col.range, value: count }, citations: [columnCitation(t, col)] };
  }
  const values = numbersOf(t, col);
  if (!values.length) throw new AnalysisError(`Column ${col.header} of sheet ${t.sheet.name} holds no numbers.`);
  const base = { operation: op, sheet: t.sheet.name, column: col.header, range: col.range, count: values.length };
  if (op === 'min' || op === 'max') {
    const best = values.reduce((b, x) => ((op === 'max' ? x.value > b.value : x.value < b.value) ? x : b));
    const label = labelOf(t, best.row);
    const citations = [columnCitation(t, col), cellCitation(t, best.row, col.col)];
    if (t.labelCol !== null) citations.push(cellCitation(t, best.row, t.labelCol));
    return {
      text: `The ${op === 'max' ? 'highest' : 'lowest'} ${col.header} is ${fmt(best.value)}, for ${label} (${t.sheet.name}!${a1(best.row, col.col)}), among ${values.length} values in ${where}.`,
      data: { ...base, value: best.value, label, cell: a1(best.row, col.col) }, citations,
    };
  }
  const sorted = values.map((v) => v.value).sort((x, y) => x - y);
  const sum = sorted.reduce((s, v) => s + v, 0);
  const value = op === 'sum' ? sum : op === 'average' ? sum / sorted.length
    : sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const name = { sum: 'total', average: 'average', median: 'median' }[op];
  return { text: `The ${name} of ${col.header} is ${fmt(round(value))} over ${sorted.length} values (${where}${t.totalsRows.length ? ', totals row left out' : ''}).`, data: { ...base, value: round(value) }, citations: [columnCitation(t, col)] };
}

export function topN(t: SheetTable, col: ColumnInfo, n: number, order: 'desc' | 'asc'): Computed {
  const values = numbersOf(t, col);
  if (!values.length) throw new AnalysisError(`Column ${col.header} of sheet ${t.sheet.name} holds no numbers.`);
  const top = [...values].sort((x, y) => (order === 'desc' ? y.value - x.value : x.value - y.value) || x.row - y.row).slice(0, n);
  const rows = top.map((x) => ({ label: labelOf(t, x.row), value: x.value, cell: a1(x.row, col.col) }));
  const citations = [columnCitation(t, col)];
  if (t.labelCol !== null) {
    const labelCol = t.columns.find((c) => c.col === t.labelCol)!;
    citations.push(columnCitation(t, labelCol));
  }
  return {
    text: `${order === 'desc' ? 'Top' : 'Bottom'} ${rows.length} by ${col.header} (${t.sheet.name}!${col.range}): ${rows.map((r, i) => `${i + 1}. ${r.label} (${fmt(r.value)})`).join(', ')}.`,
    data: { operation: order === 'desc' ? 'top' : 'bottom', sheet: t.sheet.name, column: col.header, n: rows.length, rows }, citations,
  };
}

/** The data row whose label names the period (or equals the text), or null. */
export function rowNamed(t: SheetTable, name: string): number | null {
  if (t.labelCol === null) return null;
  const wanted = periodOfLabel(name)?.key ?? null;
  for (const r of dataRows(t)) {
    const label = cellText(t.sheet, r, t.labelCol);
    if (label.toLowerCase() === name.trim().toLowerCase() || (wanted && periodOfLabel(label)?.key === wanted)) return r;
  }
  return null;
}

function growthText(what: string, from: { label: string; value: number; at: string }, to: { label: string; value: number; at: string }) {
  const change = to.value - from.value;
  const percent = from.value === 0 ? null : change / Math.abs(from.value);
  const pctText = percent === null ? 'an undefined percentage (the starting value is 0)' : `${percent >= 0 ? '+' : ''}${fmt(round(percent * 100))}%`;
  return {
    text: `${what} went from ${fmt(from.value)} in ${from.label} (${from.at}) to ${fmt(to.value)} in ${to.label} (${to.at}): a change of ${change >= 0 ? '+' : ''}${fmt(round(change))}, ${pctText}.`,
    change: round(change), percent: percent === null ? null : round(percent * 100),
  };
}

/** Growth of a column between two rows named by their labels (periods down the rows); first to last row when no names are given. */
export function growth(t: SheetTable, col: ColumnInfo, fromName: string | null, toName: string | null): Computed {
  const rows = numbersOf(t, col);
  if (rows.length < 2) throw new AnalysisError(`Column ${col.header} of sheet ${t.sheet.name} needs at least two numbers for a growth.`);
  const pick = (name: string | null, fallback: { row: number }) => {
    if (name === null) return fallback.row;
    const r = rowNamed(t, name);
    if (r === null) throw new AnalysisError(`No row of sheet ${t.sheet.name} is labelled "${name}".`);
    return r;
  };
  const fromRow = pick(fromName, rows[0]);
  const toRow = pick(toName, rows[rows.length - 1]);
  const value = (r: number) => {
    const v = valueAt(t.sheet, r, col.col);
    if (!isNumber(v)) throw new AnalysisError(`${t.sheet.name}!${a1(r, col.col)} is not a number.`);
    return v;
  };
  const from = { label: labelOf(t, fromRow), value: value(fromRow), at: `${t.sheet.name}!${a1(fromRow, col.col)}` };
  const to = { label: labelOf(t, toRow), value: value(toRow), at: `${t.sheet.name}!${a1(toRow, col.col)}` };
  const g = growthText(col.header, from, to);
  const citations = [cellCitation(t, fromRow, col.col), cellCitation(t, toRow, col.col)];
  if (t.labelCol !== null) citations.push(cellCitation(t, fromRow, t.labelCol), cellCitation(t, toRow, t.labelCol));
  return {
    text: g.text,
    data: { operation: 'growth', sheet: t.sheet.name, column: col.header, from: { label: from.label, value: from.value, cell: a1(fromRow, col.col) }, to: { label: to.label, value: to.value, cell: a1(toRow, col.col) }, change: g.change, percent: g.percent },
    citations,
  };
}

/** Growth of the row named `rowName` between two period columns (periods across the header). */
export function growthAcross(t: SheetTable, rowName: string, fromCol: ColumnInfo, toCol: ColumnInfo): Computed {
  const row = rowNamed(t, rowName);
  if (row === null) throw new AnalysisError(`No row of sheet ${t.sheet.name} is labelled "${rowName}".`);
  const value = (c: ColumnInfo) => {
    const v = valueAt(t.sheet, row, c.col);
    if (!isNumber(v)) throw new AnalysisError(`${t.sheet.name}!${a1(row, c.col)} is not a number.`);
    return v;
  };
  const label = labelOf(t, row);
  const from = { label: fromCol.header, value: value(fromCol), at: `${t.sheet.name}!${a1(row, fromCol.col)}` };
  const to = { label: toCol.header, value: value(toCol), at: `${t.sheet.name}!${a1(row, toCol.col)}` };
  const g = growthText(label, from, to);
  return {
    text: g.text,
    data: { operation: 'growth', sheet: t.sheet.name, row: label, from: { label: from.label, value: from.value, cell: a1(row, fromCol.col) }, to: { label: to.label, value: to.value, cell: a1(row, toCol.col) }, change: g.change, percent: g.percent },
    citations: [cellCitation(t, row, fromCol.col), cellCitation(t, row, toCol.col), cellCitation(t, row, t.labelCol!)],
  };
}

/** Rows counted in the table (its data rows, totals left out). */
export function countRows(t: SheetTable): Computed {
  const rows = dataRows(t).filter((r) => t.columns.some((c) => cellText(t.sheet, r, c.col) !== ''));
  const range = `${a1(t.firstRow, t.firstCol)}:${a1(Math.max(t.firstRow, ...rows), t.lastCol)}`;
  return { text: `Sheet ${t.sheet.name} has ${fmt(rows.length)} data rows (${t.sheet.name}!${range}${t.totalsRows.length ? ', totals row left out' : ''}).`, data: { operation: 'count_rows', sheet: t.sheet.name, range, value: rows.length }, citations: [{ sheet: t.sheet.name, range }] };
}
