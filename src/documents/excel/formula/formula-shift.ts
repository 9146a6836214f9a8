// Moves a formula's relative references by whole rows and columns, as Excel does when a formula is
// filled: a shared formula (`<f t="shared" si="0"/>`) is its master's text moved to the dependent
// cell. Absolute parts ($B$2), strings, quoted sheet names, structured references and function names
// stay as they are; a reference moved off the grid becomes #REF!.
import { columnIndex, columnLetters, MAX_COLS, MAX_ROWS } from '../a1.ts';

const CELL = /(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(.!])/y;
const COLS = /(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})(?![A-Za-z0-9_(.!])/y;
const ROWS = /(\$?)(\d{1,7}):(\$?)(\d{1,7})(?![A-Za-z0-9_(.!:])/y;
const WORD = /[A-Za-z0-9_.$\\]/;

function col(abs: string, letters: string, dc: number): string | null {
  if (abs) return `$${letters}`;
  const c = columnIndex(letters) + dc;
  return c < 0 || c >= MAX_COLS ? null : columnLetters(c);
}

function row(abs: string, digits: string, dr: number): string | null {
  if (abs) return `$${digits}`;
  const r = Number(digits) + dr;
  return r < 1 || r > MAX_ROWS ? null : String(r);
}

export function shiftFormula(formula: string, dr: number, dc: number): string {
  if (!dr && !dc) return formula;
  let out = '';
  let i = 0;
  const n = formula.length;
  while (i < n) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      // A string, or a quoted sheet name: its doubled quotes are part of it.
      let j = i + 1;
      while (j < n && !(formula[j] === ch && formula[j + 1] !== ch)) j += formula[j] === ch ? 2 : 1;
      out += formula.slice(i, j + 1);
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
      i = j + 1;
      continue;
    }
    const prev = i > 0 ? formula[i - 1] : '';
    const ref = !prev || !WORD.test(prev) ? matchRef(formula, i, dr, dc) : null;
    if (ref) {
      out += ref.text;
      i += ref.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** A reference starting at i, moved; null when none starts there. */
function matchRef(formula: string, i: number, dr: number, dc: number): { text: string; length: number } | null {
  for (const re of [COLS, ROWS, CELL]) {
    re.lastIndex = i;
    const m = re.exec(formula);
    if (!m) continue;
    let text: string | null;
    if (re === CELL) {
      const c = col(m[1], m[2], dc);
      const r = row(m[3], m[4], dr);
      text = c && r ? `${c}${r}` : null;
    } else if (re === COLS) {
      const a = col(m[1], m[2], dc);
      const b = col(m[3], m[4], dc);
      text = a && b ? `${a}:${b}` : null;
    } else {
      const a = row(m[1], m[2], dr);
      const b = row(m[3], m[4], dr);
      text = a && b ? `${a}:${b}` : null;
    }
    return { text: text ?? '#REF!', length: m[0].length };
  }
  return null;
}
