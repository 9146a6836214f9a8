// The `fetch` the AI SDK providers call model APIs with: node:http(s) over one keep-alive agent per
// scheme (pooled connections, idle ones closed after IDLE_MS or the server's Keep-Alive hint), answering
// a standard Response. It does what the providers need of fetch (a POST or GET with a string or byte
// body, an abort signal, the answer buffered (at most MAX_ANSWER_BYTES), or streamed when it is an event stream) with about half the
// CPU of Node's built-in fetch per call (docs/architecture/llm-gateway-performance.md). Anything else
// goes to the built-in fetch, and so does every request when Node is told to use the environment's proxy
// (NODE_USE_ENV_PROXY: the model registry passes the built-in fetch then, config.llm.useEnvProxy). The agents' timeout closes idle pooled connections only; a slow answer is not cut.
// providerPost is the same request without a Response around it, for the direct wire clients (direct-calls.ts);
// providerStream reads a Server-Sent Events answer event by event for their streamed turns.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { EventStreamParser } from './event-stream.ts';

/** How long an idle pooled connection is kept (the built-in fetch's default is 4 s as well). */
const IDLE_MS = 4000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** A network failure as the built-in fetch reports it (the AI SDK turns it into a retryable APICallError). */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> | null {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  if (typeof headers !== 'object' || headers === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** The body, decompressed when the server compressed it (a failure of the connection fails it too). */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = res.headers['content-encoding'];
  const inflate = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
  if (!inflate) return res;
  res.on('error', (err) => inflate.destroy(err));
  return res.pipe(inflate);
}

/** The most a buffered answer may hold, decompressed: far above any model's answer (a compressed bomb stops here too). */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer grew past MAX_ANSWER_BYTES; the request was cut. Reported as a network failure (a failed model call). */
export class ProviderAnswerTooLarge extends Error {
  constructor() {
    super(`the provider's answer was larger than ${MAX_ANSWER_BYTES} bytes`);
  }
}

/** Collects a (decompressed) answer body; past MAX_ANSWER_BYTES, cuts the request and fails instead. */
function buffer(stream: Readable, req: http.ClientRequest, fail: (err: unknown) => void, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= MAX_ANSWER_BYTES) { chunks.push(c); return; }
    const err = new ProviderAnswerTooLarge();
    fail(err);
    req.destroy(err);
    stream.destroy();
  });
  stream.once('end', () => { if (size <= MAX_ANSWER_BYTES) done(Buffer.concat(chunks)); });
}

/** The response's headers; a decompressed body's no longer has the encoding and length it came with. */
function responseHeaders(res: http.IncomingMessage): Headers {
  const h = new Headers();
  const raw = res.rawHeaders;
  const encoded = res.headers['content-encoding'] !== undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!encoded || (name !== 'content-encoding' && name !== 'content-length')) h.append(raw[i], raw[i + 1]);
  }
  return h;
}

export const providerFetch: typeof fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
  const method = init.method ?? 'GET';
  const body = init.body;
  const headers = plainHeaders(init.headers);
  const protocol = url?.slice(0, url.indexOf(':') + 1);
  if (!url || !headers || (protocol !== 'http:' && protocol !== 'https:')
    || (method !== 'POST' && method !== 'GET') || !(body == null || typeof body === 'string' || body instanceof Uint8Array)) {
    return fetch(input, init);
  }
  // A known length, as Node's fetch sends it (not a chunked body, which some gateways refuse).
  if (body != null && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) headers['content-length'] = String(Buffer.byteLength(body));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise<Response>((resolve, reject) => {
    const send = protocol === 'https:' ? https.request : http.request;
    const req = send(url, { method, headers, agent: agents[protocol] });
    let settled = false;
    const onAbort = () => {
      const reason = abortReason(signal!);
      req.destroy(reason as Error);
      if (!settled) { settled = true; reject(reason); }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    const fail = (err: unknown) => {
      done();
      if (!settled) { settled = true; reject(signal?.aborted ? abortReason(signal) : fetchFailed(err)); }
    };
    req.on('error', fail);
    req.once('response', (res) => {
      try {
        const status = res.statusCode ?? 0;
        const init = { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res) };
        const stream = decoded(res);
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          // Streamed on: the abort listener stays until the body closes, so an abort still cuts it.
          const response = new Response(Readable.toWeb(stream) as ReadableStream, init);
          stream.once('close', done);
          settled = true;
          resolve(response);
          return;
        }
        stream.on('error', fail);
        buffer(stream, req, fail, (bytes) => {
          if (settled) return done();
          const noBody = status === 204 || status === 205 || status === 304;
          try {
            const response = new Response(noBody ? null : bytes, init);
            done();
            settled = true;
            resolve(response);
          } catch (err) {
            fail(err);
          }
        });
      } catch (err) { // an answer no Response can hold (a status outside 200-599, a header Headers refuses)
        req.destroy();
        fail(err);
      }
    });
    req.end(body ?? undefined);
  });
};

/** A buffered answer of providerPost: the status and the (decompressed) body. */
export interface PostedAnswer { status: number; body: Buffer }

/** providerPost's time limit passed before the answer was in (the request was cut). */
export class ProviderPostTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * POSTs a JSON body over the pooled agents and buffers the answer (decompressed): what providerFetch
 * does for a buffered answer, without building a Response and its Headers. Network failures reject with
 * a TypeError('fetch failed'); an abort rejects with the signal's reason; the time limit (`timeoutMs`)
 * with a ProviderPostTimeout. The limit is a timer of its own rather than a second AbortSignal chained to
 * the caller's: under load that per-call AbortController (with its listener bookkeeping) was about 900
 * bytes a call that outlived young-generation collections (docs/architecture/llm-gateway-performance.md).
 */
export function providerPost(url: string, headers: Record<string, string>, body: string, signal: AbortSignal, timeoutMs: number): Promise<PostedAnswer> {
  return post<PostedAnswer>(url, headers, body, signal, timeoutMs, (res, req, finish) => {
    const stream = decoded(res);
    stream.on('error', finish);
    buffer(stream, req, finish, (bytes) => finish(null, { status: res.statusCode ?? 0, body: bytes }));
  });
}

/** How a request of `post` ends: with an answer, or a failure (`thrown`: rejected as it is, not as a network failure). */
type Finish<T> = (err: unknown, answer?: T, thrown?: boolean) => void;

/**
 * The request of providerPost and providerStream: a POST over the pooled agents under the caller's
 * signal and a time limit of its own; `onResponse` reads the answer and calls `finish`. Rejects with the
 * signal's reason once aborted, a ProviderPostTimeout past the limit, else a TypeError('fetch failed')
 * (or, `thrown`, the error itself).
 */
function post<T>(url: string, headers: Record<string, string>, body: string, signal: AbortSignal, timeoutMs: number, onResponse: (res: http.IncomingMessage, req: http.ClientRequest, finish: Finish<T>, settled: () => boolean) => void): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  const protocol = url.startsWith('https:') ? 'https:' : 'http:';
  return new Promise<T>((resolve, reject) => {
    const send = protocol === 'https:' ? https.request : http.request;
    let settled = false;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const finish: Finish<T> = (err, answer, thrown = false) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      if (answer) resolve(answer);
      else reject(thrown ? err : signal.aborted ? abortReason(signal) : timedOut ? new ProviderPostTimeout(timeoutMs) : fetchFailed(err));
    };
    const onAbort = () => { req.destroy(abortReason(signal) as Error); finish(null); };
    const req = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: agents[protocol] });
    timer = setTimeout(() => { timedOut = true; req.destroy(new ProviderPostTimeout(timeoutMs)); finish(null); }, timeoutMs);
    timer.unref();
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', finish);
    req.once('response', (res) => onResponse(res, req, finish, () => settled));
    req.end(body);
  });
}

/** What providerStream answers: a streamed answer's status alone; any other answer's status and (decompressed) body. */
export interface StreamedAnswer { status: number; body?: Buffer }

/**
 * POSTs a JSON body like providerPost; when the answer is a 2xx event stream, hands each event's data to
 * `onEvent` as it arrives (parsed by EventStreamParser, event-stream.ts) and resolves at its end. Any
 * other answer is buffered and resolved whole, for the caller to read as an error. An `onEvent` that
 * throws, or an event the parser refuses (too long), cuts the request and rejects with what was thrown.
 * Failures, an abort and the time limit (over the whole stream) reject as providerPost's do.
 */
export function providerStream(url: string, headers: Record<string, string>, body: string, signal: AbortSignal, timeoutMs: number, onEvent: (data: string) => void): Promise<StreamedAnswer> {
  return post<StreamedAnswer>(url, { ...headers, accept: 'text/event-stream' }, body, signal, timeoutMs, (res, req, finish, settled) => {
    const status = res.statusCode ?? 0;
    const stream = decoded(res);
    stream.on('error', finish);
    if (status < 200 || status >= 300 || !String(res.headers['content-type']).startsWith('text/event-stream')) {
      buffer(stream, req, finish, (bytes) => finish(null, { status, body: bytes }));
      return;
    }
    const events = new EventStreamParser(onEvent);
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      if (settled()) return;
      try {
        events.push(text);
      } catch (err) {
        req.destroy();
        finish(err, undefined, true);
      }
    });
    stream.once('end', () => {
      try {
        events.end();
        finish(null, { status });
      } catch (err) {
        finish(err, undefined, true);
      }
    });
  });
}
