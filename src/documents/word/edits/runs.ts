// Inline markdown -> WordprocessingML runs. New text takes the paragraph style's font, size and colour
// (or, when it replaces text, the run properties the old text had), with bold and italic where the
// text asks for them; links become hyperlinks in the document's Hyperlink style and [^notes] footnotes.
import { parseInline } from '../inline.ts';
import { ensureStyle } from '../design/styles.ts';
import type { WordDocument } from '../word.document.ts';
import { attr, childElements, NS, serializeXml, xmlEscape, type Element } from '../../ooxml/xml.ts';
import { addFootnote, linkId } from './notes-and-links.ts';

/** The order of run properties in the schema (CT_RPr); Word refuses them out of order. */
const ORDER = ['rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss', 'imprint',
  'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern', 'position', 'sz', 'szCs', 'highlight', 'u', 'effect',
  'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout', 'specVanish', 'oMath'];
const rank = (name: string) => {
  const i = ORDER.indexOf(name);
  return i < 0 ? ORDER.length : i;
};

export interface RunOptions {
  /** Run properties of the text being replaced (bold, italic and their character styles are set per span instead). */
  base?: Element | null;
  /** Footnotes the replaced text referenced, by their text: the same note written again keeps its footnote. */
  footnotes?: Map<string, string>;
}

/** Run properties: the base's (minus what spans set), plus bold/italic/extra, in schema order. */
function runProps(base: Element | null | undefined, bold: boolean, italic: boolean, extra: string[]): string {
  const props: [string, string][] = [];
  for (const c of base ? childElements(base) : []) {
    const name = c.localName ?? '';
    if (c.namespaceURI !== NS.w || ['b', 'bCs', 'i', 'iCs', 'rPrChange'].includes(name)) continue;
    if (name === 'rStyle' && /strong|emphasis|hyperlink|internetlink/i.test(attr(c, 'w:val') ?? '')) continue;
    props.push([name, serializeXml(c).replace(/ xmlns:w="[^"]*"/g, "")]);
  }
  if (bold) props.push(['b', '<w:b/>']);
  if (italic) props.push(['i', '<w:i/>']);
  for (const x of extra) props.push([/^<w:(\w+)/.exec(x)?.[1] ?? '', x]);
  const seen = new Set<string>();
  const unique = props.filter(([n]) => (seen.has(n) ? false : (seen.add(n), true)));
  unique.sort((a, b) => rank(a[0]) - rank(b[0]));
  return unique.length ? `<w:rPr>${unique.map(([, x]) => x).join('')}</w:rPr>` : '';
}

function textRuns(text: string, rPr: string): string {
  // Line breaks inside a paragraph are w:br; tabs are w:tab.
  return text.split('\n').map((line, i) => {
    const parts = line.split('\t').map((piece) => (piece ? `<w:t xml:space="preserve">${xmlEscape(piece)}</w:t>` : '')).join('<w:tab/>');
    return `<w:r>${rPr}${i ? '<w:br/>' : ''}${parts}</w:r>`;
  }).join('');
}

/** The runs of a line of inline markdown. `extraRPr` (run property elements) is added to every run. */
export function inlineRuns(doc: WordDocument, markdown: string, extraRPr = '', options: RunOptions = {}): string {
  let out = '';
  const extra = extraRPr.match(/<w:\w+\b[^>]*\/>/g) ?? [];
  for (const seg of parseInline(markdown)) {
    if (seg.kind === 'footnote') {
      const id = options.footnotes?.get(seg.text) ?? addFootnote(doc, seg.text);
      options.footnotes?.delete(seg.text);
      const ref = ensureStyle(doc.pkg, doc.main, doc.styles(), 'footnoteReference');
      out += `<w:r><w:rPr><w:rStyle w:val="${xmlEscape(ref)}"/></w:rPr><w:footnoteReference w:id="${xmlEscape(id)}"/></w:r>`;
      continue;
    }
    if (seg.link) {
      const style = ensureStyle(doc.pkg, doc.main, doc.styles(), 'hyperlink');
      const rPr = runProps(options.base, seg.bold, seg.italic, [`<w:rStyle w:val="${xmlEscape(style)}"/>`, ...extra]);
      out += `<w:hyperlink r:id="${linkId(doc, seg.link)}" w:history="1">${textRuns(seg.text, rPr)}</w:hyperlink>`;
    } else {
      out += textRuns(seg.text, runProps(options.base, seg.bold, seg.italic, extra));
    }
  }
  return out;
}

/** A paragraph of inline markdown in a style (null: the document's Normal style). */
export function paragraphXml(doc: WordDocument, style: string | null, markdown: string, pPrExtra = ''): string {
  const pPr = style || pPrExtra ? `<w:pPr>${style ? `<w:pStyle w:val="${xmlEscape(style)}"/>` : ''}${pPrExtra}</w:pPr>` : '';
  return `<w:p>${pPr}${inlineRuns(doc, markdown)}</w:p>`;
}
