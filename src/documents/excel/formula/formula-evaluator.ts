// Computes formula results, so a written file carries them (readers that do not recalculate, chart
// caches, CSV exports, and the agent reading its own work all see numbers). Cells are evaluated on
// demand with memoization, over any workbook that can answer for its cells (the document being edited,
// or a read-only snapshot). A cycle, an unknown function or a defined name makes a cell Uncomputable:
// its cached result (what Excel last computed) stands, or Excel computes it when the file opens.
import { rangeSize, type RangePos } from '../a1.ts';
import { FUNCTIONS } from './formula-functions.ts';
import { parseFormula, type FormulaNode } from './formula-parser.ts';
import {
  compare, dateToSerial, ERR, single, toNumber, toText, Uncomputable, XlError, type Scalar, type XlValue,
} from './formula-values.ts';

export type FormulaCellValue = string | number | boolean | Date | null;

/** A sheet as the evaluator reads it. `key` is unique in the workbook. */
export interface FormulaSheet {
  readonly key: string;
  readonly name: string;
  /** The cell at 0-based row and column: its value (a formula's cached result) and formula; `array`: keep the cached result. */
  cell(row: number, col: number): { value: FormulaCellValue; formula?: string; array?: boolean } | undefined;
  /** Rows in use (whole-column references stop there). */
  usedRows(): number;
}

export interface FormulaTable {
  sheet: FormulaSheet;
  range: RangePos;
  columns: { name: string }[];
  totalsRow: boolean;
}

export interface FormulaBook {
  sheet(name: string): FormulaSheet | undefined;
  table(name: string): FormulaTable | undefined;
  /** A defined name's formula as seen from a sheet (its own name of that sheet first, else the workbook's). */
  name?(name: string, from: FormulaSheet | undefined): string | undefined;
}

const PENDING = Symbol('pending');
/** Chains of formulas deeper than this (A2=A1+1 down 10,000 rows) take their cached results past it, rather than the stack. */
const MAX_DEPTH = 400;
const UNCOMPUTABLE = Symbol('uncomputable');

function cellScalar(cell: { value: FormulaCellValue; formula?: string } | undefined): Scalar {
  const v = cell?.value ?? null;
  if (v instanceof Date) return dateToSerial(v);
  if (typeof v === 'string' && /^#(DIV\/0!|VALUE!|REF!|NAME\?|N\/A|NUM!|NULL!)$/.test(v) && cell?.formula) return new XlError(v);
  return v;
}

function arithmetic(op: string, a: Scalar, b: Scalar): Scalar {
  const x = toNumber(a);
  if (x instanceof XlError) return x;
  const y = toNumber(b);
  if (y instanceof XlError) return y;
  let r: number;
  switch (op) {
    case '+': r = x + y; break;
    case '-': r = x - y; break;
    case '*': r = x * y; break;
    case '/': if (y === 0) return ERR.div0; r = x / y; break;
    default: r = x ** y;
  }
  return Number.isFinite(r) ? r : ERR.num;
}

export class WorkbookEvaluator {
  private readonly wb: FormulaBook;
  private readonly memo = new Map<string, Scalar | typeof PENDING | typeof UNCOMPUTABLE>();
  private readonly parsed = new Map<string, FormulaNode>();
  private sheet: FormulaSheet | null = null;
  private depth = 0;
  /** Defined names being computed, to refuse one that leads back to itself. */
  private readonly naming = new Set<string>();

  constructor(wb: FormulaBook) {
    this.wb = wb;
  }

  /**
   * The value of a cell (a formula's result). A formula that cannot be computed here gives its cached
   * result when it has one; otherwise Uncomputable is thrown.
   */
  valueAt(sheet: FormulaSheet, r: number, c: number): Scalar {
    const key = `${sheet.key}:${r}:${c}`;
    const known = this.memo.get(key);
    if (known === PENDING || known === UNCOMPUTABLE) throw new Uncomputable(`cell ${key}`);
    if (known !== undefined) return known;
    const cell = sheet.cell(r, c);
    if (cell?.formula === undefined || cell.array) return cellScalar(cell);
    this.memo.set(key, PENDING);
    const outer = this.sheet;
    this.sheet = sheet;
    this.depth++;
    try {
      if (this.depth > MAX_DEPTH) throw new Uncomputable('formula chain too deep');
      const result = single(this.eval(this.parse(cell.formula)));
      this.memo.set(key, result);
      return result;
    } catch (err) {
      if (!(err instanceof Uncomputable)) throw err;
      if (cell.value !== null && cell.value !== undefined) {
        const cached = cellScalar({ value: cell.value, formula: cell.formula });
        this.memo.set(key, cached);
        return cached;
      }
      this.memo.set(key, UNCOMPUTABLE);
      throw err;
    } finally {
      this.sheet = outer;
      this.depth--;
    }
  }

  /** The value of a cell as a cell holds it (null for what cannot be computed here). */
  resultAt(sheet: FormulaSheet, r: number, c: number): FormulaCellValue {
    try {
      return toCellValue(this.valueAt(sheet, r, c));
    } catch (err) {
      if (!(err instanceof Uncomputable)) throw err;
      return null;
    }
  }

  private parse(formula: string): FormulaNode {
    let node = this.parsed.get(formula);
    if (!node) {
      try {
        node = parseFormula(formula);
      } catch {
        throw new Uncomputable('unparsable formula');
      }
      this.parsed.set(formula, node);
    }
    return node;
  }

  private rangeValue(sheet: FormulaSheet, range: RangePos): XlValue {
    const { rows, cols } = rangeSize(range);
    if (rows === 1 && cols === 1) return this.valueAt(sheet, range.start.row, range.start.col);
    const cells: Scalar[][] = [];
    for (let r = range.start.row; r <= range.end.row; r++) {
      const row: Scalar[] = [];
      for (let c = range.start.col; c <= range.end.col; c++) row.push(this.valueAt(sheet, r, c));
      cells.push(row);
    }
    return { cells };
  }

  eval(node: FormulaNode): XlValue {
    switch (node.k) {
      case 'num': return node.v;
      case 'str': return node.v;
      case 'bool': return node.v;
      case 'err': return new XlError(node.v);
      case 'ref': {
        const sheet = node.sheet === null ? this.sheet! : this.wb.sheet(node.sheet);
        // A sheet of another workbook ([1]Sheet1, '[Book.xlsx]Sheet1'): its cells are not here.
        if (!sheet && node.sheet!.includes(']')) throw new Uncomputable(`external reference ${node.sheet}`);
        if (!sheet) return ERR.ref;
        let range = node.range;
        if (node.wholeColumns) {
          const used = sheet.usedRows() - 1;
          range = { start: range.start, end: { row: Math.max(0, used), col: range.end.col } };
        }
        return this.rangeValue(sheet, range);
      }
      case 'struct': return this.structured(node);
      case 'name': {
        if (node.name === '') return null;
        const text = this.wb.name?.(node.name, this.sheet ?? undefined);
        // (A name that leads back to itself cannot be computed, as in Excel.)
        if (text === undefined || this.naming.has(node.name.toLowerCase())) throw new Uncomputable(`name ${node.name}`);
        this.naming.add(node.name.toLowerCase());
        try {
          return this.eval(this.parse(text));
        } finally {
          this.naming.delete(node.name.toLowerCase());
        }
      }
      case 'fn': {
        const fn = FUNCTIONS[node.name];
        if (!fn) throw new Uncomputable(`function ${node.name}`);
        return fn(node.args, this);
      }
      case 'un': {
        const v = single(this.eval(node.a));
        return node.op === '-' ? arithmetic('-', 0, v) : v;
      }
      case 'pct': return arithmetic('/', single(this.eval(node.a)), 100);
      case 'bin': {
        const a = single(this.eval(node.a));
        const b = single(this.eval(node.b));
        if (a instanceof XlError) return a;
        if (b instanceof XlError) return b;
        if (node.op === '&') {
          const x = toText(a);
          const y = toText(b);
          return x instanceof XlError ? x : y instanceof XlError ? y : x + y;
        }
        if (['=', '<>', '<', '>', '<=', '>='].includes(node.op)) {
          const c = compare(a, b);
          return node.op === '=' ? c === 0 : node.op === '<>' ? c !== 0 : node.op === '<' ? c < 0 : node.op === '>' ? c > 0 : node.op === '<=' ? c <= 0 : c >= 0;
        }
        return arithmetic(node.op, a, b);
      }
    }
  }

  private structured(node: Extract<FormulaNode, { k: 'struct' }>): XlValue {
    const table = this.wb.table(node.table);
    if (!table) throw new Uncomputable(`table ${node.table}`);
    const { sheet } = table;
    const first = table.range.start.row;
    const last = table.range.end.row;
    const dataEnd = table.totalsRow ? last - 1 : last;
    let cols = { start: table.range.start.col, end: table.range.end.col };
    if (node.column !== null) {
      const i = table.columns.findIndex((c) => c.name.toLowerCase() === node.column!.toLowerCase());
      if (i < 0) return ERR.ref;
      cols = { start: table.range.start.col + i, end: table.range.start.col + i };
    }
    const rows = node.part === 'all' ? [first, last] : node.part === 'headers' ? [first, first] : node.part === 'totals' ? [last, last] : [first + 1, dataEnd];
    if (rows[1] < rows[0] || (node.part === 'totals' && !table.totalsRow)) return ERR.ref;
    return this.rangeValue(sheet, { start: { row: rows[0], col: cols.start }, end: { row: rows[1], col: cols.end } });
  }
}

function toCellValue(v: Scalar): FormulaCellValue {
  if (v === null) return 0;
  if (v instanceof XlError) return v.code;
  return v;
}
