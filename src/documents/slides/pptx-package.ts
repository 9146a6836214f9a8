// Reading an OOXML package: parts by path, their relationships with targets resolved to package paths,
// content types, and XML parsed with xmldom. Parts are refused outright when they declare a DOCTYPE
// (OOXML never does; it is how entity expansion attacks start), so no entity is ever expanded.
import path from 'node:path/posix';
import JSZip from 'jszip';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { DocumentUnreadable } from '../agent/tool-error.ts';

export const NS = {
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
};

export const REL_TYPE = {
  slide: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide',
  slideLayout: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout',
  notesSlide: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide',
  chart: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
  image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
  theme: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme',
};

/** Most entries a deck may have; uploads were checked already, this guards other sources. */
const MAX_ENTRIES = 10_000;

export interface Rel {
  id: string;
  type: string;
  /** Package path (no leading slash) for internal targets, the URL for external ones. */
  target: string;
  external: boolean;
}

export function parseXml(text: string, where: string): Document {
  if (/<!DOCTYPE/i.test(text.slice(0, 2000))) throw new DocumentUnreadable(`${where} declares a DOCTYPE, which a PowerPoint file never does.`);
  let failure: string | null = null;
  let doc: Document | null = null;
  try {
    doc = new DOMParser({ onError: (level: string, message: string) => { if (level !== 'warning') failure ??= message; } }).parseFromString(text, 'text/xml');
  } catch (err) {
    failure ??= (err as Error).message;
  }
  if (failure || !doc?.documentElement) throw new DocumentUnreadable(`${where} is not well-formed XML${failure ? ` (${String(failure).split('\n')[0].slice(0, 120)})` : ''}.`);
  return doc;
}

export function relsPathOf(part: string): string {
  return path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);
}

/** The relative target from `fromPart`'s folder to `toPart`. */
export function relativeTarget(fromPart: string, toPart: string): string {
  return path.relative(path.dirname(fromPart), toPart);
}

export class PptxPackage {
  readonly zip: JSZip;
  private readonly xmlCache = new Map<string, Document>();
  private readonly relsCache = new Map<string, Map<string, Rel>>();
  private types: { defaults: Map<string, string>; overrides: Map<string, string> } | null = null;

  private constructor(zip: JSZip) {
    this.zip = zip;
  }

  static async open(bytes: Buffer): Promise<PptxPackage> {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    } catch (err) {
      throw new DocumentUnreadable('The file is not a PowerPoint (.pptx) document: it is not a readable zip archive.', { cause: err });
    }
    if (Object.keys(zip.files).length > MAX_ENTRIES) throw new DocumentUnreadable(`The file has more than ${MAX_ENTRIES} parts.`);
    const pkg = new PptxPackage(zip);
    if (!pkg.has('[Content_Types].xml') || !pkg.has('ppt/presentation.xml')) {
      throw new DocumentUnreadable('The file is not a PowerPoint (.pptx) document: ppt/presentation.xml is missing.');
    }
    return pkg;
  }

  has(part: string): boolean {
    const f = this.zip.file(part);
    return f !== null && !f.dir;
  }

  async bytes(part: string): Promise<Buffer> {
    const f = this.zip.file(part);
    if (!f) throw new DocumentUnreadable(`The file is missing its part ${part}.`);
    return f.async('nodebuffer');
  }

  async text(part: string): Promise<string> {
    return (await this.bytes(part)).toString('utf8');
  }

  async xml(part: string): Promise<Document> {
    let doc = this.xmlCache.get(part);
    if (!doc) {
      doc = parseXml(await this.text(part), part);
      this.xmlCache.set(part, doc);
    }
    return doc;
  }

  async rels(part: string): Promise<Map<string, Rel>> {
    let rels = this.relsCache.get(part);
    if (rels) return rels;
    rels = new Map();
    const relsPath = relsPathOf(part);
    if (this.has(relsPath)) {
      const doc = await this.xml(relsPath);
      for (const el of elements(doc.documentElement!, NS.rel, 'Relationship')) {
        const external = el.getAttribute('TargetMode') === 'External';
        const raw = el.getAttribute('Target') ?? '';
        const target = external ? raw : raw.startsWith('/') ? raw.slice(1) : path.normalize(path.join(path.dirname(part), raw));
        rels.set(el.getAttribute('Id') ?? '', { id: el.getAttribute('Id') ?? '', type: el.getAttribute('Type') ?? '', target, external });
      }
    }
    this.relsCache.set(part, rels);
    return rels;
  }

  async contentType(part: string): Promise<string> {
    if (!this.types) {
      const doc = await this.xml('[Content_Types].xml');
      const defaults = new Map<string, string>();
      const overrides = new Map<string, string>();
      for (const el of elements(doc.documentElement!, NS.ct, 'Default')) defaults.set((el.getAttribute('Extension') ?? '').toLowerCase(), el.getAttribute('ContentType') ?? '');
      for (const el of elements(doc.documentElement!, NS.ct, 'Override')) overrides.set((el.getAttribute('PartName') ?? '').replace(/^\//, ''), el.getAttribute('ContentType') ?? '');
      this.types = { defaults, overrides };
    }
    return this.types.overrides.get(part) ?? this.types.defaults.get(path.extname(part).slice(1).toLowerCase()) ?? 'application/octet-stream';
  }
}

/** Child elements of `parent` with this namespace and local name (direct children only). */
export function elements(parent: Element, ns: string, local: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local) out.push(n as Element);
  }
  return out;
}

export function child(parent: Element | null | undefined, ns: string, local: string): Element | null {
  if (!parent) return null;
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local) return n as Element;
  }
  return null;
}

/** The first element at this path of (ns, local) steps below `parent`. */
export function path1(parent: Element | null | undefined, ...steps: [string, string][]): Element | null {
  let at: Element | null = parent ?? null;
  for (const [ns, local] of steps) at = child(at, ns, local);
  return at;
}

/** All descendants with this namespace and local name, in document order. */
export function descendants(parent: Element, ns: string, local: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, local)) as unknown as Element[];
}

export function childElements(parent: Element): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}
