// Parses Excel formulas (without the leading `=`) into a small syntax tree: numbers, strings,
// booleans, errors, cell and range references (sheet-qualified, absolute, whole columns), structured
// table references (`Sales[Revenue]`), function calls, and Excel's operators with Excel's precedence
// (range, unary minus, percent, ^, * /, + -, &, comparisons; so -2^2 is 4, as in Excel).
import { parseCell, type RangePos } from '../a1.ts';

export type FormulaNode =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'err'; v: string }
  | { k: 'ref'; sheet: string | null; range: RangePos; wholeColumns: boolean }
  | { k: 'struct'; table: string; column: string | null; part: 'data' | 'all' | 'headers' | 'totals' }
  | { k: 'name'; name: string }
  | { k: 'fn'; name: string; args: FormulaNode[] }
  | { k: 'un'; op: '-' | '+'; a: FormulaNode }
  | { k: 'pct'; a: FormulaNode }
  | { k: 'bin'; op: string; a: FormulaNode; b: FormulaNode };

export class FormulaSyntaxError extends Error {}

const ERRORS = ['#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#N/A', '#NUM!', '#NULL!', '#SPILL!', '#CALC!'];
const COMPARISONS = ['<>', '<=', '>=', '=', '<', '>'];

class Parser {
  private readonly s: string;
  private i = 0;

  constructor(s: string) {
    this.s = s;
  }

  parse(): FormulaNode {
    const node = this.comparison();
    this.ws();
    if (this.i < this.s.length) throw this.fail(`unexpected "${this.s[this.i]}"`);
    return node;
  }

  private fail(msg: string): FormulaSyntaxError {
    return new FormulaSyntaxError(`${msg} at position ${this.i + 1} of "${this.s}"`);
  }

  private ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  private eat(tok: string): boolean {
    this.ws();
    if (this.s.startsWith(tok, this.i)) {
      this.i += tok.length;
      return true;
    }
    return false;
  }

  private comparison(): FormulaNode {
    let a = this.concat();
    for (;;) {
      this.ws();
      const op = COMPARISONS.find((c) => this.s.startsWith(c, this.i));
      if (!op) return a;
      this.i += op.length;
      a = { k: 'bin', op, a, b: this.concat() };
    }
  }

  private concat(): FormulaNode {
    let a = this.additive();
    while (this.eat('&')) a = { k: 'bin', op: '&', a, b: this.additive() };
    return a;
  }

  private additive(): FormulaNode {
    let a = this.multiplicative();
    for (;;) {
      if (this.eat('+')) a = { k: 'bin', op: '+', a, b: this.multiplicative() };
      else if (this.eat('-')) a = { k: 'bin', op: '-', a, b: this.multiplicative() };
      else return a;
    }
  }

  private multiplicative(): FormulaNode {
    let a = this.power();
    for (;;) {
      if (this.eat('*')) a = { k: 'bin', op: '*', a, b: this.power() };
      else if (this.eat('/')) a = { k: 'bin', op: '/', a, b: this.power() };
      else return a;
    }
  }

  private power(): FormulaNode {
    let a = this.percent();
    while (this.eat('^')) a = { k: 'bin', op: '^', a, b: this.percent() };
    return a;
  }

  private percent(): FormulaNode {
    let a = this.unary();
    while (this.eat('%')) a = { k: 'pct', a };
    return a;
  }

  private unary(): FormulaNode {
    if (this.eat('-')) return { k: 'un', op: '-', a: this.unary() };
    if (this.eat('+')) return { k: 'un', op: '+', a: this.unary() };
    return this.primary();
  }

  private primary(): FormulaNode {
    this.ws();
    const s = this.s;
    const ch = s[this.i];
    if (ch === undefined) throw this.fail('unexpected end of formula');
    if (ch === '(') {
      this.i++;
      const inner = this.comparison();
      if (!this.eat(')')) throw this.fail('missing ")"');
      return inner;
    }
    if (ch === '"') return { k: 'str', v: this.stringLiteral() };
    if (ch === '#') {
      const err = ERRORS.find((e) => s.toUpperCase().startsWith(e, this.i));
      if (!err) throw this.fail('unknown error value');
      this.i += err.length;
      return { k: 'err', v: err };
    }
    const num = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(s.slice(this.i));
    if (num && !/^\d+:/.test(s.slice(this.i))) {
      this.i += num[0].length;
      return { k: 'num', v: Number(num[0]) };
    }
    if (ch === "'") return this.reference(this.quotedSheet());
    const word = /^[A-Za-z_\\$][A-Za-z0-9_.$]*/.exec(s.slice(this.i));
    if (!word) throw this.fail(`unexpected "${ch}"`);
    const w = word[0];
    const after = this.i + w.length;
    if (s[after] === '!') {
      this.i = after + 1;
      return this.reference(w);
    }
    if (s[after] === '(') {
      this.i = after + 1;
      return { k: 'fn', name: w.toUpperCase().replace(/^_XLFN\./, ''), args: this.args() };
    }
    if (s[after] === '[') {
      this.i = after;
      return this.structured(w);
    }
    const ref = this.tryRange(null);
    if (ref) return ref;
    this.i = after;
    if (/^TRUE$/i.test(w)) return { k: 'bool', v: true };
    if (/^FALSE$/i.test(w)) return { k: 'bool', v: false };
    return { k: 'name', name: w };
  }

  private stringLiteral(): string {
    let out = '';
    this.i++;
    for (;;) {
      const j = this.s.indexOf('"', this.i);
      if (j < 0) throw this.fail('unterminated string');
      out += this.s.slice(this.i, j);
      this.i = j + 1;
      if (this.s[this.i] === '"') { out += '"'; this.i++; } else return out;
    }
  }

  private quotedSheet(): string {
    let out = '';
    this.i++;
    for (;;) {
      const j = this.s.indexOf("'", this.i);
      if (j < 0) throw this.fail('unterminated sheet name');
      out += this.s.slice(this.i, j);
      this.i = j + 1;
      if (this.s[this.i] === "'") { out += "'"; this.i++; continue; }
      if (this.s[this.i] !== '!') throw this.fail('a quoted sheet name must be followed by "!"');
      this.i++;
      return out;
    }
  }

  private reference(sheet: string): FormulaNode {
    const ref = this.tryRange(sheet);
    if (!ref) throw this.fail(`expected a cell or range after "${sheet}!"`);
    return ref;
  }

  /** A1, A1:B2 or A:B (whole columns) at the cursor; null (cursor unchanged) when there is none. */
  private tryRange(sheet: string | null): FormulaNode | null {
    const rest = this.s.slice(this.i);
    const cells = /^(\$?[A-Za-z]{1,3}\$?\d+)(?:\s*:\s*(\$?[A-Za-z]{1,3}\$?\d+))?(?![A-Za-z0-9_(\[])/.exec(rest);
    if (cells) {
      const a = parseCell(cells[1]);
      const b = cells[2] ? parseCell(cells[2]) : a;
      if (a && b) {
        this.i += cells[0].length;
        const range = { start: { row: Math.min(a.row, b.row), col: Math.min(a.col, b.col) }, end: { row: Math.max(a.row, b.row), col: Math.max(a.col, b.col) } };
        return { k: 'ref', sheet, range, wholeColumns: false };
      }
    }
    const cols = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})(?![A-Za-z0-9_(])/.exec(rest);
    if (cols) {
      const a = parseCell(`${cols[1]}1`);
      const b = parseCell(`${cols[2]}1`);
      if (a && b) {
        this.i += cols[0].length;
        return { k: 'ref', sheet, range: { start: { row: 0, col: Math.min(a.col, b.col) }, end: { row: 1_048_575, col: Math.max(a.col, b.col) } }, wholeColumns: true };
      }
    }
    return null;
  }

  /** `Table[Column]`, `Table[#Totals]`, `Table[[#Totals],[Column]]`, `Table[]`. */
  private structured(table: string): FormulaNode {
    const end = this.matchingBracket(this.i);
    const inside = this.s.slice(this.i + 1, end).trim();
    this.i = end + 1;
    const parts = inside.startsWith('[') ? [...inside.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].trim()) : inside ? [inside] : [];
    let part: 'data' | 'all' | 'headers' | 'totals' = 'data';
    let column: string | null = null;
    for (const p of parts) {
      const lower = p.toLowerCase();
      if (lower === '#all') part = 'all';
      else if (lower === '#headers') part = 'headers';
      else if (lower === '#totals') part = 'totals';
      else if (lower === '#data') part = 'data';
      else column = p.replace(/'(.)/g, '$1');
    }
    return { k: 'struct', table, column, part };
  }

  private matchingBracket(open: number): number {
    let depth = 0;
    for (let j = open; j < this.s.length; j++) {
      if (this.s[j] === "'" ) { j++; continue; }
      if (this.s[j] === '[') depth++;
      else if (this.s[j] === ']' && --depth === 0) return j;
    }
    throw this.fail('missing "]"');
  }

  private args(): FormulaNode[] {
    const args: FormulaNode[] = [];
    if (this.eat(')')) return args;
    for (;;) {
      this.ws();
      // An omitted argument (`IF(A1,,2)`) counts as empty.
      if (this.s[this.i] === ',' || this.s[this.i] === ')') args.push({ k: 'name', name: '' });
      else args.push(this.comparison());
      if (this.eat(',')) continue;
      if (this.eat(')')) return args;
      throw this.fail('expected "," or ")"');
    }
  }
}

export function parseFormula(formula: string): FormulaNode {
  return new Parser(formula.trim().replace(/^=/, '')).parse();
}

/** Every reference in a formula, for dependency checks and for telling the agent about missing sheets. */
export function formulaReferences(node: FormulaNode, out: FormulaNode[] = []): FormulaNode[] {
  switch (node.k) {
    case 'ref': case 'struct': case 'name': out.push(node); break;
    case 'fn': node.args.forEach((a) => formulaReferences(a, out)); break;
    case 'un': case 'pct': formulaReferences(node.a, out); break;
    case 'bin': formulaReferences(node.a, out); formulaReferences(node.b, out); break;
  }
  return out;
}
