// Writing cells in place: one <c> element at a time, in its row, the row's other cells untouched. Text
// goes into the shared strings table (appended), numbers and booleans into <v>, dates as serial
// numbers, formulas into <f> with their computed result. A cell keeps its format unless a new one is
// given. Cells inside an array formula or hidden under a merged range are refused; overwriting the
// master of a shared formula first gives its dependents formulas of their own.
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, inRange, parseRange, rangeAddress, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { shiftFormula } from '../formula/formula-shift.ts';
import type { FormulaCellValue } from '../formula/formula-evaluator.ts';
import { newCell, type CellRec } from '../parts/sheet-data.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { arraysOf, forgetShared, serialOf, type CellScalar } from '../view/cells.ts';
import { mergesOf } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';

export interface CellWrite {
  value?: CellScalar;
  /** A formula without `=`. */
  formula?: string;
}

/** Refuses a write into part of an array formula or a cell a merged range hides. */
export function checkWritable(ws: Worksheet, row: number, col: number, sheetName: string): void {
  for (const a of arraysOf(ws)) {
    const range = parseRange(a.ref);
    if (range && inRange(range, { row, col }) && (range.start.row !== range.end.row || range.start.col !== range.end.col)) {
      throw new ToolError(`${sheetName}!${cellAddress({ row, col })} is part of the array formula in ${cellAddress({ row: a.row, col: a.col })} (${a.ref}); it cannot be changed on its own`);
    }
  }
}

/** Merged ranges of a sheet, for checks during a batch of writes (read once). */
export function hiddenByMerge(merges: RangePos[], row: number, col: number): RangePos | null {
  for (const m of merges) {
    if (inRange(m, { row, col }) && !(m.start.row === row && m.start.col === col)) return m;
  }
  return null;
}

/** The dependents of a shared formula whose master is at (1-based) r get formulas of their own. */
function expandShared(ws: Worksheet, master: CellRec, r: number): void {
  const f = master.f!;
  const range = f.ref ? parseRange(f.ref) : null;
  if (!range) return;
  for (let row = range.start.row + 1; row <= range.end.row + 1; row++) {
    for (let col = range.start.col; col <= range.end.col; col++) {
      const c = ws.data.cell(row, col);
      if (!c || c === master || c.f?.type !== 'shared' || c.f.si !== f.si || c.f.text) continue;
      c.f = { text: shiftFormula(f.text, row - r, col - master.col), type: null, ref: null, si: null, tag: `<${ws.prefix}f>` };
      c.raw = null;
      ws.data.touchRow(row);
    }
  }
  forgetShared(ws);
}

/**
 * Stores a value in a cell: text into the shared strings (t="s") or, for a formula's result, into the
 * cell (t="str", t="e" for errors); booleans t="b"; dates as serial numbers; numbers plain.
 */
function store(doc: ExcelDocument, cell: CellRec, value: CellScalar, text: 'shared' | 'result'): void {
  cell.t = null;
  cell.v = null;
  if (value === null || value === undefined || (value === '' && text === 'shared')) return;
  if (typeof value === 'string') {
    if (text === 'shared') {
      cell.t = 's';
      cell.v = String(doc.writableStrings().add(value));
    } else {
      cell.t = /^#(DIV\/0!|VALUE!|REF!|NAME\?|N\/A|NUM!|NULL!|SPILL!|CALC!)$/.test(value) ? 'e' : 'str';
      cell.v = value;
    }
  } else if (typeof value === 'boolean') {
    cell.t = 'b';
    cell.v = value ? '1' : '0';
  } else if (value instanceof Date) {
    cell.v = String(serialOf(value, doc.date1904));
  } else if (Number.isFinite(value)) {
    cell.v = String(value);
  }
}

/** A formula's result as its cell stores it. */
export function setResult(doc: ExcelDocument, cell: CellRec, result: FormulaCellValue): void {
  store(doc, cell, result, 'result');
  cell.raw = null;
}

/**
 * Writes one cell (0-based row and column). `write` null empties it (its format stays when it has one,
 * or when `style` is given); `style` undefined keeps the cell's own format.
 */
export function writeCell(doc: ExcelDocument, entry: SheetEntry, row: number, col: number, write: CellWrite | null, style?: number): void {
  const ws = doc.worksheet(entry);
  const old = ws.data.cell(row + 1, col);
  if (old?.f?.type === 'array' || old?.f?.type === 'dataTable') {
    const range = old.f.ref ? parseRange(old.f.ref) : null;
    if (range && (range.end.row > range.start.row || range.end.col > range.start.col)) {
      throw new ToolError(`${entry.name}!${cellAddress({ row, col })} holds the array formula of ${old.f.ref}; clear the whole range instead`);
    }
  }
  if (old?.f?.type === 'shared' && old.f.ref && old.f.text) expandShared(ws, old, row + 1);
  // A cell of a sheet the file already had may feed its formulas (even one that was empty).
  if (old?.f || !doc.isNew(entry.part!)) doc.needsRecalc = true;
  if (old?.f) doc.formulasChanged = true;
  const s = style ?? old?.s ?? 0;
  const empty = !write || (write.formula === undefined && (write.value === null || write.value === undefined || write.value === ''));
  if (empty && !s) {
    ws.data.remove(row + 1, col);
    doc.noteFormula(entry.part!, row, col, false);
    return;
  }
  const cell = newCell(col, ws.prefix, { s });
  if (old) cell.tag = old.tag.replace(/\s(cm|vm|ph)="[^"]*"/g, '');
  if (write?.formula !== undefined) {
    cell.f = { text: write.formula, type: null, ref: null, si: null, tag: `<${ws.prefix}f>` };
    doc.formulasChanged = true;
  } else if (write) {
    store(doc, cell, write.value ?? null, 'shared');
  }
  ws.data.put(row + 1, cell);
  doc.noteFormula(entry.part!, row, col, write?.formula !== undefined);
}

/** Gives a cell another format, its value and formula untouched (an empty cell is made to carry it). */
export function restyleCell(doc: ExcelDocument, entry: SheetEntry, row: number, col: number, s: number): void {
  const ws = doc.worksheet(entry);
  const old = ws.data.cell(row + 1, col);
  if (old?.s === s) return;
  ws.data.put(row + 1, old ? { ...old, s, raw: null } : newCell(col, ws.prefix, { s }));
}

/** Raises the sheet's <dimension> to cover a written range. */
export function growDimension(ws: Worksheet, range: RangePos): void {
  const current = parseRange((ws.pendingDimension ?? ws.dimensionRef() ?? 'A1').split(':').map((p) => p.replace(/\$/g, '')).join(':'));
  const known = current && !(current.start.row === 0 && current.start.col === 0 && current.end.row === 0 && current.end.col === 0 && !ws.data.allRows().length) ? current : range;
  const next = {
    start: { row: Math.min(known.start.row, range.start.row), col: Math.min(known.start.col, range.start.col) },
    end: { row: Math.max(known.end.row, range.end.row), col: Math.max(known.end.col, range.end.col) },
  };
  ws.setDimension(rangeAddress(next));
}

/** The merged ranges of a sheet (read once for a batch). */
export function mergedRanges(ws: Worksheet): RangePos[] {
  return mergesOf(ws);
}
