// Wire-level faults for dependency tests: a TCP proxy that can be cut (every connection dropped, new
// ones refused) and restored, and an HTTP front for an S3 server that can be switched to answer 503.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => {}); }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const listening = () => server.listening;
  return {
    port,
    async cut() {
      await new Promise<void>((r) => { server.close(() => r()); for (const s of sockets) s.destroy(); });
    },
    async restore() {
      if (!listening()) await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (listening()) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface FailingFront {
  endpoint: string;
  /** While true, every request is answered 503 ServiceUnavailable, as S3 does when it sheds load. */
  failing: boolean;
  requests: number;
  close(): Promise<void>;
}

export async function startFailingFront(target: string): Promise<FailingFront> {
  const t = new URL(target);
  const front: FailingFront = { endpoint: '', failing: false, requests: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    front.requests++;
    if (front.failing) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message><RequestId>fault</RequestId></Error>');
      return;
    }
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  front.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = async () => { server.closeAllConnections(); await new Promise<void>((r) => server.close(() => r())); };
  return front;
}
