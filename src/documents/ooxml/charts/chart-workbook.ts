// The workbook embedded next to a chart in a deck or a document: what PowerPoint and Word open on
// "Edit Data". One sheet laid out the way the chart's formulas expect (chart-spec.ts, chartRanges):
// A1 empty, series names across row 1, categories down column A, values below their series' name.
// Strings are inline (no shared-strings part), so the package is five small parts; it is written with
// fixed time stamps, so the same chart always gives the same bytes.
import { xmlEscape } from '../xml.ts';
import { writeZip } from '../zip-writer.ts';
import { checkSheetName, columnName, normalizeChartData, type ChartData } from './chart-spec.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export interface ChartWorkbookOptions {
  /** Number format of the value cells, e.g. '#,##0.0' (the chart's own format, so both show the same). */
  numberFormat?: string;
}

const CONTENT_TYPES = `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS = `${DECL}<Relationships xmlns="${PKG_REL}">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS = `${DECL}<Relationships xmlns="${PKG_REL}">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

function workbookXml(sheetName: string): string {
  return `${DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
    `<sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** Style 0 is the default; style 1 (when there is a number format) applies it to the value cells. */
function stylesXml(numberFormat?: string): string {
  const numFmts = numberFormat ? `<numFmts count="1"><numFmt numFmtId="164" formatCode="${xmlEscape(numberFormat)}"/></numFmts>` : '';
  const xfs = numberFormat
    ? '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
    : '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>';
  return `${DECL}<styleSheet xmlns="${MAIN}">${numFmts}` +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `${xfs}<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

function textCell(ref: string, text: string): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlEscape(text)}</t></is></c>`;
}

function sheetXml(data: ChartData, numberFormat?: string): string {
  const width = data.series.length;
  const lastRow = data.categories.length + 1;
  const rows: string[] = [];
  const header = data.series.map((s, i) => textCell(`${columnName(i + 1)}1`, s.name));
  rows.push(`<row r="1">${header.join('')}</row>`);
  data.categories.forEach((cat, j) => {
    const r = j + 2;
    const cells = [textCell(`A${r}`, cat)];
    data.series.forEach((s, i) => {
      const v = s.values[j];
      // A missing value is an empty cell: the chart shows a gap there, as it does from its cache.
      if (v !== null) cells.push(`<c r="${columnName(i + 1)}${r}"${numberFormat ? ' s="1"' : ''}><v>${Object.is(v, -0) ? 0 : v}</v></c>`);
    });
    rows.push(`<row r="${r}">${cells.join('')}</row>`);
  });
  const longest = Math.max(10, ...data.categories.map((c) => c.length));
  const cols = `<cols><col min="1" max="1" width="${Math.min(60, longest + 2)}" customWidth="1"/>` +
    (width ? `<col min="2" max="${width + 1}" width="14" customWidth="1"/>` : '') + '</cols>';
  return `${DECL}<worksheet xmlns="${MAIN}" xmlns:r="${REL_NS}"><dimension ref="A1:${columnName(Math.max(width, 1))}${lastRow}"/>` +
    `<sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}` +
    `<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** The chart's data as a minimal .xlsx (deterministic bytes). */
export function chartWorkbook(input: ChartData, sheetName = 'Sheet1', options: ChartWorkbookOptions = {}): Buffer {
  const data = normalizeChartData(input);
  checkSheetName(sheetName);
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text, 'utf8'), compress: true });
  return writeZip([
    part('[Content_Types].xml', CONTENT_TYPES),
    part('_rels/.rels', ROOT_RELS),
    part('xl/workbook.xml', workbookXml(sheetName)),
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    part('xl/worksheets/sheet1.xml', sheetXml(data, options.numberFormat)),
    part('xl/styles.xml', stylesXml(options.numberFormat)),
  ]);
}
