// The shared strings table (xl/sharedStrings.xml), append-only: cells refer to strings by index, so
// existing items never move or change. Items are found by one scan of the text and their text decoded
// when a cell asks for it; new strings are appended (an equal plain string is reused) and written
// before </sst>, with count and uniqueCount raised. An unchanged table is written back as read.
import { DocumentUnreadable } from '../../agent/tool-error.ts';
import { attrOf, encodeStringText, prefixFor, scanElements, stringItemText, tagEnd, withAttrs } from './xml-text.ts';

export class SharedStrings {
  readonly part: string;
  private readonly text: string;
  private readonly p: string;
  /** [start, end) of each original <si> in the text. */
  private readonly items: [number, number][] = [];
  private readonly decoded = new Map<number, string>();
  private readonly added: string[] = [];
  private index: Map<string, number> | null = null;
  private readonly rootStart: number;
  private readonly rootEnd: number;
  private readonly closeAt: number;
  private refs = 0;

  constructor(part: string, text: string, ns: string) {
    this.part = part;
    this.text = text;
    const rootAt = text.search(/<(?![?!])/);
    const rootEnd = rootAt < 0 ? -1 : tagEnd(text, rootAt);
    if (rootEnd < 0) throw new DocumentUnreadable(`${part} is not well-formed XML (no root element).`);
    this.rootStart = rootAt;
    this.rootEnd = rootEnd;
    this.p = prefixFor(text.slice(rootAt, rootEnd), ns);
    const p = this.p;
    const selfClosing = text.slice(rootAt, rootEnd).endsWith('/>');
    this.closeAt = selfClosing ? rootEnd : text.lastIndexOf(`</${p}sst>`);
    if (this.closeAt < 0) throw new DocumentUnreadable(`${part} is not well-formed XML (sst is not closed).`);
    try {
      for (const el of scanElements(text, `${p}si`, 'a string item', rootEnd, this.closeAt)) this.items.push([el.start, el.stop]);
    } catch (err) {
      throw new DocumentUnreadable(`${part} is not well-formed XML (${(err as Error).message}).`, { cause: err });
    }
  }

  /** An empty table for a workbook that had none. */
  static empty(part: string, ns: string): SharedStrings {
    return new SharedStrings(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${ns}" count="0" uniqueCount="0"></sst>`, ns);
  }

  get size(): number {
    return this.items.length + this.added.length;
  }

  get changed(): boolean {
    return this.added.length > 0 || this.refs > 0;
  }

  /** The text of item `i` (rich text runs joined), or null when there is none. */
  get(i: number): string | null {
    if (i < 0 || !Number.isInteger(i)) return null;
    if (i >= this.items.length) return this.added[i - this.items.length] ?? null;
    let s = this.decoded.get(i);
    if (s === undefined) {
      const [start, end] = this.items[i];
      s = stringItemText(this.text.slice(start, end), this.p);
      this.decoded.set(i, s);
    }
    return s;
  }

  /** The index of `s`: an existing plain item with that text, or a new one appended. Counts one more reference. */
  add(s: string): number {
    if (!this.index) {
      this.index = new Map();
      for (let i = 0; i < this.items.length; i++) {
        const [start, end] = this.items[i];
        const raw = this.text.slice(start, end);
        // Only plain items are reused: a rich-text item with the same letters looks different.
        if (!raw.includes(`<${this.p}r>`) && !raw.includes(`<${this.p}r `) && !raw.includes('rPh')) {
          const t = this.get(i)!;
          if (!this.index.has(t)) this.index.set(t, i);
        }
      }
    }
    this.refs++;
    const known = this.index.get(s);
    if (known !== undefined) return known;
    const i = this.items.length + this.added.length;
    this.added.push(s);
    this.index.set(s, i);
    return i;
  }

  serialize(): string {
    if (!this.changed) return this.text;
    const p = this.p;
    const items = this.added.map((s) => {
      const space = /^\s|\s$|\n/.test(s) ? ' xml:space="preserve"' : '';
      return `<${p}si><${p}t${space}>${encodeStringText(s)}</${p}t></${p}si>`;
    }).join('');
    let root = this.text.slice(this.rootStart, this.rootEnd);
    const count = attrOf(root, 'count');
    const unique = attrOf(root, 'uniqueCount');
    const selfClosing = root.endsWith('/>');
    root = withAttrs(root, {
      count: count !== null ? String(Number(count) + this.refs) : null,
      uniqueCount: unique !== null ? String(this.size) : null,
    });
    if (selfClosing) root = root.replace(/\s*\/>$/, '>');
    const close = selfClosing ? `</${p}sst>` : '';
    return `${this.text.slice(0, this.rootStart)}${root}${this.text.slice(this.rootEnd, this.closeAt)}${items}${close}${this.text.slice(this.closeAt)}`;
  }
}
