// One error type for the whole service. Every error code of the API contract (docs/reference/api-contract.md) maps to exactly one HTTP status here.

export const ERROR_STATUS = {
  invalid_request: 400,
  preflight_failed: 400,
  invalid_api_key: 401,
  invalid_token: 401,
  insufficient_credits: 402,
  budget_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  sync_timeout_upgrade_async: 408,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  validation_error: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  not_implemented: 501,
  upstream_error: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
  insufficient_storage: 507,
  task_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** Most `detail` items a validation error lists (a body with thousands of bad keys must not echo them all); the message counts the rest. */
export const MAX_DETAIL_ITEMS = 50;

export interface AppErrorExtra {
  /** Documented extra body fields, e.g. task_id and run_id. */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  detail?: ValidationDetail[];
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: AppErrorExtra;

  constructor(code: ErrorCode, message: string, extra: AppErrorExtra = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = extra;
  }
}

export const errors = {
  invalidApiKey: (message = 'A valid API key is required.') => new AppError('invalid_api_key', message),
  invalidToken: (message = 'A valid identity-provider ID token is required.') => new AppError('invalid_token', message),
  forbidden: (message = 'You do not have permission to do this.') => new AppError('forbidden', message),
  notFound: (what: string) => new AppError('not_found', `${what} not found.`),
  conflict: (message: string) => new AppError('conflict', message),
  invalidRequest: (message: string) => new AppError('invalid_request', message),
  notImplemented: (message: string) => new AppError('not_implemented', message),
  validation: (detail: ValidationDetail[], message?: string) =>
    new AppError('validation_error', message ?? validationMessage(detail), { detail: detail.slice(0, MAX_DETAIL_ITEMS) }),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError('rate_limit_exceeded', `Rate limit exceeded. Retry in ${retryAfterSeconds} s.`, {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  payloadTooLarge: (message = 'The request body is too large.') => new AppError('payload_too_large', message),
  upstream: (message: string, cause?: unknown) => new AppError('upstream_error', message, { cause }),
  rangeNotSatisfiable: (size: number) =>
    new AppError('range_not_satisfiable', `The requested range is not inside the ${size}-byte content.`, {
      headers: { 'Content-Range': `bytes */${size}` },
    }),
};

/** A one-line summary of the first validation problem, safe to show to end users. */
export function validationMessage(detail: ValidationDetail[]): string {
  if (detail.length === 0) return 'The request is invalid.';
  const first = detail[0];
  const where = first.loc.join('.');
  const more = detail.length > 1 ? ` (and ${detail.length - 1} more problem${detail.length > 2 ? 's' : ''})` : '';
  return `${where}: ${first.msg}${more}`;
}
