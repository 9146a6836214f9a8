// Row types of the template tables (part of src/db/schema.ts's DB).
import type { ColumnType, Generated } from 'kysely';
import type { Format } from '../config.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

export interface TemplatesTable {
  template_id: string;
  org_id: string;
  format: Format;
  name: string;
  description: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  is_default: Generated<boolean>;
  current_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** When the purge sweeper removed the bytes of every version (deleted templates only). */
  purged_at: NullableTimestamp;
  purge_lease_until: NullableTimestamp;
}

export interface TemplateVersionsTable {
  template_id: string;
  version: number;
  org_id: string;
  file_name: string;
  content_type: string;
  size: ColumnType<number, number, number>;
  sha256: string;
  blob_key: string;
  analysis: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}
