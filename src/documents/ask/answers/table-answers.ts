// Questions about figures, read with fixed rules: which operation (total, average, median, minimum,
// maximum, count, top or bottom N, growth between two periods, or the value at one row and column),
// which column (the header sharing most words with the question) and which row (a row label the
// question names). The figure is computed by the same code the tools run, with its cells as citations.
import { findPeriods } from '../../../projects/pipeline/facts/periods.ts';
import type { AskTable } from '../ask-view.ts';
import { aggregate, AnalysisError, countRows, fmt, growth, growthAcross, rowNamed, topN, type Computed, type Operation } from '../tables/workbook-aggregates.ts';
import { a1, cellText, dataRows, findColumn, tableLabel, valueAt, type ColumnInfo } from '../tables/workbook.view.ts';

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'is', 'it', 'what', 'whats', 'which', 'who', 'how', 'much', 'many', 'was', 'were', 'are', 'did', 'do', 'does', 'this', 'that', 'for', 'by', 'per', 'to', 'from', 'and', 'or', 'our', 'we', 'my', 'me', 'give', 'show', 'tell', 'list', 'between', 'total', 'sum', 'average', 'mean', 'median', 'highest', 'lowest', 'largest', 'smallest', 'maximum', 'minimum', 'max', 'min', 'top', 'bottom', 'most', 'least', 'count', 'number', 'growth', 'change', 'workbook', 'sheet', 'value', 'values', 'had', 'has', 'have', 'with', 'all', 'overall', 'there', 'figure', 'figures', 'on', 'at']);
const singular = (w: string) => (w.length > 3 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
export const words = (s: string) => (s.toLowerCase().match(/[\p{L}][\p{L}\p{N}]*/gu) ?? []).filter((w) => !STOP.has(w)).map(singular);
const tokens = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(singular);

interface Hit { table: AskTable; col: ColumnInfo; score: number }

function columnHits(tables: AskTable[], question: string): Hit[] {
  const asked = new Set(words(question));
  const hits: Hit[] = [];
  for (const table of tables) {
    // A sheet (or, on a sheet of several, an Excel table: "expenses" for tblExpenses) named in the question breaks ties.
    const named = words(tableLabel(table.t)).some((w) => asked.has(w));
    const sheetBonus = named ? 0.5 : 0;
    let found = false;
    for (const col of table.t.columns) {
      const header = words(col.header);
      const overlap = header.filter((w) => asked.has(w)).length;
      // More of the header named scores higher.
      if (overlap) { hits.push({ table, col, score: overlap + overlap / header.length + sheetBonus }); found = true; }
    }
    // "the biggest expense" names the Expenses table, not a column of it: its figures are its first numeric column.
    const figures = table.t.columns.find((c) => c.kind === 'number');
    if (!found && named && table.t.name && figures) hits.push({ table, col: figures, score: 0.75 });
  }
  return hits.sort((a, b) => b.score - a.score);
}

export type Intent = { op: 'growth' } | { op: 'top'; n: number; order: 'desc' | 'asc' } | { op: Operation } | { op: 'rows' } | { op: 'describe' };

export function intentOf(q: string): Intent {
  const s = q.toLowerCase();
  if (/\b(growth|grow|grew|change[sd]?|increase[sd]?|decrease[sd]?|rise|rose|fall|fell|drop(ped)?|evolv(e|ed)|evolution)\b/.test(s)) return { op: 'growth' };
  const top = /\b(top|bottom)\s+(\d{1,3})\b/.exec(s) ?? /\b(\d{1,3})\s+(highest|largest|biggest|best|most|lowest|smallest|worst|least)\b/.exec(s);
  if (top) {
    const [n, word] = /^\d/.test(top[1]) ? [Number(top[1]), top[2]] : [Number(top[2]), top[1]];
    return { op: 'top', n, order: /bottom|lowest|smallest|worst|least/.test(word) ? 'asc' : 'desc' };
  }
  if (/\b(average|mean|avg)\b/.test(s)) return { op: 'average' };
  if (/\bmedian\b/.test(s)) return { op: 'median' };
  if (/\b(max(imum)?|highest|largest|biggest|peak|best|most)\b/.test(s)) return { op: 'max' };
  if (/\b(min(imum)?|lowest|smallest|least|fewest|worst)\b/.test(s)) return { op: 'min' };
  if (/\b(how many|number of|count)\b/.test(s) && !/\b(total|sum|in all|altogether|combined)\b/.test(s)) return { op: 'rows' };
  if (/\b(total|sum|overall|altogether|combined|how much|how many)\b/.test(s)) return { op: 'sum' };
  return { op: 'describe' };
}

export interface TableAnswer {
  table: AskTable;
  computed: Computed;
}

/** The row whose label the question names and the column it names: the value where they cross. */
function lookup(tables: AskTable[], question: string): TableAnswer | null {
  const asked = new Set(tokens(question));
  let best: { table: AskTable; row: number; col: ColumnInfo; score: number } | null = null;
  for (const table of tables) {
    const { t } = table;
    if (t.labelCol === null) continue;
    const cols = t.columns.filter((c) => c.col !== t.labelCol && c.kind !== 'empty').map((c) => ({ c, hw: tokens(c.header).filter((w) => !STOP.has(w)) }))
      .filter(({ hw }) => hw.length && hw.every((w) => asked.has(w)));
    if (!cols.length) continue;
    for (const row of dataRows(t)) {
      const lw = tokens(cellText(t.sheet, row, t.labelCol)).filter((w) => !STOP.has(w));
      if (!lw.length || !lw.every((w) => asked.has(w))) continue;
      for (const { c, hw } of cols) {
        if (hw.join(' ') === lw.join(' ')) continue;
        const score = lw.length + hw.length;
        if (!best || score > best.score) best = { table, row, col: c, score };
      }
    }
  }
  if (!best) return null;
  const { table, row, col } = best;
  const { t } = table;
  const label = cellText(t.sheet, row, t.labelCol!);
  const v = valueAt(t.sheet, row, col.col);
  const shown = typeof v === 'number' ? (cellText(t.sheet, row, col.col).endsWith('%') ? cellText(t.sheet, row, col.col) : fmt(v)) : cellText(t.sheet, row, col.col) || '(empty)';
  const at = a1(row, col.col);
  return {
    table,
    computed: {
      text: `${col.header} for ${label} is ${shown} (${t.sheet.name}!${at}).`,
      data: { operation: 'lookup', sheet: t.sheet.name, row: label, column: col.header, cell: at, value: v instanceof Date ? v.toISOString().slice(0, 10) : v },
      citations: [{ sheet: t.sheet.name, range: at }, { sheet: t.sheet.name, range: a1(row, t.labelCol!) }],
    },
  };
}

/** A figure the question asks for, or null when it names no column these rules can use; AnalysisError when the figure cannot be computed. */
export function answerFromTables(question: string, tables: AskTable[]): TableAnswer | null {
  const intent = intentOf(question);
  const hits = columnHits(tables, question);
  const numeric = hits.filter((h) => h.col.kind === 'number' || h.col.kind === 'mixed');
  if (intent.op === 'growth') {
    const periods = findPeriods(question).map((p) => p.text);
    const [from, to] = periods.length >= 2 ? periods : [null, null];
    for (const h of numeric) {
      if (from === null || (rowNamed(h.table.t, from) !== null && rowNamed(h.table.t, to!) !== null)) return { table: h.table, computed: growth(h.table.t, h.col, from, to) };
    }
    // Periods across the header: the row the question names, between the two period columns.
    for (const table of from ? tables : []) {
      const { t } = table;
      const [fc, tc] = [findColumn(t, from!), findColumn(t, to!)];
      const raw = question.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
      const rowName = [...raw, ...words(question)].find((w) => !STOP.has(w.toLowerCase()) && rowNamed(t, w) !== null) ?? null;
      if (fc && tc && rowName) return { table, computed: growthAcross(t, rowName, fc, tc) };
    }
    return null;
  }
  if (intent.op === 'top') {
    const best = numeric[0];
    return best ? { table: best.table, computed: topN(best.table.t, best.col, intent.n, intent.order) } : null;
  }
  const found = lookup(tables, question);
  if (found && intent.op !== 'rows') return found;
  if (intent.op === 'rows') {
    const asked = new Set(words(question));
    const named = hits.find((h) => h.col.kind === 'text' || h.col.kind === 'date')?.table
      ?? tables.find((x) => words(x.t.sheet.name).some((w) => asked.has(w)));
    if (named) return { table: named, computed: countRows(named.t) };
    if (numeric[0]) return { table: numeric[0].table, computed: aggregate(numeric[0].table.t, numeric[0].col, 'count') };
    return null;
  }
  const best = numeric[0];
  if (!best || intent.op === 'describe') return null;
  return { table: best.table, computed: aggregate(best.table.t, best.col, intent.op as Operation) };
}

export { AnalysisError };
