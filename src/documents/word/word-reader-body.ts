// The body of document.xml -> blocks. Paragraph styles decide headings, quotes, notes, captions and
// the title; numbering decides lists; drawings become images; tables keep their header row; the
// table of contents becomes a toc block (rewritten, filled in, on save). Anything else that carries
// no references to other parts (equations, content controls, shapes) is kept verbatim as a raw block.
import { XMLBuilder } from 'fast-xml-parser';
import { imageSize } from 'image-size';
import { attrsOf, child, childrenNamed, childrenOf, findFirst, tagOf, type XmlNode } from '../agent/ooxml-package.ts';
import { escapeInline } from './word-inline.ts';
import type { DocImage, ListBlock, ListItem, WordDoc } from './word-model.ts';
import { textWidthTwips, withId } from './word-model.ts';
import { paragraphInline, type InlineContext } from './word-reader-inline.ts';

export interface BodyContext extends InlineContext {
  /** numId -> ordered list? */
  numbering: Map<string, boolean>;
  /** Image relationship id -> bytes and type (only PNG, JPEG, GIF). */
  images: Map<string, { bytes: Buffer; contentType: DocImage['contentType'] } | { unsupported: string }>;
  /** Paragraph style id -> lower-case style name ("heading 1", "title"). */
  styleNames: Map<string, string>;
}

const BUILDER = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', suppressEmptyNode: true, processEntities: true });
const EMU_PER_PX = 9525;
const CAPTION_PREFIX = /^(figure|fig\.|table|abbildung|tabelle)\s*\d+[.:]?\s*/i;

function styleOf(p: XmlNode, ctx: BodyContext): string {
  const id = attrsOf(child(child(p, 'w:pPr') ?? {}, 'w:pStyle') ?? {})['w:val'] ?? '';
  return ctx.styleNames.get(id) ?? id.toLowerCase();
}

function hasReferences(xml: string): boolean {
  return /\br:(id|embed|link|pict|dm|lo|qs|cs)=/.test(xml);
}

function drawingImage(p: XmlNode, ctx: BodyContext): { image: DocImage; widthTwips: number } | { unsupported: string } | null {
  const drawing = findFirst([p], 'w:drawing');
  if (!drawing) return null;
  const blip = findFirst([drawing], 'a:blip');
  const id = blip && attrsOf(blip)['r:embed'];
  const found = id ? ctx.images.get(id) : undefined;
  if (!found) return { unsupported: 'a drawing' };
  if ('unsupported' in found) return found;
  const extent = findFirst([drawing], 'wp:extent');
  const size = imageSize(found.bytes);
  const cx = Number(attrsOf(extent ?? {}).cx) || (size.width ?? 100) * EMU_PER_PX;
  const cy = Number(attrsOf(extent ?? {}).cy) || (size.height ?? 100) * EMU_PER_PX;
  const image: DocImage = { bytes: found.bytes, contentType: found.contentType, width: Math.max(1, Math.round(cx / EMU_PER_PX)), height: Math.max(1, Math.round(cy / EMU_PER_PX)) };
  return { image, widthTwips: (cx / EMU_PER_PX) * 15 };
}

function cellText(tc: XmlNode, ctx: BodyContext): string {
  return childrenNamed(tc, 'w:p').map((p) => paragraphInline(p, ctx)).filter(Boolean).join(' ');
}

function rowIsHeader(tr: XmlNode): boolean {
  const trPr = child(tr, 'w:trPr');
  return Boolean(trPr && child(trPr, 'w:tblHeader'));
}

/** Column alignment from the first body row's paragraphs; [] when every column is left-aligned. */
function alignment(tr: XmlNode | undefined): ('left' | 'right' | 'center')[] {
  const cells = tr ? childrenNamed(tr, 'w:tc') : [];
  const align = cells.map((tc) => {
    const jc = attrsOf(findFirst([tc], 'w:jc') ?? {})['w:val'];
    return jc === 'right' || jc === 'end' ? 'right' : jc === 'center' ? 'center' : 'left';
  });
  return align.some((a) => a !== 'left') ? align : [];
}

function table(tbl: XmlNode, ctx: BodyContext): { header: string[]; rows: string[][]; align: ('left' | 'right' | 'center')[] } {
  const rows = childrenNamed(tbl, 'w:tr').map((tr) => ({
    header: rowIsHeader(tr),
    cells: childrenNamed(tr, 'w:tc').flatMap((tc) => {
      const span = Number(attrsOf(child(child(tc, 'w:tcPr') ?? {}, 'w:gridSpan') ?? {})['w:val'] ?? 1);
      return [cellText(tc, ctx), ...Array.from({ length: Math.max(0, span - 1) }, () => '')];
    }),
  }));
  // A first row marked as a header, or all bold, is the header row.
  const first = rows[0];
  const boldFirst = first && first.cells.every((c) => c === '' || /^\*\*[\s\S]*\*\*$/.test(c));
  const trs = childrenNamed(tbl, 'w:tr');
  if (first && (first.header || (boldFirst && rows.length > 1))) {
    return { header: first.cells.map((c) => c.replace(/^\*\*([\s\S]*)\*\*$/, '$1')), rows: rows.slice(1).map((r) => r.cells), align: alignment(trs[1]) };
  }
  return { header: [], rows: rows.map((r) => r.cells), align: alignment(trs[0]) };
}

function tocLevels(sdt: XmlNode): 1 | 2 | 3 {
  const xml = BUILDER.build([sdt]) as string;
  const m = /\\o\s*&quot;\d-(\d)|\\o\s*"\d-(\d)/.exec(xml);
  const n = Number(m?.[1] ?? m?.[2] ?? 3);
  return (Math.min(3, Math.max(1, n)) as 1 | 2 | 3);
}

export function readBody(body: XmlNode, doc: WordDoc, ctx: BodyContext): void {
  const blocks = doc.blocks;
  let list: ListBlock | null = null;
  let listNum: string | null = null;
  let pendingCaption: string | null = null;
  let tocTitle: string | null = null;
  const endList = () => { list = null; listNum = null; };
  const raw = (node: XmlNode, description: string) => {
    const xml = BUILDER.build([node]) as string;
    if (hasReferences(xml)) blocks.push(withId(doc, { kind: 'paragraph', style: 'note', text: escapeInline(`[${description} could not be carried over]`) }));
    else blocks.push(withId(doc, { kind: 'raw', xml, description }));
  };

  const paragraph = (p: XmlNode) => {
    const style = styleOf(p, ctx);
    // Folio writes the contents' title just before the TOC field; it becomes the toc block's title.
    if (style === 'toc heading' || style === 'tocheading') { tocTitle = paragraphInline(p, ctx) || null; return; }
    if (/^(toc|table of contents)/.test(style)) return;
    const text = paragraphInline(p, ctx);
    const img = drawingImage(p, ctx);
    const pageBreak = childrenNamed(p, 'w:r').some((r) => childrenNamed(r, 'w:br').some((br) => attrsOf(br)['w:type'] === 'page'))
      || Boolean(child(child(p, 'w:pPr') ?? {}, 'w:pageBreakBefore'));
    const numPr = child(child(p, 'w:pPr') ?? {}, 'w:numPr');
    const numId = numPr ? attrsOf(child(numPr, 'w:numId') ?? {})['w:val'] : undefined;
    // The page break Folio writes after a table of contents belongs to the toc block.
    if (pageBreak && (child(child(p, 'w:pPr') ?? {}, 'w:pageBreakBefore') || !text) && blocks.at(-1)?.kind !== 'toc') { endList(); blocks.push(withId(doc, { kind: 'page_break' })); }
    if (img) {
      endList();
      if ('unsupported' in img) blocks.push(withId(doc, { kind: 'paragraph', style: 'note', text: escapeInline(`[A picture (${img.unsupported}) could not be carried over]`) }));
      else blocks.push(withId(doc, { kind: 'image', image: img.image, caption: null, source: null, widthPercent: Math.max(10, Math.min(100, Math.round((img.widthTwips / textWidthTwips(doc.page)) * 100))) }));
      if (!text) return;
    }
    if (findFirst([p], 'm:oMath') || findFirst([p], 'w:txbxContent') || findFirst([p], 'mc:AlternateContent')) {
      endList();
      return raw(p, `An equation or shape${text ? `: ${text.slice(0, 80)}` : ''}`);
    }
    if (!text) return;
    const heading = /^heading ([1-9])$/.exec(style);
    if (style === 'title' && doc.title === null && !blocks.length) { doc.title = text; return; }
    if (style === 'subtitle' && doc.subtitle === null && !blocks.length) { doc.subtitle = text; return; }
    if (style === 'caption') {
      const caption = text.replace(CAPTION_PREFIX, '');
      const last = blocks.at(-1);
      if (last?.kind === 'image' && !last.caption) last.caption = caption;
      else pendingCaption = caption;
      return;
    }
    if (numId && numId !== '0') {
      const level = Math.min(2, Number(attrsOf(child(numPr!, 'w:ilvl') ?? {})['w:val'] ?? 0)) as ListItem['level'];
      if (!list || listNum !== numId) {
        list = withId(doc, { kind: 'list' as const, ordered: ctx.numbering.get(numId) ?? false, items: [] as ListItem[] });
        listNum = numId;
        blocks.push(list);
      }
      (list as ListBlock).items.push({ text, level });
      return;
    }
    endList();
    if (heading) blocks.push(withId(doc, { kind: 'heading', level: Math.min(4, Number(heading[1])) as 1 | 2 | 3 | 4, text }));
    else if (/quote/.test(style)) blocks.push(withId(doc, { kind: 'paragraph', style: 'quote', text }));
    else if (style === 'note') blocks.push(withId(doc, { kind: 'paragraph', style: 'note', text }));
    else if (style === 'title' || style === 'subtitle') blocks.push(withId(doc, { kind: 'heading', level: 1, text }));
    else blocks.push(withId(doc, { kind: 'paragraph', style: 'normal', text }));
  };

  const visit = (node: XmlNode) => {
    const tag = tagOf(node);
    if (tag === 'w:p') return paragraph(node);
    if (tag === 'w:tbl') {
      endList();
      const t = table(node, ctx);
      if (t.header.length || t.rows.length) blocks.push(withId(doc, { kind: 'table', ...t, caption: pendingCaption }));
      pendingCaption = null;
      return;
    }
    if (tag === 'w:sdt') {
      endList();
      const gallery = findFirst([node], 'w:docPartGallery');
      if (gallery && /table of contents/i.test(attrsOf(gallery)['w:val'] ?? '')) {
        const content = child(node, 'w:sdtContent');
        const titled = content && childrenNamed(content, 'w:p').find((p) => /toc heading|tocheading/.test(styleOf(p, ctx)));
        blocks.push(withId(doc, { kind: 'toc', title: (titled && paragraphInline(titled, ctx)) || tocTitle || 'Contents', maxLevel: tocLevels(node) }));
        tocTitle = null;
        return;
      }
      const content = child(node, 'w:sdtContent');
      return content ? childrenOf(content).forEach(visit) : undefined;
    }
    if (tag === 'w:customXml' || tag === 'w:ins') return childrenOf(node).forEach(visit);
    if (tag === 'w:sectPr' || tag === 'w:bookmarkStart' || tag === 'w:bookmarkEnd' || tag === 'w:del' || tag === '#text' || tag === 'w:proofErr') return;
    endList();
    raw(node, `A ${tag.replace(/^\w+:/, '')} element`);
  };
  childrenOf(body).forEach(visit);
}
