// A loopback HTTP server in front of the real app, scripted per request: forward, answer itself (e.g. 503 with
// Retry-After), reset the connection before or after forwarding, or handle the request in the test (a stream).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Action =
  | { kind: 'forward' }
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body?: string }
  /** Destroy the connection without an answer (the request never reaches the app). */
  | { kind: 'reset' }
  /** Forward, wait for the app's whole answer, then destroy the connection: the app did the work, the client saw nothing. */
  | { kind: 'forward-then-reset' }
  | { kind: 'custom'; handle: (req: ProxiedRequest, res: http.ServerResponse) => void | Promise<void> };

export type Rule = (req: ProxiedRequest, n: number) => Action;

export interface FrontProxy {
  url: string;
  requests: ProxiedRequest[];
  rule(rule: Rule): void;
  /** Sends a request to the app behind (for custom handlers), returning status and body. */
  upstream(method: string, path: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** `port`: listen there (a test that needs a port that refused connections until now); default: any free port. */
export async function startFrontProxy(target: string, initial: Rule = () => ({ kind: 'forward' }), port = 0): Promise<FrontProxy> {
  const requests: ProxiedRequest[] = [];
  const targetUrl = new URL(target);
  let rule = initial;

  const forward = (req: ProxiedRequest, onDone: (status: number, headers: http.IncomingHttpHeaders, body: Buffer) => void) => {
    const headers = { ...req.headers, host: targetUrl.host };
    const up = http.request({ host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.path, headers }, (upRes) => {
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('end', () => onDone(upRes.statusCode ?? 502, upRes.headers, Buffer.concat(chunks)));
    });
    up.on('error', () => onDone(502, {}, Buffer.from('proxy: upstream failed')));
    up.end(req.body);
  };

  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const req: ProxiedRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers, body: Buffer.concat(chunks) };
      const n = requests.push(req) - 1;
      const action = rule(req, n);
      switch (action.kind) {
        case 'answer':
          res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
          res.end(action.body ?? '');
          return;
        case 'reset':
          incoming.socket.destroy();
          return;
        case 'custom':
          void Promise.resolve(action.handle(req, res)).catch(() => incoming.socket.destroy());
          return;
        default:
          forward(req, (status, headers, body) => {
            if (action.kind === 'forward-then-reset') { incoming.socket.destroy(); return; }
            const out = { ...headers };
            delete out['transfer-encoding'];
            delete out.connection;
            res.writeHead(status, { ...out, 'content-length': String(body.length) });
            res.end(body);
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    rule: (r) => { rule = r; },
    upstream: (method, path, headers = {}) => new Promise((resolve) => {
      forward({ method, path, headers, body: Buffer.alloc(0) }, (status, _h, body) => resolve({ status, body: body.toString('utf8') }));
    }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * A `GET /tasks/{id}/events` stream in the shared contract's format, made by polling the app's GET /tasks/{id}:
 * `progress` on each change, a `step` per phase, then `done` with the task. Event ids count per task across
 * connections, so Last-Event-ID resumes; `dropAfter` ends the first connection after that many events.
 */
export function contractEventStream(proxy: FrontProxy, opts: { dropAfter?: number } = {}) {
  const counters = new Map<string, number>();
  const lastEventIds: (string | undefined)[] = [];
  let connections = 0;
  const handle = async (req: ProxiedRequest, res: http.ServerResponse) => {
    const taskId = decodeURIComponent(req.path.split('/')[4]);
    const connection = connections++;
    lastEventIds.push(req.headers['last-event-id'] as string | undefined);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': connected\n\n');
    let sent = 0;
    let last = '';
    const send = (event: string, data: unknown) => {
      const id = (counters.get(taskId) ?? 0) + 1;
      counters.set(taskId, id);
      res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      sent++;
    };
    for (;;) {
      const { status, body } = await proxy.upstream('GET', `/api/v1/tasks/${taskId}`, { authorization: req.headers.authorization as string });
      if (status !== 200) { res.end(); return; }
      const task = JSON.parse(body);
      const key = `${task.status}|${task.phase}`;
      if (key !== last) {
        last = key;
        send('progress', { task_id: taskId, status: task.status, phase: task.phase, progress: ['completed', 'failed'].includes(task.status) ? 100 : 10 });
        if (task.phase) send('step', { task_id: taskId, message: `Phase ${task.phase}`, tool: 'phase', at: new Date().toISOString() });
      }
      if (connection === 0 && opts.dropAfter !== undefined && sent >= opts.dropAfter) {
        await new Promise((r) => setTimeout(r, 100)); // let the events written so far reach the client
        res.socket?.destroy();
        return;
      }
      if (!['queued', 'running'].includes(task.status)) {
        send('done', task);
        res.end();
        return;
      }
      res.write(`event: heartbeat\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`);
      await new Promise((r) => setTimeout(r, 40));
    }
  };
  return { handle, lastEventIds, connections: () => connections };
}
