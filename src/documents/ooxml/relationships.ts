// A part's relationships (`_rels/<part>.rels`), edited in place: adding or removing one relationship
// changes only that element; the others are written back as they were. Targets are resolved to
// package paths (no leading slash); external targets stay URLs.
import path from 'node:path/posix';
import { attr, children, createEl, NS, parseXml, removeNode, type Document } from './xml.ts';

export const REL = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  slide: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide',
  slideLayout: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout',
  slideMaster: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster',
  notesSlide: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide',
  notesMaster: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesMaster',
  chart: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
  image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
  theme: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme',
  package: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/package',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
  comments: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments',
  styles: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles',
  numbering: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering',
  worksheet: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  sharedStrings: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings',
  header: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/header',
  footer: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer',
  footnotes: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes',
  endnotes: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes',
  diagramData: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData',
  diagramDrawing: 'http://schemas.microsoft.com/office/2007/relationships/diagramDrawing',
} as const;

export interface Rel {
  id: string;
  type: string;
  /** Package path (no leading slash) for internal targets, the URL for external ones. */
  target: string;
  external: boolean;
}

export function relsPathOf(part: string): string {
  return path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);
}

/** The part a `.rels` path describes (`ppt/_rels/presentation.xml.rels` -> `ppt/presentation.xml`); null for other paths. */
export function sourceOfRels(relsPath: string): string | null {
  const m = /^(?:(.*)\/)?_rels\/([^/]*)\.rels$/.exec(relsPath);
  if (!m) return null;
  return m[1] ? `${m[1]}/${m[2]}` : m[2];
}

export function resolveTarget(fromPart: string, raw: string): string {
  if (raw.startsWith('/')) return raw.slice(1);
  const base = relsSourceDir(fromPart);
  return path.normalize(path.join(base, decodeTarget(raw)));
}

/** The package root's relationships (`_rels/.rels`) have the empty part "" as source. */
function relsSourceDir(fromPart: string): string {
  return fromPart === '' ? '' : path.dirname(fromPart);
}

function decodeTarget(raw: string): string {
  try {
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/** The target as written in a .rels part: relative to the source's folder, URI-escaped (a space is %20). */
export function relativeTarget(fromPart: string, toPart: string): string {
  return encodeURI(path.relative(relsSourceDir(fromPart) || '.', toPart));
}

const EMPTY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rel}"></Relationships>`;

export class Relationships {
  readonly source: string;
  readonly doc: Document;
  private list: Rel[];
  private changed = false;

  constructor(source: string, xml: string | null) {
    this.source = source;
    this.doc = parseXml(xml ?? EMPTY, relsPathOf(source || '.'));
    this.list = children(this.doc.documentElement, NS.rel, 'Relationship').map((el) => {
      const external = attr(el, 'TargetMode') === 'External';
      const raw = attr(el, 'Target') ?? '';
      return { id: attr(el, 'Id') ?? '', type: attr(el, 'Type') ?? '', target: external ? raw : resolveTarget(source, raw), external };
    });
  }

  get dirty(): boolean {
    return this.changed;
  }

  get size(): number {
    return this.list.length;
  }

  all(): Rel[] {
    return [...this.list];
  }

  get(id: string): Rel | undefined {
    return this.list.find((r) => r.id === id);
  }

  byType(type: string): Rel[] {
    return this.list.filter((r) => r.type === type);
  }

  first(type: string): Rel | undefined {
    return this.list.find((r) => r.type === type);
  }

  /** An unused id: rId<n> above every numbered id. */
  private nextId(): string {
    let max = 0;
    for (const r of this.list) {
      const m = /^rId(\d+)$/.exec(r.id);
      if (m) max = Math.max(max, Number(m[1]));
    }
    let n = max + 1;
    while (this.get(`rId${n}`)) n++;
    return `rId${n}`;
  }

  /** Relates the source to `target` (a package path, or a URL when external); reuses an equal relationship. */
  add(type: string, target: string, external = false): string {
    const same = this.list.find((r) => r.type === type && r.target === target && r.external === external);
    if (same) return same.id;
    const id = this.nextId();
    const el = createEl(this.doc, NS.rel, 'Relationship', { Id: id, Type: type, Target: external ? target : relativeTarget(this.source, target) });
    if (external) el.setAttribute('TargetMode', 'External');
    this.doc.documentElement!.appendChild(el);
    this.list.push({ id, type, target, external });
    this.changed = true;
    return id;
  }

  remove(id: string): Rel | undefined {
    const rel = this.get(id);
    if (!rel) return undefined;
    for (const el of children(this.doc.documentElement, NS.rel, 'Relationship')) if (attr(el, 'Id') === id) removeNode(el);
    this.list = this.list.filter((r) => r.id !== id);
    this.changed = true;
    return rel;
  }

  /** Points an existing relationship at another part. */
  retarget(id: string, target: string): void {
    const rel = this.get(id);
    if (!rel || rel.external) return;
    for (const el of children(this.doc.documentElement, NS.rel, 'Relationship')) if (attr(el, 'Id') === id) el.setAttribute('Target', relativeTarget(this.source, target));
    rel.target = target;
    this.changed = true;
  }
}
