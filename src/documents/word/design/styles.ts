// Design lookup for Word: the document's own paragraph, character and table styles, found by role
// (title, heading 2, caption, list bullet, ...) through their built-in names, the localized names of
// Word in other languages, their ids and their outline levels. A role the document lacks gets a new
// style that matches the document's body font and heading colours; existing styles never change.
import type { OoxmlPackage } from '../../ooxml/package.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, child, children, fragment, NS, path1, xmlEscape, type Element } from '../../ooxml/xml.ts';

export type StyleRole =
  | 'title' | 'subtitle' | 'heading1' | 'heading2' | 'heading3' | 'heading4' | 'caption' | 'quote' | 'note'
  | 'listBullet' | 'listBullet2' | 'listBullet3' | 'listNumber' | 'listNumber2' | 'listNumber3' | 'listParagraph'
  | 'tocHeading' | 'toc1' | 'toc2' | 'toc3' | 'footnoteText' | 'footnoteReference' | 'hyperlink' | 'tableGrid' | 'header' | 'footer';

/** Built-in names (as Word stores them) and the names Word gives them in other languages. */
const NAMES: Record<StyleRole, string[]> = {
  title: ['title', 'titel', 'titre', 'título', 'titolo', 'tytuł', 'rubrik'],
  subtitle: ['subtitle', 'untertitel', 'sous-titre', 'subtítulo', 'sottotitolo', 'ondertitel', 'podtytuł', 'underrubrik'],
  heading1: ['heading 1', 'überschrift 1', 'titre 1', 'título 1', 'titolo 1', 'kop 1', 'nagłówek 1', 'rubrik 1', 'overskrift 1', 'otsikko 1'],
  heading2: ['heading 2', 'überschrift 2', 'titre 2', 'título 2', 'titolo 2', 'kop 2', 'nagłówek 2', 'rubrik 2', 'overskrift 2', 'otsikko 2'],
  heading3: ['heading 3', 'überschrift 3', 'titre 3', 'título 3', 'titolo 3', 'kop 3', 'nagłówek 3', 'rubrik 3', 'overskrift 3', 'otsikko 3'],
  heading4: ['heading 4', 'überschrift 4', 'titre 4', 'título 4', 'titolo 4', 'kop 4', 'nagłówek 4', 'rubrik 4', 'overskrift 4', 'otsikko 4'],
  caption: ['caption', 'beschriftung', 'légende', 'descripción', 'didascalia', 'bijschrift', 'legenda', 'beskrivning'],
  quote: ['quote', 'zitat', 'citation', 'cita', 'citazione', 'citaat', 'cytat', 'citat'],
  note: ['note', 'intense quote', 'intensives zitat', 'citation intense'],
  listBullet: ['list bullet', 'aufzählungszeichen', 'liste à puces', 'listavietas', 'puntato', 'lijstopsommingsteken'],
  listBullet2: ['list bullet 2', 'aufzählungszeichen 2', 'liste à puces 2', 'lijstopsommingsteken 2'],
  listBullet3: ['list bullet 3', 'aufzählungszeichen 3', 'liste à puces 3', 'lijstopsommingsteken 3'],
  listNumber: ['list number', 'listennummer', 'liste à numéros', 'listanumeros', 'numerato', 'lijstnummering'],
  listNumber2: ['list number 2', 'listennummer 2', 'liste à numéros 2', 'lijstnummering 2'],
  listNumber3: ['list number 3', 'listennummer 3', 'liste à numéros 3', 'lijstnummering 3'],
  listParagraph: ['list paragraph', 'listenabsatz', 'paragraphe de liste', 'párrafo de lista', 'paragrafo elenco', 'lijstalinea'],
  tocHeading: ['toc heading', 'inhaltsverzeichnisüberschrift', 'en-tête de table des matières', 'tocheading', 'contents heading'],
  toc1: ['toc 1', 'verzeichnis 1', 'tm 1', 'tdc 1', 'sommario 1', 'inhopg 1', 'contents 1'],
  toc2: ['toc 2', 'verzeichnis 2', 'tm 2', 'tdc 2', 'sommario 2', 'inhopg 2', 'contents 2'],
  toc3: ['toc 3', 'verzeichnis 3', 'tm 3', 'tdc 3', 'sommario 3', 'inhopg 3', 'contents 3'],
  footnoteText: ['footnote text', 'funotentext', 'note de bas de page', 'texto nota pie', 'testo nota a piè di pagina', 'voetnoottekst', 'footnote'],
  footnoteReference: ['footnote reference', 'funotenzeichen', 'appel note de bas de p.', 'ref. de nota al pie', 'rimando nota a piè di pagina', 'voetnootverwijzing', 'footnote anchor', 'footnote characters'],
  hyperlink: ['hyperlink', 'link', 'internet link', 'lien hypertexte', 'hipervínculo', 'collegamento ipertestuale'],
  tableGrid: ['table grid', 'tabellenraster', 'grille du tableau', 'tabla con cuadrícula', 'griglia tabella', 'tabelraster'],
  header: ['header', 'kopfzeile', 'en-tête', 'encabezado', 'intestazione', 'koptekst'],
  footer: ['footer', 'fußzeile', 'pied de page', 'pie de página', 'piè di pagina', 'voettekst'],
};

/** The style ids Word and LibreOffice give these roles when they write them in English. */
const IDS: Record<StyleRole, string[]> = {
  title: ['Title'], subtitle: ['Subtitle'], heading1: ['Heading1'], heading2: ['Heading2'], heading3: ['Heading3'], heading4: ['Heading4'],
  caption: ['Caption'], quote: ['Quote', 'Quotations'], note: ['Note', 'IntenseQuote'], listBullet: ['ListBullet'], listBullet2: ['ListBullet2'], listBullet3: ['ListBullet3'],
  listNumber: ['ListNumber'], listNumber2: ['ListNumber2'], listNumber3: ['ListNumber3'], listParagraph: ['ListParagraph'], tocHeading: ['TOCHeading', 'ContentsHeading'],
  toc1: ['TOC1', 'Contents1'], toc2: ['TOC2', 'Contents2'], toc3: ['TOC3', 'Contents3'], footnoteText: ['FootnoteText', 'Footnote'], footnoteReference: ['FootnoteReference', 'FootnoteCharacters', 'FootnoteAnchor'],
  hyperlink: ['Hyperlink', 'InternetLink'], tableGrid: ['TableGrid'], header: ['Header'], footer: ['Footer'],
};

const TYPE: Partial<Record<StyleRole, string>> = { footnoteReference: 'character', hyperlink: 'character', tableGrid: 'table' };

export interface StyleInfo { id: string; name: string; type: string; el: Element; outline: number | null; numbered: boolean }

export function stylesPart(pkg: OoxmlPackage, main: string): string | null {
  return pkg.related(main, REL.styles)[0] ?? null;
}

/** The document's styles by id (paragraph, character, table and numbering styles). */
export function readStyles(pkg: OoxmlPackage, main: string): Map<string, StyleInfo> {
  const part = stylesPart(pkg, main);
  const out = new Map<string, StyleInfo>();
  if (!part) return out;
  for (const el of children(pkg.xml(part).documentElement, NS.w, 'style')) {
    const id = attr(el, 'w:styleId') ?? '';
    const outline = attr(path1(el, [NS.w, 'pPr'], [NS.w, 'outlineLvl']), 'w:val');
    out.set(id, {
      id, el, type: attr(el, 'w:type') ?? 'paragraph', name: (attr(child(el, NS.w, 'name'), 'w:val') ?? id).toLowerCase(),
      outline: outline === null ? null : Number(outline), numbered: !!path1(el, [NS.w, 'pPr'], [NS.w, 'numPr']),
    });
  }
  return out;
}

/** The style of a role: by built-in or localized name, then by id, then (headings) by outline level. */
export function findStyle(styles: Map<string, StyleInfo>, role: StyleRole): StyleInfo | null {
  const type = TYPE[role] ?? 'paragraph';
  const all = [...styles.values()].filter((s) => s.type === type);
  const byName = all.find((s) => NAMES[role].includes(s.name));
  if (byName) return byName;
  const byId = all.find((s) => IDS[role].some((id) => id.toLowerCase() === s.id.toLowerCase()));
  if (byId) return byId;
  const level = /^heading(\d)$/.exec(role);
  if (level) return all.find((s) => s.outline === Number(level[1]) - 1 && !/toc|verzeichnis/i.test(s.name)) ?? null;
  return null;
}

/** The heading level (1-9) a paragraph style gives, or null. */
export function headingLevelOf(styles: Map<string, StyleInfo>, styleId: string | null): number | null {
  if (!styleId) return null;
  const s = styles.get(styleId);
  if (!s) return null;
  for (let n = 1; n <= 4; n++) if (findStyle(styles, `heading${n}` as StyleRole)?.id === s.id) return n;
  const m = /^heading (\d)$/.exec(s.name);
  if (m) return Number(m[1]);
  return s.outline !== null && s.outline < 9 && !/toc|verzeichnis|contents/i.test(s.name) ? s.outline + 1 : null;
}

const DEFINITIONS: Record<StyleRole, (d: Design) => string> = {
  title: (d) => pStyle('Title', 'Title', `<w:spacing w:after="240"/><w:contextualSpacing/>`, `${d.major}<w:b/><w:color w:val="${xmlEscape(d.color)}"${d.themeColor}/><w:sz w:val="52"/><w:szCs w:val="52"/>`),
  subtitle: () => pStyle('Subtitle', 'Subtitle', '<w:spacing w:after="240"/>', '<w:color w:val="595959"/><w:sz w:val="28"/><w:szCs w:val="28"/>'),
  heading1: (d) => heading(d, 1, 32, 360),
  heading2: (d) => heading(d, 2, 26, 240),
  heading3: (d) => heading(d, 3, 24, 200),
  heading4: (d) => heading(d, 4, 22, 160),
  caption: () => pStyle('Caption', 'caption', '<w:spacing w:before="60" w:after="200"/>', '<w:i/><w:color w:val="595959"/><w:sz w:val="18"/><w:szCs w:val="18"/>'),
  quote: (d) => pStyle('Quote', 'Quote', '<w:pBdr><w:left w:val="single" w:sz="18" w:space="8" w:color="' + d.color + '"/></w:pBdr><w:spacing w:before="120" w:after="120"/><w:ind w:left="567"/>', '<w:i/><w:color w:val="404040"/>'),
  note: (d) => pStyle('Note', 'Note', `<w:pBdr><w:left w:val="single" w:sz="24" w:space="8" w:color="${d.color}"/></w:pBdr><w:shd w:val="clear" w:color="auto" w:fill="F2F2F2"/><w:spacing w:before="120" w:after="120"/><w:ind w:left="284" w:right="284"/>`, ''),
  listBullet: () => pStyle('ListBullet', 'List Bullet', '<w:ind w:left="360" w:hanging="360"/><w:contextualSpacing/>', ''),
  listBullet2: () => pStyle('ListBullet2', 'List Bullet 2', '<w:ind w:left="720" w:hanging="360"/><w:contextualSpacing/>', ''),
  listBullet3: () => pStyle('ListBullet3', 'List Bullet 3', '<w:ind w:left="1080" w:hanging="360"/><w:contextualSpacing/>', ''),
  listNumber: () => pStyle('ListNumber', 'List Number', '<w:ind w:left="360" w:hanging="360"/><w:contextualSpacing/>', ''),
  listNumber2: () => pStyle('ListNumber2', 'List Number 2', '<w:ind w:left="720" w:hanging="360"/><w:contextualSpacing/>', ''),
  listNumber3: () => pStyle('ListNumber3', 'List Number 3', '<w:ind w:left="1080" w:hanging="360"/><w:contextualSpacing/>', ''),
  listParagraph: () => pStyle('ListParagraph', 'List Paragraph', '<w:ind w:left="720"/><w:contextualSpacing/>', ''),
  tocHeading: (d) => pStyle('TOCHeading', 'TOC Heading', '<w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="9"/>', `${d.major}<w:b/><w:color w:val="${xmlEscape(d.color)}"${d.themeColor}/><w:sz w:val="28"/><w:szCs w:val="28"/>`),
  toc1: () => tocStyle(1),
  toc2: () => tocStyle(2),
  toc3: () => tocStyle(3),
  footnoteText: () => pStyle('FootnoteText', 'footnote text', '<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>', '<w:sz w:val="18"/><w:szCs w:val="18"/>'),
  footnoteReference: () => '<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>',
  hyperlink: (d) => `<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:rPr><w:color w:val="${xmlEscape(d.link)}"/><w:u w:val="single"/></w:rPr></w:style>`,
  header: () => pStyle('Header', 'header', '<w:tabs><w:tab w:val="center" w:pos="4513"/><w:tab w:val="right" w:pos="9026"/></w:tabs><w:spacing w:after="0" w:line="240" w:lineRule="auto"/>', ''),
  footer: () => pStyle('Footer', 'footer', '<w:tabs><w:tab w:val="center" w:pos="4513"/><w:tab w:val="right" w:pos="9026"/></w:tabs><w:spacing w:after="0" w:line="240" w:lineRule="auto"/>', ''),
  tableGrid: () => '<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:uiPriority w:val="39"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr></w:style>',
};

/** What a new style borrows from the document: its heading colour and fonts. */
interface Design { color: string; themeColor: string; link: string; major: string }

function pStyle(id: string, name: string, pPr: string, rPr: string): string {
  return `<w:style w:type="paragraph" w:customStyle="${/^(title|subtitle|caption|quote|list |toc|footnote|header|footer)/i.test(name) ? '0' : '1'}" w:styleId="${id}"><w:name w:val="${xmlEscape(name)}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr>${pPr}</w:pPr>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}</w:style>`;
}

function heading(d: Design, level: number, size: number, before: number): string {
  return `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="${before}" w:after="80"/><w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr>${d.major}<w:b/><w:color w:val="${xmlEscape(d.color)}"${d.themeColor}/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr></w:style>`;
}

function tocStyle(level: number): string {
  return `<w:style w:type="paragraph" w:styleId="TOC${level}"><w:name w:val="toc ${level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="39"/><w:unhideWhenUsed/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9016"/></w:tabs><w:spacing w:after="60"/><w:ind w:left="${(level - 1) * 220}"/></w:pPr></w:style>`;
}

/** The heading colour and fonts new styles borrow: from the document's heading or title style, else its theme's accent. */
function designOf(styles: Map<string, StyleInfo>): Design {
  const source = ['heading1', 'title', 'heading2'].map((r) => findStyle(styles, r as StyleRole)).find((s) => s);
  const color = source ? path1(source.el, [NS.w, 'rPr'], [NS.w, 'color']) : null;
  const fonts = source ? path1(source.el, [NS.w, 'rPr'], [NS.w, 'rFonts']) : null;
  const val = attr(color, 'w:val');
  const theme = attr(color, 'w:themeColor');
  const major = fonts ? `<w:rFonts${['w:ascii', 'w:hAnsi', 'w:asciiTheme', 'w:hAnsiTheme', 'w:eastAsia', 'w:cs'].map((a) => (attr(fonts, a) ? ` ${a}="${xmlEscape(attr(fonts, a)!)}"` : '')).join('')}/>` : '<w:rFonts w:asciiTheme="majorHAnsi" w:hAnsiTheme="majorHAnsi" w:eastAsiaTheme="majorEastAsia" w:cstheme="majorBidi"/>';
  return {
    color: val && val !== 'auto' ? val : '2F5496', themeColor: theme ? ` w:themeColor="${theme}"` : !val ? ' w:themeColor="accent1" w:themeShade="BF"' : '',
    link: '0563C1', major,
  };
}

/**
 * The id of the style for a role, adding the style (and styles.xml, if the document has none) when the
 * document lacks it. Existing styles are never changed.
 */
export function ensureStyle(pkg: OoxmlPackage, main: string, styles: Map<string, StyleInfo>, role: StyleRole): string {
  const found = findStyle(styles, role);
  if (found) return found.id;
  let part = stylesPart(pkg, main);
  if (!part) {
    part = 'word/styles.xml';
    pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${NS.w}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style></w:styles>`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml');
    pkg.rels(main).add(REL.styles, part);
  }
  const doc = pkg.edit(part);
  const xml = DEFINITIONS[role](designOf(styles));
  const el = fragment(doc, xml);
  let id = attr(el, 'w:styleId')!;
  // A style id the document uses for something else gets a suffix.
  for (let n = 2; styles.has(id); n++) id = `${attr(el, 'w:styleId')}${n}`;
  el.setAttribute('w:styleId', id);
  if (role === 'heading2' || role === 'heading3' || role === 'heading4') {
    const base = findStyle(styles, 'heading1');
    if (base) child(el, NS.w, 'basedOn')?.setAttribute('w:val', base.id);
  }
  doc.documentElement!.appendChild(el);
  const outline = attr(path1(el, [NS.w, 'pPr'], [NS.w, 'outlineLvl']), 'w:val');
  styles.set(id, { id, el, type: attr(el, 'w:type') ?? 'paragraph', name: (attr(child(el, NS.w, 'name'), 'w:val') ?? id).toLowerCase(), outline: outline === null ? null : Number(outline), numbered: false });
  return id;
}
