// Inserting or deleting rows or columns, around a sheet's cells: the worksheet's own ranges (dimension,
// column widths, merged cells, conditional formats, data validations, hyperlinks, the autofilter and its
// sort, panes and selections, page breaks, ignored errors, protected ranges, and the x14 extensions'
// sqref and formulas), its tables, the anchors of its drawing, its comments (and the VML shapes that
// show them) and its pivot tables' locations. Every formula found here is moved with the same rules as
// cell formulas. Elements wholly deleted go; the others are changed attribute by attribute.
import { attr, childElements, children, removeNode, type Element } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { moveIndex, moveInFormula, moveRangeText, moveSpan, moveSqref, type LineMove } from '../formula/formula-insert.ts';
import { parseRange } from '../a1.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { drawingOf } from '../view/sheet-parts.ts';
import type { SheetEntry } from '../workbook.ts';

type Edit = () => void;

/** Sets an attribute to a moved range (or sqref list); the element goes when nothing of it is left. */
function moveAttr(el: Element, name: string, m: LineMove, edit: Edit, list = false, removable: Element | null = el): void {
  const v = el.getAttribute(name);
  if (!v) return;
  const next = list ? moveSqref(v, m) : moveRangeText(v, m);
  if (next === v) return;
  edit();
  if (next === null) {
    if (removable) removeNode(removable);
    return;
  }
  el.setAttribute(name, next);
}

function moveText(el: Element, fix: (f: string) => string, edit: Edit): void {
  const text = el.textContent ?? '';
  const next = fix(text);
  if (next !== text) { edit(); el.textContent = next; }
}

function recount(list: Element | null, edit: Edit): void {
  if (!list) return;
  const n = childElements(list).length;
  if (!n) { edit(); removeNode(list); return; }
  if (list.hasAttribute('count') && list.getAttribute('count') !== String(n)) { edit(); list.setAttribute('count', String(n)); }
}

/** Formulas a worksheet keeps outside its cells (validations, conditional formats, hyperlink targets, x14 extensions), on any sheet. */
export function moveRestFormulas(ws: Worksheet, host: string, target: string, m: LineMove): void {
  const x = ws.ns;
  const root = ws.root();
  const edit = () => ws.edit();
  const fix = (f: string) => moveInFormula(f, host, target, m);
  for (const dv of children(children(root, x, 'dataValidations')[0], x, 'dataValidation')) {
    for (const f of childElements(dv)) if (/^formula[12]$/.test(f.localName ?? '')) moveText(f, fix, edit);
  }
  for (const cf of children(root, x, 'conditionalFormatting')) {
    for (const rule of children(cf, x, 'cfRule')) for (const f of children(rule, x, 'formula')) moveText(f, fix, edit);
  }
  for (const link of children(children(root, x, 'hyperlinks')[0], x, 'hyperlink')) {
    const loc = link.getAttribute('location');
    if (!loc) continue;
    const next = fix(loc);
    if (next !== loc) { edit(); link.setAttribute('location', next); }
  }
  for (const ext of children(root, x, 'extLst')) {
    for (const f of ext.getElementsByTagName('*') as unknown as Element[]) if (f.localName === 'f') moveText(f, fix, edit);
  }
}

/** The target sheet's own ranges in its worksheet part. */
export function moveSheetRanges(ws: Worksheet, m: LineMove): void {
  const x = ws.ns;
  const root = ws.root();
  const edit = () => ws.edit();
  const one = (name: string) => children(root, x, name)[0] ?? null;
  if (m.axis === 'col') {
    for (const col of children(one('cols'), x, 'col')) {
      const span = moveSpan(Number(attr(col, 'min')) - 1, Number(attr(col, 'max')) - 1, m);
      edit();
      if (!span) removeNode(col);
      else { col.setAttribute('min', String(span[0] + 1)); col.setAttribute('max', String(span[1] + 1)); }
    }
    const cols = one('cols');
    if (cols && !childElements(cols).length) { edit(); removeNode(cols); }
  }
  const merges = one('mergeCells');
  for (const mc of children(merges, x, 'mergeCell')) moveAttr(mc, 'ref', m, edit);
  recount(merges, edit);
  for (const cf of children(root, x, 'conditionalFormatting')) moveAttr(cf, 'sqref', m, edit, true);
  const dvs = one('dataValidations');
  for (const dv of children(dvs, x, 'dataValidation')) moveAttr(dv, 'sqref', m, edit, true);
  recount(dvs, edit);
  const links = one('hyperlinks');
  for (const link of children(links, x, 'hyperlink')) moveAttr(link, 'ref', m, edit);
  if (links && !childElements(links).length) { edit(); removeNode(links); }
  moveFilter(one('autoFilter'), x, m, edit);
  const sort = one('sortState');
  if (sort) moveSort(sort, x, m, edit);
  for (const name of ['ignoredErrors', 'protectedRanges']) {
    const list = one(name);
    if (!list) continue;
    for (const el of childElements(list)) moveAttr(el, 'sqref', m, edit, true);
    if (!childElements(list).length) { edit(); removeNode(list); }
  }
  const breaks = one(m.axis === 'row' ? 'rowBreaks' : 'colBreaks');
  for (const brk of children(breaks, x, 'brk')) {
    const id = Number(attr(brk, 'id'));
    const next = moveIndex(id - 1, m);
    if (next === id - 1) continue;
    edit();
    if (next === null) removeNode(brk);
    else brk.setAttribute('id', String(next + 1));
  }
  if (breaks) {
    const n = childElements(breaks).length;
    edit();
    breaks.setAttribute('count', String(n));
    breaks.setAttribute('manualBreakCount', String(children(breaks, x, 'brk').filter((b) => attr(b, 'man') === '1').length));
  }
  moveViews(ws, m, edit);
  for (const ext of children(root, x, 'extLst')) {
    for (const el of ext.getElementsByTagName('*') as unknown as Element[]) {
      if (el.localName !== 'sqref') continue;
      const next = moveSqref(el.textContent ?? '', m);
      if (next === (el.textContent ?? '')) continue;
      edit();
      // An x14 rule or validation with nothing left to apply to goes with its sqref.
      if (next === null) removeNode(el.parentNode);
      else el.textContent = next;
    }
  }
}

function moveSort(sort: Element, x: string, m: LineMove, edit: Edit): void {
  moveAttr(sort, 'ref', m, edit);
  for (const sc of children(sort, x, 'sortCondition')) moveAttr(sc, 'ref', m, edit);
}

/** An autofilter's range; its filter columns count from the range's first column, so they follow column moves. */
function moveFilter(filter: Element | null, x: string, m: LineMove, edit: Edit): void {
  if (!filter) return;
  const was = parseRange(attr(filter, 'ref') ?? '');
  moveAttr(filter, 'ref', m, edit);
  const now = parseRange(attr(filter, 'ref') ?? '');
  if (was && now && m.axis === 'col') {
    for (const fc of children(filter, x, 'filterColumn')) {
      const col = moveIndex(was.start.col + Number(attr(fc, 'colId') ?? 0), m);
      edit();
      if (col === null) removeNode(fc);
      else fc.setAttribute('colId', String(col - now.start.col));
    }
  }
  const sort = children(filter, x, 'sortState')[0];
  if (sort) moveSort(sort, x, m, edit);
}

/** Panes and selections: the frozen area grows or shrinks with rows or columns inserted into it. */
function moveViews(ws: Worksheet, m: LineMove, edit: Edit): void {
  const x = ws.ns;
  for (const view of children(children(ws.root(), x, 'sheetViews')[0], x, 'sheetView')) {
    moveAttr(view, 'topLeftCell', m, edit, false, null);
    const pane = children(view, x, 'pane')[0];
    if (pane) {
      const split = m.axis === 'row' ? 'ySplit' : 'xSplit';
      const n = Number(attr(pane, split) ?? 0);
      if (/frozen/.test(attr(pane, 'state') ?? '') && n > 0) {
        const span = moveSpan(0, n - 1, m);
        const next = span ? span[1] + 1 : 0;
        if (next !== n) { edit(); pane.setAttribute(split, String(next)); }
      }
      moveAttr(pane, 'topLeftCell', m, edit, false, null);
    }
    for (const sel of children(view, x, 'selection')) {
      moveAttr(sel, 'activeCell', m, edit, false, null);
      moveAttr(sel, 'sqref', m, edit, true, null);
    }
  }
}

/** Tables of the target sheet: their ranges, filters and sorts, and the formulas of their columns. */
export function moveTables(doc: ExcelDocument, entry: SheetEntry, m: LineMove): void {
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !doc.book.isRel(rel.type, 'table') || !doc.pkg.has(rel.target)) continue;
    const root = doc.pkg.xml(rel.target).documentElement!;
    const edit = () => doc.pkg.edit(rel.target);
    moveAttr(root, 'ref', m, edit, false, null);
    for (const el of childElements(root)) {
      if (el.localName === 'autoFilter') moveFilter(el, root.namespaceURI ?? '', m, edit);
      if (el.localName === 'sortState') moveSort(el, root.namespaceURI ?? '', m, edit);
    }
  }
}

/** Formulas of tables (calculated columns, totals) on any sheet, with the references to the target moved. */
export function moveTableFormulas(doc: ExcelDocument, entry: SheetEntry, target: string, m: LineMove): void {
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !doc.book.isRel(rel.type, 'table') || !doc.pkg.has(rel.target)) continue;
    const root = doc.pkg.xml(rel.target).documentElement!;
    for (const f of root.getElementsByTagName('*') as unknown as Element[]) {
      if (f.localName === 'calculatedColumnFormula' || f.localName === 'totalsRowFormula') {
        moveText(f, (t) => moveInFormula(t, entry.name, target, m), () => doc.pkg.edit(rel.target));
      }
    }
  }
}

function markerIndex(marker: Element | undefined, m: LineMove): Element | undefined {
  return marker ? childElements(marker).find((e) => e.localName === (m.axis === 'row' ? 'row' : 'col')) : undefined;
}

/**
 * One anchor (a drawing's, or a form control's or OLE object's in the worksheet): objects that move and
 * size with cells (the default) have each end moved; "move but don't size" objects move by the shift of
 * their top-left cell; absolute ones stay. Returns whether it changed.
 */
function moveAnchor(anchor: Element, m: LineMove): boolean {
  if (anchor.localName === 'absoluteAnchor' || attr(anchor, 'editAs') === 'absolute') return false;
  const from = markerIndex(childElements(anchor).find((e) => e.localName === 'from'), m);
  const to = markerIndex(childElements(anchor).find((e) => e.localName === 'to'), m);
  if (!from) return false;
  const a = Number(from.textContent);
  const oneCell = anchor.localName === 'oneCellAnchor' || attr(anchor, 'editAs') === 'oneCell' || (anchor.localName === 'anchor' && attr(anchor, 'sizeWithCells') !== '1');
  const na = moveIndex(a, m) ?? m.at;
  let changed = false;
  const set = (el: Element | undefined, v: number) => {
    if (el && Number(el.textContent) !== v) { el.textContent = String(v); changed = true; }
  };
  set(from, na);
  if (to) {
    const b = Number(to.textContent);
    set(to, oneCell ? b + (na - a) : moveIndex(b, m) ?? m.at);
  }
  return changed;
}

const ANCHOR_NAMES = ['twoCellAnchor', 'oneCellAnchor', 'absoluteAnchor'];
const all = (root: Element) => [...(root.getElementsByTagName('*') as unknown as Element[])];

/** The anchors of the sheet's drawing (both sides of an mc:AlternateContent), and of its form controls and OLE objects. */
export function moveDrawing(doc: ExcelDocument, entry: SheetEntry, m: LineMove): void {
  const drawing = drawingOf(doc, entry.part!);
  if (drawing) {
    const root = doc.pkg.xml(drawing).documentElement!;
    for (const anchor of all(root).filter((e) => ANCHOR_NAMES.includes(e.localName ?? ''))) {
      if (moveAnchor(anchor, m)) doc.pkg.edit(drawing);
    }
  }
  const ws = doc.worksheet(entry);
  // Excel writes them inside mc:AlternateContent (x14): looked for at any depth.
  for (const list of all(ws.root()).filter((e) => e.localName === 'controls' || e.localName === 'oleObjects')) {
    for (const anchor of all(list).filter((e) => e.localName === 'anchor')) if (moveAnchor(anchor, m)) ws.edit();
  }
}

const COMMENT_REL = /\/(comments|threadedComment)$/;

/** Comments (and threaded comments) move with their cells; the VML shapes that show notes follow. */
export function moveComments(doc: ExcelDocument, entry: SheetEntry, m: LineMove): void {
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !doc.pkg.has(rel.target)) continue;
    if (COMMENT_REL.test(rel.type)) {
      const root = doc.pkg.xml(rel.target).documentElement!;
      for (const c of root.getElementsByTagName('*') as unknown as Element[]) {
        if (c.localName === 'comment' || c.localName === 'threadedComment') moveAttr(c, 'ref', m, () => doc.pkg.edit(rel.target));
      }
    } else if (/\/vmlDrawing$/.test(rel.type)) {
      moveVml(doc, rel.target, m);
    }
  }
}

/**
 * VML is edited as text (Excel's VML is not always well-formed XML): each shape's anchor (notes, form
 * controls), and a note's row and column; a note whose cell is deleted goes with it.
 */
function moveVml(doc: ExcelDocument, part: string, m: LineMove): void {
  const text = doc.pkg.text(part);
  const tag = m.axis === 'row' ? 'Row' : 'Column';
  const next = text.replace(/<v:shape\b[\s\S]*?<\/v:shape>/g, (shape) => {
    if (!/<x:ClientData\b/.test(shape)) return shape;
    const note = /ObjectType="Note"/.test(shape);
    const at = new RegExp(`<x:${tag}>(\\d+)</x:${tag}>`).exec(shape);
    let out = shape;
    if (note && at) {
      const moved = moveIndex(Number(at[1]), m);
      if (moved === null) return '';
      out = out.replace(at[0], `<x:${tag}>${moved}</x:${tag}>`);
    }
    // LeftColumn, LeftOffset, TopRow, TopOffset, RightColumn, RightOffset, BottomRow, BottomOffset
    return out.replace(/<x:Anchor>([^<]*)<\/x:Anchor>/, (whole, list: string) => {
      const v = list.split(',');
      const [i, j] = m.axis === 'row' ? [2, 6] : [0, 4];
      const a = Number(v[i]);
      const b = Number(v[j]);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return whole;
      const na = moveIndex(a, m) ?? m.at;
      const nb = note ? b + (na - a) : moveIndex(b, m) ?? m.at;
      v[i] = v[i].replace(/\d+/, String(na));
      v[j] = v[j].replace(/\d+/, String(nb));
      return `<x:Anchor>${v.join(',')}</x:Anchor>`;
    });
  });
  if (next !== text) doc.pkg.put(part, next);
}

/** Pivot tables placed on the target sheet move with their cells. */
export function movePivotTables(doc: ExcelDocument, entry: SheetEntry, m: LineMove): void {
  for (const rel of doc.pkg.rels(entry.part!).all()) {
    if (rel.external || !/\/pivotTable$/.test(rel.type) || !doc.pkg.has(rel.target)) continue;
    const root = doc.pkg.xml(rel.target).documentElement!;
    for (const loc of childElements(root).filter((e) => e.localName === 'location')) moveAttr(loc, 'ref', m, () => doc.pkg.edit(rel.target), false, null);
  }
}
