// Looking inside workbooks the way an independent reader would (JSZip and regular expressions, no Folio
// code): a sheet's part by its name, its rows and cells as written, and whether a shared strings or
// styles part was only appended to.
import { packageParts } from './slides.ts';

export type Parts = Map<string, Buffer>;

export { packageParts };

const text = (parts: Parts, name: string) => parts.get(name)?.toString('utf8') ?? '';

/** The part of the sheet named `sheet` (through workbook.xml and its relationships). */
export function sheetPart(parts: Parts, sheet: string): string {
  const wb = text(parts, 'xl/workbook.xml');
  const esc = sheet.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '(?:\'|&apos;)');
  const tag = new RegExp(`<(?:\\w+:)?sheet\\b[^>]*\\bname="${esc}"[^>]*>`).exec(wb)?.[0];
  const rid = tag ? /\br:id="([^"]+)"/.exec(tag)?.[1] : undefined;
  const rels = text(parts, 'xl/_rels/workbook.xml.rels');
  const target = rid ? new RegExp(`<Relationship\\b[^>]*\\bId="${rid}"[^>]*>`).exec(rels)?.[0].match(/\bTarget="([^"]+)"/)?.[1] : undefined;
  if (!target) throw new Error(`no sheet "${sheet}" in the workbook`);
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** The rows of a sheet part as written, by row number (rows without r are numbered in order). */
export function rowsOf(xml: string): Map<number, string> {
  const rows = new Map<number, string>();
  let n = 0;
  for (const m of xml.matchAll(/<(?:\w+:)?row\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?row>)/g)) {
    const r = /^<[^>]*\br="(\d+)"/.exec(m[0]);
    n = r ? Number(r[1]) : n + 1;
    rows.set(n, m[0]);
  }
  return rows;
}

/** The cells of a row as written, by reference. */
export function cellsOf(row: string): Map<string, string> {
  const cells = new Map<string, string>();
  for (const m of row.matchAll(/<(?:\w+:)?c\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?c>)/g)) {
    const ref = /\br="([A-Z]+\d+)"/.exec(m[0])?.[1];
    if (ref) cells.set(ref, m[0]);
  }
  return cells;
}

/** Row numbers whose XML differs between two versions of a sheet part (added and removed rows too). */
export function changedRows(before: string, after: string): number[] {
  const a = rowsOf(before);
  const b = rowsOf(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((r) => a.get(r) !== b.get(r)).sort((x, y) => x - y);
}

/** The shared strings of a part, as their <si> elements. */
export function stringItems(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?si\b[\s\S]*?<\/(?:\w+:)?si>/g)].map((m) => m[0]);
}

/** Each collection of a styles part (fonts, fills, cellXfs...) as its item elements. */
export function styleCollections(xml: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of xml.matchAll(/<((?:\w+:)?(numFmts|fonts|fills|borders|cellStyleXfs|cellXfs|cellStyles|dxfs))\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    out.set(m[2], [...m[3].matchAll(/<(?:\w+:)?(?:numFmt|font|fill|border|xf|cellStyle|dxf)\b(?:[^>]*\/>|[\s\S]*?<\/(?:\w+:)?(?:numFmt|font|fill|border|xf|cellStyle|dxf)>)/g)].map((x) => x[0]));
  }
  return out;
}

/** Whether every collection of `before` is a prefix of the same collection in `after` (styles only appended to). */
export function onlyAppended(before: string, after: string): string[] {
  const a = styleCollections(before);
  const b = styleCollections(after);
  const problems: string[] = [];
  for (const [name, items] of a) {
    const now = b.get(name) ?? [];
    const at = items.findIndex((x, i) => now[i] !== x);
    if (at >= 0) problems.push(`${name}: item ${at} changed or gone`);
  }
  return problems;
}
