// The Excel adapter's document: the workbook's package, its parts read as they are needed (worksheets,
// shared strings, styles, theme) and what the agent sees of them, read again after each edit. Tools find
// sheets, tables and charts here by name or id; edits change the parts and call `changed()`. Saving
// writes the changed parts back into the package, and the package copies everything else through.
import { ToolError } from '../agent/tool-error.ts';
import type { BrandInput } from '../agent/format-adapter.ts';
import { readTheme, type WorkbookTheme } from './design/theme.ts';
import { Styles } from './design/styles.ts';
import { SharedStrings } from './parts/shared-strings.ts';
import { Worksheet } from './parts/worksheet.ts';
import { CT_XL, type SheetEntry, type XlsxWorkbook } from './workbook.ts';
import { forgetShared, type CellReader } from './view/cells.ts';

export type WorkbookOrigin = 'template' | 'file';

export class ExcelDocument implements CellReader {
  readonly book: XlsxWorkbook;
  readonly origin: WorkbookOrigin;
  /** The request's brand (a user's workbook): new content takes its colours and font. */
  brand: BrandInput | null = null;
  /** The brand went into the theme already (a workbook made from Folio's template). */
  brandApplied = false;
  /** The template's blank first sheet, until real sheets replace it (a new workbook only). */
  placeholder: string | null = null;
  /** The table style new tables take when none is asked for: an organization template's own (src/templates), else Excel's Medium 2. */
  tableStyle: string | null = null;
  /** Set when existing cells or formulas changed: Excel and LibreOffice are asked to recalculate on open. */
  needsRecalc = false;
  readonly date1904: boolean;
  private sheetCache: SheetEntry[] | null = null;
  private readonly worksheets = new Map<string, Worksheet>();
  private stringsCache: SharedStrings | null | undefined;
  private stylesCache: Styles | null = null;
  private themeCache: WorkbookTheme | null = null;
  /** Cells holding formulas Folio wrote, per sheet part ("row:col"): their results are computed again on save. */
  readonly written = new Map<string, Set<string>>();
  /** Set when a formula was written, replaced or removed: the calculation chain is then dropped on save. */
  formulasChanged = false;
  private version = 0;
  private readonly originalParts: Set<string>;

  constructor(book: XlsxWorkbook, origin: WorkbookOrigin) {
    this.book = book;
    this.origin = origin;
    this.date1904 = book.date1904();
    this.originalParts = new Set(book.pkg.originalPaths());
  }

  /** A macro-enabled workbook (.xlsm): it is written back with its own type and keeps its macros. */
  get macroEnabled(): boolean {
    return /macroEnabled/i.test(this.pkg.contentType(this.book.part) ?? '');
  }

  /** A part this session made (a new sheet): its cells hold no one's earlier work. */
  isNew(part: string): boolean {
    return !this.originalParts.has(part);
  }

  get pkg() {
    return this.book.pkg;
  }

  /** Grows on every change: caches of what was read compare it. */
  get generation(): number {
    return this.version;
  }

  sheets(): SheetEntry[] {
    this.sheetCache ??= this.book.sheets();
    return this.sheetCache;
  }

  /** Worksheets only (chart sheets and macro sheets are listed by sheets() but hold no cells). */
  worksheetEntries(): SheetEntry[] {
    return this.sheets().filter((s) => s.kind === 'worksheet' && s.part);
  }

  findSheet(name: string): SheetEntry | undefined {
    const all = this.sheets();
    return all.find((s) => s.name === name) ?? all.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  /** The sheet named `name`, or a ToolError listing the sheets there are. */
  sheet(name: string): SheetEntry {
    const found = this.findSheet(name);
    if (!found) throw new ToolError(`There is no sheet named "${name}". Sheets: ${this.sheets().map((s) => `"${s.name}"`).join(', ') || 'none (add one with add_sheet)'}.`);
    if (found.kind !== 'worksheet' || !found.part) throw new ToolError(`"${found.name}" is a ${found.kind === 'chartsheet' ? 'chart sheet' : found.kind}: it has no cells.`);
    return found;
  }

  worksheet(entry: SheetEntry | string): Worksheet {
    const part = typeof entry === 'string' ? entry : entry.part;
    if (!part) throw new ToolError(`"${(entry as SheetEntry).name}" has no cells.`);
    let ws = this.worksheets.get(part);
    if (!ws) {
      ws = new Worksheet(part, this.pkg.text(part), this.book.ns.x);
      this.worksheets.set(part, ws);
    }
    return ws;
  }

  /** A worksheet made here (a new sheet): registered so it is saved with the others. */
  adopt(ws: Worksheet): void {
    this.worksheets.set(ws.part, ws);
  }

  loadedWorksheets(): Worksheet[] {
    return [...this.worksheets.values()];
  }

  forget(part: string): void {
    this.worksheets.delete(part);
    this.written.delete(part);
  }

  strings(): SharedStrings | null {
    if (this.stringsCache === undefined) {
      const part = this.book.related('sharedStrings');
      this.stringsCache = part ? new SharedStrings(part, this.pkg.text(part), this.book.ns.x) : null;
    }
    return this.stringsCache;
  }

  /** The shared strings table, made when the workbook had none (it is then a new part). */
  writableStrings(): SharedStrings {
    const known = this.strings();
    if (known) return known;
    const part = this.pkg.has('xl/sharedStrings.xml') ? this.pkg.freeName('xl/sharedStrings', '.xml') : 'xl/sharedStrings.xml';
    const made = SharedStrings.empty(part, this.book.ns.x);
    this.pkg.put(part, made.serialize(), CT_XL.sharedStrings);
    this.pkg.rels(this.book.part).add(this.book.rel('sharedStrings'), part);
    this.stringsCache = made;
    return made;
  }

  styles(): Styles {
    this.stylesCache ??= new Styles(this.book);
    return this.stylesCache;
  }

  theme(): WorkbookTheme {
    this.themeCache ??= readTheme(this.book);
    return this.themeCache;
  }

  /**
   * Whether the workbook has a theme part. Without one (LibreOffice writes none), theme colour
   * references show as nothing in LibreOffice: new content then gets the default theme's colours as RGB.
   */
  get hasTheme(): boolean {
    return this.book.related('theme') !== null;
  }

  /** After an edit: what was read of the sheets named (their cells, shared formulas) is read again on next use. */
  changed(...parts: string[]): void {
    this.version++;
    for (const p of parts) {
      const ws = this.worksheets.get(p);
      if (ws) forgetShared(ws);
    }
  }

  /** After the sheet list changed (added, renamed, moved, deleted sheets). */
  structureChanged(): void {
    this.version++;
    this.sheetCache = null;
  }

  themeChanged(): void {
    this.version++;
    this.themeCache = null;
  }

  /** Remembers that a Folio formula sits at (0-based) row, col of a sheet part. */
  noteFormula(part: string, row: number, col: number, present: boolean): void {
    let set = this.written.get(part);
    if (!set) this.written.set(part, (set = new Set()));
    if (present) set.add(`${row}:${col}`);
    else set.delete(`${row}:${col}`);
  }

  /** Writes every changed part into the package; the package then writes itself. */
  save(): Buffer {
    for (const ws of this.worksheets.values()) {
      if (ws.changed && this.pkg.has(ws.part)) this.pkg.put(ws.part, ws.serialize());
    }
    const strings = this.stringsCache;
    if (strings?.changed) this.pkg.put(strings.part, strings.serialize());
    return this.pkg.save();
  }
}
