// Limits for clients that send a request slowly or not at all. Headers get Node's own limit
// (`headersTimeout`, checked every `connectionsCheckingInterval`): past it Node answers 408 and closes.
// A body has no total limit (a 500 MiB upload may take minutes) but may not stall: a request whose body
// has not received a byte for FOLIO_BODY_TIMEOUT_MS is answered 408 `request_timeout` and its connection
// closed, so a client that declares 100 bytes and sends 10 cannot hold a socket. Progress is read from
// the socket's byte counter on a shared timer, without touching the request stream.
//
// The watched requests are an intrusive doubly linked list; a request leaves it when its response
// closes, and its links are cleared. Two earlier forms cost the whole server. Held until the next
// sweep, a second of answered requests was promoted to the old generation. In a Set, one add and one
// delete per request kept about a fifth of the young generation alive at every scavenge: 19-23%
// survival with the Set, 1-7% with this list, and scavenges under /llm/invoke of 8 ms against 4 ms.
// A list node refers only to its own request and, while listed, to its neighbours
// (docs/architecture/llm-gateway-performance.md).
import type http from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

interface Watched {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  bytes: number;
  since: number;
  prev: Watched | null;
  next: Watched | null;
  listed: boolean;
}

export interface SlowClientLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

export class StalledBodyGuard {
  private readonly limits: SlowClientLimits;
  private readonly log: () => FastifyBaseLogger;
  private head: Watched | null = null;
  private tail: Watched | null = null;
  private count = 0;
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
    const watched: Watched = { req, res, bytes: req.socket.bytesRead, since: Date.now(), prev: this.tail, next: null, listed: true };
    if (this.tail) this.tail.next = watched;
    else this.head = watched;
    this.tail = watched;
    this.count++;
    res.once('close', () => this.unlist(watched));
    this.timer ??= setInterval(() => this.sweep(), checkInterval(this.limits.bodyTimeoutMs));
    this.timer.unref();
  }

  private unlist(w: Watched): void {
    if (!w.listed) return;
    w.listed = false;
    if (w.prev) w.prev.next = w.next;
    else this.head = w.next;
    if (w.next) w.next.prev = w.prev;
    else this.tail = w.prev;
    w.prev = w.next = null;
    this.count--;
  }

  private sweep(): void {
    const now = Date.now();
    for (let w = this.head; w; ) {
      const next = w.next;
      if (w.req.complete || w.req.socket.destroyed || w.res.writableEnded) this.unlist(w);
      else if (w.req.socket.bytesRead !== w.bytes) { w.bytes = w.req.socket.bytesRead; w.since = now; }
      else if (now - w.since >= this.limits.bodyTimeoutMs) { this.unlist(w); this.timeOut(w); }
      w = next;
    }
    if (!this.count && this.timer) { clearInterval(this.timer); this.timer = null; }
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
    while (this.head) this.unlist(this.head);
  }
}

function checkInterval(timeoutMs: number): number {
  return Math.max(25, Math.min(1000, Math.floor(timeoutMs / 10)));
}
