// The report template package: every part with its relationships and content type, in a fixed order
// (../package.ts zips them reproducibly). The document body holds only the section properties: A4 portrait,
// Folio's margins, the default header and footer.
import { appPart, corePart, CT_COMMON, REL, relsXml, rootRelsPart, RT_COMMON, zipParts, type Part, type Rel } from '../package.ts';
import { fontTableXml } from './font-table-xml.ts';
import { footerXml, headerXml } from './header-footer-xml.ts';
import { notesXml } from './notes-xml.ts';
import { numberingXml } from './numbering-xml.ts';
import { PAGE, REPORT } from './palette.ts';
import { settingsXml, webSettingsXml } from './settings-xml.ts';
import { stylesXml } from './styles-xml.ts';
import { themeXml } from './theme-xml.ts';
import { R_NS, W_NS, XML_DECL } from './xml.ts';

export { zipParts, type Rel };

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
export const CT = {
  ...CT_COMMON,
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
};

export const RT = {
  ...RT_COMMON,
  styles: `${REL}/styles`,
  settings: `${REL}/settings`,
  webSettings: `${REL}/webSettings`,
  fontTable: `${REL}/fontTable`,
  numbering: `${REL}/numbering`,
  footnotes: `${REL}/footnotes`,
  endnotes: `${REL}/endnotes`,
  header: `${REL}/header`,
  footer: `${REL}/footer`,
  hyperlink: `${REL}/hyperlink`,
};

const APP_PROPERTIES = '<Template>Normal.dotm</Template><TotalTime>0</TotalTime><Pages>1</Pages><Words>0</Words><Characters>0</Characters>'
  + '<Application>Folio</Application><DocSecurity>0</DocSecurity><Lines>0</Lines><Paragraphs>0</Paragraphs>'
  + '<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><CharactersWithSpaces>0</CharactersWithSpaces>'
  + '<SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0000</AppVersion>';

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
    rootRelsPart('word/document.xml'),
    corePart(`Folio ${REPORT.title}`),
    appPart(APP_PROPERTIES),
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

/** The report template: styles, numbering, theme, header and footer, and an empty body. */
export function buildReportTemplate(): Buffer {
  return zipParts(packageParts());
}
