// Native workbook exports (no LibreOffice): CSV of one sheet and HTML tables, from cell values.
// Values, not display formats: formulas give their computed results, dates ISO 8601, numbers at Excel's
// 15 significant digits. Workbooks whose formulas carry no computed value are recalculated first by the
// caller (LibreOffice), see lacksComputedValues. exportWorkbook is the whole conversion from a file on
// disk to files on disk, run as a document-thread job (src/documents/isolate) so that a workbook too
// large for memory ends that thread only.
import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { toCsv } from '../csv.ts';

export type Workbook = ExcelJS.Workbook;
export type Worksheet = ExcelJS.Worksheet;

/** Parses a workbook; throws when the bytes are not a readable .xlsx. */
export async function readWorkbook(bytes: Buffer): Promise<Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

const isFormula = (v: ExcelJS.CellValue): v is ExcelJS.CellFormulaValue | ExcelJS.CellSharedFormulaValue =>
  typeof v === 'object' && v !== null && ('formula' in v || 'sharedFormula' in v);

/** True when some formula has no cached result: generators (exceljs, openpyxl) often write none. */
export function lacksComputedValues(wb: Workbook): boolean {
  for (const ws of wb.worksheets) {
    let missing = false;
    ws.eachRow((row) => row.eachCell((cell) => {
      if (!missing && isFormula(cell.value) && (cell.value.result === undefined || cell.value.result === null)) missing = true;
    }));
    if (missing) return true;
  }
  return false;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Excel dates have no time zone: exceljs reads them as UTC, and they are printed as such, without a zone. */
export function formatDate(d: Date): string {
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0) return date;
  return `${date}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Excel keeps 15 significant digits: 0.1 + 0.2 is 0.3 there, and so here. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

export function valueText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return formatDate(v);
  if (isFormula(v)) return valueText(v.result as ExcelJS.CellValue);
  if ('error' in v) return v.error;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return typeof v.text === 'string' ? v.text : valueText(v.text as ExcelJS.CellValue);
  return '';
}

export interface SheetCell {
  text: string;
  numeric: boolean;
  bold: boolean;
  /** Part of a merged range but not its top-left cell: shown empty (CSV) or spanned over (HTML). */
  covered: boolean;
}

/** The sheet's cells as a rectangle, trailing empty rows and columns dropped. */
export function sheetCells(ws: Worksheet): SheetCell[][] {
  const rows: SheetCell[][] = [];
  let lastRow = 0;
  let lastCol = 0;
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: SheetCell[] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      const cell = row.getCell(c);
      const covered = cell.isMerged && cell.master.address !== cell.address;
      const value = cell.value;
      const text = covered ? '' : valueText(value);
      const result = isFormula(value) ? value.result : value;
      cells.push({ text, numeric: typeof result === 'number', bold: Boolean(cell.font?.bold), covered });
      if (text !== '') { lastRow = r; lastCol = Math.max(lastCol, c); }
    }
    rows.push(cells);
  }
  return rows.slice(0, lastRow).map((cells) => cells.slice(0, lastCol));
}

export function sheetToCsv(ws: Worksheet): string {
  // CSV injection (OWASP): a text cell that a spreadsheet would read back as a formula (=, +, -, @, tab,
  // CR first) is written with a leading apostrophe. Numbers, including negative ones, are left alone.
  return toCsv(sheetCells(ws).map((cells) => cells.map((c) => (!c.numeric && /^[=+\-@\t\r]/.test(c.text) ? `'${c.text}` : c.text))));
}

/** Finds a sheet by name, exactly first, then ignoring case (as Excel does). */
export function findSheet(wb: Workbook, name: string): Worksheet | undefined {
  return wb.worksheets.find((ws) => ws.name === name) ?? wb.worksheets.find((ws) => ws.name.toLowerCase() === name.toLowerCase());
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `A1:C2` -> spans keyed by the top-left address. */
function mergeSpans(ws: Worksheet): Map<string, { rows: number; cols: number }> {
  const spans = new Map<string, { rows: number; cols: number }>();
  for (const range of (ws.model as { merges?: string[] }).merges ?? []) {
    const [from, to] = range.split(':');
    const a = ws.getCell(from);
    const b = ws.getCell(to ?? from);
    spans.set(a.address, { rows: Number(b.row) - Number(a.row) + 1, cols: Number(b.col) - Number(a.col) + 1 });
  }
  return spans;
}

function sheetTable(ws: Worksheet): string {
  const spans = mergeSpans(ws);
  const body = sheetCells(ws).map((cells, r) => {
    const tds = cells.map((cell, c) => {
      if (cell.covered) return '';
      const span = spans.get(ws.getRow(r + 1).getCell(c + 1).address);
      const attrs = [cell.numeric ? ' class="n"' : '', span && span.cols > 1 ? ` colspan="${span.cols}"` : '', span && span.rows > 1 ? ` rowspan="${span.rows}"` : ''].join('');
      const text = escapeHtml(cell.text).replace(/\r?\n/g, '<br>');
      return `<td${attrs}>${cell.bold && text ? `<b>${text}</b>` : text}</td>`;
    });
    return `<tr>${tds.join('')}</tr>`;
  });
  return `<table>\n${body.join('\n')}\n</table>`;
}

/** Every sheet as an HTML table under its name, in workbook order. */
export function workbookToHtml(wb: Workbook, title: string): string {
  const sections = wb.worksheets.map((ws) => `<section>\n<h2>${escapeHtml(ws.name)}</h2>\n${sheetTable(ws)}\n</section>`);
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Carlito,Calibri,sans-serif}table{border-collapse:collapse;margin-bottom:1.5em}td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}td.n{text-align:right}</style>
</head>
<body>
${sections.join('\n')}
</body>
</html>
`;
}

export interface WorkbookExport {
  /** The .xlsx on disk. */
  srcPath: string;
  format: 'csv' | 'html';
  /** CSV: a sheet name, '*' for all, undefined for the first. */
  sheet?: string;
  /** The HTML page's title. */
  title: string;
  /** Where the outputs are written. */
  outDir: string;
  /** False when formulas without computed values must be recalculated first (answers needs_recalc). */
  computed: boolean;
}

/** What exportWorkbook did, as plain data (it crosses the thread boundary). */
export type WorkbookExportResult =
  | { status: 'done'; files: { path: string; sheet: string }[] }
  | { status: 'unreadable'; reason: string }
  | { status: 'needs_recalc' }
  | { status: 'no_sheet'; sheets: string[] };

/** Reads the workbook and writes the HTML page or the CSV sheet(s) into outDir. */
export async function exportWorkbook(job: WorkbookExport): Promise<WorkbookExportResult> {
  let wb: Workbook;
  try {
    wb = await readWorkbook(await fs.readFile(job.srcPath));
  } catch (err) {
    return { status: 'unreadable', reason: (err as Error).message };
  }
  if (!job.computed && lacksComputedValues(wb)) return { status: 'needs_recalc' };
  if (job.format === 'html') {
    const p = path.join(job.outDir, 'workbook.html');
    await fs.writeFile(p, workbookToHtml(wb, job.title));
    return { status: 'done', files: [{ path: p, sheet: '' }] };
  }
  if (wb.worksheets.length === 0) return { status: 'unreadable', reason: 'the workbook has no sheet' };
  const sheets = job.sheet === '*' ? wb.worksheets : [job.sheet === undefined ? wb.worksheets[0] : findSheet(wb, job.sheet)];
  if (!sheets[0]) return { status: 'no_sheet', sheets: wb.worksheets.map((w) => w.name) };
  const files = [];
  for (const [i, ws] of (sheets as Worksheet[]).entries()) {
    const p = path.join(job.outDir, `sheet-${i}.csv`);
    await fs.writeFile(p, sheetToCsv(ws));
    files.push({ path: p, sheet: ws.name });
  }
  return { status: 'done', files };
}
