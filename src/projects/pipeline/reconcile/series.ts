// Single-file findings (`insight`) in the series a file states: one fact (name and unit) over
// consecutive periods, and the numeric columns of its tables across categories.
//   - Outlier: a value whose modified z-score 0.6745 (x - median) / MAD is at least 3.5 in a series
//     of five or more values (Iglewicz and Hoaglin). Severity: high when |z| >= 10, medium >= 5, else low.
//   - Sharp change: between two consecutive periods the value moves by at least 50% of the earlier
//     one (changes to or from an outlier are covered by the outlier). Severity: high when it at least
//     doubles or falls by 75% or more, else medium.
//   - Missing period: a series of three or more periods of one granularity with a gap inside it (one
//     insight per missing period, at most three per series). Severity: medium.
import type { InsightSeverity } from '../../../db/schema.ts';
import { cellAddress } from '../../../documents/excel/a1.ts';
import { cellLocation, type ExtractedTable } from '../../../documents/extract/extracted.ts';
import { keyFromOrdinal, periodFromKey, periodLabel, periodOfLabel, type Granularity } from '../facts/periods.ts';
import { formatQuantity } from '../facts/quantities.ts';
import { pct, type FileFact, type InsightDraft, type ReconcileFile, type SourceRef } from './insight-draft.ts';

/** A1 address of a 0-based row and column (as the workbook view's a1, without loading the Excel engine). */
const a1 = (row: number, col: number) => cellAddress({ row, col });

const OUTLIER_Z = 3.5;
const MIN_OUTLIER_POINTS = 5;
const SHARP_CHANGE = 0.5;
const MAX_MISSING_PER_SERIES = 3;

interface Point { label: string; value: number; ref: SourceRef; ordinal?: number; periodKey?: string }
interface Series { fileId: string; key: string; name: string; unit: string | null; points: Point[]; granularity?: Granularity }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Modified z-scores of the values; null when the values do not spread (MAD and mean deviation 0). */
export function modifiedZ(values: number[]): number[] | null {
  const m = median(values);
  let mad = median(values.map((v) => Math.abs(v - m)));
  // With more than half the values equal, MAD is 0: the mean absolute deviation stands in (scaled to match).
  if (mad === 0) mad = (values.reduce((s, v) => s + Math.abs(v - m), 0) / values.length) * 1.2533;
  if (mad === 0) return null;
  return values.map((v) => (0.6745 * (v - m)) / mad);
}

function periodSeries(facts: FileFact[]): Series[] {
  const groups = new Map<string, Series>();
  for (const f of facts) {
    if (!f.periodKey) continue;
    const p = periodFromKey(f.periodKey);
    if (!p) continue;
    const key = `${f.fileId}|${f.nameKey}|${f.unit ?? ''}|${p.granularity}`;
    const s = groups.get(key) ?? { fileId: f.fileId, key: `${f.nameKey}|${f.unit ?? ''}`, name: f.name, unit: f.unit, points: [], granularity: p.granularity };
    if (!s.points.some((q) => q.ordinal === p.ordinal)) s.points.push({ label: f.period ?? f.periodKey, value: f.value, ref: { fileId: f.fileId, location: f.location }, ordinal: p.ordinal, periodKey: f.periodKey });
    groups.set(key, s);
  }
  return [...groups.values()].filter((s) => s.points.length >= 3).map((s) => ({ ...s, points: s.points.sort((a, b) => a.ordinal! - b.ordinal!) }));
}

/** Numeric columns of tables whose rows are categories (not periods), for outliers across categories. */
function categorySeries(file: ReconcileFile): Series[] {
  const out: Series[] = [];
  file.content.tables.forEach((t: ExtractedTable) => {
    if (t.headerRow < 0) return;
    const header = t.rows[t.headerRow];
    const body = t.rows.slice(t.headerRow + 1).map((row, i) => ({ row, r: t.headerRow + 1 + i }));
    const labelCol = header.findIndex((_, c) => body.filter((b) => typeof b.row[c] === 'string' && !/^[-\d.,$€£%() ]+$/.test(String(b.row[c]))).length >= body.length / 2);
    if (labelCol < 0 || body.filter((b) => periodOfLabel(String(b.row[labelCol] ?? ''))).length >= body.length / 2) return;
    header.forEach((h, c) => {
      if (c === labelCol) return;
      const points: Point[] = [];
      for (const { row, r } of body) {
        const label = String(row[labelCol] ?? '').trim();
        const v = row[c];
        const value = typeof v === 'number' ? v : typeof v === 'string' && /^-?[\d,]*\.?\d+$/.test(v.trim()) ? Number(v.replace(/,/g, '')) : NaN;
        if (!label || /^(grand\s+)?(totals?|sum)\b/i.test(label) || !Number.isFinite(value)) continue;
        points.push({ label, value, ref: { fileId: file.fileId, location: cellLocation(t, r, c, a1) } });
      }
      if (points.length >= MIN_OUTLIER_POINTS) out.push({ fileId: file.fileId, key: `${t.location.label}|${String(h ?? c)}`, name: String(h ?? `column ${c + 1}`), unit: null, points });
    });
  });
  return out;
}

const zSeverity = (z: number): InsightSeverity => (Math.abs(z) >= 10 ? 'high' : Math.abs(z) >= 5 ? 'medium' : 'low');

function outliers(s: Series, fileName: string): { drafts: InsightDraft[]; flagged: Set<Point> } {
  const flagged = new Set<Point>();
  const drafts: InsightDraft[] = [];
  if (s.points.length < MIN_OUTLIER_POINTS) return { drafts, flagged };
  const values = s.points.map((p) => p.value);
  const z = modifiedZ(values);
  if (!z) return { drafts, flagged };
  const m = median(values);
  s.points.forEach((p, i) => {
    if (Math.abs(z[i]) < OUTLIER_Z) return;
    flagged.add(p);
    const show = (v: number) => formatQuantity(v, s.unit);
    drafts.push({
      fingerprint: `insight|outlier|${s.fileId}|${s.key}|${p.periodKey ?? p.ref.location.label}`,
      kind: 'insight',
      severity: zSeverity(z[i]),
      title: `Outlier in ${s.name}: ${p.label} is ${show(p.value)} against a median of ${show(m)}`,
      description: `In "${fileName}", ${s.name} for ${p.label} (${p.ref.location.label}) is ${show(p.value)}, far ${p.value > m ? 'above' : 'below'} the other ${values.length - 1} values (median ${show(m)}; modified z-score ${z[i].toFixed(1)}).`,
      source: p.ref,
      related: [],
      details: { series: s.name, label: p.label, value: p.value, median: m, z_score: Number(z[i].toFixed(2)), points: values.length },
    });
  });
  return { drafts, flagged };
}

function changes(s: Series, fileName: string, flagged: Set<Point>): InsightDraft[] {
  const out: InsightDraft[] = [];
  for (let i = 1; i < s.points.length; i++) {
    const [a, b] = [s.points[i - 1], s.points[i]];
    if (b.ordinal! - a.ordinal! !== 1 || a.value === 0 || flagged.has(a) || flagged.has(b)) continue;
    const change = (b.value - a.value) / Math.abs(a.value);
    if (Math.abs(change) < SHARP_CHANGE) continue;
    out.push({
      fingerprint: `insight|change|${s.fileId}|${s.key}|${a.periodKey}|${b.periodKey}`,
      kind: 'insight',
      severity: change >= 1 || change <= -0.75 ? 'high' : 'medium',
      title: `${s.name} ${change > 0 ? 'rises' : 'falls'} ${pct(Math.abs(change))} from ${a.label} to ${b.label}`,
      description: `In "${fileName}", ${s.name} goes from ${formatQuantity(a.value, s.unit)} (${a.label}) to ${formatQuantity(b.value, s.unit)} (${b.label}, ${b.ref.location.label}), a change of ${change > 0 ? '+' : '-'}${pct(Math.abs(change))}.`,
      source: b.ref,
      related: [a.ref],
      details: { series: s.name, from: a.periodKey, to: b.periodKey, from_value: a.value, to_value: b.value, change: Number(change.toFixed(4)) },
    });
  }
  return out;
}

function gaps(s: Series, fileName: string): InsightDraft[] {
  const have = new Set(s.points.map((p) => p.ordinal!));
  const first = s.points[0].ordinal!;
  const last = s.points[s.points.length - 1].ordinal!;
  const missing: number[] = [];
  for (let o = first + 1; o < last; o++) if (!have.has(o)) missing.push(o);
  // A sparse series (more gaps than figures) is a selection of periods, not a series with holes.
  if (!missing.length || missing.length > s.points.length) return [];
  const range = `${s.points[0].label} to ${s.points[s.points.length - 1].label}`;
  return missing.slice(0, MAX_MISSING_PER_SERIES).map((o) => {
    const key = keyFromOrdinal(s.granularity!, o);
    const after = s.points.filter((p) => p.ordinal! < o).pop()!;
    return {
      fingerprint: `insight|missing|${s.fileId}|${s.key}|${key}`,
      kind: 'insight' as const,
      severity: 'medium' as const,
      title: `No ${s.name} figure for ${periodLabel(key)}`,
      description: `"${fileName}" gives ${s.name} for ${s.points.length} periods from ${range}, but not for ${periodLabel(key)}.`,
      source: after.ref,
      related: [],
      details: { series: s.name, missing_period: key, periods: s.points.map((p) => p.periodKey) },
    };
  });
}

export function findSeriesInsights(files: ReconcileFile[], facts: FileFact[]): InsightDraft[] {
  const out: InsightDraft[] = [];
  const nameOf = new Map(files.map((f) => [f.fileId, f.fileName]));
  const byFile = new Map<string, FileFact[]>();
  for (const f of facts) (byFile.get(f.fileId) ?? byFile.set(f.fileId, []).get(f.fileId)!).push(f);
  for (const file of files) {
    for (const s of periodSeries(byFile.get(file.fileId) ?? [])) {
      const { drafts, flagged } = outliers(s, file.fileName);
      out.push(...drafts, ...changes(s, file.fileName, flagged), ...gaps(s, file.fileName));
    }
    for (const s of categorySeries(file)) out.push(...outliers(s, nameOf.get(file.fileId)!).drafts);
  }
  return out;
}
