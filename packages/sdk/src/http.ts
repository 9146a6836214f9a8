// The transport: fetch with the API key, JSON in and out, timeouts, and retries with exponential backoff and
// jitter on 429/502/503/504 and network errors, honouring Retry-After. Uses only globalThis.fetch and friends.
// A request that is not replayable (a POST without an idempotency key, an upload) is sent again only when
// the failure proves the server did not act on it: 429, 503, or a connection that was never made. After a
// 502, a 504, a dropped connection or a timeout the server may have acted, so such a request is not repeated.
import { ConnectionError, FolioError, TimeoutError, errorFromResponse } from './errors.ts';

export const API_PREFIX = '/api/v1';
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Answers that say the request was turned away before anything was done: safe to send any request again. */
const NOT_ACTED_STATUSES = new Set([429, 503]);
/** Errors of a connection that was never made (the request never left): safe to send any request again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const REPLAYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT', 'PATCH']);

/** The code of a fetch failure's cause (Node's undici: `TypeError('fetch failed', { cause: { code } })`). */
function failureCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export interface HttpOptions {
  apiKey?: string;
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** A JSON body (serialised once, so every retry sends the same bytes). */
  body?: unknown;
  /** A multipart body, built afresh for each attempt. */
  form?: () => FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Override the client's maxRetries for this call. */
  maxRetries?: number;
  /** Override the client's timeoutMs for this call (0: none). */
  timeoutMs?: number;
  /** Return the Response itself (2xx, body unread) instead of parsed JSON. */
  raw?: boolean;
  /** Statuses to hand back as a Response instead of throwing (e.g. 404 of an optional endpoint). */
  acceptStatuses?: number[];
  /**
   * Whether sending the request twice does no harm, so that it may be retried after a 502, a 504, a
   * dropped connection or a timeout. Default: true for GET, HEAD, OPTIONS, DELETE and JSON PUT/PATCH;
   * false for POST and uploads (a POST that carries an idempotency key passes true).
   */
  replayable?: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
  const onAbort = () => { clearTimeout(timer); reject(signal!.reason); };
  signal?.addEventListener('abort', onAbort, { once: true });
});

/** Backoff before retry number `attempt` (0-based): Retry-After when given, else 0.5 s doubling, with jitter, at most 8 s. */
export function retryDelayMs(attempt: number, retryAfterSec?: number): number {
  if (retryAfterSec !== undefined) return Math.min(retryAfterSec, 60) * 1000;
  const base = Math.min(8000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

export class HttpClient {
  readonly options: HttpOptions;

  constructor(options: HttpOptions) {
    this.options = options;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const full = /^https?:\/\//.test(path) ? path : this.options.baseUrl.replace(/\/+$/, '') + (path.startsWith('/api/') ? path : API_PREFIX + (path.startsWith('/') ? path : `/${path}`));
    const url = new URL(full);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const response = await this.send(method, path, opts);
    if (opts.raw || (opts.acceptStatuses?.includes(response.status) ?? false)) return response as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Sends with retries; resolves with a 2xx Response (or an accepted status), otherwise throws a FolioError. */
  async send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    const url = this.url(path, opts.query);
    const maxRetries = opts.maxRetries ?? this.options.maxRetries;
    const timeoutMs = opts.timeoutMs ?? this.options.timeoutMs;
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const replayable = opts.replayable ?? (REPLAYABLE_METHODS.has(method.toUpperCase()) && !opts.form);
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
      if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const signals = [opts.signal, timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined].filter(Boolean) as AbortSignal[];
      const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
      let error: FolioError;
      /** Whether this failure proves the server did nothing with the request. */
      let notActed: boolean;
      try {
        const response = await this.options.fetch(url, { method, headers, body: opts.form ? opts.form() : payload, signal, redirect: 'follow' });
        if (response.ok || opts.acceptStatuses?.includes(response.status)) return response;
        error = errorFromResponse(response, await readBody(response));
        if (!RETRY_STATUSES.has(response.status)) throw error;
        notActed = NOT_ACTED_STATUSES.has(response.status);
      } catch (err) {
        if (err instanceof FolioError && !RETRY_STATUSES.has(err.status)) throw err;
        if (opts.signal?.aborted) throw opts.signal.reason ?? err;
        const code = failureCode(err);
        notActed = !!code && NOT_SENT_CODES.has(code);
        const unsure = replayable || notActed ? '' : ` It was not sent again: the server may have acted on it (${method} is not idempotent), so check before repeating it.`;
        if (err instanceof FolioError) error = err;
        else if ((err as Error)?.name === 'TimeoutError') error = new TimeoutError({ code: 'timeout', status: 0, message: `${method} ${path} took longer than ${timeoutMs} ms.${unsure}`, cause: err });
        else error = new ConnectionError({ code: 'connection_error', status: 0, message: `${method} ${path} failed: ${(err as Error)?.message ?? err}${code ? ` (${code})` : ''}.${unsure}`, cause: err });
      }
      if (attempt >= maxRetries || !(replayable || notActed)) throw error;
      await sleep(retryDelayMs(attempt, error.retryAfter), opts.signal);
    }
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
