// What the reconcile stage computes: insights before they are stored. The fingerprint names the
// finding (kind, fact or passage, files) independently of its figures, so a later reconciliation
// updates the same insight (keeping its id and `resolved`) instead of creating another.
import type { InsightKind, InsightSeverity } from '../../../db/schema.ts';
import type { ExtractedDoc, SourceLocation } from '../../../documents/extract/extracted.ts';
import type { Fact } from '../facts/fact-rules.ts';

export interface SourceRef {
  fileId: string;
  location: SourceLocation;
}

export interface InsightDraft {
  fingerprint: string;
  kind: InsightKind;
  severity: InsightSeverity;
  title: string;
  description: string;
  source: SourceRef;
  related: SourceRef[];
  details: Record<string, unknown>;
}

export interface ReconcileFile {
  fileId: string;
  fileName: string;
  content: ExtractedDoc;
}

export type FileFact = Fact & { fileId: string };

export const SEVERITY_RANK: Record<InsightSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
