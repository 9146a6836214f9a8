// Errors of Folio's dependencies that escape a request's code, mapped to their documented statuses
// (docs/architecture/input-hygiene.md, "Errors from dependencies"): a database or Redis that cannot be
// reached is 503 `service_unavailable`, an object store that fails is 502 `upstream_error`, and a
// timeout talking to an upstream is 504 `upstream_timeout`; each with Retry-After.
// A value PostgreSQL refuses to store (SQLSTATE class 22) is the request's fault: 400. What is left
// is a bug in Folio, and stays 500.
import { AppError } from '../errors.ts';

/** Seconds a client should wait before retrying after a dependency failure. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'ERR_SOCKET_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE']);
/** Messages of pg, pg-pool, PGlite and ioredis when their connection is gone. */
const CONNECTION_LOST = /connection terminated|connection (is )?closed|terminating connection|timeout exceeded when trying to connect|client has encountered a connection error|cannot use a pool after calling end|pglite is closed|driver has already been destroyed|database is closing|stream isn't writeable|reached the max retries per request|the database system is (starting up|shutting down|in recovery mode)|too many clients/i;

interface Shaped { code?: unknown; name?: unknown; message?: unknown; errno?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown; errors?: unknown }

function retry(extra: Record<string, string> = {}) {
  return { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS), ...extra };
}

function classify(err: Shaped, depth = 0): AppError | null {
  if (!err || typeof err !== 'object' || depth > 4) return null;
  const code = typeof err.code === 'string' ? err.code : '';
  const name = typeof err.name === 'string' ? err.name : '';
  const message = typeof err.message === 'string' ? err.message : '';
  // PostgreSQL SQLSTATEs (pg and PGlite both expose them as `code`).
  if (/^[0-9A-Z]{5}$/.test(code)) {
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '53400', '58000', '58030'].includes(code)) {
      return new AppError('service_unavailable', 'The database is not reachable right now. Retry shortly.', { cause: err, headers: retry() });
    }
    if (code === '40001' || code === '40P01' || code === '55P03' || code === '57014') {
      return new AppError('service_unavailable', 'The database could not complete the request in time (a conflict or timeout). Retry it.', { cause: err, headers: retry({ 'Retry-After': '1' }) });
    }
    if (code === '53100' || code === '53200') {
      return new AppError('service_unavailable', 'The database is out of resources. Retry later.', { cause: err, headers: retry({ 'Retry-After': '30' }) });
    }
    if (code.startsWith('22')) {
      return new AppError('invalid_request', 'A value in the request cannot be stored (it is out of range or not valid text).', { cause: err });
    }
  }
  if (name === 'MaxRetriesPerRequestError' || (CONNECTION_LOST.test(message) && !/^S3|AWS/i.test(name))) {
    return new AppError('service_unavailable', 'A backing service (database or Redis) is not reachable right now. Retry shortly.', { cause: err, headers: retry() });
  }
  // AWS SDK errors (S3 and compatible stores) carry $metadata: any failure of the store itself is 502.
  if (err.$metadata && typeof err.$metadata === 'object') {
    const storeStatus = err.$metadata.httpStatusCode;
    if (storeStatus === undefined || storeStatus >= 500 || storeStatus === 429 || NETWORK_CODES.has(code) || ['ServiceUnavailable', 'SlowDown', 'InternalError', 'RequestTimeout', 'TimeoutError'].includes(name)) {
      return new AppError('upstream_error', 'The object store failed. Retry with exponential backoff.', { cause: err, headers: retry() });
    }
  }
  if (name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new AppError('upstream_timeout', 'A backing service did not answer in time. Retry shortly.', { cause: err, headers: retry() });
  }
  // A raw socket error that reaches the handler comes from a connection Folio keeps (PostgreSQL, Redis):
  // outbound HTTP (providers, webhooks, the object store) wraps its own.
  if (NETWORK_CODES.has(code)) {
    return new AppError('service_unavailable', 'A backing service (database or Redis) is not reachable right now. Retry shortly.', { cause: err, headers: retry() });
  }
  if (code.startsWith('UND_ERR_')) {
    return new AppError('upstream_error', 'A backing service could not be reached. Retry with exponential backoff.', { cause: err, headers: retry() });
  }
  // Wrapped errors (AggregateError from happy-eyeballs connects, `cause` chains).
  if (Array.isArray(err.errors)) for (const e of err.errors) { const c = classify(e as Shaped, depth + 1); if (c) return c; }
  return classify(err.cause as Shaped, depth + 1);
}

/** The documented error for a dependency failure, or null when the error is not one (a Folio bug: 500). */
export function dependencyError(err: unknown): AppError | null {
  return classify(err as Shaped);
}

/** Adds Retry-After to 502/503/504 errors raised by Folio's own code without one (e.g. storage failures). */
export function withRetryAfter(err: AppError): AppError {
  if (err.status >= 502 && err.status <= 504 && !err.extra.headers?.['Retry-After']) {
    return new AppError(err.code, err.message, { ...err.extra, headers: { ...err.extra.headers, 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) } });
  }
  return err;
}
