// The SDK's errors: one FolioError carrying the API's error envelope, with a subclass per kind of failure.

export interface FolioErrorInit {
  code: string;
  message: string;
  status: number;
  requestId?: string;
  detail?: unknown;
  retryAfter?: number;
  body?: unknown;
  cause?: unknown;
}

/** Every failure the SDK reports. `status` is the HTTP status (0 when no HTTP answer was had). */
export class FolioError extends Error {
  code: string;
  status: number;
  requestId?: string;
  detail?: unknown;
  /** Seconds, from the `Retry-After` header. */
  retryAfter?: number;
  /** The whole error body (e.g. `task_id`, `run_id` and `poll_url` of a 408 upgrade). */
  body?: unknown;

  constructor(init: FolioErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.detail = init.detail;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }
}

export class AuthenticationError extends FolioError {}
export class PermissionError extends FolioError {}
export class NotFoundError extends FolioError {}
export class ConflictError extends FolioError {}
export class ValidationError extends FolioError {}
export class RateLimitError extends FolioError {}
export class InsufficientCreditsError extends FolioError {}
export class ServerError extends FolioError {}
/** The request never got an HTTP answer (DNS, refused or reset connection, ...). */
export class ConnectionError extends FolioError {}
/** The request took longer than `timeoutMs`. */
export class TimeoutError extends FolioError {}
/** A task followed to its end failed, was cancelled or expired (`body` is the task). */
export class TaskFailedError extends FolioError {}

const BY_STATUS: Record<number, typeof FolioError> = {
  400: ValidationError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  422: ValidationError,
  429: RateLimitError,
};

/** Seconds from a Retry-After header (delta-seconds or an HTTP date). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/** The FolioError for a non-2xx answer whose body has been read (`body` is parsed JSON or text). */
export function errorFromResponse(response: Response, body: unknown): FolioError {
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const status = response.status;
  const Kind = BY_STATUS[status] ?? (status >= 500 ? ServerError : FolioError);
  return new Kind({
    code: typeof envelope.error === 'string' ? envelope.error : `http_${status}`,
    message: typeof envelope.message === 'string' ? envelope.message : `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
    status,
    requestId: response.headers.get('x-request-id') ?? undefined,
    detail: envelope.detail,
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    body,
  });
}
