// The values tools take and give: a tool's cell input (`"=SUM(B2:B9)"`, `"$1,200"`, `"2024-03-31"`,
// 42, true) becomes a cell of the model with a live formula or a typed value; formulas are checked
// before they are written (syntax, sheets and tables they name); cells are shown back compactly.
import { ToolError } from '../agent/tool-error.ts';
import { cellAddress } from './a1.ts';
import { formulaReferences, parseFormula } from './formula/formula-parser.ts';
import type { ExcelDocument } from './excel.document.ts';
import { parseTypedValue, type ColumnType, type TypedValue } from './number-formats.ts';
import type { CellScalar } from './view/cells.ts';
import { allTables, findTable } from './view/sheet.view.ts';

/** A cell as a tool writes it: a value, or a live formula (without `=`). */
export interface CellModel {
  value: CellScalar;
  formula?: string;
}

export type CellInput = string | number | boolean | null;

export const EXCEL_ERROR = /^#(DIV\/0!|VALUE!|REF!|NAME\?|N\/A|NUM!|NULL!)$/;

/** Problems of a formula in this workbook (syntax, unknown sheet or table), or null when it is fine. */
export function formulaProblem(doc: ExcelDocument, formula: string): string | null {
  let node;
  try {
    node = parseFormula(formula);
  } catch (err) {
    return `the formula =${formula} is not valid: ${(err as Error).message}`;
  }
  for (const ref of formulaReferences(node)) {
    if (ref.k === 'ref' && ref.sheet !== null && !doc.findSheet(ref.sheet)) {
      return `the formula =${formula} refers to a sheet "${ref.sheet}" that does not exist (sheets: ${doc.sheets().map((s) => s.name).join(', ') || 'none'})`;
    }
    if (ref.k === 'struct' && !findTable(doc, ref.table)) {
      return `the formula =${formula} refers to a table "${ref.table}" that does not exist (tables: ${allTables(doc).map((t) => t.name).join(', ') || 'none'})`;
    }
  }
  return null;
}

export interface ParsedInput {
  cell: CellModel | undefined;
  typed: TypedValue | null;
}

/** A tool's cell input as a cell (without style). Strings starting with `=` are formulas; text is typed when it reads as a number or date. */
export function parseCellInput(doc: ExcelDocument, input: CellInput, where: string, columnType?: ColumnType): ParsedInput {
  if (input === null || input === '') return { cell: undefined, typed: null };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new ToolError(`${where}: ${input} is not a finite number`);
    return { cell: { value: input }, typed: { value: input, type: Number.isInteger(input) ? 'integer' : 'number' } };
  }
  if (typeof input === 'boolean') return { cell: { value: input }, typed: { value: input, type: 'text' } };
  if (input.startsWith('=') && input.length > 1) {
    const formula = input.slice(1).trim();
    const problem = formulaProblem(doc, formula);
    if (problem) throw new ToolError(`${where}: ${problem}`);
    return { cell: { value: null, formula }, typed: null };
  }
  // An apostrophe keeps text as text, as in Excel ("'00123").
  if (input.startsWith("'")) return { cell: { value: input.slice(1) }, typed: { value: input.slice(1), type: 'text' } };
  if (columnType === 'text') return { cell: { value: input }, typed: { value: input, type: 'text' } };
  const typed = parseTypedValue(input);
  return { cell: { value: typed.value === null ? input : typed.value }, typed };
}

/** How a cell reads back to the model: its value, and `=formula` next to the result for formulas. */
export function showCell(cell: CellModel | undefined): CellScalar | string {
  if (!cell) return null;
  const v = cell.value instanceof Date ? isoDate(cell.value) : cell.value;
  if (cell.formula === undefined) return v;
  return `=${cell.formula} → ${v === null ? '(computed when opened)' : typeof v === 'number' ? roundForDisplay(v) : v}`;
}

export function isoDate(d: Date): string {
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}

export function roundForDisplay(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toPrecision(10));
}

/** Formula cells whose result is an Excel error, for warning the model after it writes them. */
export function formulaErrors(cells: { pos: { row: number; col: number }; cell: CellModel }[]): string[] {
  return cells
    .filter(({ cell }) => cell.formula !== undefined && typeof cell.value === 'string' && EXCEL_ERROR.test(cell.value))
    .map(({ pos, cell }) => `${cellAddress(pos)} =${cell.formula} gives ${cell.value}`);
}
