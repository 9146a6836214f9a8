// The Excel case of the render bench: a 10,000 x 20 workbook of typed data (text, dates, integers,
// money, percentages, decimals) with a styled header, a frozen header row and a filter. Folio's side is
// what a generation does: open the template workbook, run add_sheet with the 10,000 rows through the
// tool (type inference, parsing of every value, number formats and cell formats appended to the
// workbook's styles, shared strings), then finish (column widths from the content) and write the
// package. The bare side writes the same cells, formats, widths, pane and filter with exceljs alone.
import ExcelJS from 'exceljs';
import { adapter } from '../../src/documents/excel/excel.adapter.ts';
import { numberFormatFor, type ColumnType } from '../../src/documents/excel/number-formats.ts';
import type { RenderCase } from './render-case.ts';

const ROWS = 10_000;
const COLS = 20;
const TYPES: ColumnType[] = ['text', 'date', 'text', 'integer', 'currency', 'percent', 'number', 'currency', 'integer', 'text'];
const typeOf = (c: number) => TYPES[c % TYPES.length];

function value(r: number, c: number): string | number {
  switch (typeOf(c)) {
    case 'text': return `Item ${r}-${c}`;
    case 'date': return new Date(Date.UTC(2024, 0, 1) + (r % 365) * 86_400_000).toISOString().slice(0, 10);
    case 'integer': return (r * 7 + c) % 1000;
    case 'percent': return ((r + c) % 100) / 100;
    default: return ((r * 13 + c * 7) % 100_000) / 10;
  }
}

const columns = Array.from({ length: COLS }, (_, c) => ({ header: `Column ${c + 1}`, type: typeOf(c) }));
const rows = Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => value(r + 1, c)));
const inputs = { contextFiles: [], dataSources: [], images: [], brand: null };

async function folio(): Promise<Buffer> {
  const doc = adapter.create();
  const tools = adapter.tools({ doc, inputs, mode: 'action', noteChange: () => {} });
  await tools.find((t) => t.name === 'add_sheet')!.execute({ name: 'Data', columns, rows, as_table: false } as never);
  adapter.summarize!(doc, ['added sheet "Data"'], 'new');
  return adapter.render(doc, { brand: null });
}

const argb = (hex: string) => ({ argb: `FF${hex}` });

async function bare(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  ws.columns = columns.map((c) => ({ width: c.type === 'text' ? 14 : 13 }));
  const header: Partial<ExcelJS.Style> = { font: { bold: true, color: argb('FFFFFF') }, fill: { type: 'pattern', pattern: 'solid', fgColor: argb('1F4E79') }, alignment: { wrapText: true, vertical: 'middle' }, border: { bottom: { style: 'thin', color: argb('1F4E79') } } };
  const body = columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: numberFormatFor(c.type), ...(c.type === 'text' ? {} : { alignment: { horizontal: 'right', indent: 1 } }) }));
  const top = ws.getRow(1);
  columns.forEach((c, i) => { const cell = top.getCell(i + 1); cell.value = c.header; cell.style = header; });
  for (let r = 0; r < ROWS; r++) {
    const row = ws.getRow(r + 2);
    for (let c = 0; c < COLS; c++) {
      const cell = row.getCell(c + 1);
      const v = rows[r][c];
      cell.value = typeOf(c) === 'date' ? new Date(`${v}T00:00:00Z`) : v;
      cell.style = body[c];
    }
  }
  ws.autoFilter = `A1:T${ROWS + 1}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const cases: RenderCase[] = [{ name: 'excel: 10,000 x 20 typed workbook', folio, bare }];
