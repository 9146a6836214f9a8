// References inside formula text, found by one tokenizer: strings, structured references ([...]),
// function names and defined names are skipped; each A1 reference (a cell, an area, whole columns or
// whole rows) is handed to a visitor with the sheet it names (`Sales!`, `'Q1 Plan'!`), and the visitor
// may write it again. Two users: moving a formula by whole rows and columns as Excel does when a formula
// is filled (a shared formula's dependents are the master's text moved to their cell: absolute parts
// stay, a reference moved off the grid becomes #REF!), and inserting or deleting rows and columns
// (formula-insert.ts).
import { columnIndex, columnLetters, MAX_COLS, MAX_ROWS } from '../a1.ts';

const AREA = /(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7}):(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(.!])/y;
const CELL = /(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(.!])/y;
const COLS = /(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})(?![A-Za-z0-9_(.!])/y;
const ROWS = /(\$?)(\d{1,7}):(\$?)(\d{1,7})(?![A-Za-z0-9_(.!:])/y;
/** An unquoted sheet name before `!` (or a 3-D span of two, `Jan:Mar!`). */
const SHEET = /([A-Za-z_\\][\w.\\]*)(?::([A-Za-z_\\][\w.\\]*))?!/y;
const WORD = /[A-Za-z0-9_.$\\]/;

/** One end of a reference: a 0-based index and whether it is absolute ($). */
export interface RefEnd {
  index: number;
  abs: boolean;
}

/**
 * A reference as found: `cell` (B7), `area` (A1:C9), `cols` (A:C) or `rows` (2:5). Cells and areas have
 * both axes; whole columns have no rows and whole rows no columns.
 */
export interface FormulaRef {
  kind: 'cell' | 'area' | 'cols' | 'rows';
  cols: [RefEnd, RefEnd] | null;
  rows: [RefEnd, RefEnd] | null;
}

/**
 * The sheet a reference names: null when none (the formula's own sheet); `external` when it is in another
 * workbook (`[1]Sheet1!A1`); `span` when it is a 3-D reference over several sheets.
 */
export interface RefSheet {
  name: string | null;
  external: boolean;
  span: boolean;
}

/** What a visitor returns: the reference's new text, or null to keep it as it was. */
export type RefVisitor = (ref: FormulaRef, sheet: RefSheet) => string | null;

const end = (abs: string, index: number): RefEnd => ({ index, abs: abs === '$' });

function parseAt(formula: string, i: number): { ref: FormulaRef; length: number } | null {
  for (const re of [AREA, COLS, ROWS, CELL]) {
    re.lastIndex = i;
    const m = re.exec(formula);
    if (!m) continue;
    let ref: FormulaRef;
    if (re === AREA) ref = { kind: 'area', cols: [end(m[1], columnIndex(m[2])), end(m[5], columnIndex(m[6]))], rows: [end(m[3], Number(m[4]) - 1), end(m[7], Number(m[8]) - 1)] };
    else if (re === CELL) ref = { kind: 'cell', cols: [end(m[1], columnIndex(m[2])), end(m[1], columnIndex(m[2]))], rows: [end(m[3], Number(m[4]) - 1), end(m[3], Number(m[4]) - 1)] };
    else if (re === COLS) ref = { kind: 'cols', cols: [end(m[1], columnIndex(m[2])), end(m[3], columnIndex(m[4]))], rows: null };
    else ref = { kind: 'rows', cols: null, rows: [end(m[1], Number(m[2]) - 1), end(m[3], Number(m[4]) - 1)] };
    return { ref, length: m[0].length };
  }
  return null;
}

/** A reference written out; null when one of its ends is off the grid. */
export function refText(ref: FormulaRef): string | null {
  const c = (e: RefEnd) => (e.index < 0 || e.index >= MAX_COLS ? null : `${e.abs ? '$' : ''}${columnLetters(e.index)}`);
  const r = (e: RefEnd) => (e.index < 0 || e.index >= MAX_ROWS ? null : `${e.abs ? '$' : ''}${e.index + 1}`);
  const parts: (string | null)[] = [];
  if (ref.kind === 'cols') parts.push(c(ref.cols![0]), ':', c(ref.cols![1]));
  else if (ref.kind === 'rows') parts.push(r(ref.rows![0]), ':', r(ref.rows![1]));
  else {
    parts.push(c(ref.cols![0]), r(ref.rows![0]));
    if (ref.kind === 'area') parts.push(':', c(ref.cols![1]), r(ref.rows![1]));
  }
  return parts.includes(null) ? null : parts.join('');
}

const NO_SHEET: RefSheet = { name: null, external: false, span: false };

/** The formula with each reference passed through `visit`. */
export function mapReferences(formula: string, visit: RefVisitor): string {
  let out = '';
  let i = 0;
  const n = formula.length;
  let sheet: RefSheet = NO_SHEET;
  let external = false;
  while (i < n) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      // A string, or a quoted sheet name: its doubled quotes are part of it.
      let j = i + 1;
      while (j < n && !(formula[j] === ch && formula[j + 1] !== ch)) j += formula[j] === ch ? 2 : 1;
      out += formula.slice(i, j + 1);
      if (ch === "'" && formula[j + 1] === '!') {
        const name = formula.slice(i + 1, j).replace(/''/g, "'");
        sheet = { name, external: external || name.includes(']'), span: /^[^:]+:[^:]+$/.test(name) };
        out += '!';
        i = j + 2;
        external = false;
        const ref = parseAt(formula, i);
        if (ref) {
          out += visit(ref.ref, sheet) ?? formula.slice(i, i + ref.length);
          i += ref.length;
        }
        sheet = NO_SHEET;
        continue;
      }
      i = j + 1;
      continue;
    }
    if (ch === '[') {
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        if (formula[j] === '[') depth++;
        else if (formula[j] === ']' && --depth === 0) break;
      }
      out += formula.slice(i, j + 1);
      // `[1]Sheet1!A1` (an external workbook's sheet) or `[1]!Name`.
      external = /^[A-Za-z_\\'!]/.test(formula[j + 1] ?? '') && (i === 0 || !WORD.test(formula[i - 1]));
      i = j + 1;
      continue;
    }
    const prev = i > 0 ? formula[i - 1] : '';
    if (!prev || !WORD.test(prev) || (external && prev === ']')) {
      SHEET.lastIndex = i;
      const named = SHEET.exec(formula);
      if (named) {
        out += named[0];
        i += named[0].length;
        const ref = parseAt(formula, i);
        if (ref) {
          out += visit(ref.ref, { name: named[2] ? `${named[1]}:${named[2]}` : named[1], external, span: !!named[2] }) ?? formula.slice(i, i + ref.length);
          i += ref.length;
        }
        external = false;
        continue;
      }
      external = false;
      if (!prev || !WORD.test(prev)) {
        const ref = parseAt(formula, i);
        if (ref) {
          out += visit(ref.ref, NO_SHEET) ?? formula.slice(i, i + ref.length);
          i += ref.length;
          continue;
        }
      }
    }
    out += ch;
    i++;
  }
  return out;
}

const move = (e: RefEnd, d: number): RefEnd => (e.abs ? e : { index: e.index + d, abs: false });

/** Moves a formula's relative references by whole rows and columns, as filling does. */
export function shiftFormula(formula: string, dr: number, dc: number): string {
  if (!dr && !dc) return formula;
  return mapReferences(formula, (ref) => {
    const moved: FormulaRef = {
      kind: ref.kind,
      cols: ref.cols ? [move(ref.cols[0], dc), move(ref.cols[1], dc)] : null,
      rows: ref.rows ? [move(ref.rows[0], dr), move(ref.rows[1], dr)] : null,
    };
    return refText(moved) ?? '#REF!';
  });
}
