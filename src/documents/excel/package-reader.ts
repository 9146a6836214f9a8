// Reads from the package what exceljs does not give back faithfully: Excel tables (their parts, as
// written), charts with their anchors (described when the model can, verbatim always), other drawing
// shapes (verbatim), and the theme part.
import JSZip from 'jszip';
import { parseRange } from './a1.ts';
import { attrsOf, child, childrenNamed, findFirst, parseXml, readRelationships, type OoxmlPackage } from '../agent/ooxml-package.ts';
import { readChartXml } from './chart-reader.ts';
import type { ChartAnchor, ChartModel, TableModel, TotalsFunction, VerbatimChart } from './model.ts';

export interface ReadPicture {
  data: Buffer;
  extension: 'png' | 'jpeg' | 'gif';
  from: { row: number; col: number };
  width: number;
  height: number;
  description?: string;
}

export interface SheetPackageParts {
  tables: TableModel[];
  charts: Omit<ChartModel, 'id'>[];
  pictures: ReadPicture[];
  shapes: string[];
}

const TOTALS: ReadonlySet<string> = new Set(['sum', 'average', 'count', 'min', 'max']);

export function resolvePartPath(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const out: string[] = [];
  for (const p of (fromPart.slice(0, fromPart.lastIndexOf('/') + 1) + target).split('/')) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

const relsPathOf = (part: string) => part.replace(/([^/]+)$/, '_rels/$1.rels');

/** Sheet name -> worksheet part path, from workbook.xml and its relationships. */
export async function worksheetParts(pkg: OoxmlPackage): Promise<Map<string, string>> {
  const xml = await pkg.text('xl/workbook.xml');
  const out = new Map<string, string>();
  if (!xml) return out;
  const rels = await readRelationships(pkg, 'xl/_rels/workbook.xml.rels');
  const sheets = findFirst(parseXml(xml, 'xl/workbook.xml'), 'sheets');
  for (const s of sheets ? childrenNamed(sheets, 'sheet') : []) {
    const a = attrsOf(s);
    const rel = rels.get(a['r:id']);
    if (rel) out.set(a.name, resolvePartPath('xl/workbook.xml', rel.target));
  }
  return out;
}

function readTable(xml: string, part: string): TableModel | null {
  const table = findFirst(parseXml(xml, part), 'table');
  if (!table) return null;
  const a = attrsOf(table);
  const range = parseRange(a.ref ?? '');
  if (!range) return null;
  const cols = child(table, 'tableColumns');
  const style = child(table, 'tableStyleInfo');
  const totalsRow = Number(a.totalsRowCount ?? 0) > 0;
  return {
    name: a.displayName ?? a.name ?? 'Table',
    range,
    columns: (cols ? childrenNamed(cols, 'tableColumn') : []).map((c) => {
      const ca = attrsOf(c);
      const fn = ca.totalsRowFunction;
      return {
        name: ca.name ?? '',
        ...(fn && TOTALS.has(fn) ? { totalsFunction: fn as TotalsFunction } : {}),
        ...(ca.totalsRowLabel ? { totalsLabel: ca.totalsRowLabel } : {}),
      };
    }),
    totalsRow,
    style: style ? (attrsOf(style).name ?? 'TableStyleMedium2') : 'TableStyleMedium2',
    bandedRows: style ? attrsOf(style).showRowStripes !== '0' : true,
  };
}

const ANCHOR = /<((?:[\w-]+:)?)(twoCellAnchor|oneCellAnchor|absoluteAnchor)\b[\s\S]*?<\/\1\2>/g;

function markerPos(anchorXml: string, tag: 'from' | 'to'): { row: number; col: number } | null {
  const m = new RegExp(`<(?:[\\w-]+:)?${tag}>[\\s\\S]*?<(?:[\\w-]+:)?col>(\\d+)<[\\s\\S]*?<(?:[\\w-]+:)?row>(\\d+)<`).exec(anchorXml);
  return m ? { col: Number(m[1]), row: Number(m[2]) } : null;
}

/** Where an anchor sits in cells; a one-cell or absolute anchor gets a default 8 x 16 cell box. */
function anchorCells(anchorXml: string): ChartAnchor {
  const from = markerPos(anchorXml, 'from') ?? { row: 0, col: 0 };
  const to = markerPos(anchorXml, 'to') ?? { row: from.row + 16, col: from.col + 8 };
  return { from, to };
}

/**
 * The anchor with the namespace declarations of its drawing (prefixed ones, and the default namespace
 * some writers use instead of `xdr:`), so it stands on its own inside another drawing.
 */
function selfContained(anchorXml: string, rootTag: string): string {
  const start = /^<[^>]*>/.exec(anchorXml)?.[0] ?? '';
  const decls = [...rootTag.matchAll(/\sxmlns(?::([\w-]+))?="[^"]*"/g)]
    .filter((m) => !start.includes(m[1] ? `xmlns:${m[1]}=` : 'xmlns='))
    .map((m) => m[0]).join('');
  return anchorXml.replace(/^<([\w:-]+)/, `<$1${decls}`);
}

const EMU_PER_PIXEL = 9525;

/** A picture anchor as an image of the model: its bytes, top-left cell (with offsets) and size in pixels. */
async function readPicture(pkg: OoxmlPackage, drawingPart: string, anchorXml: string, rels: Map<string, { target: string }>): Promise<ReadPicture | null> {
  const embed = /\br:embed="([^"]+)"/.exec(anchorXml)?.[1];
  const rel = embed ? rels.get(embed) : undefined;
  if (!rel) return null;
  const path = resolvePartPath(drawingPart, rel.target);
  const ext = path.split('.').pop()?.toLowerCase();
  const extension = ext === 'jpg' || ext === 'jpeg' ? 'jpeg' : ext === 'png' ? 'png' : ext === 'gif' ? 'gif' : null;
  const data = extension ? await pkg.bytes(path) : null;
  if (!data || !extension) return null;
  const num = (re: RegExp) => Number(re.exec(anchorXml)?.[1] ?? NaN);
  const cell = (tag: string) => {
    const block = new RegExp(`<(?:[\\w-]+:)?${tag}>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`).exec(anchorXml)?.[1] ?? '';
    const get = (name: string) => Number(new RegExp(`<(?:[\\w-]+:)?${name}>(-?\\d+)<`).exec(block)?.[1] ?? 0);
    return { col: get('col'), row: get('row'), colOff: get('colOff'), rowOff: get('rowOff'), found: block !== '' };
  };
  const from = cell('from');
  const to = cell('to');
  // Size: the picture's own extent, else the anchor's, else the cells it spans (64 x 20 pixel default cells).
  let cx = num(/<a:ext\b[^>]*\bcx="(\d+)"/);
  let cy = num(/<a:ext\b[^>]*\bcy="(\d+)"/);
  if (!(cx > 0 && cy > 0)) { cx = num(/<(?:[\w-]+:)?ext\b[^>]*\bcx="(\d+)"/); cy = num(/<(?:[\w-]+:)?ext\b[^>]*\bcy="(\d+)"/); }
  const width = cx > 0 ? cx / EMU_PER_PIXEL : to.found ? (to.col - from.col) * 64 : 200;
  const height = cy > 0 ? cy / EMU_PER_PIXEL : to.found ? (to.row - from.row) * 20 : 100;
  const description = /<(?:[\w-]+:)?cNvPr\b[^>]*\bdescr="([^"]*)"/.exec(anchorXml)?.[1];
  return {
    data, extension,
    from: { col: from.col + from.colOff / EMU_PER_PIXEL / 64, row: from.row + from.rowOff / EMU_PER_PIXEL / 20 },
    width: Math.round(width), height: Math.round(height),
    ...(description ? { description } : {}),
  };
}

async function contentTypeOf(pkg: OoxmlPackage, path: string): Promise<string | null> {
  const types = (await pkg.text('[Content_Types].xml')) ?? '';
  const over = new RegExp(`<Override[^>]*PartName="/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*ContentType="([^"]+)"`).exec(types)
    ?? new RegExp(`<Override[^>]*ContentType="([^"]+)"[^>]*PartName="/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).exec(types);
  if (over) return over[1];
  const ext = path.split('.').pop();
  const def = new RegExp(`<Default[^>]*Extension="${ext}"[^>]*ContentType="([^"]+)"`, 'i').exec(types);
  return def?.[1] ?? 'application/octet-stream';
}

async function chartRels(pkg: OoxmlPackage, chartPart: string): Promise<VerbatimChart['rels']> {
  const relsPath = relsPathOf(chartPart);
  let xml = await pkg.text(relsPath);
  if (!xml) return null;
  const parts: NonNullable<VerbatimChart['rels']>['parts'] = [];
  for (const [, rel] of await readRelationships(pkg, relsPath)) {
    if (rel.external) continue;
    const path = resolvePartPath(chartPart, rel.target);
    const data = await pkg.bytes(path);
    if (!data) continue;
    parts.push({ path, data, contentType: await contentTypeOf(pkg, path) });
    xml = xml.split(`Target="${rel.target}"`).join(`Target="${path}"`);
  }
  return { xml, parts };
}

async function readDrawing(pkg: OoxmlPackage, drawingPart: string, into: SheetPackageParts): Promise<void> {
  const xml = await pkg.text(drawingPart);
  if (!xml) return;
  parseXml(xml, drawingPart);
  const rootTag = /<(?:[\w-]+:)?wsDr\b[^>]*>/.exec(xml)?.[0] ?? '';
  const rels = await readRelationships(pkg, relsPathOf(drawingPart));
  for (const m of xml.matchAll(ANCHOR)) {
    const anchorXml = selfContained(m[0], rootTag);
    const chartRel = /<(?:[\w-]+:)?chart\b[^>]*\br:id="([^"]+)"/.exec(anchorXml)?.[1];
    if (chartRel) {
      const rel = rels.get(chartRel);
      const chartPart = rel ? resolvePartPath(drawingPart, rel.target) : null;
      const chartXml = chartPart ? await pkg.text(chartPart) : null;
      if (!chartPart || !chartXml) continue;
      const anchor = anchorCells(anchorXml);
      const described = readChartXml(chartXml, chartPart);
      into.charts.push({ ...described, anchor, verbatim: { chartXml, rels: await chartRels(pkg, chartPart), anchorXml, readAnchor: anchor } });
    } else if (/<(?:[\w-]+:)?pic\b/.test(anchorXml)) {
      const picture = await readPicture(pkg, drawingPart, anchorXml, rels);
      if (picture) into.pictures.push(picture);
    } else if (!/\br:(embed|link|id)="/.test(anchorXml)) {
      // Shapes without relationships (text boxes, arrows, rectangles) are kept as read.
      into.shapes.push(anchorXml);
    }
  }
}

/** Tables, charts and shapes of one worksheet part. */
export async function readSheetParts(pkg: OoxmlPackage, sheetPart: string): Promise<SheetPackageParts> {
  const parts: SheetPackageParts = { tables: [], charts: [], pictures: [], shapes: [] };
  const rels = await readRelationships(pkg, relsPathOf(sheetPart));
  for (const [, rel] of rels) {
    if (rel.external) continue;
    const target = resolvePartPath(sheetPart, rel.target);
    if (rel.type.endsWith('/table')) {
      const xml = await pkg.text(target);
      const table = xml ? readTable(xml, target) : null;
      if (table) parts.tables.push(table);
    } else if (rel.type.endsWith('/drawing')) {
      await readDrawing(pkg, target, parts);
    }
  }
  return parts;
}

/** `target` (absolute, as some writers put it) relative to the folder of `fromPart`, as exceljs expects. */
function relativeTarget(fromPart: string, target: string): string {
  if (!target.startsWith('/')) return target;
  const from = fromPart.split('/').slice(0, -1);
  const to = target.slice(1).split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
}

/**
 * The package as exceljs can read it: without the worksheets' drawings and tables (read here instead:
 * exceljs fails on drawings without the `xdr:` prefix, which openpyxl writes, and on tables at absolute
 * paths), and with absolute relationship targets made relative.
 */
export async function exceljsReadable(pkg: OoxmlPackage, bytes: Buffer): Promise<Buffer> {
  let zip: JSZip | null = null;
  const edit = async () => (zip ??= await JSZip.loadAsync(bytes));
  for (const relsPath of pkg.paths().filter((p) => p.endsWith('.rels'))) {
    const xml = await pkg.text(relsPath);
    if (!xml) continue;
    const source = relsPath.replace('_rels/', '').replace(/\.rels$/, '');
    const isSheet = relsPath.startsWith('xl/worksheets/_rels/');
    const dropped: string[] = [];
    const kept = xml.replace(/<Relationship\b[^>]*\/>/g, (rel) => {
      if (isSheet && /Type="[^"]*\/(drawing|table)"/.test(rel)) {
        dropped.push(/\bId="([^"]+)"/.exec(rel)?.[1] ?? '');
        return '';
      }
      return /TargetMode="External"/.test(rel) ? rel : rel.replace(/\bTarget="([^"]+)"/, (_, t: string) => `Target="${relativeTarget(source, t)}"`);
    });
    if (kept === xml) continue;
    (await edit()).file(relsPath, kept);
    if (!dropped.length) continue;
    let sheetXml = await pkg.text(source);
    if (!sheetXml) continue;
    for (const id of dropped) sheetXml = sheetXml.replace(new RegExp(`<(?:[\\w-]+:)?(?:drawing|tablePart)\\b[^>]*\\br:id="${id}"[^>]*/>`), '');
    sheetXml = sheetXml.replace(/<(?:[\w-]+:)?tableParts\b[^>]*>\s*<\/(?:[\w-]+:)?tableParts>/, '').replace(/<(?:[\w-]+:)?tableParts\b[^>]*\/>/, '');
    (await edit()).file(source, sheetXml);
  }
  if (!zip) return bytes;
  // exceljs parses every drawing and table part it finds, linked or not.
  for (const part of [...pkg.paths('xl/drawings/'), ...pkg.paths('xl/tables/')]) (zip as JSZip).remove(part);
  return (zip as JSZip).generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
