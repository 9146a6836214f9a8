// A sheet's layout, edited element by element in the worksheet part: frozen panes (the sheet view's
// pane and selection), gridlines, the tab colour, print orientation, column widths (a <col> range is
// split when only some of its columns change), row heights, merged ranges and the autofilter.
import { attr, child, childElements, children, createEl, insertBefore, removeNode, type Element } from '../../ooxml/xml.ts';
import { cellAddress, rangeAddress, type RangePos } from '../a1.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { worksheetAfter } from '../parts/worksheet.ts';
import { attrOf, withAttrs } from '../parts/xml-text.ts';

function ensure(ws: Worksheet, name: Parameters<typeof worksheetAfter>[0]): Element {
  const root = ws.edit();
  return child(root, ws.ns, name) ?? insertBefore(root, createEl(root.ownerDocument!, ws.ns, name), worksheetAfter(name));
}

function firstSheetView(ws: Worksheet): Element {
  const views = ensure(ws, 'sheetViews');
  return children(views, ws.ns, 'sheetView')[0] ?? views.appendChild(createEl(ws.root().ownerDocument!, ws.ns, 'sheetView', { workbookViewId: 0 }));
}

export function setFreeze(ws: Worksheet, rows: number, columns: number): void {
  const view = firstSheetView(ws);
  for (const el of [...children(view, ws.ns, 'pane'), ...children(view, ws.ns, 'selection')]) removeNode(el);
  if (!rows && !columns) return;
  const doc = ws.root().ownerDocument!;
  const pane = rows && columns ? 'bottomRight' : rows ? 'bottomLeft' : 'topRight';
  const topLeft = cellAddress({ row: rows, col: columns });
  const el = createEl(doc, ws.ns, 'pane', { ...(columns ? { xSplit: columns } : {}), ...(rows ? { ySplit: rows } : {}), topLeftCell: topLeft, activePane: pane, state: 'frozen' });
  view.insertBefore(el, childElements(view)[0] ?? null);
  insertBefore(view, createEl(doc, ws.ns, 'selection', { pane, activeCell: topLeft, sqref: topLeft }), ['pivotSelection', 'extLst']);
}

export function setGridlines(ws: Worksheet, show: boolean): void {
  const view = firstSheetView(ws);
  if (show) view.removeAttribute('showGridLines');
  else view.setAttribute('showGridLines', '0');
}

export function setTabColor(ws: Worksheet, rgb: string | null): void {
  const pr = ensure(ws, 'sheetPr');
  for (const el of children(pr, ws.ns, 'tabColor')) removeNode(el);
  if (rgb) pr.insertBefore(createEl(ws.root().ownerDocument!, ws.ns, 'tabColor', { rgb: `FF${rgb}` }), childElements(pr)[0] ?? null);
}

export function setLandscape(ws: Worksheet, landscape: boolean): void {
  ensure(ws, 'pageSetup').setAttribute('orientation', landscape ? 'landscape' : 'portrait');
}

/** Sets the width (characters) of 0-based columns; 0 hides them. Existing <col> ranges are split as needed. */
export function setColumnWidths(ws: Worksheet, widths: Map<number, number>): void {
  if (!widths.size) return;
  const cols = ensure(ws, 'cols');
  const doc = ws.root().ownerDocument!;
  for (const [col, width] of widths) {
    const n = col + 1;
    let covering: Element | undefined;
    for (const c of children(cols, ws.ns, 'col')) {
      if (Number(attr(c, 'min')) <= n && n <= Number(attr(c, 'max'))) { covering = c; break; }
    }
    let target: Element;
    if (covering) {
      const min = Number(attr(covering, 'min'));
      const max = Number(attr(covering, 'max'));
      if (min < n) {
        const left = covering.cloneNode(true) as Element;
        left.setAttribute('max', String(n - 1));
        cols.insertBefore(left, covering);
      }
      if (max > n) {
        const right = covering.cloneNode(true) as Element;
        right.setAttribute('min', String(n + 1));
        cols.insertBefore(right, covering.nextSibling);
      }
      covering.setAttribute('min', String(n));
      covering.setAttribute('max', String(n));
      target = covering;
    } else {
      target = createEl(doc, ws.ns, 'col', { min: n, max: n });
      const next = children(cols, ws.ns, 'col').find((c) => Number(attr(c, 'min')) > n);
      cols.insertBefore(target, next ?? null);
    }
    if (width === 0) target.setAttribute('hidden', '1');
    else {
      target.setAttribute('width', String(Math.round(width * 100) / 100));
      target.setAttribute('customWidth', '1');
      target.removeAttribute('hidden');
    }
  }
}

/** Sets a row's height in points (1-based row number). */
export function setRowHeight(ws: Worksheet, r: number, height: number): void {
  const row = ws.data.touchRow(r);
  ws.data.setRowTag(r, withAttrs(row.tag, { ht: String(height), customHeight: '1' }));
}

export function rowHeight(ws: Worksheet, r: number): number | null {
  const row = ws.data.row(r);
  const ht = row ? attrOf(row.tag, 'ht') : null;
  return ht ? Number(ht) : null;
}

export function addMerge(ws: Worksheet, range: RangePos): void {
  const list = ensure(ws, 'mergeCells');
  list.appendChild(createEl(ws.root().ownerDocument!, ws.ns, 'mergeCell', { ref: rangeAddress(range) }));
  list.setAttribute('count', String(children(list, ws.ns, 'mergeCell').length));
}

/** Removes the merged ranges `keep` says no to; the list goes when it is empty. */
export function removeMerges(ws: Worksheet, drop: (ref: string) => boolean): void {
  const list = child(ws.root(), ws.ns, 'mergeCells');
  if (!list) return;
  const gone = children(list, ws.ns, 'mergeCell').filter((m) => drop(attr(m, 'ref') ?? ''));
  if (!gone.length) return;
  ws.edit();
  for (const m of gone) removeNode(m);
  const left = children(list, ws.ns, 'mergeCell').length;
  if (left) list.setAttribute('count', String(left));
  else removeNode(list);
}

export function setAutoFilter(ws: Worksheet, range: RangePos | null): void {
  const old = child(ws.root(), ws.ns, 'autoFilter');
  if (!range) {
    if (old) { ws.edit(); removeNode(old); }
    return;
  }
  const el = old ?? ensure(ws, 'autoFilter');
  ws.edit();
  for (const c of childElements(el)) removeNode(c);
  el.setAttribute('ref', rangeAddress(range));
}

/**
 * Cells written as text on purpose although they read as numbers (a text column of years, codes such as
 * "00123"): Excel's "number stored as text" flag is turned off for them, as Excel does when a person
 * picks "Ignore error". `refs` are A1 cells or ranges; they join the one ignoredError element Folio keeps.
 */
export function ignoreNumbersStoredAsText(ws: Worksheet, refs: string[]): void {
  if (!refs.length) return;
  const list = ensure(ws, 'ignoredErrors');
  const doc = ws.root().ownerDocument!;
  const mine = children(list, ws.ns, 'ignoredError').find((e) => e.attributes.length === 2 && attr(e, 'numberStoredAsText') === '1' && attr(e, 'sqref'));
  if (!mine) {
    insertBefore(list, createEl(doc, ws.ns, 'ignoredError', { sqref: refs.join(' '), numberStoredAsText: 1 }), ['extLst']);
    return;
  }
  const have = new Set(attr(mine, 'sqref')!.split(/\s+/));
  mine.setAttribute('sqref', [...have, ...refs.filter((r) => !have.has(r))].join(' '));
}
