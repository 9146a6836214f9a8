// The builtin engine's answer to a question about a workbook: the question is read with fixed rules
// (which aggregate: total, average, median, minimum, maximum, count, top or bottom N, growth between
// two periods; which column: the header sharing most words with the question), the figure is computed
// by the same code the tools run, and the plan calls those tools, so the cells used become citations.
import type { AgentPlan, PlannedToolCall } from '../documents/agent/format-adapter.ts';
import type { WorkbookValues } from '../documents/excel/view/workbook-values.ts';
import { findPeriods } from '../projects/pipeline/facts/periods.ts';
import { aggregate, AnalysisError, countRows, growth, growthAcross, rowNamed, topN, type Computed, type Operation } from './workbook-aggregates.ts';
import { findColumn, workbookTables, type ColumnInfo, type SheetTable } from './workbook-view.ts';

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'is', 'it', 'what', 'whats', 'which', 'who', 'how', 'much', 'many', 'was', 'were', 'are', 'did', 'do', 'does', 'this', 'that', 'for', 'by', 'per', 'to', 'from', 'and', 'or', 'our', 'we', 'my', 'me', 'give', 'show', 'tell', 'list', 'between', 'total', 'sum', 'average', 'mean', 'median', 'highest', 'lowest', 'largest', 'smallest', 'maximum', 'minimum', 'max', 'min', 'top', 'bottom', 'most', 'least', 'count', 'number', 'growth', 'change', 'workbook', 'sheet', 'value', 'values', 'had', 'has', 'have', 'with', 'all', 'overall', 'there']);
const singular = (w: string) => (w.length > 3 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
const words = (s: string) => (s.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter((w) => !STOP.has(w)).map(singular);

interface Hit { t: SheetTable; col: ColumnInfo; score: number }

function columnHits(tables: SheetTable[], question: string): Hit[] {
  const asked = new Set(words(question));
  const hits: Hit[] = [];
  for (const t of tables) {
    const sheetBonus = words(t.sheet.name).some((w) => asked.has(w)) ? 0.5 : 0;
    for (const col of t.columns) {
      const header = words(col.header);
      const overlap = header.filter((w) => asked.has(w)).length;
      // More of the header named scores higher; a sheet named in the question breaks ties.
      if (overlap) hits.push({ t, col, score: overlap + overlap / header.length + sheetBonus });
    }
  }
  return hits.sort((a, b) => b.score - a.score);
}

type Intent = { op: 'growth' } | { op: 'top'; n: number; order: 'desc' | 'asc' } | { op: Operation } | { op: 'rows' } | { op: 'describe' };

function intentOf(q: string): Intent {
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

const call = (tool: string, args: Record<string, unknown>): PlannedToolCall => ({ tool, args });

function describe(tables: SheetTable[]): string {
  const sheets = tables.map((t) => `"${t.sheet.name}" (${t.lastRow - t.firstRow + 1 - t.totalsRows.length} data rows; columns ${t.columns.map((c) => c.header).join(', ')})`);
  return `The question does not name a column of the workbook in a way these rules can answer. It holds ${tables.length} sheet${tables.length === 1 ? '' : 's'} with data: ${sheets.join('; ')}. Ask for a total, average, median, minimum, maximum, count, top N or growth of one of these columns.`;
}

export function planQuestion(question: string, wb: WorkbookValues): AgentPlan {
  const tables = workbookTables(wb);
  const intent = intentOf(question);
  const hits = columnHits(tables, question);
  const numeric = hits.filter((h) => h.col.kind === 'number' || h.col.kind === 'mixed');
  const attempt = (f: () => { computed: Computed; calls: PlannedToolCall[] } | null): AgentPlan | null => {
    try {
      const r = f();
      return r && { calls: r.calls, summary: r.computed.text };
    } catch (err) {
      if (err instanceof AnalysisError) return { calls: [call('list_sheets', {})], summary: `${err.message} ${describe(tables)}` };
      throw err;
    }
  };
  const plan = attempt(() => {
    if (intent.op === 'rows') {
      const named = hits.find((h) => h.col.kind === 'text' || h.col.kind === 'date')?.t
        ?? tables.find((t) => words(t.sheet.name).some((w) => words(question).includes(w))) ?? (numeric.length ? null : tables[0]);
      if (named) return { computed: countRows(named), calls: [call('count_rows', { sheet: named.sheet.name })] };
      return { computed: aggregate(numeric[0].t, numeric[0].col, 'count'), calls: [call('aggregate', { sheet: numeric[0].t.sheet.name, column: numeric[0].col.header, operation: 'count' })] };
    }
    if (intent.op === 'growth') {
      const periods = findPeriods(question).map((p) => p.text);
      const [from, to] = periods.length >= 2 ? periods : [null, null];
      for (const h of numeric) {
        if (from === null || (rowNamed(h.t, from) !== null && rowNamed(h.t, to!) !== null)) {
          return { computed: growth(h.t, h.col, from, to), calls: [call('growth', { sheet: h.t.sheet.name, column: h.col.header, ...(from ? { from, to } : {}) })] };
        }
      }
      // Periods across the header: the row the question names, between the two period columns.
      for (const t of from ? tables : []) {
        const [fc, tc] = [findColumn(t, from!), findColumn(t, to!)];
        const raw = question.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
        const rowName = [...raw, ...words(question)].find((w) => !STOP.has(w.toLowerCase()) && rowNamed(t, w) !== null) ?? null;
        if (fc && tc && rowName) {
          return { computed: growthAcross(t, rowName, fc, tc), calls: [call('growth', { sheet: t.sheet.name, row: rowName, from: fc.header, to: tc.header })] };
        }
      }
      return null;
    }
    const best = numeric[0];
    if (!best || intent.op === 'describe') return null;
    if (intent.op === 'top') {
      return { computed: topN(best.t, best.col, intent.n, intent.order), calls: [call('top_n', { sheet: best.t.sheet.name, column: best.col.header, n: intent.n, order: intent.order })] };
    }
    const op = intent.op as Operation;
    return { computed: aggregate(best.t, best.col, op), calls: [call('aggregate', { sheet: best.t.sheet.name, column: best.col.header, operation: op })] };
  });
  return plan ?? { calls: [call('list_sheets', {})], summary: describe(tables) };
}
