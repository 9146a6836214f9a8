// The reconcile stage's computation: every insight of a project from its files' contents and facts,
// in a stable order (severity, kind, title), so the same inputs always give the same insights.
import { findDisparities } from './disparity.ts';
import { SEVERITY_RANK, type FileFact, type InsightDraft, type ReconcileFile } from './insight-draft.ts';
import { findSeriesInsights } from './series.ts';
import { findSimilarities } from './similarity.ts';

export function reconcileProject(files: ReconcileFile[], facts: FileFact[], similarityThreshold: number): InsightDraft[] {
  const all = [...findDisparities(facts, files), ...findSimilarities(files, similarityThreshold), ...findSeriesInsights(files, facts)];
  const unique = new Map<string, InsightDraft>();
  for (const d of all) if (!unique.has(d.fingerprint)) unique.set(d.fingerprint, d);
  return [...unique.values()].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title) || a.fingerprint.localeCompare(b.fingerprint));
}
