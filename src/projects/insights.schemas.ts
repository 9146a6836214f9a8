// TypeBox schemas of insights and reports.
import { Type } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const KINDS = ['disparity', 'insight', 'similarity'] as const;
export const Severity = StringEnum(SEVERITIES);
export const Kind = StringEnum(KINDS);

export const Location = Type.Object({
  label: Type.String({ description: 'Where, in words: "page 3, paragraph 2", "\'Sales\'!C7", "slide 4, table 1, row 2, column \\"Q1 2024\\"".' }),
  page: Type.Optional(Type.Integer()),
  slide: Type.Optional(Type.Integer()),
  paragraph: Type.Optional(Type.Integer()),
  line: Type.Optional(Type.Integer()),
  sheet: Type.Optional(Type.String()),
  cell: Type.Optional(Type.String()),
  range: Type.Optional(Type.String()),
  table: Type.Optional(Type.Integer()),
  row: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.String()),
}, { additionalProperties: false });

const SourceRef = Type.Object({
  fileId: Type.String(),
  fileName: Nullable(Type.String({ description: 'Null once the file was removed from the project.' })),
  location: Location,
});

export const Insight = Type.Object({
  insight_id: Type.String({ description: '`ins_` + ULID; kept when a later reconciliation finds the same thing again.' }),
  project_id: Type.String(),
  kind: Kind,
  severity: Severity,
  title: Type.String(),
  description: Type.String(),
  source: SourceRef,
  related: Type.Array(SourceRef, { description: 'The other files involved (disparity, similarity) with where in them.' }),
  details: Type.Object({}, { additionalProperties: true, description: 'Figures behind the finding: values and relative difference (disparity), similarity, z-score or change (insight).' }),
  resolved: Type.Boolean(),
  resolved_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const InsightParams = Type.Object({ project_id: Type.String({ maxLength: 100 }), insight_id: Type.String({ maxLength: 100 }) });

export const InsightListQuery = Type.Object({
  ...PageQuery,
  severity: Type.Optional(Type.Array(Severity, { maxItems: 4, description: 'Only these severities (repeat the parameter for several).' })),
  kind: Type.Optional(Type.Array(Kind, { maxItems: 3, description: 'Only these kinds (repeat the parameter for several).' })),
  file_id: Type.Optional(Type.String({ maxLength: 100, description: 'Only insights involving this file, as source or related.' })),
  resolved: Type.Optional(Type.Boolean({ description: 'Omitted: unresolved insights only. `true`: resolved only. `false`: unresolved only.' })),
}, { additionalProperties: false });

export const UpdateInsightBody = Type.Object({ resolved: Type.Boolean() }, { additionalProperties: false });

export const ReportBody = Type.Object({
  format: Type.Optional(StringEnum(['docx'] as const, { default: 'docx', description: 'Only `docx`; for a PDF, export the run (`POST /runs/{run_id}/export`).' })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'At most 200 characters. Default: `<project name> - Insights Report`.' })),
  include_severity: Type.Optional(Type.Array(Severity, { minItems: 1, maxItems: 4, uniqueItems: true, description: 'Omit for all severities.' })),
  include_alert_kind: Type.Optional(Type.Array(Kind, { minItems: 1, maxItems: 3, uniqueItems: true, description: 'Omit for all kinds.' })),
  include_resolved: Type.Optional(Type.Boolean({ default: false, description: 'Include resolved insights (default false).' })),
  file_ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 500, uniqueItems: true, description: 'Only insights whose `source.fileId` is one of these (files of the project).' })),
  async: Type.Optional(Type.Boolean({ default: false, description: 'true: answer 202 at once and let the caller poll `poll_url`.' })),
  webhook_url: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000, description: 'Receives one signed `run.completed` / `run.failed` callback for this task.' })),
}, { additionalProperties: false });
