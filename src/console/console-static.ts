// Serves the built web console (web/console/dist, made by `npm run build:console`) at /console: hashed
// assets cached for a year, index.html (never cached) for every client route, and a page that says how
// to build it when it was not built.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CONSOLE_DIST = path.resolve(import.meta.dirname, '..', '..', 'web', 'console', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2', '.map': 'application/json',
};

// Scripts and styles from the console itself only; pictures also from the blob store's links (S3 presigned
// URLs are on another origin).
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Folio console not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}</style></head>
<body><main><h1>The console has not been built</h1><p>This server has no built console in <code>web/console/dist</code>. Build it with <code>npm run build:console</code> (it runs by itself at <code>npm ci</code>), then reload this page.</p><p>The API is unaffected: <a href="/api/v1/docs">API reference</a>.</p></main></body></html>`;

function sendFile(reply: FastifyReply, file: string, immutable: boolean) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  return reply
    .header('Content-Type', type)
    .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', CSP)
    .header('Referrer-Policy', 'same-origin')
    .send(fs.createReadStream(file));
}

export async function consoleStaticRoutes(app: FastifyInstance, dist = CONSOLE_DIST): Promise<void> {
  const index = path.join(dist, 'index.html');
  const serve = async (rel: string, reply: FastifyReply) => {
    if (!fs.existsSync(index)) return reply.code(503).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(NOT_BUILT);
    const file = path.resolve(dist, rel);
    if (rel && file.startsWith(dist + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return sendFile(reply, file, rel.startsWith('assets/'));
    }
    // A missing asset is a 404; any other path is a client route of the single-page app.
    if (rel.startsWith('assets/') || path.extname(rel)) return reply.code(404).header('Content-Type', 'text/plain; charset=utf-8').send('Not found');
    return sendFile(reply, index, false);
  };
  app.get('/console', { schema: { hide: true } }, (_request, reply) => serve('', reply));
  app.get('/console/*', { schema: { hide: true } }, (request, reply) => serve(decodeURIComponent((request.params as { '*': string })['*'] ?? ''), reply));
}
