// What the ask engine reads: one view of a workbook, a deck or a document, the same for the builtin
// rules and for a model. A view is a list of parts (sheets, slides, or sections under the top-level
// headings) with their lines of text and what they hold, and the tables aggregates run on (worksheets,
// and the tables of slides and sections). Every piece carries the citation that says where it is.
import { rangeAddress } from '../excel/a1.ts';
import type { SheetValues } from '../excel/view/workbook-values.ts';
import { sheetTable, type SheetTable } from './tables/workbook.view.ts';

export type AskFormat = 'excel' | 'word' | 'slides';

/** Where an answer came from. `label` is what a person reads ("Sales!C2", "slide 3", 'section 2 "Leave"'). */
export interface Citation {
  label: string;
  /** Workbooks: the sheet, and the cell or range on it. Tables of slides and sections: the cell or range in that table. */
  sheet?: string;
  range?: string;
  /** Decks: the slide number (1-based). */
  slide?: number;
  /** Documents: the section number (1-based, among the top-level sections) and its heading. */
  section?: number;
  heading?: string;
  /** Tables of slides and sections: the table's number in its slide or section (1-based). */
  table?: number;
}

export interface AskLine {
  text: string;
  cite: Citation;
}

export interface AskPart {
  kind: 'sheet' | 'slide' | 'section';
  /** 1-based position among the parts. */
  number: number;
  /** The sheet's name, the slide's title, the section's heading ('' when it has none). */
  name: string;
  cite: Citation;
  lines: AskLine[];
  /** Titles (or kinds) of the charts, and how many tables and pictures the part holds. */
  charts: string[];
  tables: number;
  pictures: number;
  /** Worksheets: data rows of the sheet's table (totals left out). */
  rows?: number;
}

export interface AskTable {
  /** The table as a sheet of values, read with the same rules as a worksheet. */
  t: SheetTable;
  part: AskPart;
  /** Citation of a cell or range of this table (A1 notation within the table, or on the sheet). */
  cite(range: string): Citation;
}

export interface AskView {
  format: AskFormat;
  /** "workbook", "deck", "document". */
  noun: string;
  title: string | null;
  parts: AskPart[];
  tables: AskTable[];
}

export const PART_NOUN: Record<AskFormat, 'sheet' | 'slide' | 'section'> = { excel: 'sheet', slides: 'slide', word: 'section' };

const NUMBER = /^[-+(]?\s*[$€£¥]?\s*[-+]?\d{1,3}(?:[,\u00a0 ]\d{3})*(?:\.\d+)?\s*%?\)?$|^[-+(]?\s*[$€£¥]?\s*[-+]?\d+(?:\.\d+)?\s*%?\)?$/;

/** A table cell's text as a value: "1,200", "$4.5", "12%" and "(300)" are numbers; the rest stays text. */
export function cellValue(text: string): { value: string | number | null; numFmt?: string } {
  const s = text.trim();
  if (!s) return { value: null };
  if (!NUMBER.test(s)) return { value: s };
  const negative = /^\(.*\)$/.test(s) || /^-/.test(s.replace(/^[$€£¥]\s*/, ''));
  const n = Number(s.replace(/[^\d.]/g, ''));
  if (!Number.isFinite(n)) return { value: s };
  const signed = negative ? -n : n;
  return s.includes('%') ? { value: signed / 100, numFmt: '0%' } : { value: signed };
}

/** A table given as rows of text (a slide's or a section's table, a chart's data) as a sheet of values. */
export function gridSheet(name: string, rows: string[][]): SheetValues {
  return { name, rows: rows.map((r) => r.map((c) => cellValue(c ?? ''))), tables: [] };
}

/** An AskTable over rows of text, cited within its slide or section. */
export function textTable(name: string, rows: string[][], part: AskPart, where: Omit<Citation, 'label' | 'range'>, label: string): AskTable | null {
  if (rows.length < 2) return null;
  const t = sheetTable(gridSheet(name, rows));
  if (!t) return null;
  return { t, part, cite: (range) => ({ ...where, label: `${label}, ${range}`, range }) };
}

export const wholeRange = (t: SheetTable) => rangeAddress({ start: { row: Math.max(0, t.headerRow), col: t.firstCol }, end: { row: t.lastRow, col: t.lastCol } });
