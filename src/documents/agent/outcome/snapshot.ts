// What a generated document holds, in one shape for the three formats, read through the formats' own
// views (the same reading the agent's tools use): slides, sections, sheets, their titles, text, lists,
// tables, charts, cells with formulas and number formats. Structural checks (checks.ts) run on it: the
// builtin evaluation set, and any caller that must know whether a document does what was asked.
import type { ExcelDocument } from '../../excel/excel.document.ts';
import { readCell } from '../../excel/view/cells.ts';
import { sheetViews } from '../../excel/view/sheet.view.ts';
import type { SlidesDocument } from '../../slides/slides.document.ts';
import { plainText } from '../../word/inline.ts';
import type { WordDocument } from '../../word/word.document.ts';
import type { Format } from '../format-adapter.ts';
import { columnLetters } from '../../excel/a1.ts';

export type ChartType = 'bar' | 'line' | 'pie' | 'area' | 'other';

export interface ChartSnapshot { type: ChartType; title: string | null; categories: string[]; series: { name: string; values: (number | null)[] }[] }

export interface PartSnapshot {
  /** Slide title, section heading (level 1-2) or sheet name. */
  title: string;
  /** The text under it: slide body and notes excluded; a section's paragraphs and lists up to the next heading of its level. */
  text: string[];
  tables: string[][][];
  charts: ChartSnapshot[];
}

export interface CellSnapshot { value: string | number | boolean | null; formula: string | null; numFmt: string }

export interface SheetSnapshot extends PartSnapshot {
  /** Cells by A1 address (the used area, at most 200 rows by 40 columns). */
  cells: Record<string, CellSnapshot>;
  tableNames: string[];
}

export interface DocumentSnapshot {
  format: Format;
  /** The document's title (Word title paragraph, first slide's title), if any. */
  title: string | null;
  /** Slides, top-level sections (Word: headings of the highest level used) or sheets, in order. */
  parts: PartSnapshot[];
  sheets: SheetSnapshot[];
  /** Every piece of visible text, in order (titles, body, table cells, cell values), for text checks. */
  allText: string[];
  pageBreaks: number;
  /** Lines of the memo-style facts block and other key/value tables. */
  charts: ChartSnapshot[];
}

const chartType = (t: string): ChartType => (/^(bar|column)/.test(t) ? 'bar' : /^line/.test(t) ? 'line' : /^(pie|doughnut)/.test(t) ? 'pie' : /^area/.test(t) ? 'area' : 'other');

export function snapshotSlides(deck: SlidesDocument): DocumentSnapshot {
  const parts: PartSnapshot[] = deck.slides().map((s) => ({
    title: s.title.trim(),
    text: [s.subtitle ?? '', ...s.elements.filter((e) => e.kind === 'bullets' || e.kind === 'text' || e.kind === 'shape').flatMap((e) => e.paragraphs.map((p) => p.text))].map((t) => t.trim()).filter(Boolean),
    tables: s.elements.filter((e) => e.table).map((e) => e.table!),
    charts: s.elements.filter((e) => e.chart).map((e) => ({ type: chartType(e.chart!.type), title: e.chart!.title, categories: e.chart!.categories, series: e.chart!.series.map((x) => ({ name: x.name, values: x.values })) })),
  }));
  return {
    format: 'slides', title: parts[0]?.title || null, parts, sheets: [], pageBreaks: 0,
    charts: parts.flatMap((p) => p.charts),
    allText: parts.flatMap((p) => [p.title, ...p.text, ...p.tables.flat(2)]).filter(Boolean),
  };
}

export function snapshotWord(doc: WordDocument): DocumentSnapshot {
  const blocks = doc.blocks();
  const title = blocks.find((b) => b.kind === 'title');
  const headings = blocks.filter((b) => b.kind === 'heading');
  const top = headings.length ? Math.min(...headings.map((h) => h.level ?? 1)) : 1;
  const parts: PartSnapshot[] = [];
  const text = (b: (typeof blocks)[number]): string[] => (b.kind === 'list' ? (b.items ?? []).map((i) => plainText(i.text)) : b.kind === 'paragraph' || b.kind === 'caption' || b.kind === 'subtitle' ? [plainText(b.text)] : []);
  for (const b of blocks) {
    if (b.kind === 'heading' && (b.level ?? 1) === top) parts.push({ title: plainText(b.text).trim(), text: [], tables: [], charts: [] });
    else if (parts.length) {
      const p = parts[parts.length - 1];
      if (b.kind === 'table') p.tables.push((b.rows ?? []).map((r) => r.map((c) => plainText(c))));
      else if (b.kind === 'heading') p.text.push(plainText(b.text));
      else p.text.push(...text(b));
    }
  }
  const all: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'table') all.push(...(b.rows ?? []).flat().map((c) => plainText(c)));
    else if (b.kind === 'title' || b.kind === 'heading') all.push(plainText(b.text));
    else all.push(...text(b));
  }
  return {
    format: 'word', title: title ? plainText(title.text).trim() : null, parts, sheets: [], charts: [],
    pageBreaks: blocks.filter((b) => b.kind === 'page_break').length,
    allText: all.map((t) => t.trim()).filter(Boolean),
  };
}

export function snapshotExcel(doc: ExcelDocument): DocumentSnapshot {
  const sheets: SheetSnapshot[] = sheetViews(doc).map((v) => {
    const cells: Record<string, CellSnapshot> = {};
    const rows: string[][] = [];
    if (v.ws) {
      for (let r = 0; r < Math.min(v.extent.rows, 200); r++) {
        const row: string[] = [];
        for (let c = 0; c < Math.min(v.extent.cols, 40); c++) {
          const cell = readCell(v.ws, doc, r, c);
          const value = cell?.value instanceof Date ? cell.value.toISOString().slice(0, 10) : (cell?.value ?? null);
          if (cell && (value !== null || cell.formula)) cells[`${columnLetters(c)}${r + 1}`] = { value, formula: cell.formula ?? null, numFmt: doc.styles().numFmt(cell.s) };
          row.push(value === null ? '' : String(value));
        }
        rows.push(row);
      }
    }
    return { title: v.name, text: [], tables: [rows], charts: [] as ChartSnapshot[], cells, tableNames: v.tables.map((t) => t.name) };
  });
  // Chart ranges ("'Sales'!$A$2:$A$4") read back as the labels and numbers they point at.
  const resolve = (ref: string): (string | number | null)[] => {
    const m = /^(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/.exec(ref.trim());
    const sheet = m ? sheets.find((x) => x.title === (m[1]?.replace(/''/g, "'") ?? m[2])) : undefined;
    if (!m || !sheet) return [];
    const [c1, r1, c2, r2] = [m[3], Number(m[4]), m[5] ?? m[3], Number(m[6] ?? m[4])];
    const out: (string | number | null)[] = [];
    for (let r = r1; r <= r2 && out.length < 500; r++) {
      for (const c of c1 === c2 ? [c1] : [c1, c2]) {
        const v = sheet.cells[`${c}${r}`]?.value ?? null;
        out.push(typeof v === 'boolean' ? String(v) : v);
      }
    }
    return out;
  };
  for (const [i, v] of sheetViews(doc).entries()) {
    sheets[i].charts = v.charts.map((c) => ({
      type: chartType(c.kind === 'other' ? c.type : c.kind), title: c.title || null,
      categories: resolve(c.categories).map((x) => (x === null ? '' : String(x))),
      series: c.series.map((s) => ({ name: s.name, values: resolve(s.values).map((x) => (typeof x === 'number' ? x : null)) })),
    }));
  }
  return {
    format: 'excel', title: sheets[0]?.title ?? null, parts: sheets, sheets, pageBreaks: 0,
    charts: sheets.flatMap((s) => s.charts),
    allText: sheets.flatMap((s) => [s.title, ...Object.values(s.cells).map((c) => (typeof c.value === 'string' ? c.value : '')).filter(Boolean)]),
  };
}

/** The snapshot of a document model of any of the three formats. */
export function snapshotOf(format: Format, doc: unknown): DocumentSnapshot {
  if (format === 'slides') return snapshotSlides(doc as SlidesDocument);
  if (format === 'word') return snapshotWord(doc as WordDocument);
  return snapshotExcel(doc as ExcelDocument);
}
