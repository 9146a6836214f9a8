// Opens OOXML packages (docx, xlsx, pptx) held in memory, for the readers of every format. The
// archive is checked before any part is inflated: entry count and declared uncompressed sizes (a zip
// bomb never gets parsed), and XML is parsed without DTDs or external entities (fast-xml-parser never
// resolves them; entity processing is off so `<!ENTITY>` expansion cannot blow up memory).
import JSZip from 'jszip';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DocumentUnreadable } from './tool-error.ts';

export interface PackageLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

/** Defaults in line with FOLIO_ZIP_MAX_ENTRIES and FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES. */
export const DEFAULT_PACKAGE_LIMITS: PackageLimits = { maxEntries: 10_000, maxUncompressedBytes: 1024 ** 3 };

export class OoxmlPackage {
  readonly zip: JSZip;

  constructor(zip: JSZip) {
    this.zip = zip;
  }

  has(path: string): boolean {
    return this.zip.file(path) !== null;
  }

  /** Part names, e.g. `word/media/image1.png`. */
  paths(prefix = ''): string[] {
    return Object.keys(this.zip.files).filter((p) => p.startsWith(prefix) && !this.zip.files[p].dir);
  }

  async text(path: string): Promise<string | null> {
    const f = this.zip.file(path);
    return f ? f.async('string') : null;
  }

  async bytes(path: string): Promise<Buffer | null> {
    const f = this.zip.file(path);
    return f ? Buffer.from(await f.async('uint8array')) : null;
  }
}

/** Opens the archive, or throws DocumentUnreadable with `what` ("a Word document") in the message. */
export async function openPackage(bytes: Buffer, what: string, limits: PackageLimits = DEFAULT_PACKAGE_LIMITS): Promise<OoxmlPackage> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new DocumentUnreadable(`The file is not ${what}: it is not a ZIP package (Office Open XML files are ZIP archives).`);
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (err) {
    throw new DocumentUnreadable(`The file is not ${what}: the ZIP archive is damaged (${(err as Error).message}).`, { cause: err });
  }
  const entries = Object.values(zip.files);
  if (entries.length > limits.maxEntries) throw new DocumentUnreadable(`The file has ${entries.length} entries, more than the ${limits.maxEntries} allowed.`);
  let total = 0;
  for (const e of entries) total += (e as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  if (total > limits.maxUncompressedBytes) throw new DocumentUnreadable(`The file would inflate to ${total} bytes, more than the ${limits.maxUncompressedBytes} allowed.`);
  if (!zip.file('[Content_Types].xml')) throw new DocumentUnreadable(`The file is not ${what}: the ZIP archive has no [Content_Types].xml.`);
  return new OoxmlPackage(zip);
}

const ORDERED = new XMLParser({
  preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', allowBooleanAttributes: true,
  parseTagValue: false, parseAttributeValue: false, trimValues: false, processEntities: true, htmlEntities: false,
});

/** An element of an order-preserving parse: `{ "w:p": [children], ":@": {attributes} }`, or `{ "#text": "..." }`. */
export type XmlNode = Record<string, unknown>;

/** Parses XML into order-preserving nodes; throws DocumentUnreadable naming the part on broken XML. */
export function parseXml(xml: string, part: string): XmlNode[] {
  if (/<!DOCTYPE/i.test(xml.slice(0, 2000))) throw new DocumentUnreadable(`${part} declares a DTD, which Office documents never do; it is refused.`);
  // The parser is lenient (it accepts unclosed elements); a damaged part must be refused, not half-read.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new DocumentUnreadable(`${part} is not well-formed XML (${valid.err.msg} at line ${valid.err.line}).`);
  try {
    return ORDERED.parse(xml) as XmlNode[];
  } catch (err) {
    throw new DocumentUnreadable(`${part} is not well-formed XML (${(err as Error).message}).`, { cause: err });
  }
}

/** The element name of a node (`w:p`), or `#text`. */
export function tagOf(node: XmlNode): string {
  for (const k of Object.keys(node)) if (k !== ':@') return k;
  return '';
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const v = node[tagOf(node)];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
}

export function attrsOf(node: XmlNode): Record<string, string> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

export function child(node: XmlNode, tag: string): XmlNode | undefined {
  return childrenOf(node).find((c) => tagOf(c) === tag);
}

export function childrenNamed(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) === tag);
}

/** Concatenated text of `#text` nodes under the elements named `textTag` (w:t, a:t), depth-first. */
export function textUnder(node: XmlNode, textTag: string): string {
  let out = '';
  const walk = (n: XmlNode) => {
    const tag = tagOf(n);
    if (tag === textTag) out += childrenOf(n).map((c) => String(c['#text'] ?? '')).join('');
    else if (tag !== '#text') childrenOf(n).forEach(walk);
  };
  walk(node);
  return out;
}

/** Finds the first element named `tag` anywhere under the nodes (document order). */
export function findFirst(nodes: XmlNode[], tag: string): XmlNode | undefined {
  for (const n of nodes) {
    if (tagOf(n) === tag) return n;
    const inner = findFirst(childrenOf(n), tag);
    if (inner) return inner;
  }
  return undefined;
}

/** Relationship id -> target of a `_rels/*.rels` part. */
export async function readRelationships(pkg: OoxmlPackage, relsPath: string): Promise<Map<string, { target: string; type: string; external: boolean }>> {
  const map = new Map<string, { target: string; type: string; external: boolean }>();
  const xml = await pkg.text(relsPath);
  if (!xml) return map;
  const root = findFirst(parseXml(xml, relsPath), 'Relationships');
  for (const rel of root ? childrenNamed(root, 'Relationship') : []) {
    const a = attrsOf(rel);
    map.set(a.Id, { target: a.Target, type: a.Type ?? '', external: a.TargetMode === 'External' });
  }
  return map;
}
