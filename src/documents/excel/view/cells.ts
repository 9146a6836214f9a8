// What a cell holds, as the agent, the formula evaluator and the grid editor see it: its value (text
// from the shared strings or inline, numbers, booleans, errors, and dates for numbers whose format shows
// a date) and its formula (a shared formula's dependents get their own text, moved from the master's).
import { dateToSerial, serialToDate } from '../formula/formula-values.ts';
import { shiftFormula } from '../formula/formula-shift.ts';
import type { SharedStrings } from '../parts/shared-strings.ts';
import type { CellRec } from '../parts/sheet-data.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { decodeExcelEscapes, stringItemText } from '../parts/xml-text.ts';
import type { Styles } from '../design/styles.ts';
import { columnIndex } from '../a1.ts';

export type CellScalar = string | number | boolean | Date | null;

export interface CellView {
  value: CellScalar;
  /** A formula without `=`. */
  formula?: string;
  /** The cell format index (cellXfs). */
  s: number;
  /** An array formula (or a data table): its stored result is Excel's, not computed here. */
  array?: boolean;
}

/** The reading context of one workbook: its strings, styles and date system. */
export interface CellReader {
  strings(): SharedStrings | null;
  styles(): Styles;
  date1904: boolean;
}

const DAYS_1904 = 1462;

export function serialOf(d: Date, date1904: boolean): number {
  return dateToSerial(d) - (date1904 ? DAYS_1904 : 0);
}

export function dateOf(serial: number, date1904: boolean): Date {
  return serialToDate(serial + (date1904 ? DAYS_1904 : 0));
}

/** The value of a cell record. */
export function valueOf(c: CellRec, ctx: CellReader): CellScalar {
  switch (c.t) {
    case 's': {
      const i = Number(c.v);
      return c.v === null ? null : ctx.strings()?.get(i) ?? null;
    }
    case 'inlineStr':
      return c.is !== null ? stringItemText(c.is, /^<([\w.-]+:)/.exec(c.is.trimStart())?.[1] ?? '') : c.v !== null ? decodeExcelEscapes(c.v) : null;
    case 'str':
      return c.v === null ? (c.f ? null : '') : decodeExcelEscapes(c.v);
    case 'b':
      return c.v === null ? null : c.v === '1' || c.v === 'true';
    case 'e':
      return c.v;
    case 'd': {
      if (c.v === null) return null;
      const d = new Date(c.v.endsWith('Z') || /[+-]\d\d:\d\d$/.test(c.v) ? c.v : `${c.v}Z`);
      return Number.isNaN(d.getTime()) ? c.v : d;
    }
    default: {
      if (c.v === null || c.v === '') return null;
      const n = Number(c.v);
      if (!Number.isFinite(n)) return c.v;
      return ctx.styles().isDate(c.s) && n >= 0 && n < 2_958_466 ? dateOf(n, ctx.date1904) : n;
    }
  }
}

/** Shared formulas of a sheet by group index: the master's text and position. Read once per sheet. */
const sharedMasters = new WeakMap<Worksheet, Map<string, { text: string; row: number; col: number }>>();

function mastersOf(ws: Worksheet): Map<string, { text: string; row: number; col: number }> {
  let map = sharedMasters.get(ws);
  if (!map) {
    map = new Map();
    for (const row of ws.data.allRows()) {
      if (!row.body.includes('shared') && !row.dirty) continue;
      for (const c of ws.data.cellsOf(row)) {
        if (c.f?.type === 'shared' && c.f.si !== null && c.f.text) map.set(c.f.si, { text: c.f.text, row: row.r, col: c.col });
      }
    }
    sharedMasters.set(ws, map);
  }
  return map;
}

/** Array formulas (and data tables) of a sheet: the ranges their masters cover. Read once per sheet. */
const arrayRanges = new WeakMap<Worksheet, { ref: string; row: number; col: number }[]>();

export function arraysOf(ws: Worksheet): { ref: string; row: number; col: number }[] {
  let list = arrayRanges.get(ws);
  if (!list) {
    list = [];
    for (const row of ws.data.allRows()) {
      if (!row.dirty && !/t="(array|dataTable)"/.test(row.body)) continue;
      for (const c of ws.data.cellsOf(row)) {
        if ((c.f?.type === 'array' || c.f?.type === 'dataTable') && c.f.ref) list.push({ ref: c.f.ref, row: row.r - 1, col: c.col });
      }
    }
    arrayRanges.set(ws, list);
  }
  return list;
}

/** Forgets what was read of a sheet's shared and array formulas (after its cells changed). */
export function forgetShared(ws: Worksheet): void {
  sharedMasters.delete(ws);
  arrayRanges.delete(ws);
}

/** The formula of a cell record at (1-based row r), a shared formula's dependent included; undefined when none. */
export function formulaOf(ws: Worksheet, c: CellRec, r: number): string | undefined {
  if (!c.f) return undefined;
  if (c.f.text || c.f.type !== 'shared' || c.f.si === null) return c.f.text || undefined;
  const master = mastersOf(ws).get(c.f.si);
  if (!master) return undefined;
  return shiftFormula(master.text, r - master.row, c.col - master.col);
}

/** The cell at a 0-based position, or undefined when the sheet has none there. */
export function readCell(ws: Worksheet, ctx: CellReader, row: number, col: number): CellView | undefined {
  const c = ws.data.cell(row + 1, col);
  if (!c) return undefined;
  const formula = formulaOf(ws, c, row + 1);
  const array = c.f?.type === 'array' || c.f?.type === 'dataTable';
  return { value: valueOf(c, ctx), ...(formula !== undefined ? { formula } : {}), s: c.s, ...(array ? { array } : {}) };
}

/** The used area of a sheet: rows and columns up to the last cell holding a value or formula. */
export function usedExtent(ws: Worksheet): { rows: number; cols: number } {
  let rows = 0;
  let cols = 0;
  for (const row of ws.data.allRows()) {
    const cells = ws.data.cellsOf(row);
    const last = [...cells].reverse().find((c) => c.v !== null || c.f !== null || c.is !== null);
    if (!last) continue;
    rows = row.r;
    cols = Math.max(cols, last.col + 1);
  }
  return { rows, cols };
}

/** The position of a cell reference ("B7") as 0-based row and column. */
export function refPos(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref);
  return m ? { row: Number(m[2]) - 1, col: columnIndex(m[1]) } : null;
}
