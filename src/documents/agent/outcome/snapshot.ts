// What a generated document holds, in one shape for the three formats, read through the formats' own
// views (the same reading the agent's tools use): slides, sections, sheets, their titles, text, lists,
// tables, charts, cells with formulas and number formats. Structural checks (checks.ts) run on it: the
// builtin evaluation set, and any caller that must know whether a document does what was asked.
// Each format makes its snapshot in its own folder (`<fmt>.snapshot.ts`, FormatAdapter.snapshot);
// this file holds the shape they share.
import type { Format } from '../../../config.ts';

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

/** A chart's kind as the checks name it. */
export const chartType = (t: string): ChartType => (/^(bar|column)/.test(t) ? 'bar' : /^line/.test(t) ? 'line' : /^(pie|doughnut)/.test(t) ? 'pie' : /^area/.test(t) ? 'area' : 'other');
