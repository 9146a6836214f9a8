// Forwards one HTTP request to a server on 127.0.0.1 and streams its answer back: the pass-through half
// of the fault-injecting and signature-checking fronts put before s3rver (test/helpers/s3.ts, scripts/chaos).
import http from 'node:http';

export function forward(req: http.IncomingMessage, res: http.ServerResponse, upstreamPort: number): void {
  const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}
