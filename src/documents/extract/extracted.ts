// What the text extractor reads from a file: its passages (paragraphs, slide texts, PDF text blocks) and
// its tables (Word, PowerPoint and Markdown tables, CSV files, worksheets), each with where it is in the
// file, so every fact and insight can point back at its source. Projects store it as JSON on the file's
// row; agents and the text export read it as plain text (plain-text.ts).

/** Where something is in its file. `label` says it in words ("page 3, paragraph 2", "'Sales'!C7"). */
export interface SourceLocation {
  label: string;
  page?: number;
  slide?: number;
  /** 1-based block number in a Word, text or Markdown file. */
  paragraph?: number;
  /** 1-based line of a text or CSV file. */
  line?: number;
  sheet?: string;
  /** A1 cell of a worksheet. */
  cell?: string;
  /** A1 range of a worksheet (a table or a column of values). */
  range?: string;
  /** 1-based table number within the file (not worksheets). */
  table?: number;
  /** 1-based row of a table (header row included). */
  row?: number;
  column?: string;
}

export interface Passage {
  text: string;
  /** The heading the passage sits under, when the format has headings (a period there dates the passage's facts). */
  heading: string | null;
  location: SourceLocation;
}

export type TableCell = string | number | null;

export interface ExtractedTable {
  /** Cell values, row by row; numbers only where the format types them (worksheets), text elsewhere. */
  rows: TableCell[][];
  /** Row index of the header, -1 when the table has none. */
  headerRow: number;
  /** Caption, sheet title or the heading above the table. */
  title: string | null;
  location: SourceLocation;
  /** Worksheets: the sheet and the 0-based cell of rows[0][0], so cells get A1 addresses. */
  origin?: { sheet: string; row: number; col: number };
}

export interface ExtractedStats {
  characters: number;
  passages: number;
  tables: number;
  pages?: number;
  slides?: number;
  sheets?: number;
  /** 1 when the file had more text than FOLIO_PROJECT_MAX_TEXT_CHARS and the rest was not indexed. */
  truncated: number;
}

export interface ExtractedDoc {
  version: 1;
  kind: 'docx' | 'xlsx' | 'pptx' | 'pdf' | 'csv' | 'txt' | 'md';
  passages: Passage[];
  tables: ExtractedTable[];
  stats: ExtractedStats;
}

/** A file whose bytes cannot be read as its type claims; the file's index stage fails with this message. */
export class UnreadableFile extends Error {}

/** Passages and tables in the order the file has them, for the documents built here (not stored). */
const READING_ORDER = new WeakMap<ExtractedDoc, (Passage | ExtractedTable)[]>();

/** The passages and tables of a document in file order (a stored document: passages, then tables). */
export function readingOrder(doc: ExtractedDoc): (Passage | ExtractedTable)[] {
  return READING_ORDER.get(doc) ?? [...doc.passages, ...doc.tables];
}

/** Collects passages and tables up to a character budget. */
export class DocBuilder {
  readonly passages: Passage[] = [];
  readonly tables: ExtractedTable[] = [];
  private readonly order: (Passage | ExtractedTable)[] = [];
  private chars = 0;
  private truncated = false;
  private readonly budget: number;

  constructor(budget: number) {
    this.budget = budget;
  }

  get full(): boolean {
    return this.truncated;
  }

  passage(text: string, heading: string | null, location: SourceLocation): void {
    const clean = text.replace(/[ \t\u00a0]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim();
    if (!clean || this.truncated) return;
    if (this.chars + clean.length > this.budget) { this.truncated = true; return; }
    this.chars += clean.length;
    const passage = { text: clean, heading, location };
    this.passages.push(passage);
    this.order.push(passage);
  }

  table(table: ExtractedTable): void {
    if (this.truncated || !table.rows.length) return;
    const size = table.rows.reduce((n, r) => n + r.reduce<number>((m, c) => m + String(c ?? '').length + 1, 0), 0);
    if (this.chars + size > this.budget) { this.truncated = true; return; }
    this.chars += size;
    this.tables.push(table);
    this.order.push(table);
  }

  build(kind: ExtractedDoc['kind'], extra: Partial<ExtractedStats> = {}): ExtractedDoc {
    const doc: ExtractedDoc = {
      version: 1, kind, passages: this.passages, tables: this.tables,
      stats: { characters: this.chars, passages: this.passages.length, tables: this.tables.length, ...extra, truncated: this.truncated ? 1 : 0 },
    };
    READING_ORDER.set(doc, this.order);
    return doc;
  }
}

/** The location of one table cell: A1 on worksheets, row and column elsewhere. */
export function cellLocation(table: ExtractedTable, r: number, c: number, a1: (row: number, col: number) => string): SourceLocation {
  const header = table.headerRow >= 0 ? table.rows[table.headerRow]?.[c] : null;
  const column = header !== null && header !== undefined && String(header).trim() ? String(header).trim() : undefined;
  if (table.origin) {
    const cell = a1(table.origin.row + r, table.origin.col + c);
    return { label: `'${table.origin.sheet}'!${cell}`, sheet: table.origin.sheet, cell, ...(column ? { column } : {}) };
  }
  const where = table.location.label;
  return { ...table.location, label: `${where}, row ${r + 1}${column ? `, column "${column}"` : ''}`, row: r + 1, ...(column ? { column } : {}) };
}
