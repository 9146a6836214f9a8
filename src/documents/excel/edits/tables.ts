// Excel tables as parts: a new table is xl/tables/tableN.xml (id unique in the workbook, one column per
// header cell, the autofilter over header and data, the style), related from its sheet and listed in
// the sheet's <tableParts>. Deleting one removes the part, its relationship and its <tablePart>; the
// cells stay. A header cell rewritten keeps its table column's name in step.
import { attr, attrNS, child, children, createEl, insertBefore, removeNode } from '../../ooxml/xml.ts';
import { rangeAddress, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { worksheetAfter } from '../parts/worksheet.ts';
import { xmlEscape } from '../parts/xml-text.ts';
import type { TableView } from '../view/sheet-parts.ts';
import { restyleCell } from './cells.ts';
import { allTables } from '../view/sheet.view.ts';
import { CT_XL, type SheetEntry } from '../workbook.ts';

export interface NewTable {
  name: string;
  range: RangePos;
  columns: { name: string; totalsFunction?: string; totalsLabel?: string }[];
  totalsRow: boolean;
  style: string;
  bandedRows: boolean;
}

const TOTALS_CODE: Record<string, number> = { sum: 109, average: 101, count: 103, min: 105, max: 104 };

/** The SUBTOTAL formula a table's totals row holds for a column (ignores rows a filter hides). */
export function totalsFormula(fn: string, dataRange: string): string {
  return `SUBTOTAL(${TOTALS_CODE[fn] ?? 109},${dataRange})`;
}

/**
 * The table style new tables take: the one the workbook's own tables use most (a user's workbook keeps
 * its look, custom styles included), else Folio's default.
 */
export function workbookTableStyle(doc: ExcelDocument): string {
  const counts = new Map<string, number>();
  for (const t of allTables(doc)) if (t.style) counts.set(t.style, (counts.get(t.style) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'TableStyleMedium2';
}

/** A valid, workbook-unique table name: letters, digits and `_`, starting with a letter, not a cell address. */
export function tableName(doc: ExcelDocument, wanted: string, alsoTaken: Iterable<string> = []): string {
  let base = wanted.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'Table';
  if (!/^[A-Za-z_]/.test(base)) base = `T_${base}`;
  if (/^[A-Za-z]{1,3}\d+$/.test(base) || /^[Rr]\d*[Cc]?\d*$/.test(base)) base = `${base}_data`;
  base = base.slice(0, 240);
  const names = children(child(doc.book.root(), doc.book.ns.x, 'definedNames'), doc.book.ns.x, 'definedName').map((d) => (attr(d, 'name') ?? '').toLowerCase());
  const taken = new Set([...allTables(doc).map((t) => t.name.toLowerCase()), ...names, ...[...alsoTaken].map((n) => n.toLowerCase())]);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  return name;
}

function nextTableId(doc: ExcelDocument): number {
  let max = 0;
  for (const p of doc.pkg.paths('xl/tables/')) {
    if (!p.endsWith('.xml')) continue;
    try { max = Math.max(max, Number(attr(doc.pkg.xml(p).documentElement, 'id') ?? 0)); } catch { /* an unreadable table keeps its id to itself */ }
  }
  return max + 1;
}

export function addTable(doc: ExcelDocument, entry: SheetEntry, t: NewTable): string {
  const ns = doc.book.ns;
  const part = doc.pkg.freeName('xl/tables/table', '.xml');
  const ref = rangeAddress(t.range);
  const filterEnd = t.totalsRow ? { row: t.range.end.row - 1, col: t.range.end.col } : t.range.end;
  const cols = t.columns.map((c, i) => {
    const totals = !t.totalsRow ? '' : c.totalsFunction ? ` totalsRowFunction="${c.totalsFunction}"` : c.totalsLabel ? ` totalsRowLabel="${xmlEscape(c.totalsLabel)}"` : '';
    return `<tableColumn id="${i + 1}" name="${xmlEscape(c.name)}"${totals}/>`;
  }).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<table xmlns="${ns.x}" id="${nextTableId(doc)}" name="${xmlEscape(t.name)}" displayName="${xmlEscape(t.name)}" ref="${ref}"${t.totalsRow ? ' totalsRowCount="1"' : ' totalsRowShown="0"'}>` +
    `<autoFilter ref="${rangeAddress({ start: t.range.start, end: filterEnd })}"/><tableColumns count="${t.columns.length}">${cols}</tableColumns>` +
    `<tableStyleInfo name="${xmlEscape(t.style)}" showFirstColumn="0" showLastColumn="0" showRowStripes="${t.bandedRows ? 1 : 0}" showColumnStripes="0"/></table>`;
  doc.pkg.put(part, xml, CT_XL.table);
  const relId = doc.pkg.rels(entry.part!).add(doc.book.rel('table'), part);
  const ws = doc.worksheet(entry);
  const root = ws.edit();
  const list = child(root, ws.ns, 'tableParts') ?? insertBefore(root, createEl(root.ownerDocument!, ws.ns, 'tableParts', { count: 0 }), worksheetAfter('tableParts'));
  const tp = createEl(root.ownerDocument!, ws.ns, 'tablePart');
  const prefix = root.lookupPrefix(ns.r);
  if (!prefix) root.setAttribute('xmlns:r', ns.r);
  tp.setAttributeNS(ns.r, `${prefix ?? 'r'}:id`, relId);
  list.appendChild(tp);
  list.setAttribute('count', String(children(list, ws.ns, 'tablePart').length));
  doc.changed(entry.part!);
  return part;
}

export function deleteTable(doc: ExcelDocument, table: TableView): void {
  const sheetPart = table.sheet.part!;
  const rels = doc.pkg.rels(sheetPart);
  const rel = rels.all().find((r) => r.target === table.part);
  const ws = doc.worksheet(table.sheet);
  if (rel) {
    const list = child(ws.root(), ws.ns, 'tableParts');
    for (const tp of children(list, ws.ns, 'tablePart')) {
      if (attrNS(tp, doc.book.ns.r, 'id') === rel.id) { ws.edit(); removeNode(tp); }
    }
    if (list && !children(list, ws.ns, 'tablePart').length) removeNode(list);
    else list?.setAttribute('count', String(children(list, ws.ns, 'tablePart').length));
    rels.remove(rel.id);
  }
  doc.pkg.remove(table.part);
  doc.changed(sheetPart);
}

/** A header cell of a table got new text: the table column is renamed with it. */
export function renameTableColumn(doc: ExcelDocument, table: TableView, index: number, name: string): void {
  const root = doc.pkg.edit(table.part).documentElement!;
  const cols = children(child(root, doc.book.ns.x, 'tableColumns'), doc.book.ns.x, 'tableColumn');
  cols[index]?.setAttribute('name', name);
  doc.changed(table.sheet.part!);
}

/**
 * A column added at a table's right edge (text written in the header cell just right of the table, as
 * typing there does in Excel): the table's range and filter take one more column, named by that text.
 */
export function extendTableRight(doc: ExcelDocument, table: TableView, name: string): void {
  const root = doc.pkg.edit(table.part).documentElement!;
  const x = root.namespaceURI ?? doc.book.ns.x;
  const range = { start: table.range.start, end: { row: table.range.end.row, col: table.range.end.col + 1 } };
  root.setAttribute('ref', rangeAddress(range));
  const filter = child(root, x, 'autoFilter');
  if (filter) filter.setAttribute('ref', rangeAddress({ start: range.start, end: { row: range.end.row - (table.totalsRow ? 1 : 0), col: range.end.col } }));
  const list = child(root, x, 'tableColumns')!;
  const cols = children(list, x, 'tableColumn');
  const id = Math.max(0, ...cols.map((c) => Number(attr(c, 'id') ?? 0))) + 1;
  list.appendChild(createEl(root.ownerDocument!, x, 'tableColumn', { id, name }));
  list.setAttribute('count', String(cols.length + 1));
  // Its cells take the formats of the column to their left (borders, fills, number formats), as in Excel.
  const ws = doc.worksheet(table.sheet);
  for (let r = range.start.row; r <= range.end.row; r++) {
    const left = ws.data.cell(r + 1, range.end.col - 1)?.s ?? 0;
    if (left && !(ws.data.cell(r + 1, range.end.col)?.s)) restyleCell(doc, table.sheet, r, range.end.col, left);
  }
  doc.changed(table.sheet.part!);
}

/** A totals row under a table (its cells written by the tool): the range takes the row, each column its function or label. */
export function addTotalsToTable(doc: ExcelDocument, table: TableView, columns: { name: string; totalsFunction?: string; totalsLabel?: string }[]): void {
  const root = doc.pkg.edit(table.part).documentElement!;
  const x = root.namespaceURI ?? doc.book.ns.x;
  root.setAttribute('ref', rangeAddress({ start: table.range.start, end: { row: table.range.end.row + 1, col: table.range.end.col } }));
  root.removeAttribute('totalsRowShown');
  root.setAttribute('totalsRowCount', '1');
  const cols = children(child(root, x, 'tableColumns'), x, 'tableColumn');
  columns.forEach((c, i) => {
    if (c.totalsFunction) cols[i]?.setAttribute('totalsRowFunction', c.totalsFunction);
    else if (c.totalsLabel) cols[i]?.setAttribute('totalsRowLabel', c.totalsLabel);
  });
  doc.changed(table.sheet.part!);
}
