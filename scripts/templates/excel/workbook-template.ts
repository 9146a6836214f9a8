// Folio's workbook template (src/documents/excel/templates/workbook.xlsx): what a new workbook starts
// from, so Folio's workbooks and users' files go through the same engine. One blank sheet (it gives way
// to the first sheet the agent adds), a theme with Folio's colours and fonts, a styles part whose Normal
// format takes the theme's body font, and an empty shared strings table. Parts are stored in a fixed
// order with fixed dates: the same source gives the same bytes.
import { writeZip } from '../../../src/documents/ooxml/zip-writer.ts';
import { FORMAT_SCHEME } from '../slides/theme-xml.ts';

const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Folio's palette: navy for headers and titles, then accents that stay apart in charts. */
export const FOLIO_THEME = {
  name: 'Folio',
  dk1: '000000', lt1: 'FFFFFF', dk2: '1F3A5F', lt2: 'EEF2F7',
  accents: ['1F4E79', 'ED7D31', '2E75B6', '70AD47', 'FFC000', '7030A0'],
  hlink: '0563C1', folHlink: '954F72',
  majorFont: 'Calibri Light', minorFont: 'Calibri',
};

function themeXml(): string {
  const t = FOLIO_THEME;
  const slot = (name: string, hex: string) => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`;
  const colors = `<a:clrScheme name="${t.name}"><a:dk1><a:sysClr val="windowText" lastClr="${t.dk1}"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="${t.lt1}"/></a:lt1>`
    + slot('dk2', t.dk2) + slot('lt2', t.lt2) + t.accents.map((hex, i) => slot(`accent${i + 1}`, hex)).join('')
    + slot('hlink', t.hlink) + slot('folHlink', t.folHlink) + '</a:clrScheme>';
  const font = (tag: string, face: string) => `<a:${tag}><a:latin typeface="${face}"/><a:ea typeface=""/><a:cs typeface=""/></a:${tag}>`;
  const fonts = `<a:fontScheme name="${t.name}">${font('majorFont', t.majorFont)}${font('minorFont', t.minorFont)}</a:fontScheme>`;
  return `${DECL}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="${t.name}"><a:themeElements>${colors}${fonts}${FORMAT_SCHEME}</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>`;
}

const STYLES = `${DECL}<styleSheet xmlns="${X}">`
  + '<fonts count="1"><font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
  + '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>'
  + '</styleSheet>';

const WORKBOOK = `${DECL}<workbook xmlns="${X}" xmlns:r="${R}"><workbookPr defaultThemeVersion="164011"/>`
  + '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="16000"/></bookViews>'
  + '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>';

const SHEET = `${DECL}<worksheet xmlns="${X}" xmlns:r="${R}"><dimension ref="A1"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"/></sheetViews>`
  + '<sheetFormatPr defaultRowHeight="15"/><sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

const rels = (list: [string, string][]) => `${DECL}<Relationships xmlns="${PKG_REL}">${list.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"/>`).join('')}</Relationships>`;

const CONTENT_TYPES = `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
  + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
  + '<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>'
  + `<Override PartName="/xl/workbook.xml" ContentType="${SML}.sheet.main+xml"/>`
  + `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SML}.worksheet+xml"/>`
  + '<Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
  + `<Override PartName="/xl/styles.xml" ContentType="${SML}.styles+xml"/>`
  + `<Override PartName="/xl/sharedStrings.xml" ContentType="${SML}.sharedStrings+xml"/>`
  + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
  + '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
  + '</Types>';

const CORE = `${DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>Folio</dc:creator><cp:lastModifiedBy>Folio</cp:lastModifiedBy></cp:coreProperties>`;
const APP = `${DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Folio</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0000</AppVersion></Properties>`;

export function templateParts(): { name: string; data: string }[] {
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: rels([[`${R}/officeDocument`, 'xl/workbook.xml'], ['http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml'], [`${R}/extended-properties`, 'docProps/app.xml']]) },
    { name: 'docProps/core.xml', data: CORE },
    { name: 'docProps/app.xml', data: APP },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: rels([[`${R}/worksheet`, 'worksheets/sheet1.xml'], [`${R}/theme`, 'theme/theme1.xml'], [`${R}/styles`, 'styles.xml'], [`${R}/sharedStrings`, 'sharedStrings.xml']]) },
    { name: 'xl/worksheets/sheet1.xml', data: SHEET },
    { name: 'xl/theme/theme1.xml', data: themeXml() },
    { name: 'xl/styles.xml', data: STYLES },
    { name: 'xl/sharedStrings.xml', data: `${DECL}<sst xmlns="${X}" count="0" uniqueCount="0"></sst>` },
  ];
}

/** The template workbook: parts stored (not deflated: zlib builds differ), so the bytes are reproducible. */
export function buildWorkbookTemplate(): Buffer {
  return writeZip(templateParts().map((p) => ({ name: p.name, data: Buffer.from(p.data, 'utf8'), compress: false })));
}
