// A worksheet part, edited in place. The part is read as text and split at its <sheetData>: the cells
// go to SheetData (scanned as text, rows written again only when changed), everything around them
// (views, columns, merges, filters, validations, conditional formats, page setup, relationships to
// drawings and tables...) is parsed with xmldom when an edit asks for it, and edited element by element.
// Serialized, an untouched part is its original text; otherwise the surroundings (as read, or written
// from the DOM when changed) are put back around the cells.
import { DocumentUnreadable } from '../../agent/tool-error.ts';
import { parseXml, serializeXml, type Document, type Element } from '../../ooxml/xml.ts';
import { SheetData } from './sheet-data.ts';
import { prefixFor, tagEnd, withAttrs } from './xml-text.ts';

const PLACEHOLDER = 'folio-sheet-data';

/** Children of a worksheet in schema order (CT_Worksheet): new elements go before the first later one. */
export const WORKSHEET_ORDER = [
  'sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'sheetCalcPr', 'sheetProtection', 'protectedRanges',
  'scenarios', 'autoFilter', 'sortState', 'dataConsolidate', 'customSheetViews', 'mergeCells', 'phoneticPr', 'conditionalFormatting',
  'dataValidations', 'hyperlinks', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks',
  'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF', 'drawingHF',
  'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst',
] as const;

/** The elements that follow `name` in a worksheet (for insertBefore). */
export function worksheetAfter(name: (typeof WORKSHEET_ORDER)[number]): string[] {
  return WORKSHEET_ORDER.slice(WORKSHEET_ORDER.indexOf(name) + 1) as unknown as string[];
}

export class Worksheet {
  readonly part: string;
  /** The spreadsheetml namespace of the part (transitional or strict). */
  readonly ns: string;
  readonly data: SheetData;
  private readonly original: string;
  private readonly before: string;
  private readonly after: string;
  /** The start tag of <sheetData> as read ('' when the part had none). */
  private readonly dataTag: string;
  private restDoc: Document | null = null;
  private restEdited = false;
  /** The dimension ref to write when the cells grew beyond it (kept textual while the rest is untouched). */
  private dimension: string | null = null;

  constructor(part: string, text: string, ns: string) {
    this.part = part;
    this.ns = ns;
    this.original = text;
    const rootAt = text.search(/<(?![?!])/);
    const rootEnd = rootAt < 0 ? -1 : tagEnd(text, rootAt);
    if (rootEnd < 0) throw new DocumentUnreadable(`${part} is not well-formed XML (no root element).`);
    const p = prefixFor(text.slice(rootAt, rootEnd), ns);
    const open = new RegExp(`<${p}sheetData(?=[\\s/>])`, 'g');
    open.lastIndex = rootEnd;
    const m = open.exec(text);
    let inner = '';
    if (m) {
      const end = tagEnd(text, m.index);
      if (end < 0) throw new DocumentUnreadable(`${part} is not well-formed XML (sheetData).`);
      this.dataTag = text.slice(m.index, end);
      this.before = text.slice(0, m.index);
      if (this.dataTag.endsWith('/>')) {
        this.after = text.slice(end);
      } else {
        const close = text.indexOf(`</${p}sheetData>`, end);
        if (close < 0) throw new DocumentUnreadable(`${part} is not well-formed XML (sheetData is not closed).`);
        inner = text.slice(end, close);
        this.after = text.slice(close + `</${p}sheetData>`.length);
      }
    } else {
      this.dataTag = '';
      this.before = text;
      this.after = '';
    }
    try {
      this.data = new SheetData(inner, p, part);
    } catch (err) {
      throw new DocumentUnreadable(`${part} could not be read: ${(err as Error).message}.`, { cause: err });
    }
  }

  get prefix(): string {
    return this.data.p;
  }

  /** The part's XML around the cells (read-only use; call edit() before changing it). */
  rest(): Document {
    if (!this.restDoc) {
      const p = this.prefix;
      const text = this.dataTag
        ? `${this.before}<${p}sheetData ${PLACEHOLDER}="1"/>${this.after}`
        : this.before;
      this.restDoc = parseXml(text, this.part);
      if (!this.dataTag) {
        // A worksheet without sheetData (allowed by no schema, written by some tools): give it one in place.
        const root = this.restDoc.documentElement!;
        const el = this.restDoc.createElementNS(this.ns, `${p}sheetData`);
        el.setAttribute(PLACEHOLDER, '1');
        const later = [...root.childNodes as unknown as Element[]].find((n) => n.nodeType === 1 && worksheetAfter('sheetData').includes(n.localName ?? ''));
        root.insertBefore(el, later ?? null);
      }
    }
    return this.restDoc;
  }

  root(): Element {
    return this.rest().documentElement!;
  }

  /** The surroundings, to change: they are written from the DOM from now on. */
  edit(): Element {
    const root = this.root();
    this.restEdited = true;
    return root;
  }

  get changed(): boolean {
    return this.restEdited || this.data.dirty || this.dimension !== null;
  }

  /** Records that the used range now reaches `ref` (A1:D20); written into <dimension> on save. */
  setDimension(ref: string): void {
    this.dimension = ref;
  }

  get pendingDimension(): string | null {
    return this.dimension;
  }

  /** The <dimension ref> as read, or null. */
  dimensionRef(): string | null {
    const m = /<(?:[\w.-]+:)?dimension\b[^>]*\bref="([^"]*)"/.exec(this.before);
    return m ? m[1] : null;
  }

  serialize(): string {
    if (!this.changed) return this.original;
    const p = this.prefix;
    const cells = this.data.serialize();
    const dataXml = cells ? `<${p}sheetData>${cells}</${p}sheetData>` : `<${p}sheetData/>`;
    if (!this.restEdited && this.dataTag) {
      let before = this.before;
      if (this.dimension) before = before.replace(/<((?:[\w.-]+:)?)dimension\b[^>]*?\/?>/, (tag) => withAttrs(tag, { ref: this.dimension }));
      const opened = this.dataTag.replace(/\s*\/>$/, '>');
      const data = cells ? `${opened}${cells}</${p}sheetData>` : this.dataTag.endsWith('/>') ? this.dataTag : `${opened}</${p}sheetData>`;
      return `${before}${data}${this.after}`;
    }
    if (this.dimension) {
      const dim = [...this.rest().documentElement!.childNodes as unknown as Element[]].find((n) => n.nodeType === 1 && n.localName === 'dimension');
      dim?.setAttribute('ref', this.dimension);
    }
    const xml = serializeXml(this.rest());
    return xml.replace(new RegExp(`<(?:[\\w.-]+:)?sheetData\\b[^>]*${PLACEHOLDER}="1"[^>]*/>`), () => dataXml);
  }
}
