// The template package: every part (presentation, master, layouts, notes master, themes, properties)
// with its relationships and content type, zipped in a fixed order with [Content_Types].xml first and
// fixed dates, so the same source gives the same bytes. Entries are stored, not deflated: deflate
// output can differ between zlib builds, and the committed templates must be byte-for-byte reproducible
// on any machine (the engine compresses the decks it writes).
import { writeZip } from '../../../src/documents/ooxml/zip-writer.ts';
import { NS, SLIDE_CX, SLIDE_CY, XML_DECL, esc } from './drawing.ts';
import { layoutXml } from './layout-xml.ts';
import { layouts } from './layouts.ts';
import { MASTER_ID, masterXml } from './master-xml.ts';
import { NOTES_CX, NOTES_CY, notesMasterXml } from './notes-master-xml.ts';
import { PALETTES, type ThemeName } from './palettes.ts';
import { themeXml } from './theme-xml.ts';

export interface Part {
  /** Part name without the leading slash: "ppt/presentation.xml". */
  name: string;
  data: string;
  /** Override content type; absent for parts covered by a Default (rels). */
  contentType?: string;
}

const PML = 'application/vnd.openxmlformats-officedocument.presentationml';
export const CT = {
  presentation: `${PML}.presentation.main+xml`,
  slideMaster: `${PML}.slideMaster+xml`,
  slideLayout: `${PML}.slideLayout+xml`,
  slide: `${PML}.slide+xml`,
  notesMaster: `${PML}.notesMaster+xml`,
  presProps: `${PML}.presProps+xml`,
  viewProps: `${PML}.viewProps+xml`,
  tableStyles: `${PML}.tableStyles+xml`,
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
  core: 'application/vnd.openxmlformats-package.core-properties+xml',
  app: 'application/vnd.openxmlformats-officedocument.extended-properties+xml',
};

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const RT = {
  officeDocument: `${REL}/officeDocument`,
  core: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
  app: `${REL}/extended-properties`,
  slideMaster: `${REL}/slideMaster`,
  slideLayout: `${REL}/slideLayout`,
  slide: `${REL}/slide`,
  notesMaster: `${REL}/notesMaster`,
  presProps: `${REL}/presProps`,
  viewProps: `${REL}/viewProps`,
  tableStyles: `${REL}/tableStyles`,
  theme: `${REL}/theme`,
};

/** A .rels part; relationships get ids rId1, rId2, ... in the order given. */
export function relsXml(targets: { type: string; target: string }[]): string {
  return XML_DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + targets.map((t, i) => `<Relationship Id="rId${i + 1}" Type="${t.type}" Target="${t.target}"/>`).join('')
    + '</Relationships>';
}

function contentTypesXml(parts: Part[]): string {
  const defaults = [['rels', 'application/vnd.openxmlformats-package.relationships+xml'], ['xml', 'application/xml'], ['png', 'image/png'], ['jpeg', 'image/jpeg'], ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']];
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

function appXml(slides: number): string {
  return XML_DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" '
    + 'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
    + `<TotalTime>0</TotalTime><Words>0</Words><Application>Folio</Application><PresentationFormat>Widescreen</PresentationFormat>`
    + `<Paragraphs>0</Paragraphs><Slides>${slides}</Slides><Notes>0</Notes><HiddenSlides>0</HiddenSlides><MMClips>0</MMClips>`
    + '<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>'
    + '<AppVersion>16.0000</AppVersion></Properties>';
}

function defaultTextStyle(): string {
  const level = (i: number) => `<a:lvl${i + 1}pPr marL="${457200 * i}" algn="l" defTabSz="914400" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">`
    + '<a:defRPr sz="1800" kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr>'
    + `</a:lvl${i + 1}pPr>`;
  return `<p:defaultTextStyle><a:defPPr><a:defRPr lang="en-US"/></a:defPPr>${Array.from({ length: 9 }, (_, i) => level(i)).join('')}</p:defaultTextStyle>`;
}

/** presentation.xml; `slideRIds` lists the relationship ids of slides (none in a template). */
function presentationXml(slideRIds: string[]): string {
  const slides = slideRIds.length ? `<p:sldIdLst>${slideRIds.map((r, i) => `<p:sldId id="${256 + i}" r:id="${r}"/>`).join('')}</p:sldIdLst>` : '';
  return XML_DECL + `<p:presentation ${NS} saveSubsetFonts="1">`
    + `<p:sldMasterIdLst><p:sldMasterId id="${MASTER_ID}" r:id="rId1"/></p:sldMasterIdLst>`
    + '<p:notesMasterIdLst><p:notesMasterId r:id="rId2"/></p:notesMasterIdLst>'
    + slides
    + `<p:sldSz cx="${SLIDE_CX}" cy="${SLIDE_CY}"/><p:notesSz cx="${NOTES_CX}" cy="${NOTES_CY}"/>`
    + defaultTextStyle()
    + '</p:presentation>';
}

const PRES_PROPS = XML_DECL + `<p:presentationPr ${NS}/>`;
const VIEW_PROPS = XML_DECL + `<p:viewPr ${NS}><p:normalViewPr><p:restoredLeft sz="15620"/><p:restoredTop sz="94660"/></p:normalViewPr><p:gridSpacing cx="76200" cy="76200"/></p:viewPr>`;
const TABLE_STYLES = XML_DECL + '<a:tblStyleLst xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>';

/** Slides added to the package (the specimen): their parts and their slide part names in order. */
export interface ExtraSlides { parts: Part[]; slideNames: string[] }

/** Every part of a theme's package, in zip order after [Content_Types].xml. */
export function packageParts(theme: ThemeName, extra: ExtraSlides = { parts: [], slideNames: [] }): Part[] {
  const palette = PALETTES[theme];
  const specs = layouts();
  const presRels = [
    { type: RT.slideMaster, target: 'slideMasters/slideMaster1.xml' },
    { type: RT.notesMaster, target: 'notesMasters/notesMaster1.xml' },
    { type: RT.presProps, target: 'presProps.xml' },
    { type: RT.viewProps, target: 'viewProps.xml' },
    { type: RT.theme, target: 'theme/theme1.xml' },
    { type: RT.tableStyles, target: 'tableStyles.xml' },
    ...extra.slideNames.map((name) => ({ type: RT.slide, target: name.replace(/^ppt\//, '') })),
  ];
  const slideRIds = extra.slideNames.map((_, i) => `rId${7 + i}`);
  const masterRels = [
    ...specs.map((_, i) => ({ type: RT.slideLayout, target: `../slideLayouts/slideLayout${i + 1}.xml` })),
    { type: RT.theme, target: '../theme/theme1.xml' },
  ];
  return [
    { name: '_rels/.rels', data: relsXml([{ type: RT.officeDocument, target: 'ppt/presentation.xml' }, { type: RT.core, target: 'docProps/core.xml' }, { type: RT.app, target: 'docProps/app.xml' }]) },
    { name: 'docProps/core.xml', data: coreXml(`Folio ${palette.title}`), contentType: CT.core },
    { name: 'docProps/app.xml', data: appXml(extra.slideNames.length), contentType: CT.app },
    { name: 'ppt/presentation.xml', data: presentationXml(slideRIds), contentType: CT.presentation },
    { name: 'ppt/_rels/presentation.xml.rels', data: relsXml(presRels) },
    { name: 'ppt/presProps.xml', data: PRES_PROPS, contentType: CT.presProps },
    { name: 'ppt/viewProps.xml', data: VIEW_PROPS, contentType: CT.viewProps },
    { name: 'ppt/tableStyles.xml', data: TABLE_STYLES, contentType: CT.tableStyles },
    { name: 'ppt/theme/theme1.xml', data: themeXml(palette), contentType: CT.theme },
    { name: 'ppt/slideMasters/slideMaster1.xml', data: masterXml(specs.length), contentType: CT.slideMaster },
    { name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels', data: relsXml(masterRels) },
    ...specs.flatMap((spec, i): Part[] => [
      { name: `ppt/slideLayouts/slideLayout${i + 1}.xml`, data: layoutXml(spec), contentType: CT.slideLayout },
      { name: `ppt/slideLayouts/_rels/slideLayout${i + 1}.xml.rels`, data: relsXml([{ type: RT.slideMaster, target: '../slideMasters/slideMaster1.xml' }]) },
    ]),
    { name: 'ppt/notesMasters/notesMaster1.xml', data: notesMasterXml(), contentType: CT.notesMaster },
    { name: 'ppt/notesMasters/_rels/notesMaster1.xml.rels', data: relsXml([{ type: RT.theme, target: '../theme/theme2.xml' }]) },
    { name: 'ppt/theme/theme2.xml', data: themeXml(palette, `Folio ${palette.title} Notes`), contentType: CT.theme },
    ...extra.parts,
  ];
}

/** The zip: [Content_Types].xml first, then the parts in order, stored, with the zip writer's fixed date. */
export function zipParts(parts: Part[]): Buffer {
  const entries = [{ name: '[Content_Types].xml', data: contentTypesXml(parts) }, ...parts.map((p) => ({ name: p.name, data: p.data }))];
  return writeZip(entries.map((e) => ({ name: e.name, data: Buffer.from(e.data, 'utf8'), compress: false })));
}

/** The template package of a theme: no slides, one master with its twelve layouts, one notes master. */
export function buildTemplate(theme: ThemeName): Buffer {
  return zipParts(packageParts(theme));
}
