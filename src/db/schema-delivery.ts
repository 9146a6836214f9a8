// Row types of the webhook, export-rendition and LLM-usage tables (part of src/db/schema.ts's DB).
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

export type WebhookEvent = 'run.completed' | 'run.failed';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhooksTable {
  webhook_id: string;
  org_id: string;
  url: string;
  events: WebhookEvent[];
  description: ColumnType<string, string | undefined, string>;
  secret: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  delivery_id: string;
  org_id: string;
  /** null: the per-request webhook_url of a task. */
  webhook_id: string | null;
  event_id: string | null;
  event: WebhookEvent | 'ping';
  run_id: string | null;
  task_id: string | null;
  url: string;
  /** The exact bytes every attempt sends. */
  body: string;
  status: DeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: NullableTimestamp;
  redelivery_of: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  org_id: string;
  started_at: Timestamp;
  latency_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  response_truncated: boolean;
  outcome: 'succeeded' | 'retrying' | 'failed';
  next_attempt_at: NullableTimestamp;
  remaining_delays_ms: number[];
}

export interface ExportRenditionsTable {
  rendition_id: string;
  org_id: string;
  source_kind: 'run' | 'file';
  source_id: string;
  version_id: string;
  format: string;
  options: string;
  blob_key: string;
  content_type: string;
  file_name: string;
  size: number;
  /** PNG exports: every page's blob, in order. */
  pages: ColumnType<{ blob_key: string; file_name: string; size: number }[] | null, string | null, string | null>;
  created_at: Timestamp;
}

export interface LlmUsageTable {
  usage_id: string;
  org_id: string;
  key_id: string | null;
  request_id: string | null;
  operation: string;
  requested_model: string | null;
  model: string | null;
  provider: string | null;
  response_format: string;
  status: 'succeeded' | 'failed';
  error_code: string | null;
  input_tokens: number;
  output_tokens: number;
  credits: number;
  user_id: string | null;
  session_id: string | null;
  attempts: ColumnType<Record<string, unknown>[], string, string>;
  duration_ms: number;
  created_at: Timestamp;
}

export interface LlmMonthlyUsageTable {
  org_id: string;
  /** First day of the UTC month, `YYYY-MM-01`. */
  month: string;
  credits: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
}

export interface LlmBudgetsTable {
  org_id: string;
  monthly_credits: number | null;
  updated_at: Timestamp;
}
