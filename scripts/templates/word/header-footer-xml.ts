// word/header1.xml and word/footer1.xml. The header is one Header paragraph with a hairline under it:
// an empty run inside the bookmark "FolioHeaderText" (the engine writes the document's title there)
// and a right tab at the text width where the engine may put the logo. The footer is one Footer
// paragraph with a hairline over it: an empty run inside "FolioFooterText" for the footer text, a
// tab, then "Page {PAGE} of {NUMPAGES}" as complex fields with cached results. Both are grey from
// their styles.
import { TEXT_WIDTH } from './palette.ts';
import { pPr } from './props.ts';
import { esc, TONE, WR, XML_DECL } from './xml.ts';

export const HEADER_BOOKMARK = 'FolioHeaderText';
export const FOOTER_BOOKMARK = 'FolioFooterText';

const rightTab = [{ val: 'right', pos: TEXT_WIDTH }] as const;
const rule = { tone: TONE.rule, size: 4, space: 4 };

/** A run inside a named bookmark: the slot the engine fills (empty in the template). */
function slot(id: number, name: string, value: string): string {
  return `<w:bookmarkStart w:id="${id}" w:name="${name}"/><w:r><w:t xml:space="preserve">${esc(value)}</w:t></w:r><w:bookmarkEnd w:id="${id}"/>`;
}

const text = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;

/** A complex field (begin, instruction, separate, cached result, end), one run each. */
export function field(instruction: string, result: string): string {
  return '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
    + `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>`
    + '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
    + `<w:r><w:t>${result}</w:t></w:r>`
    + '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
}

/** The header; `title` fills the bookmarked run as the engine would (the specimen), empty in the template. */
export function headerXml(title = ''): string {
  const props = pPr({ style: 'Header', borders: { bottom: rule }, tabs: [...rightTab] });
  return XML_DECL + `<w:hdr ${WR}><w:p>${props}${slot(0, HEADER_BOOKMARK, title)}</w:p></w:hdr>`;
}

/** The footer; `footerText` fills the bookmarked run (the specimen), empty in the template. */
export function footerXml(footerText = ''): string {
  const props = pPr({ style: 'Footer', borders: { top: rule }, tabs: [...rightTab] });
  return XML_DECL + `<w:ftr ${WR}><w:p>${props}${slot(1, FOOTER_BOOKMARK, footerText)}`
    + '<w:r><w:tab/></w:r>' + text('Page ') + field('PAGE', '1') + text(' of ') + field('NUMPAGES', '1')
    + '</w:p></w:ftr>';
}
