// The worksheet functions the evaluator computes: the ones business workbooks are built from (sums,
// averages, growth, lookups, conditionals, rounding, text joins, dates, loan and savings payments). Any other function leaves its
// cell for Excel to compute on open (Uncomputable), rather than guessing.
import type { FormulaNode } from './formula-parser.ts';
import {
  compare, criteriaMatcher, dateToSerial, ERR, flatten, isMatrix, numbersOf, serialToDate, single, toBool, toNumber, toText,
  Uncomputable, XlError, type Matrix, type Scalar, type XlValue,
} from './formula-values.ts';

export interface FunctionContext {
  eval(node: FormulaNode): XlValue;
}

type Fn = (args: FormulaNode[], cx: FunctionContext) => XlValue;

const all = (args: FormulaNode[], cx: FunctionContext) => args.map((a) => cx.eval(a));
const scalarArg = (cx: FunctionContext, node: FormulaNode | undefined, fallback: Scalar = null): Scalar => (node ? single(cx.eval(node)) : fallback);

function numberArg(cx: FunctionContext, node: FormulaNode | undefined, fallback?: number): number | XlError {
  if (!node || (node.k === 'name' && node.name === '')) {
    if (fallback === undefined) return ERR.value;
    return fallback;
  }
  return toNumber(scalarArg(cx, node));
}

function aggregate(reduce: (ns: number[]) => number | XlError): Fn {
  return (args, cx) => {
    const ns = numbersOf(all(args, cx));
    return ns instanceof XlError ? ns : reduce(ns);
  };
}

const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);
const average = (ns: number[]) => (ns.length ? sum(ns) / ns.length : ERR.div0);
const median = (ns: number[]) => {
  if (!ns.length) return ERR.num;
  const s = [...ns].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * PMT(rate, nper, pv, [fv], [type]) and FV(rate, nper, pmt, [pv], [type]), as Excel computes them: the
 * optional arguments default to 0; a result that is not a finite number is #NUM!.
 */
function finance(f: (rate: number, nper: number, third: number, fourth: number, type: number) => number): Fn {
  return (args, cx) => {
    const ns = [0, 1, 2, 3, 4].map((i) => numberArg(cx, args[i], i >= 3 ? 0 : undefined));
    const bad = ns.find((n) => n instanceof XlError);
    if (bad !== undefined) return bad;
    const [rate, nper, third, fourth, type] = ns as number[];
    if (nper === 0) return ERR.num;
    const v = f(rate, nper, third, fourth, type ? 1 : 0);
    return Number.isFinite(v) ? v : ERR.num;
  };
}

function roundTo(mode: 'round' | 'up' | 'down'): Fn {
  return (args, cx) => {
    const n = numberArg(cx, args[0]);
    const d = numberArg(cx, args[1], 0);
    if (n instanceof XlError) return n;
    if (d instanceof XlError) return d;
    const f = 10 ** Math.trunc(d);
    const x = Math.abs(n) * f;
    // Excel rounds half away from zero, on the decimal value (2.675 to 2 places is 2.68).
    const scaled = Number(x.toPrecision(15));
    const r = mode === 'round' ? Math.round(scaled) : mode === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
    return (Math.sign(n) * r) / f;
  };
}

function matrixArg(cx: FunctionContext, node: FormulaNode | undefined): Matrix | XlError {
  if (!node) return ERR.value;
  const v = cx.eval(node);
  if (v instanceof XlError) return v;
  return isMatrix(v) ? v : { cells: [[v]] };
}

function ifAggregate(kind: 'sum' | 'count' | 'average'): Fn {
  return (args, cx) => {
    const range = matrixArg(cx, args[0]);
    if (range instanceof XlError) return range;
    const test = criteriaMatcher(scalarArg(cx, args[1]));
    const target = kind === 'count' ? range : args[2] ? matrixArg(cx, args[2]) : range;
    if (target instanceof XlError) return target;
    const picked: number[] = [];
    let count = 0;
    range.cells.forEach((row, r) => row.forEach((v, c) => {
      if (!test(v)) return;
      count++;
      const t = target.cells[r]?.[c];
      if (typeof t === 'number') picked.push(t);
    }));
    if (kind === 'count') return count;
    return kind === 'sum' ? sum(picked) : average(picked);
  };
}

function lookupIndex(list: Scalar[], key: Scalar, approximate: boolean): number {
  if (!approximate) {
    const test = criteriaMatcher(key);
    return list.findIndex((v) => (typeof key === 'string' ? test(v) : v !== null && compare(v, key) === 0));
  }
  let found = -1;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === null) continue;
    if (compare(list[i], key) <= 0) found = i;
    else break;
  }
  return found;
}

const SUBTOTAL: Record<number, (ns: number[]) => number | XlError> = {
  1: average, 2: (ns) => ns.length, 4: (ns) => (ns.length ? Math.max(...ns) : 0), 5: (ns) => (ns.length ? Math.min(...ns) : 0), 6: (ns) => ns.reduce((p, n) => p * n, 1), 9: sum, 10: (ns) => {
    if (ns.length < 2) return ERR.div0;
    const m = sum(ns) / ns.length;
    return sum(ns.map((n) => (n - m) ** 2)) / (ns.length - 1);
  },
};

function textJoin(parts: XlValue[]): string | XlError {
  let out = '';
  for (const { value } of flatten(parts)) {
    const t = toText(value);
    if (t instanceof XlError) return t;
    out += t;
  }
  return out;
}

export const FUNCTIONS: Record<string, Fn> = {
  SUM: aggregate(sum),
  AVERAGE: aggregate(average),
  MIN: aggregate((ns) => (ns.length ? Math.min(...ns) : 0)),
  MAX: aggregate((ns) => (ns.length ? Math.max(...ns) : 0)),
  MEDIAN: aggregate(median),
  PRODUCT: aggregate((ns) => ns.reduce((p, n) => p * n, 1)),
  COUNT: (args, cx) => flatten(all(args, cx)).filter(({ value, fromRange }) => typeof value === 'number' || (!fromRange && !(toNumber(value as Scalar) instanceof XlError) && value !== null)).length,
  COUNTA: (args, cx) => flatten(all(args, cx)).filter(({ value }) => value !== null).length,
  COUNTBLANK: (args, cx) => flatten(all(args, cx)).filter(({ value }) => value === null || value === '').length,
  SUMIF: ifAggregate('sum'),
  COUNTIF: ifAggregate('count'),
  AVERAGEIF: ifAggregate('average'),
  SUMPRODUCT: (args, cx) => {
    const ms = args.map((a) => matrixArg(cx, a));
    const bad = ms.find((m) => m instanceof XlError);
    if (bad) return bad as XlError;
    const [first, ...rest] = ms as Matrix[];
    let total = 0;
    first.cells.forEach((row, r) => row.forEach((v, c) => {
      let p = typeof v === 'number' ? v : 0;
      for (const m of rest) { const w = m.cells[r]?.[c]; p *= typeof w === 'number' ? w : 0; }
      total += p;
    }));
    return total;
  },
  SUBTOTAL: (args, cx) => {
    const code = numberArg(cx, args[0]);
    if (code instanceof XlError) return code;
    const f = SUBTOTAL[Math.trunc(code) % 100];
    if (!f) throw new Uncomputable(`SUBTOTAL(${code})`);
    const ns = numbersOf(args.slice(1).map((a) => cx.eval(a)));
    return ns instanceof XlError ? ns : f(ns);
  },
  PMT: finance((r, n, pv, fv, type) => (r === 0 ? -(pv + fv) / n : -(r * (pv * (1 + r) ** n + fv)) / ((1 + r * type) * ((1 + r) ** n - 1)))),
  FV: finance((r, n, pmt, pv, type) => (r === 0 ? -(pv + pmt * n) : -(pv * (1 + r) ** n + (pmt * (1 + r * type) * ((1 + r) ** n - 1)) / r))),
  ROUND: roundTo('round'),
  ROUNDUP: roundTo('up'),
  ROUNDDOWN: roundTo('down'),
  ABS: (args, cx) => { const n = numberArg(cx, args[0]); return n instanceof XlError ? n : Math.abs(n); },
  SQRT: (args, cx) => { const n = numberArg(cx, args[0]); return n instanceof XlError ? n : n < 0 ? ERR.num : Math.sqrt(n); },
  POWER: (args, cx) => {
    const a = numberArg(cx, args[0]); const b = numberArg(cx, args[1]);
    if (a instanceof XlError) return a;
    if (b instanceof XlError) return b;
    const r = a ** b;
    return Number.isFinite(r) ? r : ERR.num;
  },
  IF: (args, cx) => {
    const cond = toBool(scalarArg(cx, args[0]));
    if (cond instanceof XlError) return cond;
    const branch = cond ? args[1] : args[2];
    if (!branch) return cond ? 0 : false;
    return branch.k === 'name' && branch.name === '' ? 0 : cx.eval(branch);
  },
  IFERROR: (args, cx) => {
    const v = cx.eval(args[0]);
    return single(v) instanceof XlError ? (args[1] ? cx.eval(args[1]) : '') : v;
  },
  AND: (args, cx) => {
    for (const { value } of flatten(all(args, cx))) { const b = toBool(value); if (b instanceof XlError) return b; if (!b) return false; }
    return true;
  },
  OR: (args, cx) => {
    for (const { value } of flatten(all(args, cx))) { const b = toBool(value); if (b instanceof XlError) return b; if (b) return true; }
    return false;
  },
  NOT: (args, cx) => { const b = toBool(scalarArg(cx, args[0])); return b instanceof XlError ? b : !b; },
  ROWS: (args, cx) => { const v = cx.eval(args[0]); return isMatrix(v) ? v.cells.length : v instanceof XlError ? v : 1; },
  COLUMNS: (args, cx) => { const v = cx.eval(args[0]); return isMatrix(v) ? v.cells[0]?.length ?? 0 : v instanceof XlError ? v : 1; },
  ISBLANK: (args, cx) => scalarArg(cx, args[0]) === null,
  ISNUMBER: (args, cx) => typeof scalarArg(cx, args[0]) === 'number',
  ISERROR: (args, cx) => scalarArg(cx, args[0]) instanceof XlError,
  CONCATENATE: (args, cx) => textJoin(all(args, cx)),
  CONCAT: (args, cx) => textJoin(all(args, cx)),
  LEN: (args, cx) => { const t = toText(scalarArg(cx, args[0])); return t instanceof XlError ? t : t.length; },
  UPPER: (args, cx) => { const t = toText(scalarArg(cx, args[0])); return t instanceof XlError ? t : t.toUpperCase(); },
  LOWER: (args, cx) => { const t = toText(scalarArg(cx, args[0])); return t instanceof XlError ? t : t.toLowerCase(); },
  TRIM: (args, cx) => { const t = toText(scalarArg(cx, args[0])); return t instanceof XlError ? t : t.trim().replace(/ +/g, ' '); },
  DATE: (args, cx) => {
    const [y, m, d] = [numberArg(cx, args[0]), numberArg(cx, args[1]), numberArg(cx, args[2])];
    for (const x of [y, m, d]) if (x instanceof XlError) return x;
    return dateToSerial(new Date(Date.UTC(y as number, (m as number) - 1, d as number)));
  },
  YEAR: (args, cx) => { const n = numberArg(cx, args[0]); return n instanceof XlError ? n : serialToDate(n).getUTCFullYear(); },
  MONTH: (args, cx) => { const n = numberArg(cx, args[0]); return n instanceof XlError ? n : serialToDate(n).getUTCMonth() + 1; },
  DAY: (args, cx) => { const n = numberArg(cx, args[0]); return n instanceof XlError ? n : serialToDate(n).getUTCDate(); },
  VLOOKUP: (args, cx) => {
    const key = scalarArg(cx, args[0]);
    const table = matrixArg(cx, args[1]);
    const col = numberArg(cx, args[2]);
    if (table instanceof XlError) return table;
    if (col instanceof XlError) return col;
    const approximate = args[3] ? toBool(scalarArg(cx, args[3])) !== false : true;
    const i = lookupIndex(table.cells.map((r) => r[0] ?? null), key, approximate);
    if (i < 0) return ERR.na;
    if (col < 1 || col > (table.cells[0]?.length ?? 0)) return ERR.ref;
    return table.cells[i][Math.trunc(col) - 1] ?? null;
  },
  MATCH: (args, cx) => {
    const key = scalarArg(cx, args[0]);
    const list = matrixArg(cx, args[1]);
    if (list instanceof XlError) return list;
    const type = numberArg(cx, args[2], 1);
    if (type instanceof XlError) return type;
    if (type < 0) throw new Uncomputable('MATCH with match_type -1');
    const i = lookupIndex(list.cells.flat(), key, type > 0);
    return i < 0 ? ERR.na : i + 1;
  },
  INDEX: (args, cx) => {
    const m = matrixArg(cx, args[0]);
    if (m instanceof XlError) return m;
    let r = numberArg(cx, args[1], 0);
    let c = numberArg(cx, args[2], 0);
    if (r instanceof XlError) return r;
    if (c instanceof XlError) return c;
    if (m.cells.length === 1 && args.length === 2) { c = r; r = 1; }
    if (r === 0 || c === 0) {
      if (r === 0 && c === 0) return m;
      if (r === 0) return { cells: m.cells.map((row) => [row[c - 1] ?? null]) };
      return { cells: [m.cells[r - 1] ?? []] };
    }
    if (r > m.cells.length || c > (m.cells[0]?.length ?? 0) || r < 0 || c < 0) return ERR.ref;
    return m.cells[r - 1][c - 1] ?? null;
  },
};
