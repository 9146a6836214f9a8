// WordDoc -> .docx through the docx library. The table of contents is written filled in, with page
// numbers the library lays out the pages to find (and without the "update fields" prompt); captions
// are numbered with SEQ fields; the footer carries "Page X of Y"; the brand logo sits in the header.
import {
  AlignmentType, Document, ExternalHyperlink, FootnoteReferenceRun, Footer, Header, HeadingLevel, ImageRun, ImportedXmlComponent,
  LevelFormat, Packer, PageBreak, PageNumber, PageOrientation, Paragraph, TabStopType, Table, TableCell,
  TableOfContents, TableRow, TextRun, WidthType, type FileChild, type ParagraphChild,
} from 'docx';
import { estimatePageNumbersWith } from 'docx/layout';
import type { RenderOptions } from '../agent/format-adapter.ts';
import { parseInline } from './word-inline.ts';
import { pageSizeTwips, textWidthTwips, type Block, type DocImage, type ImageBlock, type TableBlock, type WordDoc, type WordTheme } from './word-model.ts';
import { brandedTheme, textOn, tint, wordStyles } from './word-styles.ts';
import { columnWidths, isNumericColumn } from './word-table-layout.ts';

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;
const IMAGE_TYPE = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' } as const;
const TWIPS_PER_PX = 15;
const estimator = estimatePageNumbersWith({ guess: true });

/** Footnote texts collected while writing the body, numbered in order of appearance; caption counters. */
class Footnotes {
  readonly notes: Record<string, { children: Paragraph[] }> = {};
  private next = 1;
  readonly captions = { Figure: 0, Table: 0 };

  add(text: string): number {
    const id = this.next++;
    this.notes[id] = { children: [new Paragraph({ style: 'FootnoteText', children: inlineRuns(text, this) })] };
    return id;
  }
}

function inlineRuns(text: string, notes: Footnotes | null, base: { size?: number; bold?: boolean; color?: string } = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const seg of parseInline(text)) {
    if (seg.kind === 'footnote') {
      if (notes) out.push(new FootnoteReferenceRun(notes.add(seg.text)));
      continue;
    }
    // Only set what the text sets: an explicit "not italic" would override italic styles such as Quote.
    const run = new TextRun({ text: seg.text, bold: seg.bold || base.bold || undefined, italics: seg.italic || undefined, size: base.size, color: base.color, style: seg.link ? 'Hyperlink' : undefined });
    out.push(seg.link ? new ExternalHyperlink({ link: seg.link, children: [run] }) : run);
  }
  return out;
}

function imageRun(image: DocImage, maxWidthPx: number, maxHeightPx: number): ImageRun {
  const scale = Math.min(1, maxWidthPx / image.width, maxHeightPx / image.height);
  return new ImageRun({
    type: IMAGE_TYPE[image.contentType], data: image.bytes,
    transformation: { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) },
  });
}

function caption(label: 'Figure' | 'Table', text: string, notes: Footnotes): Paragraph {
  return new Paragraph({
    style: 'Caption', alignment: label === 'Figure' ? AlignmentType.CENTER : AlignmentType.LEFT, keepNext: label === 'Table',
    // Numbered as written (the reader strips the number again), so they are right in every viewer.
    children: [new TextRun(`${label} ${++notes.captions[label]}. `), ...inlineRuns(text, notes)],
  });
}

function table(block: TableBlock, doc: WordDoc, theme: WordTheme, notes: Footnotes): FileChild[] {
  const width = textWidthTwips(doc.page);
  const columns = Math.max(block.header.length, ...block.rows.map((r) => r.length), 1);
  const widths = columnWidths(block, columns, width);
  const size = columns > 7 ? 15 : columns > 5 ? 17 : undefined;
  const align = (i: number) => {
    const a = block.align[i] ?? (isNumericColumn(block, i) ? 'right' : 'left');
    return a === 'right' ? AlignmentType.RIGHT : a === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT;
  };
  const headerFill = theme.primary;
  const cell = (text: string, i: number, header: boolean, band: boolean) => new TableCell({
    width: { size: widths[i], type: WidthType.DXA },
    shading: header ? { fill: headerFill, type: 'clear', color: 'auto' } : band ? { fill: tint(theme.accent, 0.93), type: 'clear', color: 'auto' } : undefined,
    margins: { top: 50, bottom: 50, left: 90, right: 90 },
    children: [new Paragraph({ style: 'TableText', alignment: align(i), children: inlineRuns(text, notes, header ? { bold: true, color: textOn(headerFill), size } : { size }) })],
  });
  const rows: TableRow[] = [];
  if (block.header.length) rows.push(new TableRow({ tableHeader: true, cantSplit: true, children: Array.from({ length: columns }, (_, i) => cell(block.header[i] ?? '', i, true, false)) }));
  block.rows.forEach((r, n) => rows.push(new TableRow({ cantSplit: true, children: Array.from({ length: columns }, (_, i) => cell(r[i] ?? '', i, false, n % 2 === 1)) })));
  const border = { style: 'single' as const, size: 4, color: 'C9CED6' };
  const out: FileChild[] = [];
  if (block.caption) out.push(caption('Table', block.caption, notes));
  out.push(new Table({
    rows, width: { size: width, type: WidthType.DXA }, columnWidths: widths, layout: 'fixed',
    borders: { top: border, bottom: border, left: { style: 'none', size: 0, color: 'FFFFFF' }, right: { style: 'none', size: 0, color: 'FFFFFF' }, insideHorizontal: border, insideVertical: { style: 'none', size: 0, color: 'FFFFFF' } },
  }));
  out.push(new Paragraph({ spacing: { after: 120 }, children: [] }));
  return out;
}

function image(block: ImageBlock, doc: WordDoc, notes: Footnotes): FileChild[] {
  const maxW = (textWidthTwips(doc.page) * block.widthPercent) / 100 / TWIPS_PER_PX;
  const maxH = (pageSizeTwips(doc.page).height * 0.55) / TWIPS_PER_PX;
  const out: FileChild[] = [new Paragraph({ alignment: AlignmentType.CENTER, keepNext: Boolean(block.caption), spacing: { before: 120, after: 60 }, children: [imageRun(block.image, maxW, maxH)] })];
  if (block.caption) out.push(caption('Figure', block.caption, notes));
  return out;
}

function renderBlock(block: Block, doc: WordDoc, theme: WordTheme, notes: Footnotes, listIndex: () => number): FileChild[] {
  switch (block.kind) {
    case 'heading':
      return [new Paragraph({ heading: HEADINGS[block.level - 1], children: inlineRuns(block.text, notes) })];
    case 'paragraph':
      return [new Paragraph({ style: block.style === 'quote' ? 'Quote' : block.style === 'note' ? 'Note' : undefined, children: inlineRuns(block.text, notes) })];
    case 'list': {
      const instance = listIndex();
      return block.items.map((item, i) => new Paragraph({
        numbering: { reference: block.ordered ? 'folio-numbered' : 'folio-bullets', level: item.level, instance },
        spacing: { after: i === block.items.length - 1 ? 160 : 50 },
        children: inlineRuns(item.text, notes),
      }));
    }
    case 'table':
      return table(block, doc, theme, notes);
    case 'image':
      return image(block, doc, notes);
    case 'page_break':
      return [new Paragraph({ children: [new PageBreak()] })];
    case 'toc':
      return [
        new Paragraph({ style: 'TOCHeading', children: [new TextRun(block.title)] }),
        new TableOfContents(block.title, { hyperlink: true, headingStyleRange: `1-${block.maxLevel}` }),
        new Paragraph({ children: [new PageBreak()] }),
      ];
    case 'raw':
      return [(ImportedXmlComponent.fromXmlString(block.xml) as unknown as { root: FileChild[] }).root[0]];
  }
}

function listLevels(ordered: boolean) {
  const formats = ordered ? [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN] : [LevelFormat.BULLET, LevelFormat.BULLET, LevelFormat.BULLET];
  const texts = ordered ? ['%1.', '%2.', '%3.'] : ['•', '–', '◦'];
  return formats.map((format, level) => ({
    level, format, text: texts[level], alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 400 + level * 360, hanging: 280 } } },
  }));
}

function headerFooter(doc: WordDoc, theme: WordTheme) {
  const right = textWidthTwips(doc.page);
  const tabs = [{ type: TabStopType.RIGHT, position: right }];
  const grey = { size: 17, color: '5B6573' };
  const headerText = doc.header.text || doc.title || '';
  const headerChildren: ParagraphChild[] = [new TextRun({ text: headerText, ...grey })];
  if (doc.logo) headerChildren.push(new TextRun({ text: '\t' }), imageRun(doc.logo, 160, 32));
  const footerChildren: ParagraphChild[] = [new TextRun({ text: doc.footer.text, ...grey })];
  if (doc.footer.pageNumbers) footerChildren.push(new TextRun({ children: ['\tPage ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], ...grey }));
  const rule = { style: 'single' as const, size: 4, color: tint(theme.primary, 0.6), space: 4 };
  return {
    headers: doc.header.enabled && (headerText || doc.logo) ? { default: new Header({ children: [new Paragraph({ style: 'HeaderText', tabStops: tabs, border: { bottom: rule }, children: headerChildren })] }) } : undefined,
    footers: doc.footer.text || doc.footer.pageNumbers ? { default: new Footer({ children: [new Paragraph({ style: 'HeaderText', tabStops: tabs, border: { top: rule }, children: footerChildren })] }) } : undefined,
  };
}

/**
 * Folio's styles, or a foreign document's own styles.xml kept verbatim plus the Folio paragraph styles
 * it lacks (table text, captions, notes...): a paragraph naming a style that does not exist is
 * misread by LibreOffice (it carried list bullets into the next table's cells).
 */
function styleParts(d: WordDoc, theme: WordTheme): Pick<ConstructorParameters<typeof Document>[0], 'styles' | 'externalStyles'> {
  const ours = wordStyles(theme);
  if (!d.foreignStyles) return { styles: ours };
  const missing = (ours.paragraphStyles ?? []).filter((s) => !d.foreignStyles!.includes(`w:styleId="${s.id}"`));
  return { externalStyles: d.foreignStyles, styles: { paragraphStyles: missing } };
}

export function buildDocument(doc: WordDoc, options: RenderOptions): Document {
  const theme = brandedTheme(doc.theme, options.brand);
  const logo = options.brand?.logo ? toDocImage(options.brand.logo) ?? doc.logo : doc.logo;
  const d: WordDoc = { ...doc, theme, logo };
  const notes = new Footnotes();
  let lists = 0;
  const children: FileChild[] = [];
  if (d.title) children.push(new Paragraph({ style: 'Title', children: inlineRuns(d.title, notes) }));
  if (d.subtitle) children.push(new Paragraph({ style: 'Subtitle', children: inlineRuns(d.subtitle, notes) }));
  for (const block of d.blocks) children.push(...renderBlock(block, d, theme, notes, () => ++lists));
  if (!children.length) children.push(new Paragraph({ children: [] }));
  // docx swaps width and height itself for landscape, so it is given the portrait size.
  const size = pageSizeTwips({ ...d.page, orientation: 'portrait' });
  const hasToc = d.blocks.some((b) => b.kind === 'toc');
  return new Document({
    creator: 'Folio', title: d.title ?? undefined,
    customProperties: [{ name: 'FolioTheme', value: JSON.stringify(theme) }],
    ...styleParts(d, theme),
    numbering: { config: [{ reference: 'folio-bullets', levels: listLevels(false) }, { reference: 'folio-numbered', levels: listLevels(true) }] },
    footnotes: notes.notes,
    ...(hasToc ? { pageNumbers: estimator } : {}),
    sections: [{
      properties: {
        page: {
          size: { width: size.width, height: size.height, orientation: d.page.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
          margin: { ...d.page.margins, header: 567, footer: 567 },
        },
      },
      ...headerFooter(d, theme),
      children,
    }],
  });
}

export async function renderWordDoc(doc: WordDoc, options: RenderOptions): Promise<Buffer> {
  options.signal?.throwIfAborted();
  return Packer.toBuffer(buildDocument(doc, options));
}

/** A brand logo as an embeddable image (SVG logos cannot go in a Word header without a raster copy). */
export function toDocImage(img: { bytes: Buffer; content_type: string; width: number | null; height: number | null }): DocImage | null {
  if (!(img.content_type in IMAGE_TYPE) || !img.width || !img.height) return null;
  return { bytes: img.bytes, contentType: img.content_type as DocImage['contentType'], width: img.width, height: img.height };
}

