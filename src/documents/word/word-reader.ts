// .docx -> WordDoc. Reads the parts the model represents (body, numbering, footnotes, links, images,
// header and footer text, page setup) and keeps what it cannot: a document Folio did not write keeps
// its styles.xml verbatim, and body elements without a model (equations, shapes, content controls)
// are kept as raw XML. Limits: comments, tracked-change history, section-specific headers, text
// boxes with references and pictures other than PNG/JPEG/GIF are not carried over (a visible note
// marks where a picture was).
import { attrsOf, child, childrenNamed, findFirst, openPackage, parseXml, readRelationships, tagOf, type OoxmlPackage, type XmlNode } from '../agent/ooxml-package.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { createWordDoc, DEFAULT_THEME, type DocImage, type WordDoc, type WordTheme } from './word-model.ts';
import { readBody, type BodyContext } from './word-reader-body.ts';
import { paragraphInline } from './word-reader-inline.ts';

const MEDIA_TYPE: Record<string, DocImage['contentType']> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' };
const HYPERLINK = /\/hyperlink$/;
const IMAGE = /\/image$/;

async function xmlPart(pkg: OoxmlPackage, path: string): Promise<XmlNode[] | null> {
  const text = await pkg.text(path);
  return text === null ? null : parseXml(text, path);
}

/** word/document.xml, wherever [Content_Types].xml / _rels/.rels say the main part is. */
async function mainPart(pkg: OoxmlPackage): Promise<string> {
  const rels = await readRelationships(pkg, '_rels/.rels');
  const main = [...rels.values()].find((r) => r.type.endsWith('/officeDocument'));
  const path = (main?.target ?? 'word/document.xml').replace(/^\//, '');
  if (!pkg.has(path)) throw new DocumentUnreadable('The package has no main document part (word/document.xml): it is not a Word document.');
  return path;
}

const resolve = (base: string, target: string) => {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) if (seg === '..') parts.pop(); else if (seg !== '.') parts.push(seg);
  return parts.join('/');
};

async function numbering(pkg: OoxmlPackage): Promise<Map<string, boolean>> {
  const ordered = new Map<string, boolean>();
  const root = findFirst((await xmlPart(pkg, 'word/numbering.xml')) ?? [], 'w:numbering');
  if (!root) return ordered;
  const abstract = new Map<string, boolean>();
  for (const a of childrenNamed(root, 'w:abstractNum')) {
    const lvl = childrenNamed(a, 'w:lvl').find((l) => attrsOf(l)['w:ilvl'] === '0');
    const fmt = attrsOf(child(lvl ?? {}, 'w:numFmt') ?? {})['w:val'] ?? 'bullet';
    abstract.set(attrsOf(a)['w:abstractNumId'], !['bullet', 'none'].includes(fmt));
  }
  for (const n of childrenNamed(root, 'w:num')) ordered.set(attrsOf(n)['w:numId'], abstract.get(attrsOf(child(n, 'w:abstractNumId') ?? {})['w:val']) ?? false);
  return ordered;
}

async function styleNames(pkg: OoxmlPackage): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const root = findFirst((await xmlPart(pkg, 'word/styles.xml')) ?? [], 'w:styles');
  for (const s of root ? childrenNamed(root, 'w:style') : []) {
    const name = attrsOf(child(s, 'w:name') ?? {})['w:val'];
    if (name) names.set(attrsOf(s)['w:styleId'], name.toLowerCase());
  }
  return names;
}

async function footnotes(pkg: OoxmlPackage, links: Map<string, string>): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  const root = findFirst((await xmlPart(pkg, 'word/footnotes.xml')) ?? [], 'w:footnotes');
  for (const f of root ? childrenNamed(root, 'w:footnote') : []) {
    if (attrsOf(f)['w:type']) continue; // separators
    notes.set(attrsOf(f)['w:id'], childrenNamed(f, 'w:p').map((p) => paragraphInline(p, { links, footnotes: new Map() })).join(' ').trim());
  }
  return notes;
}

/** The theme of a document Folio wrote (a custom property), or null for any other document. */
async function folioTheme(pkg: OoxmlPackage): Promise<WordTheme | null> {
  const xml = await pkg.text('docProps/custom.xml');
  const m = xml && /name="FolioTheme"[^>]*>\s*<vt:lpwstr>([^<]*)</.exec(xml);
  if (!m) return null;
  try {
    const t = JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')) as Partial<WordTheme>;
    return { ...DEFAULT_THEME, ...t };
  } catch {
    return null;
  }
}

/** The first picture of a header part (a logo), when it is PNG, JPEG or GIF. */
async function headerImage(pkg: OoxmlPackage, path: string, nodes: XmlNode[]): Promise<DocImage | null> {
  const blip = findFirst(nodes, 'a:blip');
  const extent = findFirst(nodes, 'wp:extent');
  const rel = blip && (await readRelationships(pkg, path.replace(/([^/]+)$/, '_rels/$1.rels'))).get(attrsOf(blip)['r:embed']);
  if (!rel || rel.external) return null;
  const media = resolve(path, rel.target);
  const type = MEDIA_TYPE[media.split('.').pop()!.toLowerCase()];
  const bytes = type ? await pkg.bytes(media) : null;
  if (!bytes) return null;
  const a = attrsOf(extent ?? {});
  return { bytes, contentType: type, width: Math.round(Number(a.cx) / 9525) || 160, height: Math.round(Number(a.cy) / 9525) || 32 };
}

function pageSetup(body: XmlNode, doc: WordDoc): void {
  const sect = child(body, 'w:sectPr');
  const size = attrsOf(child(sect ?? {}, 'w:pgSz') ?? {});
  const mar = attrsOf(child(sect ?? {}, 'w:pgMar') ?? {});
  const w = Number(size['w:w']);
  const h = Number(size['w:h']);
  if (w && h) {
    doc.page.orientation = w > h || size['w:orient'] === 'landscape' ? 'landscape' : 'portrait';
    doc.page.size = Math.abs(Math.min(w, h) - 12240) < 100 ? 'Letter' : 'A4';
  }
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const v = Number(mar[`w:${side}`]);
    if (Number.isFinite(v) && v > 0) doc.page.margins[side] = Math.min(v, 4000);
  }
}

async function headerFooter(pkg: OoxmlPackage, docPath: string, body: XmlNode, rels: Map<string, { target: string; type: string }>, doc: WordDoc, ctx: BodyContext): Promise<void> {
  const sect = child(body, 'w:sectPr');
  const refOf = (tag: string) => childrenNamed(sect ?? {}, tag).find((r) => attrsOf(r)['w:type'] === 'default') ?? childrenNamed(sect ?? {}, tag)[0];
  const partText = async (tag: string) => {
    const ref = refOf(tag);
    const rel = ref && rels.get(attrsOf(ref)['r:id']);
    if (!rel) return null;
    const path = resolve(docPath, rel.target);
    const nodes = (await xmlPart(pkg, path)) ?? [];
    const root = nodes.find((n) => tagOf(n) === 'w:hdr' || tagOf(n) === 'w:ftr');
    const paragraphs = root ? childrenNamed(root, 'w:p') : [];
    const xml = (await pkg.text(path)) ?? '';
    return { text: paragraphs.map((p) => paragraphInline(p, ctx)).join(' ').trim(), pageField: /\bPAGE\b/.test(xml), logo: await headerImage(pkg, path, nodes) };
  };
  const header = await partText('w:headerReference');
  const footer = await partText('w:footerReference');
  doc.header = { text: header && header.text !== doc.title ? header.text : '', enabled: header !== null };
  doc.logo = header?.logo ?? null;
  // Folio's own footer ends in "Page X of Y", rebuilt from the pageNumbers flag.
  doc.footer = { text: footer ? footer.text.replace(/\s*Page\s+\d*\s*of\s*\d*\s*$/i, '').trim() : '', pageNumbers: footer?.pageField ?? false };
}

export async function readWordDoc(bytes: Buffer): Promise<WordDoc> {
  const pkg = await openPackage(bytes, 'a Word document');
  const docPath = await mainPart(pkg);
  const root = findFirst(parseXml((await pkg.text(docPath))!, docPath), 'w:document');
  const body = root && child(root, 'w:body');
  if (!body) throw new DocumentUnreadable(`${docPath} has no w:body: it is not a Word document.`);
  const relsPath = docPath.replace(/([^/]+)$/, '_rels/$1.rels');
  const rels = await readRelationships(pkg, relsPath);
  const links = new Map<string, string>();
  const images: BodyContext['images'] = new Map();
  for (const [id, rel] of rels) {
    if (HYPERLINK.test(rel.type) && rel.external) links.set(id, rel.target);
    if (IMAGE.test(rel.type) && !rel.external) {
      const path = resolve(docPath, rel.target);
      const ext = path.split('.').pop()!.toLowerCase();
      const data = await pkg.bytes(path);
      images.set(id, data && MEDIA_TYPE[ext] ? { bytes: data, contentType: MEDIA_TYPE[ext] } : { unsupported: `${ext.toUpperCase()} image` });
    }
  }
  const doc = createWordDoc();
  const theme = await folioTheme(pkg);
  if (theme) doc.theme = theme;
  else doc.foreignStyles = await pkg.text('word/styles.xml');
  const ctx: BodyContext = { links, footnotes: await footnotes(pkg, links), numbering: await numbering(pkg), images, styleNames: await styleNames(pkg) };
  pageSetup(body, doc);
  readBody(body, doc, ctx);
  await headerFooter(pkg, docPath, body, rels, doc, ctx);
  return doc;
}
