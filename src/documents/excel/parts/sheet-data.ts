// A worksheet's <sheetData>, held as its rows' text and parsed only as far as asked: rows are found by
// one scan, a row's cells when a cell of it is read, a cell's parts when it is used. A changed row is
// written again from its cells, the untouched cells of it as they were; untouched rows keep their bytes,
// and an untouched sheetData is written back exactly as it was read.
import { DocumentUnreadable } from '../../agent/tool-error.ts';
import { columnIndex, columnLetters } from '../a1.ts';
import { attrOf, decodeXml, scanElements, tagEnd, withAttrs, xmlEscape } from './xml-text.ts';

export interface FormulaRec {
  /** The formula text without `=`, decoded; '' for the dependents of a shared formula. */
  text: string;
  /** `shared`, `array`, `dataTable`, or null for a normal formula. */
  type: string | null;
  /** Shared formulas: the group's range (on its master) and index. Array formulas: the array's range. */
  ref: string | null;
  si: string | null;
  /** The start tag as written (its other attributes: aca, ca, dt2D...). */
  tag: string;
}

export interface CellRec {
  /** 0-based column. */
  col: number;
  /** The cell's XML as read; null once it was changed (it is then written from the fields below). */
  raw: string | null;
  /** The start tag as read (or a minimal one for a new cell). */
  tag: string;
  /** Index into the styles' cellXfs (0 when absent). */
  s: number;
  /** `s` shared string, `str` formula text, `inlineStr`, `b`, `e`, `n`, `d`; null is a number. */
  t: string | null;
  /** The text of <v>, decoded. */
  v: string | null;
  f: FormulaRec | null;
  /** The inner XML of <is> (inline rich text), as written. */
  is: string | null;
  /** Children other than f, v and is (extLst), kept as written. */
  extra: string;
}

export interface RowRec {
  /** 1-based row number. */
  r: number;
  /** Whitespace before the row, as read (pretty-printed files). */
  lead: string;
  /** The row's start tag as read (`<row r="2" spans="1:3">`), or its whole text when self-closing. */
  tag: string;
  selfClosing: boolean;
  /** The text between the start and end tags, as read. */
  body: string;
  /** The row's whole text as read; null for a row made here. */
  raw: string | null;
  cells: CellRec[] | null;
  dirty: boolean;
  /** The row (or a cell of it) had no `r` attribute: positions were implied by order. */
  implicit: boolean;
}

const NUM_CHILD = /^<([\w.-]+:)?(f|v|is)\b/;

export class SheetData {
  /** `x:` when the part writes the main namespace with a prefix, else ''. */
  readonly p: string;
  private readonly original: string;
  private rows: RowRec[];
  private readonly byNumber = new Map<number, RowRec>();
  private tail: string;
  dirty = false;
  implicit = false;

  /** The part, for messages. */
  private readonly where: string;

  /** `inner` is the text between <sheetData> and </sheetData> ('' for an empty one). */
  constructor(inner: string, prefix: string, where = 'the sheet') {
    this.p = prefix;
    this.where = where;
    this.original = inner;
    this.rows = [];
    this.tail = '';
    this.scan(inner);
  }

  private scan(text: string): void {
    let last = 0;
    for (const el of scanElements(text, `${this.p}row`, 'a <row>')) {
      const rAttr = attrOf(el.tag, 'r');
      const prev = this.rows.at(-1);
      const r = rAttr !== null ? Number(rAttr) : (prev?.r ?? 0) + 1;
      if (!Number.isInteger(r) || r < 1) throw new Error(`a row number is not valid: ${rAttr}`);
      if (prev && r <= prev.r) throw new Error(`rows are out of order (row ${r} after row ${prev.r})`);
      const row: RowRec = {
        r, lead: text.slice(last, el.start), tag: el.tag, selfClosing: el.tag.endsWith('/>'), body: el.inner, raw: text.slice(el.start, el.stop),
        cells: null, dirty: false, implicit: rAttr === null,
      };
      if (row.implicit) this.implicit = true;
      this.rows.push(row);
      this.byNumber.set(r, row);
      last = el.stop;
    }
    this.tail = text.slice(last);
  }

  /** Rows in order (their cells not parsed). */
  allRows(): readonly RowRec[] {
    return this.rows;
  }

  row(r: number): RowRec | undefined {
    return this.byNumber.get(r);
  }

  /** The last row number holding a cell (0 when none). */
  lastRow(): number {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.cellsOf(this.rows[i]).length) return this.rows[i].r;
    return 0;
  }

  cellsOf(row: RowRec): CellRec[] {
    if (!row.cells) {
      try {
        row.cells = parseCells(row, this.p);
      } catch (err) {
        throw new DocumentUnreadable(`${this.where} could not be read: ${(err as Error).message}.`, { cause: err });
      }
      if (row.implicit) this.implicit = true;
    }
    return row.cells;
  }

  /** The cell at a 1-based row and 0-based column, or undefined. */
  cell(r: number, col: number): CellRec | undefined {
    const row = this.byNumber.get(r);
    if (!row) return undefined;
    const cells = this.cellsOf(row);
    // Cells are in column order: a binary search keeps wide rows cheap.
    let lo = 0;
    let hi = cells.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = cells[mid].col;
      if (c === col) return cells[mid];
      if (c < col) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** The row, made if missing (new rows go in order). Marks it and the sheet data changed. */
  touchRow(r: number): RowRec {
    let row = this.byNumber.get(r);
    if (!row) {
      row = { r, lead: '', tag: `<${this.p}row r="${r}">`, selfClosing: false, body: '', raw: null, cells: [], dirty: true, implicit: false };
      let i = this.rows.length;
      while (i > 0 && this.rows[i - 1].r > r) i--;
      this.rows.splice(i, 0, row);
      this.byNumber.set(r, row);
    }
    this.cellsOf(row);
    row.dirty = true;
    this.dirty = true;
    return row;
  }

  /** Puts a cell in its row (replacing the one at its column); the row is marked changed. */
  put(r: number, cell: CellRec): void {
    const row = this.touchRow(r);
    const cells = row.cells!;
    let i = cells.length;
    while (i > 0 && cells[i - 1].col > cell.col) i--;
    if (i > 0 && cells[i - 1].col === cell.col) cells[i - 1] = cell;
    else cells.splice(i, 0, cell);
  }

  /** Removes the cell at a column; the row stays (it may carry a height or a style). */
  remove(r: number, col: number): void {
    const row = this.byNumber.get(r);
    if (!row) return;
    const cells = this.cellsOf(row);
    const i = cells.findIndex((c) => c.col === col);
    if (i < 0) return;
    this.touchRow(r);
    cells.splice(i, 1);
  }

  /** The rows after inserting or deleting rows: renumbered, in order, the deleted ones left out. */
  replaceRows(rows: RowRec[]): void {
    this.rows = rows;
    this.byNumber.clear();
    for (const row of rows) this.byNumber.set(row.r, row);
    this.dirty = true;
  }

  /** The row's start tag changed (height, hidden): the row is written again. */
  setRowTag(r: number, tag: string): void {
    const row = this.touchRow(r);
    row.tag = tag;
    row.selfClosing = false;
  }

  /** The sheetData's inner text: as read when nothing changed. */
  serialize(): string {
    if (!this.dirty) return this.original;
    const out: string[] = [];
    for (const row of this.rows) {
      // Positions implied by order are written out once anything changed (a new row would shift them).
      if (this.implicit && row.raw !== null) this.cellsOf(row);
      out.push(row.lead, this.rowText(row));
    }
    out.push(this.tail);
    return out.join('');
  }

  private rowText(row: RowRec): string {
    if (!row.dirty && !row.implicit && row.raw !== null) return row.raw;
    const cells = row.cells ?? this.cellsOf(row);
    // spans is an optional hint of the columns in use: after a change it may be wrong, so it goes.
    let tag = row.raw === null && !row.tag.includes('spans') ? row.tag : withAttrs(row.tag.replace(/\s*\/>$/, '>'), { spans: row.dirty ? null : attrOf(row.tag, 'spans') });
    if (row.implicit) tag = withAttrs(tag, { r: String(row.r) });
    if (!cells.length) {
      if (row.dirty && !row.body.trim() && !/\s(s|ht|hidden|customFormat|customHeight|outlineLevel|collapsed)\s*=/.test(tag)) return '';
      if (!row.body.trim()) return tag.replace(/>$/, '/>');
    }
    const parts: string[] = [tag];
    for (const c of cells) parts.push(c.raw !== null && !row.implicit ? c.raw : cellXml(c, row.r, this.p));
    parts.push(`</${this.p}row>`);
    return parts.join('');
  }
}

function parseCells(row: RowRec, p: string): CellRec[] {
  const out: CellRec[] = [];
  let prevCol = -1;
  for (const el of scanElements(row.body, `${p}c`, `a cell of row ${row.r}`)) {
    const ref = attrOf(el.tag, 'r');
    if (ref === null) row.implicit = true;
    const m = ref ? /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref) : null;
    const col = m ? columnIndex(m[1]) : prevCol + 1;
    if (col <= prevCol) throw new Error(`cells of row ${row.r} are out of order`);
    prevCol = col;
    out.push(readCell(el.tag, el.inner, row.body.slice(el.start, el.stop), col));
  }
  return out;
}

function readCell(tag: string, inner: string, raw: string, col: number): CellRec {
  const s = Number(attrOf(tag, 's') ?? 0);
  const cell: CellRec = { col, raw, tag, s: Number.isFinite(s) ? s : 0, t: attrOf(tag, 't'), v: null, f: null, is: null, extra: '' };
  if (!inner) return cell;
  let at = 0;
  while (at < inner.length) {
    const start = inner.indexOf('<', at);
    if (start < 0) break;
    const end = tagEnd(inner, start);
    if (end < 0) break;
    const childTag = inner.slice(start, end);
    const name = NUM_CHILD.exec(childTag)?.[2];
    const local = /^<([\w.-]+:)?([\w.-]+)/.exec(childTag)?.[2] ?? '';
    let content = '';
    let stop = end;
    if (!childTag.endsWith('/>')) {
      const closeTag = `</${childTag.slice(1).match(/^[\w:.-]+/)![0]}>`;
      const c = inner.indexOf(closeTag, end);
      if (c < 0) break;
      content = inner.slice(end, c);
      stop = c + closeTag.length;
    }
    if (name === 'v') cell.v = decodeXml(content);
    else if (name === 'f') cell.f = { text: decodeXml(content), type: attrOf(childTag, 't'), ref: attrOf(childTag, 'ref'), si: attrOf(childTag, 'si'), tag: childTag };
    else if (name === 'is') cell.is = content;
    else if (local) cell.extra += inner.slice(start, stop);
    at = stop;
  }
  return cell;
}

const LETTERS: string[] = [];
const letters = (col: number) => LETTERS[col] ??= columnLetters(col);
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const esc = (s: string) => (NEEDS_ESCAPE.test(s) ? xmlEscape(s) : s);

/** A new or changed cell's XML. */
export function cellXml(c: CellRec, r: number, p: string): string {
  if (c.tag === `<${p}c>` && !c.f && c.is === null && !c.extra) {
    // A cell made here: written directly (a generated sheet has hundreds of thousands of them).
    const head = `<${p}c r="${letters(c.col)}${r}"${c.s ? ` s="${c.s}"` : ''}${c.t && c.t !== 'n' ? ` t="${c.t}"` : ''}`;
    return c.v === null ? `${head}/>` : `${head}><${p}v>${esc(c.v)}</${p}v></${p}c>`;
  }
  let tag = c.tag.replace(/\s*\/>$/, '>');
  // s="0" and t="n" as the file wrote them stay (they mean the same as no attribute).
  const t = c.t && c.t !== 'n' ? c.t : attrOf(tag, 't') === 'n' && c.v !== null ? 'n' : null;
  tag = withAttrs(tag, { r: `${columnLetters(c.col)}${r}`, s: c.s || attrOf(tag, 's') !== null ? String(c.s) : null, t });
  let body = '';
  if (c.f) {
    const ftag = c.f.tag.replace(/\s*\/>$/, '>');
    body += c.f.text === '' && c.f.type === 'shared' ? ftag.replace(/>$/, '/>') : `${ftag}${xmlEscape(c.f.text)}</${p}f>`;
  }
  if (c.is !== null) body += `<${p}is>${c.is}</${p}is>`;
  else if (c.v !== null) body += `<${p}v>${xmlEscape(c.v)}</${p}v>`;
  body += c.extra;
  return body ? `${tag}${body}</${p}c>` : tag.replace(/>$/, '/>');
}

/** A fresh cell record (no XML of its own yet). */
export function newCell(col: number, p: string, fields: Partial<Pick<CellRec, 's' | 't' | 'v' | 'f' | 'is'>> = {}): CellRec {
  return { col, raw: null, tag: `<${p}c>`, s: fields.s ?? 0, t: fields.t ?? null, v: fields.v ?? null, f: fields.f ?? null, is: fields.is ?? null, extra: '' };
}
