// Disparities: the same fact (normalized name and period) stated with conflicting values in different
// files. Each value counts as written, give or take half its last digit, so "1.2M" and "1,203,000"
// agree; figures in different units (a percentage and an amount) are never compared. Severity follows
// the largest relative difference |a - b| / max(|a|, |b|) between two files:
//   critical >= 25%, high >= 10%, medium >= 2%, low below 2%.
import type { InsightSeverity } from '../../../db/schema.ts';
import { formatQuantity } from '../facts/quantities.ts';
import { pct, type FileFact, type InsightDraft, type ReconcileFile } from './insight-draft.ts';

export function disparitySeverity(relative: number): InsightSeverity {
  return relative >= 0.25 ? 'critical' : relative >= 0.1 ? 'high' : relative >= 0.02 ? 'medium' : 'low';
}

const compatible = (a: FileFact, b: FileFact) => a.unit === b.unit || a.unit === null || b.unit === null;
const conflict = (a: FileFact, b: FileFact) => compatible(a, b) && Math.abs(a.value - b.value) > a.precision + b.precision + 1e-9;
const relative = (a: FileFact, b: FileFact) => Math.abs(a.value - b.value) / Math.max(Math.abs(a.value), Math.abs(b.value));

export function findDisparities(facts: FileFact[], files: ReconcileFile[]): InsightDraft[] {
  const nameOf = new Map(files.map((f) => [f.fileId, f.fileName]));
  const order = new Map(files.map((f, i) => [f.fileId, i]));
  const groups = new Map<string, FileFact[]>();
  for (const f of facts) {
    const key = `${f.nameKey}|${f.periodKey ?? ''}|${f.unit === '%' ? '%' : ''}`;
    const list = groups.get(key) ?? [];
    // One statement per file: its first (files contradicting themselves are not a cross-file disparity).
    if (!list.some((g) => g.fileId === f.fileId)) list.push(f);
    groups.set(key, list);
  }
  const out: InsightDraft[] = [];
  for (const [key, list] of groups) {
    if (list.length < 2) continue;
    list.sort((a, b) => order.get(a.fileId)! - order.get(b.fileId)!);
    let worst = 0;
    const involved = new Set<FileFact>();
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (!conflict(list[i], list[j])) continue;
        involved.add(list[i]).add(list[j]);
        worst = Math.max(worst, relative(list[i], list[j]));
      }
    }
    if (!involved.size) continue;
    const [first, ...others] = list.filter((f) => involved.has(f));
    const unit = first.unit ?? others.find((o) => o.unit)?.unit ?? null;
    const show = (f: FileFact) => formatQuantity(f.value, f.unit ?? unit);
    const label = `${first.name}${first.period ? ` (${first.period})` : ''}`;
    const statements = [first, ...others].map((f) => `"${nameOf.get(f.fileId)}" states ${show(f)} (${f.location.label})`);
    out.push({
      fingerprint: `disparity|${key}`,
      kind: 'disparity',
      severity: disparitySeverity(worst),
      title: `${label} differs between files: ${[first, ...others].map(show).join(' vs ')}`,
      description: `${label}: ${statements.join('; ')}. The figures differ by up to ${pct(worst)} of the larger one.`,
      source: { fileId: first.fileId, location: first.location },
      related: others.map((o) => ({ fileId: o.fileId, location: o.location })),
      details: {
        fact: first.nameKey, period: first.periodKey, unit, relative_difference: Number(worst.toFixed(4)),
        values: [first, ...others].map((f) => ({ fileId: f.fileId, value: f.value, unit: f.unit, text: f.raw })),
      },
    });
  }
  return out;
}
