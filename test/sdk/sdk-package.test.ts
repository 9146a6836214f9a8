// @folio/sdk as a consumer gets it: built with tsc, packed with `npm pack`, installed offline from the tarball
// into a fresh project, imported from ESM and type-checked, and run by Bun and Deno (test/helpers/runtimes.ts);
// and its built core run in a browser-like realm (node:vm with fetch and the web platform globals only: no
// process, no Buffer, no require).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { script, withRuns } from '../helpers/runs.ts';
import { scriptedAgents } from '../helpers/scripted-agent.ts';
import { ROOT } from '../helpers/processes.ts';
import { runtimeBinary } from '../helpers/runtimes.ts';

// Async for anything that talks to the app: a sync child would block the event loop the app answers on.
const run = promisify(execFile);
const SDK = path.join(ROOT, 'packages', 'sdk');
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');
let t: TestApp;
let secret: string;
let work: string;
let pkgDir: string;
/** The fresh project the packed tarball was installed into (by the npm pack test). */
let consumer: string | undefined;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { agents: scriptedAgents(), listen: true });
  secret = (await t.signup()).secret;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-pack-'));
  // Build a copy, so the test leaves nothing in the repository.
  pkgDir = path.join(work, 'sdk');
  fs.cpSync(SDK, pkgDir, { recursive: true, filter: (src) => !/[\\/](dist|node_modules)$/.test(src) });
  await run(TSC, ['-p', 'tsconfig.build.json'], { cwd: pkgDir });
  fs.copyFileSync(path.join(pkgDir, 'src', 'schema.d.ts'), path.join(pkgDir, 'dist', 'schema.d.ts'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the built core', () => {
  it('has no static node: import or require in any emitted module', () => {
    const files = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => f.endsWith('.js'));
    expect(files).toContain('index.js');
    const offending = files.filter((f) => {
      const code = fs.readFileSync(path.join(pkgDir, 'dist', f), 'utf8');
      return /^\s*import\s[^;]*?from\s*['"]node:/m.test(code) || /^\s*import\s*['"]node:/m.test(code) || /\brequire\s*\(/.test(code) || /\bBuffer\b/.test(code);
    });
    expect(offending).toEqual([]);
  });

  it('runs in a realm with only fetch and web globals: generate with progress, upload a Blob, list, download, verify a webhook', async () => {
    const bundle = await build({ entryPoints: [path.join(pkgDir, 'dist', 'index.js')], bundle: true, format: 'iife', globalName: 'FolioSDK', platform: 'browser', write: false, logLevel: 'silent' });
    const code = bundle.outputFiles[0].text;
    const sandbox: Record<string, unknown> = {
      fetch, URL, URLSearchParams, Headers, Request, Response, TextEncoder, TextDecoder, AbortController, AbortSignal,
      ReadableStream, crypto, Blob, FormData, setTimeout, clearTimeout, console, DOMException,
    };
    const context = vm.createContext(sandbox);
    vm.runInContext(code, context);
    expect(vm.runInContext('typeof process + typeof Buffer + typeof require', context)).toBe('undefinedundefinedundefined');

    const body = JSON.stringify({ event: 'run.completed', run_id: 'run_x' });
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', 'whsec_test').update(`${ts}.${body}`).digest('hex')}`;
    context.input = { baseUrl: t.url, apiKey: secret, prompt: script({ sleep_ms: 300, phases: ['planning', 'writing'] }), body, ts, signature };
    const result = await vm.runInContext(`(async () => {
      const { Folio, verifyWebhook, FolioError } = FolioSDK;
      const folio = new Folio({ apiKey: input.apiKey, baseUrl: input.baseUrl });
      const events = [];
      const run = await folio.word.generate({ prompt: input.prompt }, { onProgress: (e) => events.push(e.type) });
      const file = await folio.files.upload(new Blob(['hello'], { type: 'text/plain' }), { filename: 'hello.txt' });
      const runs = [];
      for await (const r of folio.runs.list({ limit: 1 })) runs.push(r.run_id);
      const bytes = await run.download();
      const event = await verifyWebhook(input.body, { 'X-Service-Signature': input.signature, 'X-Service-Timestamp': input.ts }, 'whsec_test');
      const refused = await verifyWebhook(input.body + ' ', { 'x-service-signature': input.signature, 'x-service-timestamp': input.ts }, 'whsec_test').catch((e) => e instanceof FolioError && e.code);
      const missing = await folio.runs.get('run_nope').catch((e) => e.name + ':' + e.status);
      return { status: run.status, runId: run.run_id, events, file: file.file_name, runs, size: bytes.length, isBytes: bytes instanceof Uint8Array, event: event.event, refused, missing };
    })()`, context);
    expect(result).toMatchObject({ status: 'completed', file: 'hello.txt', size: expect.any(Number), isBytes: true, event: 'run.completed', refused: 'invalid_signature', missing: 'NotFoundError:404' });
    expect(result.size).toBeGreaterThan(0);
    expect(result.runs).toEqual([result.runId]);
    expect(result.events.at(-1)).toBe('done');
    expect(result.events).toContain('progress');
  });
});

describe('npm pack', () => {
  it('gives a tarball that installs offline into a fresh project, imports from ESM and type-checks', async () => {
    const packed = (await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: pkgDir, encoding: 'utf8' })).stdout;
    const [info] = JSON.parse(packed);
    const names = info.files.map((f: { path: string }) => f.path);
    expect(names).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts', 'examples/generate-deck.mjs']));
    expect(names.filter((n: string) => n.startsWith('src/'))).toEqual([]);
    const tarball = path.join(work, info.filename);

    consumer = path.join(work, 'consumer');
    fs.mkdirSync(consumer);
    fs.writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: consumer });
    expect(fs.existsSync(path.join(consumer, 'node_modules', '@folio', 'sdk', 'dist', 'index.js'))).toBe(true);

    fs.writeFileSync(path.join(consumer, 'use.mjs'), `
      import { Folio, FolioError, NotFoundError, verifyWebhook, PageIterator } from '@folio/sdk';
      const folio = new Folio({ apiKey: process.argv[2], baseUrl: process.argv[3] });
      const credits = await folio.credits.get();
      const err = await folio.tasks.get('task_nope').catch((e) => e);
      console.log(JSON.stringify({ balance: credits.balance, notFound: err instanceof NotFoundError && err instanceof FolioError, fns: [typeof verifyWebhook, typeof PageIterator] }));
    `);
    const out = JSON.parse((await run(process.execPath, ['use.mjs', secret, t.url!], { cwd: consumer, encoding: 'utf8', timeout: 60_000 })).stdout);
    expect(out).toEqual({ balance: expect.any(Number), notFound: true, fns: ['function', 'function'] });

    fs.writeFileSync(path.join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] }, include: ['check.ts'] }));
    const check = `
      import { Folio, FolioError, type Run, type Task, type TaskEvent, type RunHandle, type operations } from '@folio/sdk';
      const folio = new Folio({ apiKey: 'sk_live_x', maxRetries: 3, timeoutMs: 1000 });
      async function main(): Promise<void> {
        const run: RunHandle = await folio.slides.generate({ prompt: 'x', template_id: 'tpl_1' }, { onProgress: (e: TaskEvent) => void e.type });
        const format: 'word' | 'excel' | 'slides' = run.format;
        const status: Run['status'] = run.status;
        const task: Task = await folio.tasks.get(run.task_id);
        const phase: string | null = task.phase;
        const id: operations['getRun']['parameters']['path']['run_id'] = run.run_id;
        for await (const r of folio.runs.list({ format: 'excel', limit: 10 })) void r.version;
        const same: Run = await folio.api.getRun({ path: { run_id: run.run_id } });
        const page = await folio.api.listRuns({ query: { limit: 5 } });
        void [format, status, phase, id, same, page.next_cursor];
      }
      // @ts-expect-error: prompt is required
      void folio.word.generate({});
      // @ts-expect-error: not a run format filter
      void folio.runs.list({ format: 'pdf' });
      // @ts-expect-error: getRun needs its run_id
      void folio.api.getRun();
      void main().catch((e: unknown) => { if (e instanceof FolioError) console.log(e.code, e.status, e.requestId, e.retryAfter); });
    `;
    fs.writeFileSync(path.join(consumer, 'check.ts'), check);
    const tsc = await run(TSC, ['-p', '.'], { cwd: consumer, encoding: 'utf8' }).then(() => '', (e) => String(e.stdout) + String(e.stderr));
    expect(tsc).toBe('');
    // The type check can fail: a wrong field type is reported.
    fs.writeFileSync(path.join(consumer, 'check.ts'), `import { Folio } from '@folio/sdk';\nconst n: number = (await new Folio().runs.get('r')).run_id;\nvoid n;\nexport {};\n`);
    const broken = await run(TSC, ['-p', '.'], { cwd: consumer, encoding: 'utf8' }).then(() => '', (e) => String(e.stdout));
    expect(broken).toMatch(/not assignable to type 'number'/);
  }, 180_000);

  it('the installed package runs on Bun and Deno: generate, download, list, a typed 404, verifyWebhook with WebCrypto', async () => {
    expect(consumer, 'the npm pack test installs the package first').toBeDefined();
    // Signed with WebCrypto inside the runtime; the runtime's own env API gives the key and URL.
    fs.writeFileSync(path.join(consumer!, 'runtimes.mjs'), `
      import { Folio, FolioError, NotFoundError, verifyWebhook } from '@folio/sdk';
      const env = (k) => (globalThis.Deno ? Deno.env.get(k) : process.env[k]);
      const folio = new Folio({ apiKey: env('FOLIO_API_KEY'), baseUrl: env('FOLIO_BASE_URL') });
      const events = [];
      const run = await folio.word.generate({ prompt: env('PROMPT') }, { onProgress: (e) => events.push(e.type) });
      const bytes = await run.download();
      const runs = [];
      for await (const r of folio.runs.list({ limit: 1 })) runs.push(r.run_id);
      const err = await folio.tasks.get('task_nope').catch((e) => e);
      const body = JSON.stringify({ event: 'run.completed' });
      const ts = String(Math.floor(Date.now() / 1000));
      const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('whsec_rt'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ts + '.' + body)));
      const signature = 'sha256=' + [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
      const event = await verifyWebhook(body, { 'X-Service-Signature': signature, 'X-Service-Timestamp': ts }, 'whsec_rt');
      const refused = await verifyWebhook(body + ' ', { 'X-Service-Signature': signature, 'X-Service-Timestamp': ts }, 'whsec_rt').catch((e) => e instanceof FolioError && e.code);
      console.log(JSON.stringify({
        runtime: globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node', status: run.status, size: bytes.length, listed: runs[0] === run.run_id,
        done: events.at(-1), notFound: err instanceof NotFoundError && err.status === 404, event: event.event, refused,
      }));
    `);
    const env = { ...process.env, FOLIO_API_KEY: secret, FOLIO_BASE_URL: t.url!, PROMPT: script({ sleep_ms: 200, phases: ['planning', 'writing'] }) };
    const commands: [string, string[]][] = [
      [await runtimeBinary('bun'), ['runtimes.mjs']],
      [await runtimeBinary('deno'), ['run', '--allow-net', '--allow-env', '--allow-read', 'runtimes.mjs']],
    ];
    for (const [bin, args] of commands) {
      const { stdout } = await run(bin, args, { cwd: consumer!, env, encoding: 'utf8', timeout: 120_000 });
      const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
      expect(out, stdout).toEqual({ runtime: path.basename(bin), status: 'completed', size: expect.any(Number), listed: true, done: 'done', notFound: true, event: 'run.completed', refused: 'invalid_signature' });
      expect(out.size).toBeGreaterThan(0);
    }
  }, 600_000);
});
