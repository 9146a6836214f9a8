// The scripts in examples/ run as a reader would run them, against one real app listening on a port:
// curl.sh (bash, curl, jq), sdk-generate.ts (the TypeScript SDK) and the two webhook receivers, Node and
// Python (python3), which must accept Folio's real signed deliveries (a ping and a run.completed) and
// reject a forged one.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort } from './helpers/processes.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let key: string;
let work: string;
const receivers: { name: string; child: ChildProcess; out: () => string; port: number; webhookId: string }[] = [];

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd: work, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 170_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }));
  });
}

async function waitFor(out: () => string, pattern: RegExp, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(out())) {
    if (Date.now() > deadline) throw new Error(`${what}: no ${pattern} in:\n${out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Subscribes a receiver's URL, then starts the receiver with the subscription's secret. */
async function startReceiver(name: string, cmd: string, script: string): Promise<void> {
  const port = await freePort();
  const created = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { 'x-api-key': key }, payload: { url: `http://127.0.0.1:${port}/folio`, events: ['run.completed', 'run.failed'] } });
  expect(created.statusCode, created.body).toBe(201);
  const { webhook_id, secret } = created.json();
  const child = spawn(cmd, [path.join(ROOT, 'examples', script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FOLIO_WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  receivers.push({ name, child, out: () => out, port, webhookId: webhook_id });
  await waitFor(() => out, /listening on/, `${name} receiver`);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-examples-'));
  t = await startTestApp({}, { listen: true, env: { FOLIO_ALLOW_PRIVATE_URLS: 'true' } });
  key = (await t.signup('examples', { tier: 'pro' })).secret;
  await startReceiver('node', process.execPath, 'webhook-receiver.ts');
  await startReceiver('python', 'python3', 'webhook_receiver.py');
}, 120_000);

afterAll(async () => {
  for (const r of receivers) r.child.kill('SIGTERM');
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('examples/', () => {
  it('webhook receivers in Node and Python verify a real signed ping and reject a forged one', async () => {
    for (const r of receivers) {
      const res = await t.inject({ method: 'POST', url: `/api/v1/webhooks/${r.webhookId}/test`, headers: { 'x-api-key': key } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().attempts.at(-1).status_code, `${r.name}: ${r.out()}`).toBe(204);
      await waitFor(r.out, new RegExp(`verified ping ${r.webhookId}`), r.name);

      const body = JSON.stringify({ event: 'ping', webhook_id: r.webhookId, occurred_at_ms: Date.now() });
      const forged = await fetch(`http://127.0.0.1:${r.port}/folio`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-timestamp': String(Math.floor(Date.now() / 1000)), 'x-service-signature': `sha256=${'0'.repeat(64)}` },
        body,
      });
      expect(forged.status, r.name).toBe(400);
      await waitFor(r.out, /rejected/, r.name);
    }
    expect(receivers.find((r) => r.name === 'node')!.out()).toMatch(/node:crypto check: ok/);
  });

  it('curl.sh makes a workbook asynchronously, downloads it and exports CSV; both receivers verify its run.completed', async () => {
    const res = await run('bash', [path.join(ROOT, 'examples', 'curl.sh')], { FOLIO_API_KEY: key, FOLIO_BASE_URL: t.url! });
    expect(res.code, `${res.stderr}\n${res.stdout}`).toBe(0);
    const runId = /run (run_[0-9A-Z]+): saved/.exec(res.stdout)?.[1];
    expect(runId, res.stdout).toBeTruthy();
    expect(fs.readFileSync(path.join(work, 'revenue.xlsx')).subarray(0, 2).toString()).toBe('PK');
    const csv = fs.readFileSync(path.join(work, 'revenue.csv'), 'utf8');
    expect(csv).toMatch(/North/);
    expect(csv).toMatch(/134/);
    for (const r of receivers) await waitFor(r.out, new RegExp(`verified run\\.completed ${runId}`), r.name);
  });

  it('sdk-generate.ts makes a deck through the SDK, saves it and asks about it', async () => {
    const res = await run(process.execPath, [path.join(ROOT, 'examples', 'sdk-generate.ts')], { FOLIO_API_KEY: key, FOLIO_BASE_URL: t.url! });
    expect(res.code, `${res.stderr}\n${res.stdout}`).toBe(0);
    expect(res.stdout).toMatch(/^run run_[0-9A-Z]+: /m);
    expect(res.stdout).toMatch(/^saved .*hiring\.pptx$/m);
    expect(res.stdout).toMatch(/^asked: .*\b\d+ slides?\b/im);
    expect(fs.readFileSync(path.join(work, 'hiring.pptx')).subarray(0, 2).toString()).toBe('PK');
  });
});
