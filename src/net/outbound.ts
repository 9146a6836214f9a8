// Outbound HTTP to URLs that users give Folio (webhooks; later logo_url and remote data sources),
// guarded against SSRF. A URL is resolved once, every address it resolves to is checked, and the
// connection is pinned to the checked address, so a DNS answer that changes between the check and
// the connect (rebinding) cannot point the request somewhere else. Redirects are not followed unless
// the caller asks, and then every hop is resolved and checked again. FOLIO_ALLOW_PRIVATE_URLS lifts
// the address checks (and, by default, admits plain http), for tests and local development.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { blockedAddressReason } from './ip-ranges.ts';

export type DnsLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: DnsLookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** `refused`: the policy forbids the URL; the others are failures of an allowed request. */
export type OutboundErrorKind = 'refused' | 'dns' | 'timeout' | 'network';

export class OutboundError extends Error {
  readonly kind: OutboundErrorKind;

  constructor(kind: OutboundErrorKind, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'OutboundError';
    this.kind = kind;
  }
}

export interface OutboundPolicy {
  /** FOLIO_ALLOW_PRIVATE_URLS: no address checks. */
  allowPrivate: boolean;
  /** Refuse plain `http` URLs (default: unless private targets are allowed, as on a developer machine). */
  requireHttps?: boolean;
  lookup?: DnsLookup;
  /** Replaces the address classification (tests use it to treat one loopback address as public). */
  blockedReason?: (address: string) => string | null;
}

export interface PinnedTarget {
  url: URL;
  /** The host name without IPv6 brackets. */
  hostname: string;
  /** The checked address the connection goes to. */
  address: string;
  family: 4 | 6;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange, redirects and DNS included. */
  timeoutMs: number;
  /** The response body is read up to this many bytes (default 64 KiB); the rest is dropped. */
  maxResponseBytes?: number;
  /** Default 0: a 3xx is returned as is. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body was longer than maxResponseBytes. */
  truncated: boolean;
  /** The URL that produced this response (after redirects) and the address it was fetched from. */
  url: string;
  address: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

export class OutboundGuard {
  readonly allowPrivate: boolean;
  readonly requireHttps: boolean;
  private readonly lookup: DnsLookup;
  private readonly blockedReason: (address: string) => string | null;

  constructor(policy: OutboundPolicy) {
    this.allowPrivate = policy.allowPrivate;
    this.requireHttps = policy.requireHttps ?? !policy.allowPrivate;
    this.lookup = policy.lookup ?? systemLookup;
    this.blockedReason = policy.blockedReason ?? blockedAddressReason;
  }

  /** What can be checked without DNS: an absolute https URL (or http, unless https is required) whose host, if an IP, is allowed. */
  checkUrl(raw: string | URL): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundError('refused', 'The URL is not a valid absolute URL.');
    }
    const schemes = this.requireHttps ? ['https:'] : ['https:', 'http:'];
    if (!schemes.includes(url.protocol)) {
      throw new OutboundError('refused', this.requireHttps ? 'The URL must use https.' : 'The URL must use http or https.');
    }
    const host = stripBrackets(url.hostname);
    if (!host) throw new OutboundError('refused', 'The URL has no host.');
    if (net.isIP(host)) this.assertAddress(host, host);
    return url;
  }

  /** Resolves the URL's host and checks every address it resolves to; the target is pinned to the first. */
  async resolve(raw: string | URL, timeoutMs = 10_000): Promise<PinnedTarget> {
    const url = this.checkUrl(raw);
    const hostname = stripBrackets(url.hostname);
    const literal = net.isIP(hostname);
    if (literal) return { url, hostname, address: hostname, family: literal as 4 | 6 };
    const addresses = await withTimeout(this.lookup(hostname), timeoutMs, () => new OutboundError('timeout', `Resolving ${hostname} took longer than ${timeoutMs} ms.`))
      .catch((err) => {
        if (err instanceof OutboundError) throw err;
        throw new OutboundError('dns', `The host ${hostname} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'lookup failed'}).`, err);
      });
    if (addresses.length === 0) throw new OutboundError('dns', `The host ${hostname} has no addresses.`);
    // Every answer must pass: a resolver may hand out a public and a private address in one reply.
    for (const a of addresses) this.assertAddress(a.address, hostname);
    const first = addresses[0];
    return { url, hostname, address: first.address, family: (first.family === 6 ? 6 : 4) };
  }

  /** One HTTP exchange with a checked, pinned target. */
  async request(raw: string, req: OutboundRequest): Promise<OutboundResponse> {
    const deadline = Date.now() + req.timeoutMs;
    let url = raw;
    let method = req.method ?? 'GET';
    let body = req.body;
    for (let hop = 0; ; hop++) {
      const target = await this.resolve(url, Math.max(1, deadline - Date.now()));
      const res = await this.exchange(target, { ...req, method, body }, deadline);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || hop >= (req.maxRedirects ?? 0) || !location) return res;
      url = new URL(location, target.url).toString();
      if (res.status !== 307 && res.status !== 308) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  private assertAddress(address: string, host: string): void {
    if (this.allowPrivate) return;
    const reason = this.blockedReason(address);
    if (!reason) return;
    const subject = host === address ? `The URL's address ${address}` : `The URL's host ${host} resolves to ${address}, which`;
    throw new OutboundError('refused', `${subject} is ${reason}. Folio only sends requests to public addresses.`);
  }

  private exchange(t: PinnedTarget, req: OutboundRequest, deadline: number): Promise<OutboundResponse> {
    const max = req.maxResponseBytes ?? 65_536;
    const isHttps = t.url.protocol === 'https:';
    // The connection goes to the address that was checked, never to a fresh DNS answer.
    const lookup = (_host: string, options: { all?: boolean }, cb: (...args: any[]) => void) =>
      options?.all ? cb(null, [{ address: t.address, family: t.family }]) : cb(null, t.address, t.family);
    const options: https.RequestOptions = {
      protocol: t.url.protocol,
      hostname: t.hostname,
      port: t.url.port || (isHttps ? 443 : 80),
      path: `${t.url.pathname}${t.url.search}`,
      method: req.method,
      headers: req.headers,
      agent: false,
      lookup: lookup as unknown as net.LookupFunction,
      ...(t.url.username ? { auth: `${decodeURIComponent(t.url.username)}:${decodeURIComponent(t.url.password)}` } : {}),
      ...(isHttps && !net.isIP(t.hostname) ? { servername: t.hostname } : {}),
    };
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const request = (isHttps ? https : http).request(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => settle(() => {
          const all = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all.subarray(0, max), truncated: size > max, url: t.url.toString(), address: t.address });
        });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > max) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        // A body cut short still carries the status that was answered.
        res.on('error', done);
        res.on('aborted', done);
      });
      const timer = setTimeout(() => {
        settle(() => reject(new OutboundError('timeout', `No complete answer within ${req.timeoutMs} ms.`)));
        request.destroy();
      }, Math.max(0, deadline - Date.now()));
      request.on('error', (err: NodeJS.ErrnoException) => settle(() => reject(new OutboundError('network', describeNetworkError(err), err))));
      request.end(req.body);
    });
  }
}

function describeNetworkError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED': return 'Connection refused.';
    case 'ECONNRESET': return 'The connection was reset.';
    case 'EHOSTUNREACH': case 'ENETUNREACH': return 'The host is unreachable.';
    case 'EPIPE': return 'The connection was closed while sending.';
    default: return err.code ? `Network error (${err.code}).` : `Network error: ${err.message}`;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(onTimeout()), ms); }),
  ]);
}
