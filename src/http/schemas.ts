// Shared TypeBox schemas: error envelopes, enums, nullable fields, pagination.
import { Type, type TSchema, type Static } from 'typebox';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

/** A string enum as a plain JSON Schema `enum` (one clear 422 instead of one error per literal). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** `T | null` as `type: [T, "null"]`, which validates and documents better than anyOf. */
export function Nullable<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  const s = schema as unknown as Record<string, unknown>;
  const base = Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'type'));
  // An enum lists every allowed value: null must be one of them, or `type` allows what `enum` refuses.
  if (Array.isArray(base.enum) && !base.enum.includes(null)) base.enum = [...base.enum, null];
  return Type.Unsafe<Static<T> | null>({ ...base, type: [s.type, 'null'], ...options });
}

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });

export const ErrorResponse = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'Stable error code, e.g. `not_found`.' }),
    message: Type.String({ description: 'Human-readable, safe to show to end users.' }),
  },
  { additionalProperties: true, description: 'Error envelope. Some errors add documented fields (for example `task_id`).' },
);

export const ValidationDetailItem = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'Where the problem is, e.g. `["body","tier"]`.' }),
  msg: Type.String(),
  type: Type.String({ description: 'Machine-readable problem kind, e.g. `missing`, `string_too_long`, `extra_forbidden`.' }),
  input: Type.Optional(Type.Unknown()),
  ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

export const ValidationErrorResponse = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Literal('validation_error'),
    message: Type.String(),
    detail: Type.Array(ValidationDetailItem),
    task_id: Type.Optional(Type.String({ description: 'Generation calls: the task that failed because its input drove the renderer past a limit.' })),
    run_id: Type.Optional(Type.String({ description: 'Generation calls: that task\'s run.' })),
  },
  { description: 'Field-level validation failure (FastAPI-style `detail` items).' },
);

const STATUS_CODES_OF: Record<number, string[]> = {};
for (const [code, status] of Object.entries(ERROR_STATUS)) (STATUS_CODES_OF[status] ??= []).push(code);

/** The 402 body: the reference service's message, plus the figures and Folio's own sentence. */
const INSUFFICIENT_CREDITS_FIELDS = {
  required: Type.Optional(Type.Integer({ description: '`insufficient_credits`: the balance the call needs (also `minimum_balance`).' })),
  balance: Type.Optional(Type.Integer({ description: '`insufficient_credits`: the organization\'s balance.' })),
  minimum_balance: Type.Optional(Type.Integer()),
  explanation: Type.Optional(Type.String({ description: '`insufficient_credits`: which format or call needs that balance.' })),
};
const INSUFFICIENT_CREDITS_EXAMPLE = {
  success: false, error: 'insufficient_credits', message: 'Insufficient credits. Required: 10, balance: 3.',
  required: 10, balance: 3, minimum_balance: 10, explanation: 'Slides generation needs a balance of at least 10 credits; the organization has 3.',
};

function errorSchemaFor(status: number) {
  if (status === 422) return ValidationErrorResponse;
  const codes = STATUS_CODES_OF[status] ?? [];
  return Type.Object(status === 402 ? { ...ErrorResponse.properties, ...INSUFFICIENT_CREDITS_FIELDS } : ErrorResponse.properties, {
    additionalProperties: true,
    description: codes.length ? `Error: ${codes.map((c) => '`' + c + '`').join(', ')}` : 'Error',
    ...(status === 402 ? { examples: [INSUFFICIENT_CREDITS_EXAMPLE] } : {}),
  });
}

/** Every route answers these (503: a database or Redis that cannot be reached, with Retry-After). */
const COMMON_ERRORS = [400, 422, 500, 503] as const;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** The response map of a route: its success schemas plus an error schema for each error status it can return. */
export function responses<T extends Record<number, TSchema>>(success: T, errorStatuses: readonly number[] = []) {
  const out: Record<number, TSchema> = { ...success };
  for (const s of new Set([...COMMON_ERRORS, ...errorStatuses])) out[s] = errorSchemaFor(s);
  return out as T & Record<number, TSchema>;
}

/** Errors every API-key route can return before its handler runs. */
export const API_KEY_ERRORS = [401, 403, 429] as const;
/** Errors every ID-token route can return before its handler runs. */
export const ID_TOKEN_ERRORS = [401, 501] as const;

export const NoContent = Type.Null({ description: 'No content' });

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1-100.' }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'Opaque cursor from `next_cursor` of the previous page.' })),
};

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    next_cursor: Nullable(Type.String(), { description: 'Pass as `cursor` for the next page; null on the last page.' }),
  });
}
