// Row types of the project-analysis tables (part of src/db/schema.ts's DB).
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

export type PipelineIndexStatus = 'pending' | 'indexing' | 'indexed' | 'failed';
export type PipelineFileStatus = 'pending' | 'extracting' | 'reconciling' | 'completed' | 'failed';
export type ReconcileStatus = 'idle' | 'queued' | 'running' | 'completed' | 'failed';
export type InsightKind = 'disparity' | 'insight' | 'similarity';
export type InsightSeverity = 'critical' | 'high' | 'medium' | 'low';
type Json<T> = ColumnType<T, string, string>;

export interface ProjectsTable {
  project_id: string;
  org_id: string;
  name: string;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  color: string | null;
  icon: string | null;
  pipeline_generation: ColumnType<number, number | undefined, number>;
  reconcile_requested: ColumnType<number, number | undefined, number>;
  reconcile_done: ColumnType<number, number | undefined, number>;
  reconcile_status: ColumnType<ReconcileStatus, ReconcileStatus | undefined, ReconcileStatus>;
  reconcile_error: string | null;
  reconcile_started_at: NullableTimestamp;
  reconcile_finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProjectFilesTable {
  file_id: string;
  project_id: string;
  org_id: string;
  role: string;
  category: string | null;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  uploaded_by_key: string | null;
  index_status: ColumnType<PipelineIndexStatus, PipelineIndexStatus | undefined, PipelineIndexStatus>;
  pipeline_status: ColumnType<PipelineFileStatus, PipelineFileStatus | undefined, PipelineFileStatus>;
  error_stage: string | null;
  error_message: string | null;
  content: ColumnType<unknown | null, string | null | undefined, string | null>;
  stats: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  facts_method: string | null;
  facts_count: number | null;
  facts_seq: number | null;
  indexed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProjectFactsTable {
  file_id: string;
  seq: number;
  project_id: string;
  org_id: string;
  name: string;
  name_key: string;
  period: string | null;
  period_key: string | null;
  value: number;
  unit: string | null;
  precision: number;
  raw: string;
  location: Json<Record<string, unknown>>;
}

export interface ProjectInsightsTable {
  insight_id: string;
  project_id: string;
  org_id: string;
  fingerprint: string;
  kind: InsightKind;
  severity: InsightSeverity;
  title: string;
  description: string;
  source_file_id: string;
  source_location: Json<Record<string, unknown>>;
  related: Json<{ fileId: string; location: Record<string, unknown> }[]>;
  file_ids: string[];
  details: Json<Record<string, unknown>>;
  resolved: ColumnType<boolean, boolean | undefined, boolean>;
  resolved_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
