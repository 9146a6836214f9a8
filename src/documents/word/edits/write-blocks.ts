// New content written in the document's own design: headings, lists, quotes, notes, captions and
// tables in its styles (added only where it lacks one), lists through its numbering, tables in the
// table style its other tables use, pictures as inline drawings sized to the section's text width.
// Each block becomes XML text for the body; parts it needs (footnotes, links, media) are added.
import { imageSize } from 'image-size';
import { attr, descendants, NS, xmlEscape } from '../../ooxml/xml.ts';
import { listFormat } from '../design/numbering.ts';
import { ensureStyle, findStyle, type StyleRole } from '../design/styles.ts';
import type { ContentBlock } from '../content-blocks.ts';
import type { WordDocument } from '../word.document.ts';
import { columnWidths, isNumericColumn } from '../table-layout.ts';
import { relateWordImage } from './media.ts';
import { inlineRuns, paragraphXml } from './runs.ts';

export interface WriteContext {
  doc: WordDocument;
  /** Text width (twips) where the blocks go. */
  textWidth: number;
  /** Page height (twips) there: pictures are kept under 55% of it. */
  pageHeight: number;
  /** The blocks go right after a table (a paragraph then keeps a gap below it in Folio's design). */
  afterTable?: boolean;
}

const HEADINGS: StyleRole[] = ['heading1', 'heading2', 'heading3', 'heading4'];

/** Numbers of SEQ Table / SEQ Figure fields already in the body, for the next caption's number. */
function captionCount(doc: WordDocument, kind: 'Table' | 'Figure'): number {
  const body = doc.body();
  const re = new RegExp(`^\\s*SEQ\\s+${kind}\\b`, 'i');
  return descendants(body, NS.w, 'instrText').filter((t) => re.test(t.textContent ?? '')).length
    + descendants(body, NS.w, 'fldSimple').filter((f) => re.test(attr(f, 'w:instr') ?? '')).length;
}

function caption(c: WriteContext, kind: 'Table' | 'Figure', text: string): string {
  const style = ensureStyle(c.doc.pkg, c.doc.main, c.doc.styles(), 'caption');
  const n = captionCount(c.doc, kind) + 1 + (pending.get(c.doc)?.[kind] ?? 0);
  const counts = pending.get(c.doc) ?? { Table: 0, Figure: 0 };
  counts[kind]++;
  pending.set(c.doc, counts);
  const label = `<w:r><w:t xml:space="preserve">${kind} </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> SEQ ${kind} \\* ARABIC </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:rPr><w:noProof/></w:rPr><w:t>${n}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve">. </w:t></w:r>`;
  return `<w:p><w:pPr><w:pStyle w:val="${xmlEscape(style)}"/>${kind === 'Table' ? '<w:keepNext/>' : ''}</w:pPr>${label}${inlineRuns(c.doc, text)}</w:p>`;
}

/** Captions written in this call but not yet in the body. */
const pending = new WeakMap<WordDocument, { Table: number; Figure: number }>();

/** The table style the document's own tables use most, else its "Folio Table", else Table Grid. */
function tableStyle(doc: WordDocument): string {
  const used = new Map<string, number>();
  for (const s of descendants(doc.body(), NS.w, 'tblStyle')) used.set(attr(s, 'w:val') ?? '', (used.get(attr(s, 'w:val') ?? '') ?? 0) + 1);
  const top = [...used].filter(([id]) => id && doc.styles().has(id)).sort((a, b) => b[1] - a[1])[0];
  if (top) return top[0];
  const folio = [...doc.styles().values()].find((s) => s.type === 'table' && s.name === 'folio table');
  return folio?.id ?? ensureStyle(doc.pkg, doc.main, doc.styles(), 'tableGrid');
}

function tableXml(c: WriteContext, header: string[], rows: string[][], align: ('left' | 'right' | 'center')[]): string {
  const columns = Math.max(header.length, ...rows.map((r) => r.length), 1);
  const block = { header, rows };
  const widths = columnWidths({ header, rows }, columns, c.textWidth);
  const alignOf = (i: number) => align[i] ?? (isNumericColumn(block, i) ? 'right' : 'left');
  const jc = (i: number) => (alignOf(i) === 'left' ? '' : `<w:jc w:val="${alignOf(i) === 'right' ? 'right' : 'center'}"/>`);
  const cell = (text: string, i: number, head: boolean) => `<w:tc><w:tcPr><w:tcW w:w="${widths[i]}" w:type="dxa"/></w:tcPr><w:p><w:pPr><w:spacing w:before="0" w:after="0"/>${jc(i)}</w:pPr>${inlineRuns(c.doc, text, head ? '<w:b/>' : '')}</w:p></w:tc>`;
  const row = (cells: string[], head: boolean) => `<w:tr>${head ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${Array.from({ length: columns }, (_, i) => cell(cells[i] ?? '', i, head)).join('')}</w:tr>`;
  const look = `<w:tblLook w:val="${header.length ? '04A0' : '0480'}" w:firstRow="${header.length ? 1 : 0}" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/>`;
  return `<w:tbl><w:tblPr><w:tblStyle w:val="${xmlEscape(tableStyle(c.doc))}"/><w:tblW w:w="${c.textWidth}" w:type="dxa"/>${look}</w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('')}</w:tblGrid>${header.length ? row(header, true) : ''}${rows.map((r) => row(r, false)).join('')}</w:tbl>`;
}

const EMU_PER_TWIP = 635;

function pictureXml(c: WriteContext, image: { bytes: Buffer; contentType: string; width: number; height: number }, widthPercent: number, alt: string): string {
  const relId = relateWordImage(c.doc, image.bytes, image.contentType);
  let size = { width: image.width, height: image.height };
  try { const s = imageSize(image.bytes); if (s.width && s.height) size = { width: s.width, height: s.height }; } catch { /* keep the given size */ }
  let cx = Math.round((c.textWidth * widthPercent) / 100) * EMU_PER_TWIP;
  let cy = Math.round((cx * size.height) / size.width);
  const maxCy = Math.round(c.pageHeight * 0.55) * EMU_PER_TWIP;
  if (cy > maxCy) {
    cx = Math.round((cx * maxCy) / cy);
    cy = maxCy;
  }
  const id = nextDrawingId(c.doc);
  return `<w:p><w:pPr><w:keepNext/><w:jc w:val="center"/></w:pPr><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Picture ${id}" descr="${xmlEscape(alt)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="Picture ${id}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

const drawingIds = new WeakMap<WordDocument, number>();

/** A drawing id unused in the document (wp:docPr ids are unique across the whole document). */
export function nextDrawingId(doc: WordDocument): number {
  let next = drawingIds.get(doc);
  if (next === undefined) {
    const ids = doc.pkg.paths('word/').filter((p) => /\.xml$/.test(p)).flatMap((p) => {
      const text = doc.pkg.text(p);
      return [...text.matchAll(/<wp:docPr\b[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]));
    });
    next = Math.max(0, ...ids) + 1;
  }
  drawingIds.set(doc, next + 1);
  return next;
}

/** XML for new blocks, in order (a block may give several top-level elements: a caption and its table). */
export function blocksXml(c: WriteContext, blocks: ContentBlock[]): string[] {
  const doc = c.doc;
  const styles = doc.styles();
  const out: string[] = [];
  let afterTable = c.afterTable ?? false;
  for (const b of blocks) {
    // Word puts no space below a table; in Folio's design a paragraph right after one keeps a gap.
    const gapAfterTable = afterTable && doc.folio ? '<w:spacing w:before="200"/>' : '';
    afterTable = b.kind === 'table';
    switch (b.kind) {
      case 'heading':
        out.push(paragraphXml(doc, ensureStyle(doc.pkg, doc.main, styles, HEADINGS[Math.min(4, b.level) - 1]), b.text));
        break;
      case 'paragraph':
        out.push(paragraphXml(doc, b.style === 'normal' ? null : ensureStyle(doc.pkg, doc.main, styles, b.style), b.text, gapAfterTable));
        break;
      case 'list': {
        const fmt = listFormat(doc.pkg, doc.main, styles, b.ordered);
        b.items.forEach((item, i) => {
          const level = Math.min(2, item.level);
          const numPr = fmt.numId ? `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${xmlEscape(fmt.numId)}"/></w:numPr>` : '';
          // Folio's list styles keep items close; the last one leaves the gap a paragraph would.
          const gap = doc.folio && i === b.items.length - 1 ? '<w:spacing w:after="160"/>' : '';
          out.push(paragraphXml(doc, fmt.styles[level], item.text, numPr + gap));
        });
        break;
      }
      case 'table':
        if (b.caption) out.push(caption(c, 'Table', b.caption));
        out.push(tableXml(c, b.header, b.rows, b.align));
        break;
      case 'image':
        out.push(pictureXml(c, b.image, b.widthPercent, b.caption ?? b.source ?? 'Picture'));
        if (b.caption) out.push(caption(c, 'Figure', b.caption));
        break;
      case 'page_break':
        out.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
        break;
    }
  }
  pending.delete(doc);
  return out;
}
