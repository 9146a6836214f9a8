// The OOXML package is the document. Opening it reads the zip's directory and nothing else; parts are
// inflated and parsed when first asked for. Edits go to the parsed XML of the parts they change (mark
// them with `edit`), to relationships and content types (edited in place), or add and remove parts.
// Saving writes every untouched entry back as its original compressed bytes (copy-through), the
// changed parts serialized, and the new parts after them.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { CONTENT_TYPES_PART, ContentTypes } from './content-types.ts';
import { Relationships, relsPathOf, sourceOfRels } from './relationships.ts';
import { parseXml, serializeXml, type Document } from './xml.ts';
import { DEFAULT_ZIP_LIMITS, inflateEntry, readZipDirectory, type ZipEntryInfo, type ZipLimits } from './zip-reader.ts';
import { writeZip, type RawZipEntry, type ZipEntry } from './zip-writer.ts';

/** Media and embeddings are compressed already: stored, not deflated again. */
const STORED = /\.(png|jpe?g|gif|webp|mp4|m4a|mp3|wav|wmv|mov|zip|xlsx|docx|pptx)$/i;

export interface OpenOptions {
  /** "a PowerPoint presentation", for messages. */
  what: string;
  /** A part the package must have (ppt/presentation.xml), else the file is refused. */
  mainPart?: string;
  limits?: ZipLimits;
}

export class OoxmlPackage {
  private readonly entries = new Map<string, ZipEntryInfo>();
  /** Lower-cased name -> stored name: part names are case-insensitive in OPC. */
  private readonly names = new Map<string, string>();
  private readonly order: string[] = [];
  private readonly docs = new Map<string, Document>();
  private readonly data = new Map<string, Buffer>();
  private readonly edited = new Set<string>();
  private readonly added: string[] = [];
  private readonly removed = new Set<string>();
  private readonly relsCache = new Map<string, Relationships>();
  private types: ContentTypes | null = null;

  private constructor(entries: ZipEntryInfo[]) {
    for (const e of entries) {
      if (this.names.has(e.name.toLowerCase())) continue;
      this.entries.set(e.name, e);
      this.names.set(e.name.toLowerCase(), e.name);
      this.order.push(e.name);
    }
  }

  static open(bytes: Buffer, options: OpenOptions): OoxmlPackage {
    const pkg = new OoxmlPackage(readZipDirectory(bytes, options.what, options.limits ?? DEFAULT_ZIP_LIMITS));
    if (!pkg.has(CONTENT_TYPES_PART)) throw new DocumentUnreadable(`The file is not ${options.what}: the ZIP archive has no [Content_Types].xml.`);
    if (options.mainPart && !pkg.has(options.mainPart)) throw new DocumentUnreadable(`The file is not ${options.what}: ${options.mainPart} is missing.`);
    return pkg;
  }

  /** The stored name of a part (case-insensitive match), or null. */
  private find(part: string): string | null {
    const name = this.names.get(part.toLowerCase());
    return name && !this.removed.has(name) ? name : null;
  }

  has(part: string): boolean {
    return this.find(part) !== null;
  }

  /** Every part name, in the archive's order, new parts last. */
  paths(prefix = ''): string[] {
    return [...this.order, ...this.added].filter((p) => !this.removed.has(p) && p.startsWith(prefix));
  }

  /** Parts present when the package was opened (removed ones included). */
  originalPaths(): string[] {
    return [...this.order];
  }

  bytes(part: string): Buffer {
    const name = this.find(part);
    if (!name) throw new DocumentUnreadable(`The file is missing its part ${part}.`);
    const doc = this.docs.get(name);
    if (doc && this.edited.has(name)) return Buffer.from(serializeXml(doc), 'utf8');
    let buf = this.data.get(name);
    if (!buf) {
      buf = inflateEntry(this.entries.get(name)!);
      this.data.set(name, buf);
    }
    return buf;
  }

  text(part: string): string {
    return this.bytes(part).toString('utf8').replace(/^\uFEFF/, '');
  }

  /** The part's parsed XML (cached). Call `edit` before changing it. */
  xml(part: string): Document {
    const name = this.find(part);
    if (!name) throw new DocumentUnreadable(`The file is missing its part ${part}.`);
    let doc = this.docs.get(name);
    if (!doc) {
      doc = parseXml(this.text(name), name);
      this.docs.set(name, doc);
    }
    return doc;
  }

  /** The part's XML, marked as changed: it is serialized again on save. */
  edit(part: string): Document {
    const doc = this.xml(part);
    this.edited.add(this.find(part)!);
    return doc;
  }

  isEdited(part: string): boolean {
    const name = this.find(part);
    return !!name && (this.edited.has(name) || this.added.includes(name) || (this.relsCache.get(sourceOfRels(name) ?? '\0')?.dirty ?? false));
  }

  /**
   * Adds a new part (or replaces one) with bytes, XML text or a parsed document, and declares its
   * content type. XML text is kept as written (and parsed only if someone reads the part); a document
   * is serialized on save.
   */
  put(part: string, content: Buffer | string | Document, contentType?: string): void {
    const existing = this.find(part);
    const name = existing ?? part;
    if (!existing) {
      if (this.removed.has(part)) this.removed.delete(part);
      else this.added.push(part);
      this.names.set(part.toLowerCase(), part);
    }
    this.docs.delete(name);
    this.data.delete(name);
    this.edited.delete(name);
    // New content replaces the original entry: it must not be copied through any more.
    this.entries.delete(name);
    if (typeof content === 'string') this.data.set(name, Buffer.from(content, 'utf8'));
    else if (Buffer.isBuffer(content)) this.data.set(name, content);
    else {
      this.docs.set(name, content);
      this.edited.add(name);
    }
    if (!existing || contentType) this.contentTypes().declare(part, contentType);
  }

  /** Removes a part, its relationships part and its content type override. */
  remove(part: string): void {
    const name = this.find(part);
    if (!name) return;
    this.removed.add(name);
    this.contentTypes().forget(name);
    const rels = this.find(relsPathOf(name));
    if (rels) this.removed.add(rels);
    this.relsCache.delete(name);
  }

  /** The first free name `<prefix><n><suffix>` from n = 1 (`ppt/slides/slide`, `.xml`). */
  freeName(prefix: string, suffix: string, start = 1): string {
    for (let n = start; ; n++) {
      const name = `${prefix}${n}${suffix}`;
      if (!this.names.has(name.toLowerCase())) return name;
    }
  }

  rels(part: string): Relationships {
    let rels = this.relsCache.get(part);
    if (!rels) {
      const relsPath = this.find(relsPathOf(part));
      rels = new Relationships(part, relsPath ? this.text(relsPath) : null);
      this.relsCache.set(part, rels);
    }
    return rels;
  }

  /** Every part that has relationships (the package root as ""), new parts included. */
  relationshipSources(): string[] {
    const out = new Set<string>();
    for (const p of this.paths()) {
      const source = p.endsWith('.rels') ? sourceOfRels(p) : null;
      if (source !== null && (source === '' || this.has(source))) out.add(source);
    }
    for (const [source, rels] of this.relsCache) if (rels.size && (source === '' || this.has(source))) out.add(source);
    return [...out];
  }

  contentTypes(): ContentTypes {
    this.types ??= new ContentTypes(this.text(CONTENT_TYPES_PART));
    return this.types;
  }

  contentType(part: string): string | null {
    return this.contentTypes().typeOf(part);
  }

  /** The parts `part` relates to (internal targets that exist), by relationship type when given. */
  related(part: string, type?: string): string[] {
    return this.rels(part).all().filter((r) => !r.external && (!type || r.type === type) && this.has(r.target)).map((r) => this.find(r.target)!);
  }

  /** The serialized package: untouched entries copied through, changed and new parts written. */
  save(): Buffer {
    const out: (ZipEntry | RawZipEntry)[] = [];
    const changedRels = new Map<string, Relationships>();
    for (const [source, rels] of this.relsCache) if (rels.dirty && !this.removed.has(source)) changedRels.set(relsPathOf(source), rels);
    const written = new Set<string>();
    const emit = (name: string) => {
      if (this.removed.has(name) || written.has(name)) return;
      written.add(name);
      const rels = changedRels.get(name);
      if (rels) {
        changedRels.delete(name);
        if (rels.size) out.push({ name, data: Buffer.from(serializeXml(rels.doc), 'utf8'), compress: true });
        return;
      }
      if (name === CONTENT_TYPES_PART && this.types?.dirty) {
        out.push({ name, data: Buffer.from(serializeXml(this.types.doc), 'utf8'), compress: true });
        return;
      }
      const entry = this.entries.get(name);
      if (entry && this.isOriginal(name)) {
        out.push(entry);
        return;
      }
      const doc = this.docs.get(name);
      const data = doc && this.edited.has(name) ? Buffer.from(serializeXml(doc), 'utf8') : this.bytes(name);
      out.push({ name, data, compress: !STORED.test(name) });
    };
    for (const name of this.order) emit(name);
    for (const name of this.added) emit(name);
    for (const [name, rels] of changedRels) {
      if (rels.size) out.push({ name, data: Buffer.from(serializeXml(rels.doc), 'utf8'), compress: true });
    }
    return writeZip(out);
  }

  /** The part still holds the bytes it was read with (never edited nor replaced). */
  private isOriginal(name: string): boolean {
    return this.entries.has(name) && !this.edited.has(name) && !this.added.includes(name);
  }
}
