// Project analysis throughput: 20 files of about 20 pages each (half Word, half PDF, generated here)
// uploaded to one project through the real app, timed from the first upload until the analysis status
// reports progress 100 (index, facts and reconcile jobs on the in-process workers). Baseline, measured
// in the same run on the same bytes: the raw text extraction alone (mammoth's extractRawText for Word,
// pdf.js text content for PDF), one file after the other. Prints files per minute for both and the
// ratio (pipeline time / extraction time): what indexing structure, extracting facts, the database,
// the queue and the cross-file reconciliation cost on top of reading the text.
//
//   node bench/pipeline.bench.ts [--files 20] [--pages 20] [--runs 3] [--reconcile-delay-ms 1000] [--with-services]
// --with-services: PostgreSQL and Redis (DATABASE_URL, REDIS_URL, defaults as in npm run test:services).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mammoth from 'mammoth';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { openLocalIssuer } from '../src/identity/local-issuer.ts';
import { fileUpload } from '../test/helpers/multipart.ts';
import { longDocx, longPdf } from '../test/helpers/project-fixtures.ts';

const { values: args } = parseArgs({ strict: false, options: { files: { type: 'string', default: '20' }, pages: { type: 'string', default: '20' }, runs: { type: 'string', default: '3' }, 'reconcile-delay-ms': { type: 'string' }, 'with-services': { type: 'boolean', default: false } } });
const FILES = Number(args.files);
const PAGES = Number(args.pages);
const RUNS = Number(args.runs);
const services = Boolean(args['with-services']);

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const perMinute = (files: number, ms: number) => (files / ms) * 60_000;

const files = await Promise.all(Array.from({ length: FILES }, async (_, i) => (i % 2 === 0
  ? { name: `division-${i}.docx`, bytes: await longDocx(i, PAGES) }
  : { name: `division-${i}.pdf`, bytes: longPdf(i, PAGES) })));

async function extractRaw(): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const t0 = performance.now();
  let chars = 0;
  for (const f of files) {
    if (f.name.endsWith('.docx')) chars += (await mammoth.extractRawText({ buffer: f.bytes })).value.length;
    else {
      const pdf = await pdfjs.getDocument({ data: new Uint8Array(f.bytes), disableFontFace: true, verbosity: 0 }).promise;
      for (let p = 1; p <= pdf.numPages; p++) chars += (await (await pdf.getPage(p)).getTextContent()).items.length;
      await pdf.destroy();
    }
  }
  if (!chars) throw new Error('no text extracted');
  return performance.now() - t0;
}

async function database(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (!services) return { url: null, drop: async () => {} };
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `folio_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pipeline-bench-'));
const db = await database();
const config = loadConfig({
  NODE_ENV: 'test', LOG_LEVEL: 'silent', FOLIO_DATA_DIR: dataDir, FOLIO_RATE_LIMIT_FREE: '100000', FOLIO_UPLOAD_LIMIT_FREE: String(200 * 1024 * 1024),
  ...(args['reconcile-delay-ms'] !== undefined ? { FOLIO_PROJECT_RECONCILE_DELAY_MS: String(args['reconcile-delay-ms']) } : {}),
  ...(db.url ? { DATABASE_URL: db.url, REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', FOLIO_REDIS_PREFIX: `folio-bench-${process.pid}:` } : {}),
});
const app = await buildApp(config);

try {
  const issuer = await openLocalIssuer(dataDir);
  const token = await issuer.mint({ sub: 'bench', email: 'bench@example.com', ttlSeconds: 3600 });
  const key = { 'x-api-key': (await app.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${token}` }, payload: { org_name: 'Bench' } })).json().secret as string };

  const pipelineOnce = async (): Promise<{ ms: number; uploadMs: number; insights: number; facts: number }> => {
    const project = (await app.inject({ method: 'POST', url: '/api/v1/projects', headers: key, payload: { name: 'Bench' } })).json();
    const t0 = performance.now();
    for (const f of files) {
      const { payload, headers } = fileUpload(f.name, f.bytes);
      const res = await app.inject({ method: 'POST', url: `/api/v1/projects/${project.project_id}/files`, headers: { ...headers, ...key }, payload });
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
    }
    const uploadMs = performance.now() - t0;
    for (;;) {
      const status = (await app.inject({ method: 'GET', url: `/api/v1/projects/${project.project_id}/analysis/status`, headers: key })).json();
      if (status.progress === 100) {
        if (status.counts.failed) throw new Error(`files failed: ${JSON.stringify(status.files.filter((f: any) => f.error))}`);
        const list = (await app.inject({ method: 'GET', url: `/api/v1/projects/${project.project_id}/files?limit=100`, headers: key })).json();
        return { ms: performance.now() - t0, uploadMs, insights: status.counts.insights, facts: list.items.reduce((n: number, f: any) => n + (f.facts_count ?? 0), 0) };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // Warm-up (module loading, pdf.js, the job queue's first jobs), not measured.
  await extractRaw();
  const size = files.reduce((n, f) => n + f.bytes.length, 0);
  console.log(`machine: ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${services ? 'PostgreSQL + Redis' : 'PGlite'}; pipeline concurrency ${config.projects.pipelineConcurrency}, reconcile delay ${config.projects.reconcileDelayMs} ms`);
  console.log(`${FILES} files (${FILES / 2} Word, ${FILES / 2} PDF) of ${PAGES} pages, ${(size / 1024 / 1024).toFixed(1)} MiB; ${RUNS} runs, interleaved\n`);
  const raw: number[] = [];
  const full: number[] = [];
  let last = { insights: 0, facts: 0, uploadMs: 0 };
  for (let r = 0; r < RUNS; r++) {
    raw.push(await extractRaw());
    const run = await pipelineOnce();
    full.push(run.ms);
    last = run;
  }
  const [rawMs, fullMs] = [median(raw), median(full)];
  console.log(`baseline: raw text extraction   ${rawMs.toFixed(0).padStart(7)} ms   ${perMinute(FILES, rawMs).toFixed(0).padStart(6)} files/min`);
  console.log(`pipeline: upload to progress 100 ${fullMs.toFixed(0).padStart(6)} ms   ${perMinute(FILES, fullMs).toFixed(0).padStart(6)} files/min   (${last.facts} facts, ${last.insights} insights; the 20 uploads took ${last.uploadMs.toFixed(0)} ms of it, analysis running meanwhile)`);
  console.log(`ratio (pipeline / baseline): ${(fullMs / rawMs).toFixed(2)}x`);
} finally {
  await app.close();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
