// Deterministic fact extraction (the builtin engine's path, and the fallback of the LLM path):
//   1. key/value lines: "Revenue: $1.2M", "Headcount (Q1 2024) = 120";
//   2. labelled numbers in sentences: "In Q1 2024, revenue was $1.35 million";
//   3. table rows: periods across the header ("Metric | Q1 2024 | Q2 2024"), periods down the first
//      column ("Month | Revenue | Costs"), or categories by measures ("Region | Revenue 2024").
// A fact's period comes from its label, then its line, then the heading above it, then the period the
// document's opening names (its title). Scales and currencies announced in headers apply to the cells.
import { cellAddress } from '../../../documents/excel/a1.ts';
import { cellLocation, type ExtractedDoc, type ExtractedTable, type Passage, type SourceLocation, type TableCell } from '../../../documents/extract/extracted.ts';
import { findPeriods, maskPeriods, periodOf, periodOfLabel, type Period } from './periods.ts';
import { findQuantities, headerScale, type Quantity } from './quantities.ts';

/** A1 address of a 0-based row and column (as the workbook view's a1, without loading the Excel engine). */
const a1 = (row: number, col: number) => cellAddress({ row, col });

export interface Fact {
  /** The label as written, without its period. */
  name: string;
  nameKey: string;
  period: string | null;
  periodKey: string | null;
  value: number;
  unit: string | null;
  precision: number;
  /** The line, sentence or cell the fact was read from. */
  raw: string;
  location: SourceLocation;
}

const NAME_STOP = new Set(['the', 'a', 'an', 'total', 'our', 'its', 'their', 'his', 'her', 'of', 'for', 'in', 'on', 'at', 'and', 'to', 'by', 'company', 'group', 'reported', 'overall', 'approximately', 'about', 'around', 'during', 'period', 'was', 'were', 'is', 'are', 'fy']);
const LINK = String.raw`(?:was|were|is|are|of|at|reached|hit|totaled|totalled|amounted\s+to|came\s+in\s+at|stood\s+at|equaled|equalled|(?:grew|rose|fell|increased|decreased|declined|dropped|climbed|jumped)\s+to)`;
const APPROX = String.raw`(?:(?:approximately|about|around|roughly|nearly|almost|just\s+over|just\s+under|over|under|some)\s+)?`;
const SENTENCE_LABEL = new RegExp(String.raw`([A-Za-z][A-Za-z &/'-]{1,60}?)\s+${LINK}\s+${APPROX}$`, 'i');
const MAX_LABEL_WORDS = 6;

const singular = (w: string) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** The comparison key of a fact's name: lower case, no period, units or filler words, singular. */
export function nameKeyOf(label: string): string | null {
  const words = maskPeriods(label).toLowerCase().replace(/\([^)]*\)/g, ' ').match(/[a-z][a-z0-9&'-]*/g) ?? [];
  const kept = words.filter((w) => !NAME_STOP.has(w)).map(singular);
  if (!kept.length || kept.join('').length < 3) return null;
  return kept.slice(-5).join(' ');
}

/** A label fit to name a fact: some letters, not too long, not a bare period. */
function cleanLabel(raw: string): string | null {
  const text = maskPeriods(raw).replace(/\([^)]*\)/g, ' ').replace(/^[\s\-–•*#>]+/, '').replace(/\s+/g, ' ').trim().replace(/[,;:\s-]+$/, '');
  if (!/[A-Za-z]{3}/.test(text)) return null;
  const words = text.split(' ');
  if (words.length > MAX_LABEL_WORDS) return null;
  return text;
}

interface Context {
  heading: Period | null;
  document: Period | null;
}

function make(label: string, q: { value: number; unit: string | null; precision: number }, period: Period | null, raw: string, location: SourceLocation): Fact | null {
  const name = cleanLabel(label);
  const nameKey = name ? nameKeyOf(name) : null;
  if (!name || !nameKey) return null;
  return { name, nameKey, period: period?.text ?? null, periodKey: period?.key ?? null, value: q.value, unit: q.unit, precision: q.precision, raw: raw.slice(0, 500), location };
}

function lineFacts(line: string, passage: Passage, ctx: Context, out: Fact[]): void {
  const periods = findPeriods(line);
  const masked = maskPeriods(line, periods);
  const quantities = findQuantities(masked);
  if (!quantities.length) return;
  const nearest = (q: Quantity) => periods.length ? [...periods].sort((a, b) => Math.abs(a.index - q.index) - Math.abs(b.index - q.index))[0] : null;
  const fallback = ctx.heading ?? ctx.document;
  const kv = /^\s*([^:=\n]{2,80}?)\s*[:=]\s+(.*)$/.exec(masked);
  if (kv) {
    const valueStart = masked.length - kv[2].length;
    const first = quantities.find((q) => q.index >= valueStart);
    if (first && masked.slice(valueStart, first.index).trim().length <= 12) {
      const labelPeriod = periodOf(line.slice(0, valueStart));
      const fact = make(line.slice(0, masked.indexOf(kv[1]) + kv[1].length), first, labelPeriod ?? nearest(first) ?? fallback, line, passage.location);
      if (fact) { out.push(fact); return; }
    }
  }
  for (const q of quantities) {
    const before = masked.slice(0, q.index);
    const clause = before.split(/[,;:(]|\b(?:and|while|whereas|but|with)\b/i).pop()!;
    const m = SENTENCE_LABEL.exec(clause);
    if (!m) continue;
    const fact = make(m[1], q, nearest(q) ?? fallback, line, passage.location);
    if (fact) out.push(fact);
  }
}

function cellNumber(cell: TableCell, scale: number, unit: string | null): { value: number; unit: string | null; precision: number } | null {
  if (typeof cell === 'number') {
    // A typed cell is exact, unless a header scales it: then its last decimal sets the precision.
    const decimals = (String(cell).split('.')[1] ?? '').length;
    return { value: cell * scale, unit, precision: scale === 1 ? 0 : (scale * 10 ** -decimals) / 2 };
  }
  if (typeof cell !== 'string' || !cell.trim()) return null;
  const masked = maskPeriods(cell);
  const q = findQuantities(masked);
  if (q.length !== 1 || masked.replace(q[0].raw, '').replace(/[\s*]/g, '') !== '') return null;
  return { value: q[0].value * scale, unit: q[0].unit ?? unit, precision: q[0].precision * scale };
}

const textOf = (c: TableCell) => (c === null ? '' : String(c).trim());

function tableFacts(table: ExtractedTable, ctx: Context, out: Fact[]): void {
  if (table.headerRow < 0 || table.rows.length < table.headerRow + 2) return;
  const header = table.rows[table.headerRow].map(textOf);
  const body = table.rows.map((row, r) => ({ row, r })).slice(table.headerRow + 1);
  const width = Math.max(header.length, ...body.map((b) => b.row.length));
  const labelCol = [...Array(width).keys()].find((c) => body.filter((b) => textOf(b.row[c]) && cellNumber(b.row[c], 1, null) === null).length >= body.length / 2) ?? -1;
  if (labelCol < 0) return;
  const tablePeriod = table.title ? periodOf(table.title) : null;
  const titleScale = table.title ? headerScale(table.title) : { scale: 1, unit: null };
  const loc = (r: number, c: number) => cellLocation(table, r, c, a1);
  const rowPeriods = body.map((b) => periodOfLabel(textOf(b.row[labelCol])));
  const colPeriods = header.map((h, c) => (c === labelCol ? null : periodOfLabel(h)));
  if (colPeriods.some(Boolean)) {
    for (const { row, r } of body) {
      const label = textOf(row[labelCol]);
      const { scale, unit } = headerScale(label).scale !== 1 || headerScale(label).unit ? headerScale(label) : titleScale;
      colPeriods.forEach((p, c) => {
        const q = p ? cellNumber(row[c] ?? null, scale, unit) : null;
        const fact = q && make(label, q, p, `${label} ${header[c]}: ${textOf(row[c])}`, loc(r, c));
        if (fact) out.push(fact);
      });
    }
    return;
  }
  const periodsDown = rowPeriods.filter(Boolean).length >= Math.max(2, body.length / 2);
  for (let c = 0; c < width; c++) {
    if (c === labelCol || !header[c]) continue;
    const hs = headerScale(header[c]);
    const { scale, unit } = hs.scale !== 1 || hs.unit ? hs : titleScale;
    const headerPeriod = periodOf(header[c]);
    body.forEach(({ row, r }, i) => {
      const q = cellNumber(row[c] ?? null, scale, unit);
      if (!q) return;
      const rowLabel = textOf(row[labelCol]);
      const fact = periodsDown
        ? rowPeriods[i] && make(header[c], q, rowPeriods[i], `${rowLabel} ${header[c]}: ${textOf(row[c])}`, loc(r, c))
        : make(`${rowLabel} ${header[c]}`, q, headerPeriod ?? tablePeriod ?? ctx.heading ?? ctx.document, `${rowLabel} ${header[c]}: ${textOf(row[c])}`, loc(r, c));
      if (fact) out.push(fact);
    });
  }
}

/** The period the document's opening (its first few passages: the title) names, if any. */
function documentPeriod(doc: ExtractedDoc): Period | null {
  for (const p of doc.passages.slice(0, 3)) {
    const found = periodOf(p.text.split('\n')[0]);
    if (found) return found;
  }
  return null;
}

export function extractFactsByRules(doc: ExtractedDoc): Fact[] {
  const out: Fact[] = [];
  const document = documentPeriod(doc);
  for (const passage of doc.passages) {
    const ctx: Context = { heading: passage.heading ? periodOf(passage.heading) : null, document };
    for (const line of passage.text.split(/\n|(?<=[a-z%)][.!?])\s+(?=[A-Z])/)) lineFacts(line, passage, ctx, out);
  }
  for (const table of doc.tables) tableFacts(table, { heading: table.title ? periodOf(table.title) : null, document }, out);
  return dedupe(out);
}

/** One fact per name, period and value within a file (a figure repeated in a summary is one fact). */
function dedupe(facts: Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const key = `${f.nameKey}|${f.periodKey}|${f.unit}|${f.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
