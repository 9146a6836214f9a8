// The workbook's styles part (xl/styles.xml), append-only: cells refer to cell formats (cellXfs) by
// index, so existing entries never change. Reading answers what a cell's format shows (its number
// format, bold, fill); a change to a cell's look derives a new format from the cell's own (its font,
// fill, border and alignment copied, then changed) and appends it, with any new number format, font,
// fill or border it needs. An equal entry already present is reused instead.
import { attr, child, childElements, children, createEl, insertBefore, serializeXml, type Document, type Element } from '../../ooxml/xml.ts';
import { CT_XL, type XlsxWorkbook } from '../workbook.ts';
import { BUILTIN_FORMATS, isDateFormat } from './number-format-codes.ts';

/** A colour as a style writes it: RGB, or a theme slot with an optional tint. */
export type StyleColor = { rgb: string } | { theme: number; tint?: number };

export interface StyleChange {
  numFmt?: string;
  bold?: boolean;
  italic?: boolean;
  color?: StyleColor;
  size?: number;
  /** A font name (the theme's font scheme is then left). */
  font?: string;
  /** A solid fill, or null for none. */
  fill?: StyleColor | null;
  align?: 'left' | 'center' | 'right';
  indent?: number;
  wrap?: boolean;
  vertical?: 'top' | 'center' | 'bottom';
  borderTop?: StyleColor;
  borderBottom?: StyleColor;
}

const FONT_ORDER = ['b', 'i', 'strike', 'condense', 'extend', 'outline', 'shadow', 'u', 'vertAlign', 'sz', 'color', 'name', 'family', 'charset', 'scheme'];
const BORDER_ORDER = ['start', 'left', 'end', 'right', 'top', 'bottom', 'diagonal', 'vertical', 'horizontal'];
const STYLESHEET_ORDER = ['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles', 'dxfs', 'tableStyles', 'colors', 'extLst'];

const EMPTY_STYLES = (ns: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${ns}"><fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

export class Styles {
  private readonly book: XlsxWorkbook;
  readonly part: string;
  private readonly x: string;
  private numFmtCache: Map<number, string> | null = null;
  private readonly derived = new Map<string, number>();
  private readonly known = new Map<string, Map<string, number>>();
  private xfList: Element[] | null = null;
  private readonly formatOf = new Map<number, { code: string; date: boolean }>();

  constructor(book: XlsxWorkbook) {
    this.book = book;
    this.x = book.ns.x;
    let part = book.related('styles');
    if (!part) {
      part = book.pkg.freeName('xl/styles', '.xml', 1).replace(/styles1\.xml$/, 'styles.xml');
      if (book.pkg.has(part)) part = book.pkg.freeName('xl/styles', '.xml');
      book.pkg.put(part, EMPTY_STYLES(this.x), CT_XL.styles);
      book.pkg.rels(book.part).add(book.rel('styles'), part);
    }
    this.part = part;
  }

  private doc(): Document {
    return this.book.pkg.xml(this.part);
  }

  private root(): Element {
    return this.doc().documentElement!;
  }

  private collection(name: string): Element | null {
    return child(this.root(), this.x, name);
  }

  private items(name: string, item: string): Element[] {
    return children(this.collection(name), this.x, item);
  }

  xf(s: number): Element | undefined {
    this.xfList ??= this.items('cellXfs', 'xf');
    return this.xfList[s];
  }

  private numFmts(): Map<number, string> {
    if (!this.numFmtCache) {
      this.numFmtCache = new Map();
      for (const f of this.items('numFmts', 'numFmt')) this.numFmtCache.set(Number(attr(f, 'numFmtId')), attr(f, 'formatCode') ?? 'General');
    }
    return this.numFmtCache;
  }

  private numFmtIdOf(s: number): number {
    return Number(attr(this.xf(s) ?? null, 'numFmtId') ?? 0);
  }

  private format(s: number): { code: string; date: boolean } {
    let f = this.formatOf.get(s);
    if (!f) {
      const id = this.numFmtIdOf(s);
      const code = this.numFmts().get(id) ?? BUILTIN_FORMATS[id] ?? 'General';
      f = { code, date: isDateFormat(code, id) };
      this.formatOf.set(s, f);
    }
    return f;
  }

  /** The number format code a cell format shows ('General' when none). */
  numFmt(s: number): string {
    return this.format(s).code;
  }

  isDate(s: number): boolean {
    return this.format(s).date;
  }

  /** The font of a cell format (read-only). */
  font(s: number): Element | undefined {
    return this.items('fonts', 'font')[Number(attr(this.xf(s) ?? null, 'fontId') ?? 0)];
  }

  bold(s: number): boolean {
    const b = child(this.font(s) ?? null, this.x, 'b');
    return !!b && attr(b, 'val') !== '0' && attr(b, 'val') !== 'false';
  }

  /** The solid fill colour of a cell format as written (`rgb`/`theme`), or null. */
  fill(s: number): StyleColor | null {
    const fill = this.items('fills', 'fill')[Number(attr(this.xf(s) ?? null, 'fillId') ?? 0)];
    const pattern = child(fill ?? null, this.x, 'patternFill');
    if (attr(pattern, 'patternType') !== 'solid') return null;
    const fg = child(pattern, this.x, 'fgColor');
    const rgb = attr(fg, 'rgb');
    if (rgb) return { rgb: rgb.slice(-6).toUpperCase() };
    const theme = attr(fg, 'theme');
    return theme !== null ? { theme: Number(theme), tint: Number(attr(fg, 'tint') ?? 0) } : null;
  }

  /** A cell format like `base` with `change` applied: an existing equal one, or a new one appended. */
  derive(base: number, change: StyleChange): number {
    const key = `${base}|${JSON.stringify(change)}`;
    const cached = this.derived.get(key);
    if (cached !== undefined) return cached;
    const doc = this.doc();
    const baseXf = this.xf(base) ?? this.xf(0);
    const xf = baseXf ? (baseXf.cloneNode(true) as Element) : createEl(doc, this.x, 'xf', { numFmtId: 0, fontId: 0, fillId: 0, borderId: 0, xfId: 0 });
    if (change.numFmt !== undefined) {
      xf.setAttribute('numFmtId', String(this.numFmtId(change.numFmt)));
      xf.setAttribute('applyNumberFormat', '1');
    }
    if (change.bold !== undefined || change.italic !== undefined || change.color || change.size || change.font) {
      xf.setAttribute('fontId', String(this.fontId(Number(attr(xf, 'fontId') ?? 0), change)));
      xf.setAttribute('applyFont', '1');
    }
    if (change.fill !== undefined) {
      xf.setAttribute('fillId', String(change.fill === null ? 0 : this.fillId(change.fill)));
      xf.setAttribute('applyFill', '1');
    }
    if (change.borderTop || change.borderBottom) {
      xf.setAttribute('borderId', String(this.borderId(Number(attr(xf, 'borderId') ?? 0), change)));
      xf.setAttribute('applyBorder', '1');
    }
    if (change.align || change.indent !== undefined || change.wrap !== undefined || change.vertical) this.align(xf, change);
    const index = this.intern('cellXfs', 'xf', xf);
    this.derived.set(key, index);
    return index;
  }

  private align(xf: Element, change: StyleChange): void {
    let a = child(xf, this.x, 'alignment');
    if (!a) a = insertBefore(xf, createEl(this.doc(), this.x, 'alignment'), ['protection', 'extLst']);
    if (change.align) a.setAttribute('horizontal', change.align);
    if (change.indent !== undefined) {
      if (change.indent) a.setAttribute('indent', String(change.indent));
      else a.removeAttribute('indent');
    }
    if (change.wrap !== undefined) {
      if (change.wrap) a.setAttribute('wrapText', '1');
      else a.removeAttribute('wrapText');
    }
    if (change.vertical) a.setAttribute('vertical', change.vertical);
    xf.setAttribute('applyAlignment', '1');
  }

  private numFmtId(code: string): number {
    for (const [id, c] of this.numFmts()) if (c === code) return id;
    for (const [id, c] of Object.entries(BUILTIN_FORMATS)) if (c === code) return Number(id);
    const id = Math.max(163, ...this.numFmts().keys()) + 1;
    const root = this.book.pkg.edit(this.part).documentElement!;
    let list = this.collection('numFmts');
    if (!list) list = insertBefore(root, createEl(this.doc(), this.x, 'numFmts', { count: 0 }), STYLESHEET_ORDER.slice(1));
    list.appendChild(createEl(this.doc(), this.x, 'numFmt', { numFmtId: id, formatCode: code }));
    list.setAttribute('count', String(children(list, this.x, 'numFmt').length));
    this.numFmts().set(id, code);
    return id;
  }

  private color(doc: Document, tag: string, c: StyleColor): Element {
    return 'rgb' in c ? createEl(doc, this.x, tag, { rgb: `FF${c.rgb}` }) : createEl(doc, this.x, tag, { theme: c.theme, ...(c.tint ? { tint: c.tint } : {}) });
  }

  private fontId(base: number, change: StyleChange): number {
    const doc = this.doc();
    const baseFont = this.items('fonts', 'font')[base];
    const font = baseFont ? (baseFont.cloneNode(true) as Element) : createEl(doc, this.x, 'font');
    const set = (name: string, el: Element | null) => {
      for (const old of children(font, this.x, name)) font.removeChild(old);
      if (el) insertBefore(font, el, FONT_ORDER.slice(FONT_ORDER.indexOf(name) + 1));
    };
    if (change.bold !== undefined) set('b', change.bold ? createEl(doc, this.x, 'b') : null);
    if (change.italic !== undefined) set('i', change.italic ? createEl(doc, this.x, 'i') : null);
    if (change.size) set('sz', createEl(doc, this.x, 'sz', { val: change.size }));
    if (change.color) set('color', this.color(doc, 'color', change.color));
    if (change.font) {
      set('name', createEl(doc, this.x, 'name', { val: change.font }));
      set('scheme', null);
    }
    return this.intern('fonts', 'font', font);
  }

  private fillId(c: StyleColor): number {
    const doc = this.doc();
    const fill = createEl(doc, this.x, 'fill');
    const pattern = createEl(doc, this.x, 'patternFill', { patternType: 'solid' });
    pattern.appendChild(this.color(doc, 'fgColor', c));
    pattern.appendChild(createEl(doc, this.x, 'bgColor', { indexed: 64 }));
    fill.appendChild(pattern);
    return this.intern('fills', 'fill', fill);
  }

  private borderId(base: number, change: StyleChange): number {
    const doc = this.doc();
    const baseBorder = this.items('borders', 'border')[base];
    const border = baseBorder ? (baseBorder.cloneNode(true) as Element) : createEl(doc, this.x, 'border');
    for (const [side, c] of [['top', change.borderTop], ['bottom', change.borderBottom]] as const) {
      if (!c) continue;
      for (const old of children(border, this.x, side)) border.removeChild(old);
      const el = createEl(doc, this.x, side, { style: 'thin' });
      el.appendChild(this.color(doc, 'color', c));
      insertBefore(border, el, BORDER_ORDER.slice(BORDER_ORDER.indexOf(side) + 1));
    }
    return this.intern('borders', 'border', border);
  }

  /** The index of an entry equal to `el` in a collection, appending it (and raising count) when there is none. */
  private intern(collection: string, item: string, el: Element): number {
    let index = this.known.get(collection);
    if (!index) {
      index = new Map();
      this.items(collection, item).forEach((e, i) => { const k = serializeXml(e); if (!index!.has(k)) index!.set(k, i); });
      this.known.set(collection, index);
    }
    const key = serializeXml(el);
    const found = index.get(key);
    if (found !== undefined) return found;
    const root = this.book.pkg.edit(this.part).documentElement!;
    let list = this.collection(collection);
    if (!list) list = insertBefore(root, createEl(this.doc(), this.x, collection, { count: 0 }), STYLESHEET_ORDER.slice(STYLESHEET_ORDER.indexOf(collection) + 1));
    list.appendChild(el);
    if (collection === 'cellXfs') this.xfList = null;
    const n = childElements(list).filter((e) => e.localName === item).length;
    list.setAttribute('count', String(n));
    index.set(key, n - 1);
    return n - 1;
  }
}
