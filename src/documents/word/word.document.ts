// The Word adapter's document: the .docx package, its main part and body, the document's own styles,
// and the view of the body as blocks (read again after an edit; parsed parts are cached). Block ids
// belong to the XML elements they came from, so they stay the same while a task edits around them.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { OoxmlPackage } from '../ooxml/package.ts';
import { REL } from '../ooxml/relationships.ts';
import { child, NS, type Element } from '../ooxml/xml.ts';
import type { ZipLimits } from '../ooxml/zip-reader.ts';
import { readStyles, type StyleInfo } from './design/styles.ts';
import { readBlocks, type BlockView } from './view/body.view.ts';

export const DOCX_WHAT = 'a Word document (.docx)';
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function headingSignature(blocks: BlockView[]): string {
  return blocks.filter((b) => b.kind === 'heading').map((b) => `${b.level}:${b.text}`).join('\n');
}

export type WordOrigin = 'template' | 'file';

export class WordDocument {
  readonly pkg: OoxmlPackage;
  readonly main: string;
  readonly origin: WordOrigin;
  private readonly ids = new WeakMap<Element, string>();
  private nextId = 1;
  private blockCache: BlockView[] | null = null;
  /** The headings when the document was first read, to know whether a table of contents needs updating. */
  openedHeadings: string | null = null;
  /** Headings and tables of contents written during this task. */
  readonly newHeadings = new WeakSet<Element>();
  readonly newTocs = new WeakSet<Element>();
  private styleCache: Map<string, StyleInfo> | null = null;

  constructor(pkg: OoxmlPackage, origin: WordOrigin) {
    this.pkg = pkg;
    this.origin = origin;
    const rel = pkg.rels('').first(REL.officeDocument);
    const main = rel && !rel.external && pkg.has(rel.target) ? rel.target : pkg.has('word/document.xml') ? 'word/document.xml' : null;
    if (!main) throw new DocumentUnreadable(`The file is not ${DOCX_WHAT}: it has no main document part.`);
    const root = pkg.xml(main).documentElement;
    if (!root || root.namespaceURI !== NS.w || root.localName !== 'document' || !child(root, NS.w, 'body')) {
      throw new DocumentUnreadable(`The file is not ${DOCX_WHAT}: ${main} is not a Word document body${root?.namespaceURI?.includes('purl.oclc.org') ? ' (Strict Open XML documents are not supported; save it as a regular Word document)' : ''}.`);
    }
    this.main = main;
  }

  static open(bytes: Buffer, origin: WordOrigin = 'file', limits?: ZipLimits): WordDocument {
    return new WordDocument(OoxmlPackage.open(bytes, { what: DOCX_WHAT, limits }), origin);
  }

  private folioCache: boolean | null = null;

  /** Whether the document was made from Folio's report template (its theme is "Folio Report"). */
  get folio(): boolean {
    if (this.folioCache === null) {
      const theme = this.pkg.related(this.main, REL.theme)[0];
      this.folioCache = !!theme && /^Folio /.test(this.pkg.xml(theme).documentElement?.getAttribute('name') ?? '');
    }
    return this.folioCache;
  }

  /** The body, for reading. */
  body(): Element {
    return child(this.pkg.xml(this.main).documentElement, NS.w, 'body')!;
  }

  /** The body, marked as changed. */
  editBody(): Element {
    return child(this.pkg.edit(this.main).documentElement, NS.w, 'body')!;
  }

  styles(): Map<string, StyleInfo> {
    this.styleCache ??= readStyles(this.pkg, this.main);
    return this.styleCache;
  }

  blocks(): BlockView[] {
    this.blockCache ??= readBlocks(this);
    this.openedHeadings ??= headingSignature(this.blockCache);
    return this.blockCache;
  }

  changed(): void {
    this.blockCache = null;
  }

  /** The id of the block an element starts (given once, kept while the document lives). */
  idOf(el: Element): string {
    let id = this.ids.get(el);
    if (!id) {
      id = `b${this.nextId++}`;
      this.ids.set(el, id);
    }
    return id;
  }

  save(): Buffer {
    return this.pkg.save();
  }
}
