// Tools that insert or delete whole rows or columns of a sheet: insert_rows, delete_rows, insert_columns,
// delete_columns. Everything that refers past the point moves with the cells (edits/lines.ts).
import { Type } from 'typebox';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { columnIndex, columnLetters, MAX_COLS, MAX_ROWS } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { moveLines } from '../edits/lines.ts';
import type { LineMove } from '../formula/formula-insert.ts';
import { SheetName } from './tool-support.ts';

const RowNumber = Type.Integer({ minimum: 1, maximum: MAX_ROWS, description: 'A 1-based row number.' });
const ColumnLetters = Type.String({ pattern: '^[A-Za-z]{1,3}$', description: 'A column letter, e.g. "C".' });
const Count = (what: string) => Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: `How many ${what} (default 1).` }));

const FOLLOWS = 'Formulas on every sheet, defined names (print areas too), chart series, conditional formats, validations, merged cells, tables, pictures and comments that refer past them move with the cells';

function rowsText(at: number, count: number): string {
  return count === 1 ? `row ${at}` : `rows ${at}-${at + count - 1}`;
}

function colsText(at: number, count: number): string {
  return count === 1 ? `column ${columnLetters(at)}` : `columns ${columnLetters(at)}-${columnLetters(at + count - 1)}`;
}

function column(letters: string): number {
  const col = columnIndex(letters);
  if (col < 0 || col >= MAX_COLS) throw new ToolError(`"${letters}" is not a column of Excel's grid (A to XFD)`);
  return col;
}

export function lineTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;
  const apply = (sheet: string, m: LineMove) => {
    const entry = doc.sheet(sheet);
    moveLines(doc, entry, m);
    return entry;
  };
  return [
    defineTool({
      name: 'insert_rows',
      description: `Inserts empty rows into a sheet: the row at "at" and every row below move down by "count" (to add a row after row 3, at is 4). ${FOLLOWS}; ranges that span the point grow. New rows take the format of the row above.`,
      input: Type.Object({ sheet: SheetName, at: RowNumber, count: Count('rows') }, { additionalProperties: false }),
      execute: ({ sheet, at, count = 1 }) => {
        const entry = apply(sheet, { axis: 'row', at: at - 1, count });
        ctx.noteChange(`inserted ${rowsText(at, count)} in "${entry.name}"`);
        return `Inserted ${rowsText(at, count)} in "${entry.name}"; the rows from ${at} down moved down by ${count}.`;
      },
    }),
    defineTool({
      name: 'delete_rows',
      description: `Deletes whole rows of a sheet: the rows below move up. ${FOLLOWS}; ranges that span the deleted rows shrink, and references to deleted cells become #REF!.`,
      input: Type.Object({ sheet: SheetName, at: RowNumber, count: Count('rows') }, { additionalProperties: false }),
      execute: ({ sheet, at, count = 1 }) => {
        const n = Math.min(count, MAX_ROWS - at + 1);
        const entry = apply(sheet, { axis: 'row', at: at - 1, count: -n });
        ctx.noteChange(`deleted ${rowsText(at, n)} of "${entry.name}"`);
        return `Deleted ${rowsText(at, n)} of "${entry.name}"; the rows below moved up by ${n}.`;
      },
    }),
    defineTool({
      name: 'insert_columns',
      description: `Inserts empty columns into a sheet: the column at "at" and every column to its right move right by "count" (to add a column before C, at is "C"; after C, "D"). ${FOLLOWS}; ranges that span the point grow, and a table the columns go into gets new columns. New columns take the format of the column to the left.`,
      input: Type.Object({ sheet: SheetName, at: ColumnLetters, count: Count('columns') }, { additionalProperties: false }),
      execute: ({ sheet, at, count = 1 }) => {
        const col = column(at);
        const entry = apply(sheet, { axis: 'col', at: col, count });
        ctx.noteChange(`inserted ${colsText(col, count)} in "${entry.name}"`);
        return `Inserted ${colsText(col, count)} in "${entry.name}"; the columns from ${columnLetters(col)} on moved right by ${count}.`;
      },
    }),
    defineTool({
      name: 'delete_columns',
      description: `Deletes whole columns of a sheet: the columns to the right move left. ${FOLLOWS}; ranges that span the deleted columns shrink, and references to deleted cells become #REF!.`,
      input: Type.Object({ sheet: SheetName, at: ColumnLetters, count: Count('columns') }, { additionalProperties: false }),
      execute: ({ sheet, at, count = 1 }) => {
        const col = column(at);
        const n = Math.min(count, MAX_COLS - col);
        const entry = apply(sheet, { axis: 'col', at: col, count: -n });
        ctx.noteChange(`deleted ${colsText(col, n)} of "${entry.name}"`);
        return `Deleted ${colsText(col, n)} of "${entry.name}"; the columns to the right moved left by ${n}.`;
      },
    }),
  ];
}
