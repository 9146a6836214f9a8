// Inserting and deleting whole rows or columns of a worksheet, as Excel does: the sheet's cells, ranges,
// tables, drawing anchors, comments and pivot locations move (line-cells.ts, line-parts.ts), and so does
// every reference to the sheet elsewhere: formulas of all sheets (cross-sheet ones too), validations and
// conditional formats, defined names (print areas and titles among them), the series of every chart,
// and pivot cache sources. New rows or columns take the format of the row above or column to the left.
// What Excel refuses is refused first, before anything changes: splitting an array formula or a pivot
// table, deleting part of a table's header or totals row, pushing cells off the grid.
import { ToolError } from '../../agent/tool-error.ts';
import { attr, children, createEl, type Element } from '../../ooxml/xml.ts';
import { cellAddress, columnLetters, MAX_COLS, MAX_ROWS, parseRange, rangeAddress, type RangePos } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { moveIndex, moveInFormula, moveRangeText, type LineMove } from '../formula/formula-insert.ts';
import { arraysOf, usedExtent } from '../view/cells.ts';
import { readTables, type TableView } from '../view/sheet-parts.ts';
import type { SheetEntry } from '../workbook.ts';
import { writeCell } from './cells.ts';
import { formatInserted, moveCellFormulas, moveCells } from './line-cells.ts';
import { moveComments, moveDrawing, movePivotTables, moveRestFormulas, moveSheetRanges, moveTableFormulas, moveTables } from './line-parts.ts';
import { deleteTable } from './tables.ts';

const span = (r: RangePos, m: LineMove): [number, number] => (m.axis === 'row' ? [r.start.row, r.end.row] : [r.start.col, r.end.col]);
const lineName = (m: LineMove, i: number) => (m.axis === 'row' ? `row ${i + 1}` : `column ${columnLetters(i)}`);

/** Whether the move splits [a, b]: an insertion strictly inside it, or a deletion of part of it. */
function splits([a, b]: [number, number], m: LineMove): boolean {
  if (m.count > 0) return a < m.at && m.at <= b;
  const last = m.at - m.count - 1;
  const hit = m.at <= b && last >= a;
  return hit && !(m.at <= a && last >= b);
}

function wholly([a, b]: [number, number], m: LineMove): boolean {
  return m.count < 0 && m.at <= a && m.at - m.count - 1 >= b;
}

function pivotLocations(doc: ExcelDocument, entry: SheetEntry): { name: string; range: RangePos }[] {
  const out: { name: string; range: RangePos }[] = [];
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !/\/pivotTable$/.test(rel.type) || !doc.pkg.has(rel.target)) continue;
    const root = doc.pkg.xml(rel.target).documentElement!;
    const loc = [...root.childNodes as unknown as Element[]].find((e) => e.nodeType === 1 && e.localName === 'location');
    const range = parseRange(attr(loc ?? null, 'ref') ?? '');
    if (range) out.push({ name: attr(root, 'name') ?? 'a pivot table', range });
  }
  return out;
}

/** What Excel would refuse, refused before anything changes. */
function check(doc: ExcelDocument, entry: SheetEntry, m: LineMove, tables: TableView[]): void {
  const ws = doc.worksheet(entry);
  const where = `"${entry.name}"`;
  if (m.count > 0) {
    const used = usedExtent(ws);
    const last = m.axis === 'row' ? used.rows : used.cols;
    const max = m.axis === 'row' ? MAX_ROWS : MAX_COLS;
    if (last > m.at && last + m.count > max) throw new ToolError(`inserting ${m.count} would push cells of ${where} past the last ${m.axis === 'row' ? 'row' : 'column'} of the grid`);
  }
  for (const a of arraysOf(ws)) {
    const range = parseRange(a.ref);
    if (range && splits(span(range, m), m)) throw new ToolError(`this would split the array formula in ${entry.name}!${cellAddress({ row: a.row, col: a.col })} (${a.ref}); Excel cannot change part of an array`);
  }
  for (const p of pivotLocations(doc, entry)) {
    if (splits(span(p.range, m), m)) throw new ToolError(`this would change part of the pivot table ${p.name} (${entry.name}!${rangeAddress(p.range)}); Excel cannot insert or delete cells inside a pivot table`);
  }
  if (m.axis === 'row' && m.count < 0) {
    for (const t of tables) {
      if (wholly(span(t.range, m), m)) continue;
      const header = t.headerRow ? t.range.start.row : -1;
      const totals = t.totalsRow ? t.range.end.row : -1;
      for (const [row, what] of [[header, 'header row'], [totals, 'totals row']] as const) {
        if (row >= 0 && row >= m.at && row <= m.at - m.count - 1) throw new ToolError(`${lineName(m, row)} is the ${what} of table ${t.name}: delete its data rows only, or the whole table with delete_table`);
      }
    }
  }
}

/** Columns inserted into or deleted from a table become table columns, or stop being ones. */
function tableColumns(doc: ExcelDocument, entry: SheetEntry, t: TableView, m: LineMove): void {
  if (m.axis !== 'col' || !splits(span(t.range, m), m)) return;
  const root = doc.pkg.edit(t.part).documentElement!;
  const x = root.namespaceURI ?? doc.book.ns.x;
  const list = children(root, x, 'tableColumns')[0];
  const cols = children(list, x, 'tableColumn');
  const first = m.at - t.range.start.col;
  if (m.count < 0) {
    for (const c of cols.slice(Math.max(0, first), first - m.count)) list.removeChild(c);
  } else {
    const taken = new Set(cols.map((c) => (attr(c, 'name') ?? '').toLowerCase()));
    let id = Math.max(0, ...cols.map((c) => Number(attr(c, 'id') ?? 0)));
    let n = 1;
    const before = cols[first] ?? null;
    for (let i = 0; i < m.count; i++) {
      while (taken.has(`column${n}`)) n++;
      const name = `Column${n}`;
      taken.add(name.toLowerCase());
      list.insertBefore(createEl(root.ownerDocument!, x, 'tableColumn', { id: ++id, name }), before);
      if (t.headerRow) writeCell(doc, entry, t.range.start.row, m.at + i, { value: name });
    }
  }
  list.setAttribute('count', String(children(list, x, 'tableColumn').length));
}

export function moveLines(doc: ExcelDocument, entry: SheetEntry, m: LineMove): void {
  const ws = doc.worksheet(entry);
  const tables = readTables(doc, entry);
  check(doc, entry, m, tables);
  const target = entry.name;
  for (const t of tables) if (wholly(span(t.range, m), m)) deleteTable(doc, t);
  // Formulas first, while cells are where they were (shared formulas compare positions before and after).
  for (const other of doc.worksheetEntries()) moveCellFormulas(doc.worksheet(other), other.name, target, m);
  moveCells(ws, m);
  formatInserted(ws, m);
  moveSheetRanges(ws, m);
  for (const other of doc.worksheetEntries()) {
    moveRestFormulas(doc.worksheet(other), other.name, target, m);
    moveTableFormulas(doc, other, target, m);
  }
  const kept = readTables(doc, entry);
  moveTables(doc, entry, m);
  for (const t of kept) tableColumns(doc, entry, t, m);
  moveDrawing(doc, entry, m);
  moveComments(doc, entry, m);
  movePivotTables(doc, entry, m);
  moveWorkbookReferences(doc, target, m);
  // Cells holding Folio's formulas (their results are computed again on save) move with them.
  const written = doc.written.get(entry.part!);
  if (written) {
    const moved = new Set<string>();
    for (const key of written) {
      const [r, c] = key.split(':').map(Number);
      const at = m.axis === 'row' ? [moveIndex(r, m), c] : [r, moveIndex(c, m)];
      if (at[0] !== null && at[1] !== null) moved.add(`${at[0]}:${at[1]}`);
    }
    doc.written.set(entry.part!, moved);
  }
  const dim = ws.pendingDimension ?? ws.dimensionRef();
  if (dim) ws.setDimension(moveRangeText(dim, m) ?? 'A1');
  doc.formulasChanged = true;
  doc.needsRecalc = true;
  doc.changed(...doc.worksheetEntries().map((e) => e.part!));
}

/** Defined names, chart series of every chart and pivot cache sources that point at the sheet. */
function moveWorkbookReferences(doc: ExcelDocument, target: string, m: LineMove): void {
  const x = doc.book.ns.x;
  for (const dn of children(children(doc.book.root(), x, 'definedNames')[0], x, 'definedName')) {
    const text = dn.textContent ?? '';
    const next = moveInFormula(text, null, target, m);
    if (next !== text) { doc.book.edit(); dn.textContent = next; }
  }
  for (const part of doc.pkg.paths('xl/charts/')) {
    if (!/\/chart[^/]*\.xml$/.test(part)) continue;
    const root = doc.pkg.xml(part).documentElement!;
    for (const f of root.getElementsByTagName('*') as unknown as Element[]) {
      if (f.localName !== 'f') continue;
      const text = f.textContent ?? '';
      const next = moveInFormula(text, null, target, m);
      if (next !== text) { doc.pkg.edit(part); f.textContent = next; }
    }
  }
  for (const p of doc.pkg.paths('xl/pivotCache/')) {
    if (!/pivotCacheDefinition[^/]*\.xml$/.test(p)) continue;
    for (const src of doc.pkg.xml(p).getElementsByTagNameNS(x, 'worksheetSource') as unknown as Element[]) {
      const ref = attr(src, 'ref');
      if (!ref || (attr(src, 'sheet') ?? '').toLowerCase() !== target.toLowerCase()) continue;
      const next = moveRangeText(ref, m);
      if (next && next !== ref) { doc.pkg.edit(p); src.setAttribute('ref', next); }
    }
  }
}
