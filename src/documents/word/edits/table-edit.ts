// Edits of an existing table, in place: cell text (keeping the cell's and paragraph's properties and
// the run formatting of the text it replaces), rows appended as copies of the last row (so they take
// its borders, shading and alignment), and rows deleted. Columns count grid columns, so merged cells
// (gridSpan) are addressed by the first column they cover.
import { ToolError } from '../../agent/tool-error.ts';
import { attr, child, children, descendants, NS, path1, removeNode, type Element } from '../../ooxml/xml.ts';
import type { WordDocument } from '../word.document.ts';
import { setParagraphText } from './paragraph-edit.ts';

export interface TableEdit {
  set_cells?: { row: number; column: number; text: string }[];
  append_rows?: string[][];
  delete_rows?: number[];
}

const rowsOf = (tbl: Element) => children(tbl, NS.w, 'tr');

/** The cell covering grid column `column` of a row, or null past its end. */
function cellAt(tr: Element, column: number): Element | null {
  let at = 0;
  for (const tc of children(tr, NS.w, 'tc')) {
    const span = Number(attr(path1(tc, [NS.w, 'tcPr'], [NS.w, 'gridSpan']), 'w:val') ?? 1);
    if (column < at + span) return tc;
    at += span;
  }
  return null;
}

/** Sets a cell's text in its first paragraph; further paragraphs of the cell go. */
export function setCellText(doc: WordDocument, tc: Element, text: string): void {
  const paragraphs = children(tc, NS.w, 'p');
  let p = paragraphs[0];
  if (!p) {
    p = tc.ownerDocument!.createElementNS(NS.w, 'w:p');
    tc.appendChild(p);
  }
  for (const extra of paragraphs.slice(1)) removeNode(extra);
  setParagraphText(doc, p, text);
}

/** A copied row must not repeat the original's bookmarks, comment anchors or paragraph ids. */
function forgetIdentity(tr: Element): void {
  for (const name of ['bookmarkStart', 'bookmarkEnd', 'commentRangeStart', 'commentRangeEnd']) for (const m of descendants(tr, NS.w, name)) removeNode(m);
  for (const ref of descendants(tr, NS.w, 'commentReference')) removeNode(ref.parentNode);
  for (const el of [tr, ...descendants(tr, NS.w, 'p')]) {
    for (const a of Array.from(el.attributes)) if (/^w14:(paraId|textId)$/.test(a.name)) el.removeAttribute(a.name);
  }
}

export function editTable(doc: WordDocument, tbl: Element, edit: TableEdit): { rows: number } {
  doc.editBody();
  const rows = rowsOf(tbl);
  for (const c of edit.set_cells ?? []) {
    const tr = rows[c.row];
    if (!tr) throw new ToolError(`Row ${c.row} is outside the table (rows 0-${rows.length - 1}; row 0 is the first row).`);
    const tc = cellAt(tr, c.column);
    if (!tc) throw new ToolError(`Column ${c.column} is outside row ${c.row}.`);
    setCellText(doc, tc, c.text);
  }
  if (edit.delete_rows?.length) {
    for (const i of edit.delete_rows) if (!rows[i]) throw new ToolError(`Row ${i} is outside the table (rows 0-${rows.length - 1}).`);
    if (new Set(edit.delete_rows).size >= rows.length) throw new ToolError('That deletes every row; delete the table instead.');
    for (const i of new Set(edit.delete_rows)) removeNode(rows[i]);
  }
  for (const values of edit.append_rows ?? []) {
    const all = rowsOf(tbl);
    const model = all.at(-1)!;
    const tr = model.cloneNode(true) as Element;
    // A copied header row would repeat on every page; the copy is a body row.
    removeNode(path1(tr, [NS.w, 'trPr'], [NS.w, 'tblHeader']));
    forgetIdentity(tr);
    for (const tc of children(tr, NS.w, 'tc')) {
      removeNode(path1(tc, [NS.w, 'tcPr'], [NS.w, 'vMerge']));
      for (const p of children(tc, NS.w, 'p')) for (const r of children(p, NS.w, 'r')) if (!child(r, NS.w, 't') && !child(r, NS.w, 'tab')) removeNode(r);
    }
    let column = 0;
    for (const tc of children(tr, NS.w, 'tc')) {
      setCellText(doc, tc, values[column] ?? '');
      column += Number(attr(path1(tc, [NS.w, 'tcPr'], [NS.w, 'gridSpan']), 'w:val') ?? 1);
    }
    model.parentNode!.insertBefore(tr, model.nextSibling);
  }
  doc.changed();
  return { rows: rowsOf(tbl).length };
}
