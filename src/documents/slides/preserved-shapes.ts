// Shapes the model cannot represent travel verbatim. Reading: a shape's XML is cut out with every
// namespace it uses declared on it, with the relationships it refers to (r:embed, r:id, ...) and the
// closure of parts behind them (an image, a diagram's data and drawing parts and their media).
// Writing: after pptxgenjs has written the deck, each preserved shape goes back into its slide's
// shape tree with fresh relationship ids and shape ids, and its parts are copied in under new names.
import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import JSZip from 'jszip';
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import type { Deck, PreservedPart, PreservedRel, PreservedShape } from './model.ts';
import { NS, parseXml, relativeTarget, relsPathOf, REL_TYPE, type PptxPackage, type Rel } from './pptx-package.ts';

/** Relationship types that lead to other slides or the deck's structure, never followed or copied. */
const STRUCTURAL = new Set([REL_TYPE.slide, REL_TYPE.slideLayout, REL_TYPE.notesSlide, REL_TYPE.theme,
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster']);

function rAttributes(el: Element): { el: Element; name: string; value: string }[] {
  const found: { el: Element; name: string; value: string }[] = [];
  const visit = (e: Element) => {
    for (const a of Array.from(e.attributes)) if (a.namespaceURI === NS.r) found.push({ el: e, name: a.name, value: a.value });
    for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) visit(n as Element);
  };
  visit(el);
  return found;
}

/** Cuts `shape` out of its slide: XML with the root's namespace declarations, its relationships and parts. */
export async function extractShape(pkg: PptxPackage, slidePart: string, shape: Element, description: string): Promise<PreservedShape> {
  const copy = shape.cloneNode(true) as Element;
  const slideRels = await pkg.rels(slidePart);
  const rels: PreservedRel[] = [];
  const parts: Record<string, PreservedPart> = {};
  for (const ref of rAttributes(copy)) {
    const rel = slideRels.get(ref.value);
    if (!rel || STRUCTURAL.has(rel.type)) {
      // A link to another slide (or a dangling id) cannot follow the shape: the link goes, the shape stays.
      ref.el.removeAttributeNS(NS.r, ref.name.split(':').pop()!);
      continue;
    }
    if (!rels.some((r) => r.id === rel.id)) rels.push({ ...rel });
    if (!rel.external) await collectPart(pkg, rel.target, parts);
  }
  return { xml: withRootNamespaces(new XMLSerializer().serializeToString(copy), shape.ownerDocument!.documentElement!), rels, parts, description };
}

/**
 * Declares on the cut-out shape every namespace its slide's root declares (and its mc:Ignorable list),
 * so the fragment stands alone: markup-compatibility prefixes are only referenced, never used as tags.
 */
function withRootNamespaces(xml: string, root: Element): string {
  const open = /^<[^\s>/]+/.exec(xml)![0];
  const head = xml.slice(0, xml.indexOf('>'));
  const extra = Array.from(root.attributes)
    .filter((a) => (a.name.startsWith('xmlns:') || a.name === 'mc:Ignorable') && !head.includes(` ${a.name}=`))
    .map((a) => ` ${a.name}="${esc(a.value)}"`).join('');
  return open + extra + xml.slice(open.length);
}

async function collectPart(pkg: PptxPackage, part: string, parts: Record<string, PreservedPart>): Promise<void> {
  if (parts[part] || !pkg.has(part)) return;
  const entry: PreservedPart = { path: part, contentType: await pkg.contentType(part), bytes: await pkg.bytes(part), rels: [] };
  parts[part] = entry;
  for (const rel of (await pkg.rels(part)).values()) {
    if (STRUCTURAL.has(rel.type)) continue;
    entry.rels.push({ ...rel });
    if (!rel.external) await collectPart(pkg, rel.target, parts);
  }
}

function relXml(rels: { id: string; type: string; target: string; external: boolean }[]): string {
  return rels.map((r) => `<Relationship Id="${esc(r.id)}" Type="${esc(r.type)}" Target="${esc(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`).join('');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Copies preserved parts into the zip under unique names; the same bytes at the same source path are copied once. */
class PartCopier {
  private readonly zip: JSZip;
  private readonly copied = new Map<string, string>();
  private readonly overrides: string[] = [];
  private n = 0;

  constructor(zip: JSZip) {
    this.zip = zip;
  }

  copy(part: PreservedPart, all: Record<string, PreservedPart>): string {
    const key = `${part.path}:${createHash('sha1').update(part.bytes).digest('hex')}`;
    const done = this.copied.get(key);
    if (done) return done;
    const dir = path.dirname(part.path);
    const target = `${dir}/kept${++this.n}-${path.basename(part.path)}`;
    this.copied.set(key, target);
    this.zip.file(target, part.bytes);
    this.overrides.push(`<Override PartName="/${esc(target)}" ContentType="${esc(part.contentType)}"/>`);
    if (part.rels.length) {
      const rels = part.rels.map((r) => {
        if (r.external) return r;
        const inner = all[r.target];
        return inner ? { ...r, target: relativeTarget(target, this.copy(inner, all)) } : null;
      }).filter((r): r is PreservedRel => r !== null);
      this.zip.file(relsPathOf(target), `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rel}">${relXml(rels)}</Relationships>`);
    }
    return target;
  }

  async writeContentTypes(): Promise<void> {
    if (!this.overrides.length) return;
    const types = await this.zip.file('[Content_Types].xml')!.async('string');
    this.zip.file('[Content_Types].xml', types.replace('</Types>', `${this.overrides.join('')}</Types>`));
  }
}

/** Rewrites a preserved shape for its new slide: relationship ids mapped, shape ids made unique. */
function placeShape(shape: PreservedShape, relIds: Map<string, string>, firstId: number): { xml: string; nextId: number } {
  const doc = parseXml(shape.xml, 'a preserved shape');
  const el = doc.documentElement!;
  for (const ref of rAttributes(el)) {
    const mapped = relIds.get(ref.value);
    if (mapped) ref.el.setAttributeNS(NS.r, ref.name, mapped);
    else ref.el.removeAttributeNS(NS.r, ref.name.split(':').pop()!);
  }
  let id = firstId;
  for (const cNvPr of Array.from(el.getElementsByTagNameNS(NS.p, 'cNvPr'))) (cNvPr as unknown as Element).setAttribute('id', String(id++));
  return { xml: new XMLSerializer().serializeToString(el), nextId: id };
}

/** Writes every slide's preserved shapes into the rendered package (slide N of the deck is slideN.xml). */
export async function injectPreserved(zip: JSZip, deck: Deck): Promise<void> {
  const copier = new PartCopier(zip);
  for (const [i, slide] of deck.slides.entries()) {
    if (!slide.preserved.length) continue;
    const slidePart = `ppt/slides/slide${i + 1}.xml`;
    const relsPart = relsPathOf(slidePart);
    let slideXml = await zip.file(slidePart)!.async('string');
    const newRels: Rel[] = [];
    const shapes: string[] = [];
    let nextId = 5000;
    for (const shape of slide.preserved) {
      const relIds = new Map<string, string>();
      for (const rel of shape.rels) {
        const id = `rIdKept${newRels.length + 1}`;
        relIds.set(rel.id, id);
        const part = rel.external ? undefined : shape.parts[rel.target];
        if (!rel.external && !part) continue;
        newRels.push({ id, type: rel.type, external: rel.external, target: part ? relativeTarget(slidePart, copier.copy(part, shape.parts)) : rel.target });
      }
      const placed = placeShape(shape, relIds, nextId);
      nextId = placed.nextId;
      shapes.push(placed.xml);
    }
    slideXml = slideXml.replace(/<\/p:spTree>/, `${shapes.join('')}</p:spTree>`);
    zip.file(slidePart, slideXml);
    const relsXml = zip.file(relsPart) ? await zip.file(relsPart)!.async('string') : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rel}"></Relationships>`;
    zip.file(relsPart, relsXml.replace('</Relationships>', `${relXml(newRels)}</Relationships>`));
  }
  await copier.writeContentTypes();
}
