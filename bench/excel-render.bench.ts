// Render time of a 10,000 x 20 workbook: Folio's renderer (model -> exceljs -> package parts, with its
// formula pass and content-based column widths) against bare exceljs writing the same cells, styles,
// column widths, frozen header and filter. Prints medians and the ratio (target: <= 1.3x bare).
//
//   node bench/excel-render.bench.ts [--runs 5]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { autoColumnWidths, renderWorkbook, toExcelStyle } from '../src/documents/excel/excel-renderer.ts';
import { createSheet, createWorkbook, type CellModel, type WorkbookModel } from '../src/documents/excel/model.ts';
import { numberFormatFor, type ColumnType } from '../src/documents/excel/number-formats.ts';
import { stylesFor } from '../src/documents/excel/workbook-styles.ts';

const ROWS = 10_000;
const COLS = 20;
const TYPES: ColumnType[] = ['text', 'date', 'text', 'integer', 'currency', 'percent', 'number', 'currency', 'integer', 'text'];
const typeOf = (c: number) => TYPES[c % TYPES.length];

function value(r: number, c: number): string | number | Date {
  switch (typeOf(c)) {
    case 'text': return `Item ${r}-${c}`;
    case 'date': return new Date(Date.UTC(2024, 0, 1) + (r % 365) * 86_400_000);
    case 'integer': return (r * 7 + c) % 1000;
    case 'percent': return ((r + c) % 100) / 100;
    default: return ((r * 13 + c * 7) % 100_000) / 10;
  }
}

/** The workbook model as the tools leave it: a styled header and typed, formatted columns. */
export function benchModel(): WorkbookModel {
  const wb = createWorkbook('Bench');
  const sheet = createSheet('Data');
  const styles = stylesFor(wb.theme);
  sheet.rows[0] = Array.from({ length: COLS }, (_, c) => ({ value: `Column ${c + 1}`, style: styles.header(typeOf(c)) }));
  for (let r = 1; r <= ROWS; r++) {
    const row: CellModel[] = [];
    for (let c = 0; c < COLS; c++) row.push({ value: value(r, c), style: styles.body(typeOf(c)) });
    sheet.rows[r] = row;
  }
  sheet.freeze = { rows: 1, columns: 0 };
  sheet.autoFilter = { start: { row: 0, col: 0 }, end: { row: ROWS, col: COLS - 1 } };
  wb.sheets.push(sheet);
  return wb;
}

/** Bare exceljs writing the same content: same values, same styles, widths and view. */
async function bareExceljs(model: WorkbookModel, widths: number[]): Promise<Buffer> {
  const styles = stylesFor(model.theme);
  const header = Array.from({ length: COLS }, (_, c) => toExcelStyle(styles.header(typeOf(c))));
  const body = Array.from({ length: COLS }, (_, c) => toExcelStyle(styles.body(typeOf(c))));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  ws.columns = widths.map((width) => ({ width }));
  const top = ws.getRow(1);
  for (let c = 0; c < COLS; c++) { const cell = top.getCell(c + 1); cell.value = `Column ${c + 1}`; cell.style = header[c]; }
  for (let r = 1; r <= ROWS; r++) {
    const row = ws.getRow(r + 1);
    for (let c = 0; c < COLS; c++) { const cell = row.getCell(c + 1); cell.value = value(r, c); cell.style = body[c]; }
  }
  ws.autoFilter = `A1:T${ROWS + 1}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

export async function benchExcelRender(runs = 5): Promise<{ folioMs: number; bareMs: number; ratio: number; bytes: number }> {
  const model = benchModel();
  const widths = autoColumnWidths(model.sheets[0]);
  const folio: number[] = [];
  const bare: number[] = [];
  let bytes = 0;
  await renderWorkbook(benchModel());
  await bareExceljs(model, widths);
  // Alternate the two, so load from other processes on the machine falls on both alike.
  for (let i = 0; i < runs; i++) {
    const m = benchModel();
    let t = performance.now();
    bytes = (await renderWorkbook(m)).length;
    folio.push(performance.now() - t);
    t = performance.now();
    await bareExceljs(model, widths);
    bare.push(performance.now() - t);
  }
  const folioMs = median(folio);
  const bareMs = median(bare);
  return { folioMs, bareMs, ratio: folioMs / bareMs, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ strict: false, options: { runs: { type: 'string', default: '5' } } });
  const r = await benchExcelRender(Number(values.runs));
  console.log(`xlsx ${ROWS} x ${COLS}: folio ${r.folioMs.toFixed(0)} ms, bare exceljs ${r.bareMs.toFixed(0)} ms, ratio ${r.ratio.toFixed(2)}x (target <= 1.3x), ${(r.bytes / 1024).toFixed(0)} KiB`);
}
