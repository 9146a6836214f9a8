// A Server-Sent Events client over a real socket (node:http), for the progress stream tests: parses
// `id:` / `event:` / `data:` frames as they arrive, and can leave mid-stream.
import http from 'node:http';

export interface SseEvent {
  id: string | undefined;
  type: string;
  data: any;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Raw error body when the status is not 200. */
  body: string;
  /** Resolves when the server ends the stream (or the client leaves). */
  ended: Promise<void>;
  /** Resolves with the first event that satisfies `match` (already received ones included). */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Leaves: destroys the socket without waiting for the server. */
  close(): void;
}

/** Agent without a socket cap, so hundreds of streams can be open to one server at once. */
export const unlimitedAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: unlimitedAgent }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let body = '';
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => { endResolve = r; });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) { body += chunk; return; }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { id: undefined, type: 'message', data: '' };
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') e.id = value;
            else if (field === 'event') e.type = value;
            else if (field === 'data') data.push(value);
          }
          e.data = JSON.parse(data.join('\n'));
          events.push(e);
        }
        for (const w of [...waiters]) w();
      });
      const finish = () => { endResolve(); for (const w of [...waiters]) w(); };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      let done = false;
      res.on('close', () => { done = true; });
      const stream: SseStream = {
        status: res.statusCode!,
        headers: res.headers,
        events,
        get body() { return body; },
        ended,
        next(match, timeoutMs = 20_000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (hit) { cleanup(); ok(hit); } else if (done) { cleanup(); fail(new Error(`stream ended without the event; got ${JSON.stringify(events.map((x) => x.type))}`)); }
            };
            const timer = setTimeout(() => { cleanup(); fail(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events.map((x) => [x.type, x.data?.phase ?? x.data?.message]))}`)); }, timeoutMs);
            const cleanup = () => { clearTimeout(timer); waiters.delete(check); };
            waiters.add(check);
            check();
          });
        },
        close() { req.destroy(); res.destroy(); },
      };
      resolve(stream);
    });
    req.on('error', reject);
  });
}
