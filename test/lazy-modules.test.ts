// `folio serve` starts without the document engines: the format libraries (exceljs, docx, pptxgenjs,
// mammoth, JSZip, pdf.js), the AI SDK and its providers, the builtin engine, the upload and image readers,
// the format adapters, the agent core, the ask engine and the editor views
// load when a request first needs them (src/infra/lazy.ts). A probe loaded with --import records every
// module the real process loads; the test reads the list after the first answer, then after a Word
// and an Excel generation, which must have loaded them (so the probe is seen to work). It fails when
// someone adds an eager import of any of them on the start path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { ROOT, runCli, startServer, type ServerProcess } from './helpers/processes.ts';
import { eventually } from './helpers/storage.ts';

// The AI SDK (with zod) and its provider packages load with the first model call (src/llm/ai-sdk.ts,
// ModelRegistry.model).
// The builtin engine's text rules (markdown-it, papaparse), the upload checks (file-type, yauzl), image
// sizes (image-size), the SVG sanitizer (@xmldom/xmldom) and WOPI discovery (fast-xml-parser) load with
// their first use too.
const HEAVY_PACKAGES = ['exceljs', 'docx', 'pptxgenjs', 'mammoth', 'jszip', 'pdfjs-dist', 'ai', 'zod', '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', '@ai-sdk/openai-compatible',
  'markdown-it', 'papaparse', 'file-type', 'yauzl', 'image-size', 'fast-xml-parser', '@xmldom/xmldom'];
// The packages of hundreds of small modules load from their bundles (scripts/build-vendor.ts, bin/vendor-hooks.js).
const VENDORED = ['typebox', 'kysely', 'pg-boss', 'jose'];
const HEAVY_SOURCES = [
  'src/documents/word/word.adapter.ts', 'src/documents/excel/excel.adapter.ts', 'src/documents/slides/slides.adapter.ts',
  'src/documents/agent/document-agent.ts', 'src/documents/agent/input-resolver.ts', 'src/documents/ask/ask-engine.ts',
  'src/editor/views/editor-jobs.ts', 'src/export/converters/xlsx-native.ts', 'src/export/converters/docx-native.ts',
  'src/llm/builtin/builtin-model.ts',
];

describe('folio serve loads the document engines lazily', () => {
  let dir: string;
  let server: ServerProcess | undefined;
  let drop = async () => {};
  const listFile = () => path.join(dir, 'modules.txt');

  /** The modules the server has loaded so far (the probe writes them on SIGUSR2). */
  async function loaded(): Promise<{ packages: Set<string>; sources: Set<string>; urls: string[] }> {
    fs.rmSync(listFile(), { force: true });
    server!.child.kill('SIGUSR2');
    // The probe renames the whole list into place, so once the file exists it is complete.
    await eventually(() => fs.existsSync(listFile()), 30_000, 'the module list');
    const urls = fs.readFileSync(listFile(), 'utf8').split('\n').filter(Boolean);
    const packages = new Set(urls.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((p): p is string => !!p));
    const sources = new Set(urls.filter((u) => u.startsWith('file:') && u.includes('/src/')).map((u) => path.relative(ROOT, new URL(u).pathname)));
    return { packages, sources, urls };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lazy-'));
    const env: Record<string, string> = { FOLIO_DATA_DIR: dir, FOLIO_PROBE_MODULES_FILE: path.join(dir, 'modules.txt'), FOLIO_RATE_LIMIT_FREE: '1000' };
    if (SERVICES.databaseUrl) {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
    if (SERVICES.redisUrl) Object.assign(env, { REDIS_URL: SERVICES.redisUrl, FOLIO_REDIS_PREFIX: `folio-lazy-${process.pid}-${Date.now()}:` });
    server = await startServer(env, { bootTimeoutMs: 240_000, nodeArgs: ['--import', path.join(ROOT, 'test', 'helpers', 'loaded-modules-probe.ts')] });
    (server as ServerProcess & { env?: Record<string, string> }).env = env;
  }, 260_000);

  afterAll(async () => {
    await server?.stop();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers its first request without them, and loads them with the first generation', async () => {
    const live = await fetch(`${server!.url}/api/v1/health/live`);
    expect(live.status).toBe(200);
    const atStart = await loaded();
    expect(atStart.packages.has('fastify')).toBe(true); // the probe sees packages at all
    expect(atStart.sources.has('src/app.ts')).toBe(true);
    expect(HEAVY_PACKAGES.filter((p) => atStart.packages.has(p))).toEqual([]);
    expect(HEAVY_SOURCES.filter((s) => atStart.sources.has(s))).toEqual([]);
    // Built by `npm ci` (the prepare script): each vendored package is loaded, and only from its bundle.
    expect(VENDORED.filter((p) => atStart.packages.has(p)), 'run `npm run build:vendor`').toEqual([]);
    expect(VENDORED.filter((p) => !atStart.urls.some((u) => u.includes(`/node_modules/.folio-vendor/${p}/index.mjs`)))).toEqual([]);

    const env = (server as ServerProcess & { env: Record<string, string> }).env;
    const token = (await runCli(['token', '--sub', 'lazy', '--email', 'lazy@example.com', '--server', server!.url], env)).stdout.trim();
    const signup = await fetch(`${server!.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Lazy' }) });
    expect(signup.ok, await signup.clone().text()).toBe(true);
    const { secret } = (await signup.json()) as { secret: string };
    for (const format of ['word', 'excel']) {
      const res = await fetch(`${server!.url}/api/v1/${format}/generate`, { method: 'POST', headers: { 'x-api-key': secret, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'A short note on the new office hours, with a table of the hours.' }) });
      expect(res.ok, await res.clone().text()).toBe(true);
    }
    const after = await loaded();
    expect(after.sources.has('src/documents/word/word.adapter.ts')).toBe(true);
    expect(after.sources.has('src/documents/excel/excel.adapter.ts')).toBe(true);
    expect(after.sources.has('src/documents/agent/document-agent.ts')).toBe(true);
    expect(after.packages.has('exceljs')).toBe(true);
    expect(after.packages.has('ai')).toBe(true); // the builtin engine's turns go through the AI SDK
    expect(after.sources.has('src/llm/builtin/builtin-model.ts')).toBe(true);
    expect(after.packages.has('markdown-it')).toBe(true);
  }, 180_000);
});
