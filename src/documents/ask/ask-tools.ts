// The read-only tools of the ask engine: what a model (or the builtin rules) may do with the view.
// Every tool that reads cells records them as citations, and aggregates are computed here, in code.
// Workbooks offer list_sheets, detect_headers, read_range, aggregate, count_rows, top_n, growth and
// finish; decks and documents offer list_tables and read_part in place of list_sheets and read_range
// (their tables are named "Slide 4, table 1", 'Section 2 "Travel", table 1', ...).
import { Type } from 'typebox';
import { defineTool, type AgentTool } from '../agent/format-adapter.ts';
import { ToolError } from '../agent/tool-error.ts';
import { parseSheetRange, rangeAddress, rangeSize } from '../excel/a1.ts';
import { PART_NOUN, type AskTable, type AskView, type Citation } from './ask-view.ts';
import { resolveCitations } from './citations.ts';
import { aggregate, AnalysisError, countRows, growth, growthAcross, topN, type Computed } from './tables/workbook-aggregates.ts';
import { cellText, findColumn, isNumber, tableLabel, valueAt, type SheetTable } from './tables/workbook.view.ts';

const MAX_READ_CELLS = 500;

/** One question: the view, the citations and results its tools produced, the final answer. */
export class AskSession {
  readonly view: AskView;
  readonly citations: Citation[] = [];
  readonly results: Record<string, unknown>[] = [];
  answer: string | null = null;
  /** false when the answer says the document cannot answer the question (not charged). */
  answered = true;
  data: Record<string, unknown> | null = null;

  constructor(view: AskView) {
    this.view = view;
  }

  cite(list: Citation[]): void {
    for (const c of list) if (!this.citations.some((x) => x.label === c.label)) this.citations.push(c);
  }

  table(name: string): AskTable {
    const wanted = name.trim().toLowerCase();
    // By its Excel table's name ("tblExpenses" or "Expenses") when a sheet holds several, else by its sheet.
    const found = this.view.tables.find((x) => x.t.name !== undefined && (x.t.name.toLowerCase() === wanted || tableLabel(x.t).toLowerCase() === wanted))
      ?? this.view.tables.find((x) => x.t.sheet.name.toLowerCase() === wanted);
    if (found) return found;
    const part = this.view.parts.find((p) => p.name.toLowerCase() === wanted);
    if (part && this.view.format === 'excel') throw new ToolError(`Sheet "${part.name}" is empty.`);
    throw new ToolError(`There is no ${this.view.format === 'excel' ? 'sheet' : 'table'} "${name}". ${this.view.format === 'excel' ? 'Sheets' : 'Tables'}: ${this.view.tables.map((x) => (x.t.name ? `${x.t.name} (on ${x.t.sheet.name})` : x.t.sheet.name)).join(', ') || 'none'}.`);
  }

  /** A computed result: its cells become citations (as the table cites them), its figures a result. */
  record(table: AskTable, c: Computed): Record<string, unknown> {
    this.cite(c.citations.map((x) => table.cite(x.range)));
    this.results.push(c.data);
    return { result: readable(this.view, table.t, c.text), ...c.data };
  }
}

/** Tables of slides and sections are not sheets: "Slide 4, table 1!B2" reads "Slide 4, table 1, B2"; a chart's data has no cells to name. */
export function readable(view: AskView, t: SheetTable, text: string): string {
  if (view.format === 'excel') return text;
  const name = t.sheet.name;
  if (name.includes(', chart "')) return text.split(`${name}!`).map((piece, i) => (i ? piece.replace(/^[A-Z]{1,3}\d+(?::[A-Z]{1,3}\d+)?/, '') : piece)).join(name);
  return text.split(`${name}!`).join(`${name}, `);
}

const run = (s: AskSession, table: AskTable, f: () => Computed) => {
  try {
    return s.record(table, f());
  } catch (err) {
    if (err instanceof AnalysisError) throw new ToolError(err.message);
    throw err;
  }
};

const column = (t: SheetTable, name: string) => {
  const c = findColumn(t, name);
  if (!c) throw new ToolError(`"${t.sheet.name}" has no column "${name}". Columns: ${t.columns.map((x) => x.header).join(', ')}.`);
  return c;
};

const ColumnArg = Type.String({ minLength: 1, maxLength: 200, description: 'Column header (or its letter, e.g. "C").' });

export function askTools(s: AskSession): AgentTool[] {
  const excel = s.view.format === 'excel';
  const SheetArg = Type.String({ minLength: 1, maxLength: 200, description: excel ? 'Sheet name, or the table name list_tables gives for a sheet that holds several tables.' : 'Table name, as list_tables gives it.' });
  const tableList = () => s.view.tables.map(({ t, part }) => ({
    table: t.name ?? t.sheet.name, ...(t.name ? { sheet: t.sheet.name } : {}), in: part.cite.label, data_rows: t.lastRow - t.firstRow + 1 - t.totalsRows.length, columns: t.columns.map((c) => c.header),
  }));
  const structure: AgentTool[] = excel
    ? [
      defineTool({
        name: 'list_sheets', readOnly: true,
        description: 'Lists the sheets with their size, header row and column headers.',
        input: Type.Object({}, { additionalProperties: false }),
        execute: () => s.view.parts.map((p) => {
          const table = s.view.tables.find((x) => x.part === p);
          if (!table) return { sheet: p.name, empty: true };
          const { t } = table;
          return { sheet: p.name, data_rows: t.lastRow - t.firstRow + 1 - t.totalsRows.length, header_row: t.headerRow + 1 || null, columns: t.columns.map((c) => c.header) };
        }),
      }),
      defineTool({
        name: 'read_range', readOnly: true,
        description: `Reads the values of a range such as "Sales!A1:D20" (at most ${MAX_READ_CELLS} cells).`,
        input: Type.Object({ range: Type.String({ minLength: 2, maxLength: 200 }), sheet: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The sheet, when `range` does not name it.' })) }, { additionalProperties: false }),
        execute: ({ range, sheet }) => {
          const ref = parseSheetRange(sheet && !range.includes('!') ? `'${sheet.replace(/'/g, "''")}'!${range}` : range);
          if (!ref?.sheet) throw new ToolError(`"${range}" is not a sheet-qualified range like Sales!A1:D20.`);
          const table = s.table(ref.sheet);
          const size = rangeSize(ref.range);
          if (size.rows * size.cols > MAX_READ_CELLS) throw new ToolError(`The range has ${size.rows * size.cols} cells; read at most ${MAX_READ_CELLS} at once.`);
          const values = [];
          for (let r = ref.range.start.row; r <= ref.range.end.row; r++) {
            const row = [];
            for (let c = ref.range.start.col; c <= ref.range.end.col; c++) {
              const v = valueAt(table.t.sheet, r, c);
              row.push(isNumber(v) ? v : cellText(table.t.sheet, r, c) || null);
            }
            values.push(row);
          }
          s.cite([table.cite(rangeAddress(ref.range))]);
          return { range: `${table.t.sheet.name}!${rangeAddress(ref.range)}`, values };
        },
      }),
    ]
    : [
      defineTool({
        name: 'list_tables', readOnly: true,
        description: 'Lists the tables (and chart data) of the document with where they are, their size and column headers.',
        input: Type.Object({}, { additionalProperties: false }),
        execute: () => tableList(),
      }),
      defineTool({
        name: 'read_part', readOnly: true,
        description: `Reads every line of one ${PART_NOUN[s.view.format]} by its number, with its citation label.`,
        input: Type.Object({ number: Type.Integer({ minimum: 0, maximum: 10_000 }) }, { additionalProperties: false }),
        execute: ({ number }) => {
          const part = s.view.parts.find((p) => p.number === number);
          if (!part) throw new ToolError(`There is no ${PART_NOUN[s.view.format]} ${number}; they are numbered ${s.view.parts.map((p) => p.number).join(', ') || 'none'}.`);
          s.cite([part.cite]);
          return { cite: part.cite.label, name: part.name, lines: part.lines.map((l) => l.text) };
        },
      }),
    ];
  return [
    ...structure,
    defineTool({
      name: 'detect_headers', readOnly: true,
      description: 'The table of a sheet: header row, data rows, totals rows, and each column with its letter, header, kind (number, text, date) and data range.',
      input: Type.Object({ sheet: SheetArg }, { additionalProperties: false }),
      execute: ({ sheet }) => {
        const table = s.table(sheet);
        const { t } = table;
        if (t.headerRow >= 0) s.cite([table.cite(`${t.columns[0].letter}${t.headerRow + 1}:${t.columns[t.columns.length - 1].letter}${t.headerRow + 1}`)]);
        return { sheet: t.sheet.name, ...(t.name ? { table: t.name } : {}), header_row: t.headerRow + 1 || null, first_data_row: t.firstRow + 1, last_data_row: t.lastRow + 1, totals_rows: t.totalsRows.map((r) => r + 1), columns: t.columns.map((c) => ({ letter: c.letter, header: c.header, kind: c.kind, range: c.range })) };
      },
    }),
    defineTool({
      name: 'aggregate', readOnly: true,
      description: 'Computes sum, average, median, min, max or count of a column over its data rows (totals rows left out); min and max name the row.',
      input: Type.Object({ sheet: SheetArg, column: ColumnArg, operation: Type.Union(['sum', 'average', 'median', 'min', 'max', 'count'].map((o) => Type.Literal(o))) }, { additionalProperties: false }),
      execute: ({ sheet, column: name, operation }) => {
        const table = s.table(sheet);
        return run(s, table, () => aggregate(table.t, column(table.t, name), operation as never));
      },
    }),
    defineTool({
      name: 'count_rows', readOnly: true,
      description: 'Counts the data rows of a sheet (totals rows left out).',
      input: Type.Object({ sheet: SheetArg }, { additionalProperties: false }),
      execute: ({ sheet }) => {
        const table = s.table(sheet);
        return run(s, table, () => countRows(table.t));
      },
    }),
    defineTool({
      name: 'top_n', readOnly: true,
      description: 'The n rows with the highest (order "desc") or lowest ("asc") values of a column, with their labels.',
      input: Type.Object({ sheet: SheetArg, column: ColumnArg, n: Type.Integer({ minimum: 1, maximum: 100 }), order: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])) }, { additionalProperties: false }),
      execute: ({ sheet, column: name, n, order }) => {
        const table = s.table(sheet);
        return run(s, table, () => topN(table.t, column(table.t, name), n, order ?? 'desc'));
      },
    }),
    defineTool({
      name: 'growth', readOnly: true,
      description: 'Change between two periods. Periods down the rows: `column` and the labels of two rows in `from` and `to` (e.g. "Jan 2024", "Dec 2024"; without them, first to last data row). Periods across the header: `row` (a row label) and two column headers in `from` and `to`.',
      input: Type.Object({
        sheet: SheetArg, column: Type.Optional(ColumnArg), row: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        from: Type.Optional(Type.String({ maxLength: 100 })), to: Type.Optional(Type.String({ maxLength: 100 })),
      }, { additionalProperties: false }),
      execute: ({ sheet, column: name, row, from, to }) => {
        const table = s.table(sheet);
        return run(s, table, () => {
          if (row !== undefined) {
            if (!from || !to) throw new ToolError('With `row`, give the two period columns in `from` and `to`.');
            return growthAcross(table.t, row, column(table.t, from), column(table.t, to));
          }
          if (!name) throw new ToolError('Give `column` (periods down the rows) or `row` (periods across the header).');
          return growth(table.t, column(table.t, name), from ?? null, to ?? null);
        });
      },
    }),
    defineTool({
      name: 'finish', readOnly: true,
      description: 'Call once with the answer. `summary`: the answer for the user, with the figures and where they come from; `citations`: the labels (in brackets in the view) of what the answer rests on; `answered`: false when the document does not answer the question; `data`: optional JSON of the figures.',
      input: Type.Object({
        summary: Type.String({ minLength: 1, maxLength: 4000 }),
        data: Type.Optional(Type.Object({}, { additionalProperties: true })),
        citations: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 50 })),
        answered: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
      execute: ({ summary, data, citations, answered }) => {
        s.answer = summary;
        if (data) s.data = data as Record<string, unknown>;
        if (citations) s.cite(resolveCitations(s.view, citations));
        if (answered === false) s.answered = false;
        return 'Finished.';
      },
    }),
  ];
}
