// The read-only tools of workbook analysis: what a model (or the builtin planner) may do with the
// workbook. Every tool that reads cells records them as citations, and aggregates are computed here,
// in code. Nothing here can change the workbook; the file itself is never written.
import { Type } from 'typebox';
import { defineTool, type AgentTool } from '../documents/agent/format-adapter.ts';
import { ToolError } from '../documents/agent/tool-error.ts';
import { parseSheetRange, rangeAddress, rangeSize } from '../documents/excel/a1.ts';
import { findSheet, type WorkbookValues } from '../documents/excel/view/workbook-values.ts';
import { aggregate, AnalysisError, countRows, growth, growthAcross, topN, type Citation, type Computed } from './workbook-aggregates.ts';
import { cellText, findColumn, isNumber, sheetTable, valueAt, type SheetTable } from './workbook-view.ts';

const MAX_READ_CELLS = 500;

/** One analysis: the workbook, the citations and results its tools produced, the final answer. */
export class AnalysisSession {
  readonly wb: WorkbookValues;
  readonly citations: Citation[] = [];
  readonly results: Record<string, unknown>[] = [];
  answer: string | null = null;
  data: Record<string, unknown> | null = null;

  constructor(wb: WorkbookValues) {
    this.wb = wb;
  }

  cite(list: Citation[]): void {
    for (const c of list) if (!this.citations.some((x) => x.sheet === c.sheet && x.range === c.range)) this.citations.push(c);
  }

  table(sheetName: string): SheetTable {
    const sheet = findSheet(this.wb, sheetName);
    if (!sheet) throw new ToolError(`There is no sheet "${sheetName}". Sheets: ${this.wb.sheets.map((s) => s.name).join(', ')}.`);
    const t = sheetTable(sheet);
    if (!t) throw new ToolError(`Sheet "${sheet.name}" is empty.`);
    return t;
  }

  record(c: Computed): Record<string, unknown> {
    this.cite(c.citations);
    this.results.push(c.data);
    return { result: c.text, ...c.data };
  }
}

const run = (f: () => Computed, s: AnalysisSession) => {
  try {
    return s.record(f());
  } catch (err) {
    if (err instanceof AnalysisError) throw new ToolError(err.message);
    throw err;
  }
};

const column = (s: AnalysisSession, t: SheetTable, name: string) => {
  const c = findColumn(t, name);
  if (!c) throw new ToolError(`Sheet "${t.sheet.name}" has no column "${name}". Columns: ${t.columns.map((x) => x.header).join(', ')}.`);
  return c;
};

const SheetArg = Type.String({ minLength: 1, maxLength: 100, description: 'Sheet name.' });
const ColumnArg = Type.String({ minLength: 1, maxLength: 200, description: 'Column header (or its letter, e.g. "C").' });

export function analysisTools(s: AnalysisSession): AgentTool[] {
  return [
    defineTool({
      name: 'list_sheets', readOnly: true,
      description: 'Lists the sheets with their size, header row and column headers.',
      input: Type.Object({}, { additionalProperties: false }),
      execute: () => s.wb.sheets.map((sheet) => {
        const t = sheetTable(sheet);
        return t ? { sheet: sheet.name, data_rows: t.lastRow - t.firstRow + 1 - t.totalsRows.length, header_row: t.headerRow + 1 || null, columns: t.columns.map((c) => c.header) } : { sheet: sheet.name, empty: true };
      }),
    }),
    defineTool({
      name: 'detect_headers', readOnly: true,
      description: 'The table of a sheet: header row, data rows, totals rows, and each column with its letter, header, kind (number, text, date) and data range.',
      input: Type.Object({ sheet: SheetArg }, { additionalProperties: false }),
      execute: ({ sheet }) => {
        const t = s.table(sheet);
        if (t.headerRow >= 0) s.cite([{ sheet: t.sheet.name, range: `${t.columns[0].letter}${t.headerRow + 1}:${t.columns[t.columns.length - 1].letter}${t.headerRow + 1}` }]);
        return { sheet: t.sheet.name, header_row: t.headerRow + 1 || null, first_data_row: t.firstRow + 1, last_data_row: t.lastRow + 1, totals_rows: t.totalsRows.map((r) => r + 1), columns: t.columns.map((c) => ({ letter: c.letter, header: c.header, kind: c.kind, range: c.range })) };
      },
    }),
    defineTool({
      name: 'read_range', readOnly: true,
      description: `Reads the values of a range such as "Sales!A1:D20" (at most ${MAX_READ_CELLS} cells).`,
      input: Type.Object({ range: Type.String({ minLength: 2, maxLength: 200 }) }, { additionalProperties: false }),
      execute: ({ range }) => {
        const ref = parseSheetRange(range);
        if (!ref?.sheet) throw new ToolError(`"${range}" is not a sheet-qualified range like Sales!A1:D20.`);
        const t = s.table(ref.sheet);
        const size = rangeSize(ref.range);
        if (size.rows * size.cols > MAX_READ_CELLS) throw new ToolError(`The range has ${size.rows * size.cols} cells; read at most ${MAX_READ_CELLS} at once.`);
        const values = [];
        for (let r = ref.range.start.row; r <= ref.range.end.row; r++) {
          const row = [];
          for (let c = ref.range.start.col; c <= ref.range.end.col; c++) {
            const v = valueAt(t.sheet, r, c);
            row.push(isNumber(v) ? v : cellText(t.sheet, r, c) || null);
          }
          values.push(row);
        }
        s.cite([{ sheet: t.sheet.name, range: rangeAddress(ref.range) }]);
        return { range: `${t.sheet.name}!${rangeAddress(ref.range)}`, values };
      },
    }),
    defineTool({
      name: 'aggregate', readOnly: true,
      description: 'Computes sum, average, median, min, max or count of a column over its data rows (totals rows left out); min and max name the row.',
      input: Type.Object({ sheet: SheetArg, column: ColumnArg, operation: Type.Union(['sum', 'average', 'median', 'min', 'max', 'count'].map((o) => Type.Literal(o))) }, { additionalProperties: false }),
      execute: ({ sheet, column: name, operation }) => run(() => {
        const t = s.table(sheet);
        return aggregate(t, column(s, t, name), operation as never);
      }, s),
    }),
    defineTool({
      name: 'count_rows', readOnly: true,
      description: 'Counts the data rows of a sheet (totals rows left out).',
      input: Type.Object({ sheet: SheetArg }, { additionalProperties: false }),
      execute: ({ sheet }) => run(() => countRows(s.table(sheet)), s),
    }),
    defineTool({
      name: 'top_n', readOnly: true,
      description: 'The n rows with the highest (order "desc") or lowest ("asc") values of a column, with their labels.',
      input: Type.Object({ sheet: SheetArg, column: ColumnArg, n: Type.Integer({ minimum: 1, maximum: 100 }), order: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])) }, { additionalProperties: false }),
      execute: ({ sheet, column: name, n, order }) => run(() => {
        const t = s.table(sheet);
        return topN(t, column(s, t, name), n, order ?? 'desc');
      }, s),
    }),
    defineTool({
      name: 'growth', readOnly: true,
      description: 'Change between two periods. Periods down the rows: `column` and the labels of two rows in `from` and `to` (e.g. "Jan 2024", "Dec 2024"; without them, first to last data row). Periods across the header: `row` (a row label) and two column headers in `from` and `to`.',
      input: Type.Object({
        sheet: SheetArg, column: Type.Optional(ColumnArg), row: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        from: Type.Optional(Type.String({ maxLength: 100 })), to: Type.Optional(Type.String({ maxLength: 100 })),
      }, { additionalProperties: false }),
      execute: ({ sheet, column: name, row, from, to }) => run(() => {
        const t = s.table(sheet);
        if (row !== undefined) {
          if (!from || !to) throw new ToolError('With `row`, give the two period columns in `from` and `to`.');
          return growthAcross(t, row, column(s, t, from), column(s, t, to));
        }
        if (!name) throw new ToolError('Give `column` (periods down the rows) or `row` (periods across the header).');
        return growth(t, column(s, t, name), from ?? null, to ?? null);
      }, s),
    }),
    defineTool({
      name: 'finish', readOnly: true,
      description: 'Call once with the answer. `summary`: the answer for the user, with the figures and the cells they come from; `data`: optional JSON of the figures.',
      input: Type.Object({ summary: Type.String({ minLength: 1, maxLength: 4000 }), data: Type.Optional(Type.Object({}, { additionalProperties: true })) }, { additionalProperties: false }),
      execute: ({ summary, data }) => {
        s.answer = summary;
        if (data) s.data = data as Record<string, unknown>;
        return 'Finished.';
      },
    }),
  ];
}
