// The column types every schema file shares (timestamps as Kysely reads and writes them). A file of its
// own, so schema.ts and its side files (schema-delivery.ts, schema-projects.ts, schema-templates.ts) do
// not import each other in a circle.
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
