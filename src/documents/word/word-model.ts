// The Word document model the agent edits: a title, a flat list of blocks (headings delimit the
// sections), a header and footer, page setup and a theme. Text everywhere is "inline markdown"
// (word-inline.ts): **bold**, *italic*, [links](https://...) and [^footnotes], so the model reads and
// writes one syntax and the reader turns formatted runs back into it.

export type BlockId = string;

export interface HeadingBlock { kind: 'heading'; id: BlockId; level: 1 | 2 | 3 | 4; text: string }
export interface ParagraphBlock { kind: 'paragraph'; id: BlockId; text: string; style: 'normal' | 'quote' | 'note' }
export interface ListItem { text: string; level: 0 | 1 | 2 }
export interface ListBlock { kind: 'list'; id: BlockId; ordered: boolean; items: ListItem[] }
export interface TableBlock {
  kind: 'table'; id: BlockId;
  /** The header row (bold, shaded, repeated on every page); empty for a table without one. */
  header: string[];
  rows: string[][];
  caption: string | null;
  /** Column alignment; numbers read best right-aligned. */
  align: ('left' | 'right' | 'center')[];
}
export interface DocImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  width: number;
  height: number;
}
export interface ImageBlock { kind: 'image'; id: BlockId; image: DocImage; caption: string | null; /** Share of the text width, 10-100. */ widthPercent: number; source: string | null }
export interface PageBreakBlock { kind: 'page_break'; id: BlockId }
export interface TocBlock { kind: 'toc'; id: BlockId; title: string; maxLevel: 1 | 2 | 3 }
/** A block the model cannot represent (content controls, equations, text boxes...), kept as its XML. */
export interface RawBlock { kind: 'raw'; id: BlockId; xml: string; /** What it is, in words, with its text. */ description: string }

export type Block = HeadingBlock | ParagraphBlock | ListBlock | TableBlock | ImageBlock | PageBreakBlock | TocBlock | RawBlock;
export type BlockKind = Block['kind'];

export interface WordTheme {
  bodyFont: string;
  headingFont: string;
  /** RRGGBB: headings, title, table header fill. */
  primary: string;
  /** RRGGBB: rules, captions, links. */
  accent: string;
  /** Body size in points. */
  bodySize: number;
}

export interface PageSetup {
  size: 'A4' | 'Letter';
  orientation: 'portrait' | 'landscape';
  /** Twips (1/1440 inch). */
  margins: { top: number; right: number; bottom: number; left: number };
}

export interface WordDoc {
  title: string | null;
  subtitle: string | null;
  blocks: Block[];
  /** Header text (left); empty: the title. The brand logo, when given, sits at its right. */
  header: { text: string; enabled: boolean };
  /** Footer text (left) and "Page X of Y" (right). */
  footer: { text: string; pageNumbers: boolean };
  page: PageSetup;
  theme: WordTheme;
  logo: DocImage | null;
  /** styles.xml of a document Folio did not write, kept verbatim so it keeps its look. */
  foreignStyles: string | null;
  nextId: number;
}

export const DEFAULT_THEME: WordTheme = { bodyFont: 'Calibri', headingFont: 'Cambria', primary: '1F3A5F', accent: '2A7F8E', bodySize: 11 };

export function createWordDoc(): WordDoc {
  return {
    title: null, subtitle: null, blocks: [],
    header: { text: '', enabled: true }, footer: { text: '', pageNumbers: true },
    page: { size: 'A4', orientation: 'portrait', margins: { top: 1304, right: 1247, bottom: 1304, left: 1247 } },
    theme: { ...DEFAULT_THEME }, logo: null, foreignStyles: null, nextId: 1,
  };
}

export function newBlockId(doc: WordDoc): BlockId {
  return `b${doc.nextId++}`;
}

/** A block without its id (each member of the union keeps its own fields). */
export type NewBlock = Block extends infer B ? (B extends Block ? Omit<B, 'id'> : never) : never;

/** Adds an id to a block built without one. */
export function withId<N extends NewBlock>(doc: WordDoc, block: N): N & { id: BlockId } {
  return { ...block, id: newBlockId(doc) };
}

export function findBlock(doc: WordDoc, id: BlockId): { block: Block; index: number } | null {
  const index = doc.blocks.findIndex((b) => b.id === id);
  return index < 0 ? null : { block: doc.blocks[index], index };
}

/** A section: a heading and the blocks up to the next heading of the same or a higher level. */
export function sectionRange(doc: WordDoc, headingId: BlockId): { start: number; end: number } | null {
  const found = findBlock(doc, headingId);
  if (!found || found.block.kind !== 'heading') return null;
  const level = found.block.level;
  let end = found.index + 1;
  while (end < doc.blocks.length) {
    const b = doc.blocks[end];
    if (b.kind === 'heading' && b.level <= level) break;
    end++;
  }
  return { start: found.index, end };
}

/** Text width in twips, for sizing images and tables. */
export function textWidthTwips(page: PageSetup): number {
  const [w, h] = page.size === 'A4' ? [11906, 16838] : [12240, 15840];
  return (page.orientation === 'portrait' ? w : h) - page.margins.left - page.margins.right;
}

export function pageSizeTwips(page: PageSetup): { width: number; height: number } {
  const [w, h] = page.size === 'A4' ? [11906, 16838] : [12240, 15840];
  return page.orientation === 'portrait' ? { width: w, height: h } : { width: h, height: w };
}
