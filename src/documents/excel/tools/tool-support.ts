// What the Excel tools share: argument schemas, and lookups that fail with a message the model can act
// on (the sheets that exist, the form a range takes).
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { parseCell, parseRange, parseSheetRange, sheetRangeAddress, type CellPos, type RangePos } from '../a1.ts';
import type { CellInput } from '../cell-values.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { COLUMN_TYPES, type ColumnType } from '../number-formats.ts';
import type { SheetEntry } from '../workbook.ts';

export const CellValue = Type.Unsafe<CellInput>({
  type: ['string', 'number', 'boolean', 'null'],
  description: 'A number, text, true/false, null (empty), or a formula starting with "=" (e.g. "=SUM(B2:B9)", "=Sales!B14/Sales!B2-1").',
});

export const SheetName = Type.String({ minLength: 1, maxLength: 31, description: 'Sheet name.' });
export const RangeText = Type.String({ minLength: 2, maxLength: 40, description: 'A1-style range on the sheet, e.g. "A1:D20" or "B5".' });
export const CellText = Type.String({ minLength: 2, maxLength: 12, description: 'A cell, e.g. "H2".' });

export const ColumnTypeSchema = StringEnum(COLUMN_TYPES, {
  description: 'text, integer, number (2 decimals), currency, percent (values as fractions: 0.125 shows 12.5%), date or datetime.',
});

export const NumberFormatSchema = Type.String({
  minLength: 1, maxLength: 60,
  description: 'A column type (currency, percent, integer, number, date, datetime, text) or an Excel format code such as "0.00%" or "\\"€\\"#,##0".',
});

export function rangeOf(text: string): RangePos {
  const local = text.includes('!') ? text.slice(text.lastIndexOf('!') + 1) : text;
  const range = parseRange(local);
  if (!range) throw new ToolError(`"${text}" is not a range; use A1 style like "A1:D20" or "B5".`);
  return range;
}

export function cellOf(text: string): CellPos {
  const pos = parseCell(text.includes('!') ? text.slice(text.lastIndexOf('!') + 1) : text);
  if (!pos) throw new ToolError(`"${text}" is not a cell; use A1 style like "H2".`);
  return pos;
}

/** A range as charts store it: sheet-qualified and absolute. Bare ranges are on `defaultSheet`. */
export function qualifiedRange(doc: ExcelDocument, text: string, defaultSheet: SheetEntry): { ref: string; sheet: SheetEntry; range: RangePos } {
  const parsed = parseSheetRange(text);
  if (!parsed) throw new ToolError(`"${text}" is not a range; use "A2:A13" or "Sales!B2:B13".`);
  const sheet = parsed.sheet === null ? defaultSheet : doc.sheet(parsed.sheet);
  return { ref: sheetRangeAddress(sheet.name, parsed.range), sheet, range: parsed.range };
}

export function isColumnType(s: string): s is ColumnType {
  return (COLUMN_TYPES as readonly string[]).includes(s);
}

/** At most this many cells go into one tool result, so a large sheet cannot flood the model's context. */
export const MAX_CELLS_SHOWN = 2000;
