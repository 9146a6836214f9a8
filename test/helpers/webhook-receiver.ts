// A real HTTP receiver on loopback for webhook tests: records every request (raw bytes, headers,
// arrival time) and answers as the test scripts it (status, body, delay, redirect).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received (what a signature is computed over). */
  raw: Buffer;
  body: any;
  at: number;
}

export interface Answer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

/** Decides the answer to the n-th request (0-based) this receiver got. */
export type Responder = (req: ReceivedRequest, n: number) => Answer;

export interface WebhookReceiver {
  /** Base URL, e.g. http://127.0.0.1:40123 (append any path). */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted, HTTP or not (an SSRF test expects none at all). */
  connections(): number;
  respond(responder: Responder): void;
  /** Requests whose path starts with `path`. */
  on(path: string): ReceivedRequest[];
  /** Resolves once `predicate` holds over the requests received so far. */
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(responder: Responder = () => ({ status: 200, body: 'ok' })): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let current = responder;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown = null;
      try { body = JSON.parse(raw.toString('utf8')); } catch { /* not JSON */ }
      const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body, at: Date.now() };
      const answer = current(received, requests.length);
      requests.push(received);
      for (const wake of waiters) wake();
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  let connections = 0;
  server.on('connection', () => { connections++; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    respond(next) { current = next; },
    on: (path) => requests.filter((r) => r.path.startsWith(path)),
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(requests)) return;
          cleanup();
          resolve(requests);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`webhook receiver: condition not met within ${timeoutMs} ms; got ${requests.length} requests: ${requests.map((r) => `${r.path} ${r.headers['x-service-event']}`).join(', ')}`));
        }, timeoutMs);
        const cleanup = () => { clearTimeout(timer); waiters.delete(check); };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
