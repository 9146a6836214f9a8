// The template package of a theme: every part (presentation, master, layouts, notes master, themes,
// properties) with its relationships and content type, in a fixed order (../package.ts zips them
// reproducibly).
import { appPart, corePart, CT_COMMON, REL, relsXml, rootRelsPart, RT_COMMON, zipParts, type Part } from '../package.ts';

export { relsXml, type Part };
import { NS, SLIDE_CX, SLIDE_CY, XML_DECL } from './drawing.ts';
import { layoutXml } from './layout-xml.ts';
import { layouts } from './layouts.ts';
import { MASTER_ID, masterXml } from './master-xml.ts';
import { NOTES_CX, NOTES_CY, notesMasterXml } from './notes-master-xml.ts';
import { PALETTES, type ThemeName } from './palettes.ts';
import { themeXml } from './theme-xml.ts';

const PML = 'application/vnd.openxmlformats-officedocument.presentationml';
export const CT = {
  ...CT_COMMON,
  presentation: `${PML}.presentation.main+xml`,
  slideMaster: `${PML}.slideMaster+xml`,
  slideLayout: `${PML}.slideLayout+xml`,
  slide: `${PML}.slide+xml`,
  notesMaster: `${PML}.notesMaster+xml`,
  presProps: `${PML}.presProps+xml`,
  viewProps: `${PML}.viewProps+xml`,
  tableStyles: `${PML}.tableStyles+xml`,
};

export const RT = {
  ...RT_COMMON,
  slideMaster: `${REL}/slideMaster`,
  slideLayout: `${REL}/slideLayout`,
  slide: `${REL}/slide`,
  notesMaster: `${REL}/notesMaster`,
  presProps: `${REL}/presProps`,
  viewProps: `${REL}/viewProps`,
  tableStyles: `${REL}/tableStyles`,
};

function appProperties(slides: number): string {
  return `<TotalTime>0</TotalTime><Words>0</Words><Application>Folio</Application><PresentationFormat>Widescreen</PresentationFormat>`
    + `<Paragraphs>0</Paragraphs><Slides>${slides}</Slides><Notes>0</Notes><HiddenSlides>0</HiddenSlides><MMClips>0</MMClips>`
    + '<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>'
    + '<AppVersion>16.0000</AppVersion>';
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

/** A deck's zip; decks may embed chart workbooks, so .xlsx parts get a Default content type. */
export function zipDeck(parts: Part[]): Buffer {
  return zipParts(parts, [['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']]);
}

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
    rootRelsPart('ppt/presentation.xml'),
    corePart(`Folio ${palette.title}`),
    appPart(appProperties(extra.slideNames.length)),
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

/** The template package of a theme: no slides, one master with its twelve layouts, one notes master. */
export function buildTemplate(theme: ThemeName): Buffer {
  return zipDeck(packageParts(theme));
}
