// The report template package: every part with its relationships and content type, zipped in a fixed
// order with [Content_Types].xml first and the zip writer's fixed dates, stored rather than deflated
// (deflate output can differ between zlib builds; the committed template must be byte-for-byte
// reproducible on any machine). The document body holds only the section properties: A4 portrait,
// Folio's margins, the default header and footer.
import { writeZip } from '../../../src/documents/ooxml/zip-writer.ts';
import { fontTableXml } from './font-table-xml.ts';
import { footerXml, headerXml } from './header-footer-xml.ts';
import { notesXml } from './notes-xml.ts';
import { numberingXml } from './numbering-xml.ts';
import { PAGE, REPORT } from './palette.ts';
import { settingsXml, webSettingsXml } from './settings-xml.ts';
import { stylesXml } from './styles-xml.ts';
import { themeXml } from './theme-xml.ts';
import { esc, R_NS, W_NS, XML_DECL } from './xml.ts';

export interface Part {
  /** Part name without the leading slash: "word/document.xml". */
  name: string;
  data: string;
  /** Override content type; absent for parts covered by a Default (rels). */
  contentType?: string;
}

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
export const CT = {
  document: `${WML}.document.main+xml`,
  styles: `${WML}.styles+xml`,
  numbering: `${WML}.numbering+xml`,
  settings: `${WML}.settings+xml`,
  webSettings: `${WML}.webSettings+xml`,
  fontTable: `${WML}.fontTable+xml`,
  footnotes: `${WML}.footnotes+xml`,
  endnotes: `${WML}.endnotes+xml`,
  header: `${WML}.header+xml`,
  footer: `${WML}.footer+xml`,
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
  core: 'application/vnd.openxmlformats-package.core-properties+xml',
  app: 'application/vnd.openxmlformats-officedocument.extended-properties+xml',
};

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const RT = {
  officeDocument: `${REL}/officeDocument`,
  core: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  app: `${REL}/extended-properties`,
  styles: `${REL}/styles`,
  settings: `${REL}/settings`,
  webSettings: `${REL}/webSettings`,
  fontTable: `${REL}/fontTable`,
  theme: `${REL}/theme`,
  numbering: `${REL}/numbering`,
  footnotes: `${REL}/footnotes`,
  endnotes: `${REL}/endnotes`,
  header: `${REL}/header`,
  footer: `${REL}/footer`,
  hyperlink: `${REL}/hyperlink`,
};

export interface Rel { type: string; target: string; external?: boolean }

/** A .rels part; relationships get ids rId1, rId2, ... in the order given. */
export function relsXml(rels: Rel[]): string {
  return XML_DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + rels.map((t, i) => `<Relationship Id="rId${i + 1}" Type="${t.type}" Target="${esc(t.target)}"${t.external ? ' TargetMode="External"' : ''}/>`).join('')
    + '</Relationships>';
}

function contentTypesXml(parts: Part[]): string {
  const defaults = [['rels', 'application/vnd.openxmlformats-package.relationships+xml'], ['xml', 'application/xml'], ['png', 'image/png'], ['jpeg', 'image/jpeg']];
  return XML_DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + defaults.map(([ext, type]) => `<Default Extension="${ext}" ContentType="${type}"/>`).join('')
    + parts.filter((p) => p.contentType).map((p) => `<Override PartName="/${p.name}" ContentType="${p.contentType}"/>`).join('')
    + '</Types>';
}

function coreXml(title: string): string {
  return XML_DECL + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
    + 'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" '
    + 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
    + `<dc:title>${esc(title)}</dc:title><dc:creator>Folio</dc:creator><cp:lastModifiedBy>Folio</cp:lastModifiedBy><cp:revision>1</cp:revision>`
    + '</cp:coreProperties>';
}

function appXml(): string {
  return XML_DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
    + 'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
    + '<Template>Normal.dotm</Template><TotalTime>0</TotalTime><Pages>1</Pages><Words>0</Words><Characters>0</Characters>'
    + '<Application>Folio</Application><DocSecurity>0</DocSecurity><Lines>0</Lines><Paragraphs>0</Paragraphs>'
    + '<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><CharactersWithSpaces>0</CharactersWithSpaces>'
    + '<SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0000</AppVersion></Properties>';
}

/** The document's relationships, in order (rId1...). */
const DOCUMENT_RELS: Rel[] = [
  { type: RT.styles, target: 'styles.xml' },
  { type: RT.settings, target: 'settings.xml' },
  { type: RT.webSettings, target: 'webSettings.xml' },
  { type: RT.fontTable, target: 'fontTable.xml' },
  { type: RT.theme, target: 'theme/theme1.xml' },
  { type: RT.numbering, target: 'numbering.xml' },
  { type: RT.footnotes, target: 'footnotes.xml' },
  { type: RT.endnotes, target: 'endnotes.xml' },
  { type: RT.header, target: 'header1.xml' },
  { type: RT.footer, target: 'footer1.xml' },
];
const rId = (target: string) => `rId${DOCUMENT_RELS.findIndex((r) => r.target === target) + 1}`;

/** The section properties: the document's only section, and in a template the body's only child. */
export function sectPrXml(): string {
  const p = PAGE;
  return `<w:sectPr><w:headerReference w:type="default" r:id="${rId('header1.xml')}"/><w:footerReference w:type="default" r:id="${rId('footer1.xml')}"/>`
    + `<w:pgSz w:w="${p.width}" w:h="${p.height}"/>`
    + `<w:pgMar w:top="${p.top}" w:right="${p.right}" w:bottom="${p.bottom}" w:left="${p.left}" w:header="${p.header}" w:footer="${p.footer}" w:gutter="0"/>`
    + '<w:cols w:space="720"/><w:docGrid w:linePitch="360"/></w:sectPr>';
}

/** Namespaces of the document part: w and r, and the drawing ones the engine's pictures use. */
const DOCUMENT_NS = `xmlns:w="${W_NS}" xmlns:r="${R_NS}" `
  + 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
  + 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
  + 'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

export function documentXml(blocks = ''): string {
  return XML_DECL + `<w:document ${DOCUMENT_NS}><w:body>${blocks}${sectPrXml()}</w:body></w:document>`;
}

/** What the specimen adds: body blocks, footnotes, relationships after the template's own, header and footer text. */
export interface Content { blocks: string; footnotes: string[]; rels: Rel[]; headerText: string; footerText: string }

/** The ids the content's relationships get (after the template's). */
export const contentRelId = (i: number): string => `rId${DOCUMENT_RELS.length + i + 1}`;

/** Every part of the package, in zip order after [Content_Types].xml. */
export function packageParts(content: Content = { blocks: '', footnotes: [], rels: [], headerText: '', footerText: '' }): Part[] {
  return [
    { name: '_rels/.rels', data: relsXml([{ type: RT.officeDocument, target: 'word/document.xml' }, { type: RT.core, target: 'docProps/core.xml' }, { type: RT.app, target: 'docProps/app.xml' }]) },
    { name: 'docProps/core.xml', data: coreXml(`Folio ${REPORT.title}`), contentType: CT.core },
    { name: 'docProps/app.xml', data: appXml(), contentType: CT.app },
    { name: 'word/document.xml', data: documentXml(content.blocks), contentType: CT.document },
    { name: 'word/_rels/document.xml.rels', data: relsXml([...DOCUMENT_RELS, ...content.rels]) },
    { name: 'word/styles.xml', data: stylesXml(), contentType: CT.styles },
    { name: 'word/settings.xml', data: settingsXml(), contentType: CT.settings },
    { name: 'word/webSettings.xml', data: webSettingsXml(), contentType: CT.webSettings },
    { name: 'word/fontTable.xml', data: fontTableXml(), contentType: CT.fontTable },
    { name: 'word/theme/theme1.xml', data: themeXml(REPORT), contentType: CT.theme },
    { name: 'word/numbering.xml', data: numberingXml(), contentType: CT.numbering },
    { name: 'word/footnotes.xml', data: notesXml('footnote', content.footnotes), contentType: CT.footnotes },
    { name: 'word/endnotes.xml', data: notesXml('endnote'), contentType: CT.endnotes },
    { name: 'word/header1.xml', data: headerXml(content.headerText), contentType: CT.header },
    { name: 'word/footer1.xml', data: footerXml(content.footerText), contentType: CT.footer },
  ];
}

/** The zip: [Content_Types].xml first, then the parts in order, stored, with the zip writer's fixed date. */
export function zipParts(parts: Part[]): Buffer {
  const entries = [{ name: '[Content_Types].xml', data: contentTypesXml(parts) }, ...parts.map((p) => ({ name: p.name, data: p.data }))];
  return writeZip(entries.map((e) => ({ name: e.name, data: Buffer.from(e.data, 'utf8'), compress: false })));
}

/** The report template: styles, numbering, theme, header and footer, and an empty body. */
export function buildReportTemplate(): Buffer {
  return zipParts(packageParts());
}
