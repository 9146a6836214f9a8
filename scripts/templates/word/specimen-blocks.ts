// Body writers for the specimen, written the way the engine will write content into the template:
// paragraphs name a style and carry no formatting of their own (bold, italic and links are runs;
// links use the Hyperlink character style), headings carry _Toc bookmarks for the table of contents,
// tables name the Folio Table style and set only widths, alignment and tblLook.
import { field } from './header-footer-xml.ts';
import { contentRelId, RT, type Rel } from './package.ts';
import { TEXT_WIDTH } from './palette.ts';
import { pPr, rPr, type ParaProps } from './props.ts';
import { borderEl, esc, shdEl, TONE } from './xml.ts';

/** Collects what the body refers to outside document.xml: link relationships and footnotes. */
export class Context {
  readonly rels: Rel[] = [];
  readonly footnotes: string[] = [];
  private bookmark = 100;

  link(url: string): string {
    this.rels.push({ type: RT.hyperlink, target: url, external: true });
    return contentRelId(this.rels.length - 1);
  }

  nextBookmark(): number {
    return this.bookmark++;
  }
}

const textRun = (text: string, props = '') => `<w:r>${props}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;

/**
 * Inline text: **bold**, *italic*, [text](url), and ^n for a reference to footnote n. Each becomes a
 * run with only what it sets.
 */
export function inline(text: string, ctx: Context): string {
  const out: string[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|\[(.+?)\]\((.+?)\)|\^(\d+)/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push(textRun(text.slice(at, m.index)));
    if (m[1]) out.push(textRun(m[1], rPr({ bold: true })));
    else if (m[2]) out.push(textRun(m[2], rPr({ italic: true })));
    else if (m[3]) out.push(`<w:hyperlink r:id="${ctx.link(m[4])}" w:history="1">${textRun(m[3], rPr({ style: 'Hyperlink' }))}</w:hyperlink>`);
    else out.push(`<w:r>${rPr({ style: 'FootnoteReference' })}<w:footnoteReference w:id="${m[5]}"/></w:r>`);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(textRun(text.slice(at)));
  return out.join('');
}

export function para(style: string | undefined, text: string, ctx: Context, extra: Omit<ParaProps, 'style'> = {}): string {
  return `<w:p>${pPr({ style, ...extra })}${inline(text, ctx)}</w:p>`;
}

export interface TocEntry { level: 1 | 2 | 3; text: string; page: number; anchor: string }

/** A heading with a _Toc bookmark, as Word writes headings that a TOC field lists. */
export function heading(level: 1 | 2 | 3 | 4, text: string, ctx: Context, toc: TocEntry[], page: number): string {
  if (level > 3) return para(`Heading${level}`, text, ctx);
  const id = ctx.nextBookmark();
  const anchor = `_Toc${String(id).padStart(9, '0')}`;
  toc.push({ level: level as 1 | 2 | 3, text, page, anchor });
  return `<w:p>${pPr({ style: `Heading${level}` })}<w:bookmarkStart w:id="${id}" w:name="${anchor}"/>${textRun(text)}<w:bookmarkEnd w:id="${id}"/></w:p>`;
}

/** The TOC field with its cached result: one TOCn paragraph per entry, linked to its heading. */
export function tableOfContents(entries: TocEntry[]): string {
  const fieldStart = '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>';
  const paragraphs = entries.map((e, i) => `<w:p>${pPr({ style: `TOC${e.level}` })}${i === 0 ? fieldStart : ''}`
    + `<w:hyperlink w:anchor="${e.anchor}" w:history="1">${textRun(e.text)}<w:r><w:tab/></w:r>${field(`PAGEREF ${e.anchor} \\h`, String(e.page))}</w:hyperlink></w:p>`);
  return paragraphs.join('') + '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
}

export const pageBreak = (): string => '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

export interface TableSpec { header: string[]; rows: string[][]; total?: string[]; widths: number[]; numeric: boolean[] }

/** A table in the Folio Table style: header row repeated on each page, rows kept whole. */
export function table(t: TableSpec, ctx: Context): string {
  const sum = t.widths.reduce((a, b) => a + b, 0);
  const widths = t.widths.map((w) => Math.round((w / sum) * TEXT_WIDTH));
  widths[widths.length - 1] += TEXT_WIDTH - widths.reduce((a, b) => a + b, 0);
  const cell = (text: string, i: number) => `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr>`
    + `<w:p>${pPr(t.numeric[i] ? { align: 'right' } : undefined)}${inline(text, ctx)}</w:p></w:tc>`;
  const row = (cells: string[], header = false) => `<w:tr><w:trPr><w:cantSplit/>${header ? '<w:tblHeader/>' : ''}</w:trPr>${cells.map(cell).join('')}</w:tr>`;
  const look = `<w:tblLook w:val="${t.total ? '0460' : '0420'}" w:firstRow="1" w:lastRow="${t.total ? 1 : 0}" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/>`;
  return `<w:tbl><w:tblPr><w:tblStyle w:val="FolioTable"/><w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/><w:tblLayout w:type="fixed"/>${look}</w:tblPr>`
    + `<w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>`
    + row(t.header, true) + t.rows.map((r) => row(r)).join('') + (t.total ? row(t.total) : '')
    + '</w:tbl>';
}

/** A stand-in for a picture or chart: a dashed panel with a label, centred. */
export function figurePlaceholder(label: string): string {
  const dash = (side: string) => borderEl(side, { tone: TONE.rule, size: 6, space: 31 }, 'dashed');
  const props = '<w:pPr><w:keepNext/>'
    + `<w:pBdr>${dash('top')}${dash('left')}${dash('bottom')}${dash('right')}</w:pBdr>${shdEl(TONE.panel)}`
    + '<w:spacing w:before="360" w:after="120"/><w:ind w:left="1700" w:right="1700"/><w:jc w:val="center"/></w:pPr>';
  return `<w:p>${props}${textRun(label, rPr({ italic: true, color: TONE.muted }))}</w:p>`;
}
