// What every template package shares: parts with their content types, .rels parts, the core
// properties, and the zip with [Content_Types].xml first and the zip writer's fixed dates. Entries are
// stored, not deflated: deflate output can differ between zlib builds, and the committed templates
// must be byte-for-byte reproducible on any machine (the engines compress the files they write).
import { writeZip } from '../../src/documents/ooxml/zip-writer.ts';

export const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Part {
  /** Part name without the leading slash: "word/document.xml". */
  name: string;
  data: string;
  /** Override content type; absent for parts covered by a Default (rels). */
  contentType?: string;
}

/** Content types every package uses. */
export const CT_COMMON = {
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
  core: 'application/vnd.openxmlformats-package.core-properties+xml',
  app: 'application/vnd.openxmlformats-officedocument.extended-properties+xml',
};

export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Relationship types every package uses. */
export const RT_COMMON = {
  officeDocument: `${REL}/officeDocument`,
  core: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  app: `${REL}/extended-properties`,
  theme: `${REL}/theme`,
};

export interface Rel { type: string; target: string; external?: boolean }

/** A .rels part; relationships get ids rId1, rId2, ... in the order given. */
export function relsXml(rels: Rel[]): string {
  return XML_DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + rels.map((t, i) => `<Relationship Id="rId${i + 1}" Type="${t.type}" Target="${esc(t.target)}"${t.external ? ' TargetMode="External"' : ''}/>`).join('')
    + '</Relationships>';
}

/** The package's root relationships: the main part, then the core and app properties. */
export function rootRelsPart(mainPart: string): Part {
  return { name: '_rels/.rels', data: relsXml([{ type: RT_COMMON.officeDocument, target: mainPart }, { type: RT_COMMON.core, target: 'docProps/core.xml' }, { type: RT_COMMON.app, target: 'docProps/app.xml' }]) };
}

const DEFAULT_TYPES: [string, string][] = [['rels', 'application/vnd.openxmlformats-package.relationships+xml'], ['xml', 'application/xml'], ['png', 'image/png'], ['jpeg', 'image/jpeg']];

function contentTypesXml(parts: Part[], extraDefaults: [string, string][]): string {
  return XML_DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + [...DEFAULT_TYPES, ...extraDefaults].map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`).join('')
    + parts.filter((p) => p.contentType).map((p) => `<Override PartName="/${p.name}" ContentType="${p.contentType}"/>`).join('')
    + '</Types>';
}

/** docProps/core.xml with a title, Folio as creator and revision 1 (no dates: the build is deterministic). */
export function corePart(title: string): Part {
  const data = XML_DECL + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
    + 'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" '
    + 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
    + `<dc:title>${esc(title)}</dc:title><dc:creator>Folio</dc:creator><cp:lastModifiedBy>Folio</cp:lastModifiedBy><cp:revision>1</cp:revision>`
    + '</cp:coreProperties>';
  return { name: 'docProps/core.xml', data, contentType: CT_COMMON.core };
}

/** docProps/app.xml around the application-specific properties given. */
export function appPart(properties: string): Part {
  const data = XML_DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
    + `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${properties}</Properties>`;
  return { name: 'docProps/app.xml', data, contentType: CT_COMMON.app };
}

/** The zip: [Content_Types].xml first, then the parts in order, stored, with the zip writer's fixed date. */
export function zipParts(parts: Part[], extraDefaults: [string, string][] = []): Buffer {
  const entries = [{ name: '[Content_Types].xml', data: contentTypesXml(parts, extraDefaults) }, ...parts.map((p) => ({ name: p.name, data: p.data }))];
  return writeZip(entries.map((e) => ({ name: e.name, data: Buffer.from(e.data, 'utf8'), compress: false })));
}
