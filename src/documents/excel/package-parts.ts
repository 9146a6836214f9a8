// Completes the package exceljs wrote with what exceljs cannot write: Excel table parts, native chart
// parts with their drawings (merged into the drawing exceljs made for a sheet's images, if any), chart
// parts kept verbatim from a read file, and the original theme. Unchanged zip entries are copied as
// compressed, so this step costs little even for large sheets.
import JSZip from 'jszip';
import type { ChartModel, SheetModel, WorkbookModel } from './model.ts';
import { chartPartXml } from './chart-xml.ts';
import {
  addContentType, addDrawingElement, addRelationship, addTableParts, chartAnchorXml, CONTENT_TYPE, emptyDrawingXml, emptyRelsXml,
  rebaseAnchorXml, REL_TYPE, tablePartXml,
} from './drawing-xml.ts';

/** True when the package needs more than exceljs wrote. */
export function needsPackageParts(wb: WorkbookModel): boolean {
  return Boolean(wb.preserved.themeXml) || wb.sheets.some((s) => s.tables.length || s.charts.length || s.preserved.shapes?.length);
}

const relsPathOf = (part: string) => part.replace(/([^/]+)$/, '_rels/$1.rels');
const dirOf = (part: string) => part.slice(0, part.lastIndexOf('/') + 1);

/** Resolves a relationship target against the folder of the part that holds it. */
function resolveTarget(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (dirOf(fromPart) + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

class PackageEditor {
  readonly zip: JSZip;
  private readonly texts = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  constructor(zip: JSZip) {
    this.zip = zip;
  }

  async read(path: string): Promise<string | null> {
    const known = this.texts.get(path);
    if (known !== undefined) return known;
    const file = this.zip.file(path);
    if (!file) return null;
    const text = await file.async('string');
    this.texts.set(path, text);
    return text;
  }

  write(path: string, text: string): void {
    this.texts.set(path, text);
  }

  /** The next free `xl/<folder>/<stem>N.xml` name. */
  nextPart(folder: string, stem: string, ext = 'xml'): string {
    let n = this.counters.get(`${folder}/${stem}`) ?? 1;
    while (this.zip.file(`${folder}/${stem}${n}.${ext}`) || this.texts.has(`${folder}/${stem}${n}.${ext}`)) n++;
    this.counters.set(`${folder}/${stem}`, n + 1);
    return `${folder}/${stem}${n}.${ext}`;
  }

  flush(): void {
    for (const [path, text] of this.texts) this.zip.file(path, text);
  }
}

/** The worksheet part of each sheet, in workbook order. */
async function sheetParts(pkg: PackageEditor): Promise<string[]> {
  const workbook = (await pkg.read('xl/workbook.xml')) ?? '';
  const rels = (await pkg.read('xl/_rels/workbook.xml.rels')) ?? '';
  const targets = new Map([...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [/\bId="([^"]+)"/.exec(m[0])?.[1], /\bTarget="([^"]+)"/.exec(m[0])?.[1]]));
  return [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => resolveTarget('xl/workbook.xml', targets.get(/\br:id="([^"]+)"/.exec(m[0])?.[1]) ?? ''));
}

async function addTables(pkg: PackageEditor, sheetPart: string, sheet: SheetModel, types: { xml: string }, nextTableId: () => number): Promise<void> {
  const relsPath = relsPathOf(sheetPart);
  let rels = (await pkg.read(relsPath)) ?? emptyRelsXml();
  const ids: string[] = [];
  for (const table of sheet.tables) {
    const part = pkg.nextPart('xl/tables', 'table');
    pkg.write(part, tablePartXml(table, nextTableId()));
    const added = addRelationship(rels, REL_TYPE.table, `../tables/${part.split('/').pop()}`);
    rels = added.xml;
    ids.push(added.id);
    types.xml = addContentType(types.xml, `/${part}`, CONTENT_TYPE.table);
  }
  pkg.write(relsPath, rels);
  pkg.write(sheetPart, addTableParts((await pkg.read(sheetPart))!, ids));
}

/** The sheet's drawing part, created (and linked from the sheet) when exceljs wrote none. */
async function drawingOf(pkg: PackageEditor, sheetPart: string, types: { xml: string }): Promise<string> {
  const relsPath = relsPathOf(sheetPart);
  const rels = (await pkg.read(relsPath)) ?? emptyRelsXml();
  const existing = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => r.includes(`Type="${REL_TYPE.drawing}"`));
  if (existing) return resolveTarget(sheetPart, /\bTarget="([^"]+)"/.exec(existing)![1]);
  const part = pkg.nextPart('xl/drawings', 'drawing');
  pkg.write(part, emptyDrawingXml());
  const added = addRelationship(rels, REL_TYPE.drawing, `../drawings/${part.split('/').pop()}`);
  pkg.write(relsPath, added.xml);
  pkg.write(sheetPart, addDrawingElement((await pkg.read(sheetPart))!, added.id));
  types.xml = addContentType(types.xml, `/${part}`, CONTENT_TYPE.drawing);
  return part;
}

function sameAnchor(a: ChartModel['anchor'], b: ChartModel['anchor']): boolean {
  return a.from.row === b.from.row && a.from.col === b.from.col && a.to.row === b.to.row && a.to.col === b.to.col;
}

/** Writes one chart part (generated, or verbatim with its own related parts); returns its path. */
async function writeChartPart(pkg: PackageEditor, wb: WorkbookModel, chart: ChartModel, types: { xml: string }): Promise<string> {
  const part = pkg.nextPart('xl/charts', 'chart');
  const verbatim = chart.verbatim;
  if (verbatim?.chartXml) {
    pkg.write(part, verbatim.chartXml);
    if (verbatim.rels) {
      let relsXml = verbatim.rels.xml;
      for (const p of verbatim.rels.parts) {
        const ext = p.path.split('.').pop() ?? 'xml';
        const stem = p.path.split('/').pop()!.replace(/\d*\.[^.]+$/, '');
        const folder = p.path.slice(0, p.path.lastIndexOf('/'));
        const target = pkg.nextPart(folder, stem, ext);
        pkg.zip.file(target, p.data);
        relsXml = relsXml.split(`"${p.path}"`).join(`"/${target}"`);
        if (p.contentType) types.xml = addContentType(types.xml, `/${target}`, p.contentType);
      }
      pkg.write(relsPathOf(part), relsXml);
    }
  } else {
    pkg.write(part, chartPartXml(wb, chart));
  }
  types.xml = addContentType(types.xml, `/${part}`, CONTENT_TYPE.chart);
  return part;
}

async function addCharts(pkg: PackageEditor, wb: WorkbookModel, sheetPart: string, sheet: SheetModel, types: { xml: string }): Promise<void> {
  const drawing = await drawingOf(pkg, sheetPart, types);
  const drawingRelsPath = relsPathOf(drawing);
  let rels = (await pkg.read(drawingRelsPath)) ?? emptyRelsXml();
  let xml = (await pkg.read(drawing))!;
  let shapeId = Math.max(1, ...[...xml.matchAll(/<xdr:cNvPr\b[^>]*?\bid="(\d+)"/g)].map((m) => Number(m[1]))) + 1;
  const anchors: string[] = [];
  for (const chart of sheet.charts) {
    const part = await writeChartPart(pkg, wb, chart, types);
    const added = addRelationship(rels, REL_TYPE.chart, `../charts/${part.split('/').pop()}`);
    rels = added.xml;
    const v = chart.verbatim;
    anchors.push(v?.anchorXml && sameAnchor(v.readAnchor, chart.anchor)
      ? rebaseAnchorXml(v.anchorXml, shapeId++, added.id)
      : chartAnchorXml(chart.anchor, shapeId++, added.id, chart.title || chart.id));
  }
  for (const shape of sheet.preserved.shapes ?? []) anchors.push(rebaseAnchorXml(shape, shapeId++, null));
  xml = xml.replace('</xdr:wsDr>', `${anchors.join('')}</xdr:wsDr>`);
  if (!/xmlns:a=/.test(xml.slice(0, xml.indexOf('>', xml.indexOf('<xdr:wsDr'))))) xml = xml.replace('<xdr:wsDr', '<xdr:wsDr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"');
  pkg.write(drawing, xml);
  pkg.write(drawingRelsPath, rels);
}

/** Adds tables, charts, kept drawing shapes and the original theme to the package exceljs wrote. */
export async function completePackage(bytes: Buffer, wb: WorkbookModel): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const pkg = new PackageEditor(zip);
  const types = { xml: (await pkg.read('[Content_Types].xml'))! };
  const parts = await sheetParts(pkg);
  let tableId = 1;
  for (const [i, sheet] of wb.sheets.entries()) {
    const part = parts[i];
    if (!part) continue;
    if (sheet.tables.length) await addTables(pkg, part, sheet, types, () => tableId++);
    if (sheet.charts.length || sheet.preserved.shapes?.length) await addCharts(pkg, wb, part, sheet, types);
  }
  if (wb.preserved.themeXml && zip.file('xl/theme/theme1.xml')) pkg.write('xl/theme/theme1.xml', wb.preserved.themeXml);
  pkg.write('[Content_Types].xml', types.xml);
  pkg.flush();
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
