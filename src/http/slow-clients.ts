// Limits for clients that send a request slowly or not at all. Headers get Node's own limit
// (`headersTimeout`, checked every `connectionsCheckingInterval`): past it Node answers 408 and closes.
// A body has no total limit (a 500 MiB upload may take minutes) but may not stall: a request whose body
// has not received a byte for FOLIO_BODY_TIMEOUT_MS is answered 408 `request_timeout` and its connection
// closed, so a client that declares 100 bytes and sends 10 cannot hold a socket. Progress is read from
// the socket's byte counter on a shared timer, without touching the request stream. A request leaves the
// watch when its response closes: held until the next sweep instead, every request of the last second
// (thousands at an LLM gateway's rate) outlived two scavenges, was promoted to the old generation, and
// made each scavenge cost 8 ms instead of 1 (docs/architecture/llm-gateway-performance.md).
import type http from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

interface Watched {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  bytes: number;
  since: number;
}

export interface SlowClientLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export class StalledBodyGuard {
  private readonly limits: SlowClientLimits;
  private readonly log: () => FastifyBaseLogger;
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(limits: SlowClientLimits, log: () => FastifyBaseLogger) {
    this.limits = limits;
    this.log = log;
  }

  /** Wraps a server factory: header limit on the server, body watch on each request with a body. */
  serverFactory(inner: NonNullable<FastifyServerOptions['serverFactory']>): NonNullable<FastifyServerOptions['serverFactory']> {
    return (handler, options) => {
      const interval = checkInterval(this.limits.headersTimeoutMs);
      const withInterval = { ...options, http: { ...(options as { http?: http.ServerOptions }).http, connectionsCheckingInterval: interval } };
      const server = inner(handler, withInterval as typeof options) as http.Server;
      server.headersTimeout = this.limits.headersTimeoutMs;
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => this.watch(req, res));
      server.on('close', () => this.stop());
      return server;
    };
  }

  private watch(req: http.IncomingMessage, res: http.ServerResponse): void {
    const length = req.headers['content-length'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody || req.complete) return;
    const watched: Watched = { req, res, bytes: req.socket.bytesRead, since: Date.now() };
    this.watched.add(watched);
    res.once('close', () => this.watched.delete(watched));
    this.timer ??= setInterval(() => this.sweep(), checkInterval(this.limits.bodyTimeoutMs));
    this.timer.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const w of this.watched) {
      if (w.req.complete || w.req.socket.destroyed || w.res.writableEnded) { this.watched.delete(w); continue; }
      const bytes = w.req.socket.bytesRead;
      if (bytes !== w.bytes) { w.bytes = bytes; w.since = now; continue; }
      if (now - w.since < this.limits.bodyTimeoutMs) continue;
      this.watched.delete(w);
      this.timeOut(w);
    }
    if (!this.watched.size && this.timer) { clearInterval(this.timer); this.timer = null; }
  }

  private timeOut({ req, res }: Watched): void {
    const seconds = this.limits.bodyTimeoutMs / 1000;
    this.log().warn({ method: req.method, path: req.url?.split('?')[0], received_bytes: req.socket.bytesRead, content_length: req.headers['content-length'] ?? null }, 'request body stalled; answered 408 and closed the connection');
    if (!res.headersSent) {
      const body = JSON.stringify({ success: false, error: 'request_timeout', message: `The request body stopped arriving: no data for ${seconds} s (FOLIO_BODY_TIMEOUT_MS). Send the whole body that Content-Length declares.` });
      res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
      res.end(body, () => req.socket.destroy());
      setTimeout(() => req.socket.destroy(), 1000).unref();
    } else {
      req.socket.destroy();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watched.clear();
  }
}

function checkInterval(timeoutMs: number): number {
  return Math.max(25, Math.min(1000, Math.floor(timeoutMs / 10)));
}
