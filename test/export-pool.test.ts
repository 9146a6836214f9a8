// The LibreOffice pool under stress, through the HTTP API: a full queue (503 with Retry-After), recycling
// after N conversions, kill -9 of an instance mid-conversion, a hung instance (timeout, 502), corrupt
// documents (422, pool healthy), and no soffice process left once the app is closed.
// One instance, a queue of one and a short timeout make each situation reachable on purpose.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { officeAgents, makeDocx } from './helpers/office-fixtures.ts';
import { exportRun, fetchBytes, officeRun, pdfText, sofficeProcessesOf } from './helpers/export.ts';
import { eventually } from './helpers/storage.ts';

const TIMEOUT_MS = 5000;
let t: TestApp;
let org: { secret: string };
beforeAll(async () => {
  t = await startTestApp({}, {
    agents: officeAgents(),
    env: { FOLIO_EXPORT_POOL_SIZE: '1', FOLIO_EXPORT_QUEUE_LIMIT: '1', FOLIO_EXPORT_TIMEOUT_MS: String(TIMEOUT_MS), FOLIO_EXPORT_MAX_CONVERSIONS: '3' },
  });
  org = await t.signup();
});
afterAll(async () => {
  if (!t) return;
  await t.close();
  expect(sofficeProcessesOf(t)).toEqual([]);
});

const pool = () => t.app.ctx.export.pool;
const instance = () => pool().stats().instances[0];
/** The pids of the running instance once it is up (oosplash, soffice.bin). */
async function livePids(): Promise<number[]> {
  void pool().start();
  await eventually(() => instance()?.alive === true && instance().pids.length === 2 && !instance().busy, 30_000, 'a live idle instance');
  return instance().pids;
}

/** The process has ended (a zombie waiting for its parent to reap it counts as ended). */
function gone(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

async function pdfOf(runId: string, title: string) {
  const res = await exportRun(t, org.secret, runId, { format: 'pdf' });
  expect(res.statusCode, res.body).toBe(200);
  expect(pdfText((await fetchBytes(t, res.json().download_url)).body)).toContain(title);
}

describe('LibreOffice pool', () => {
  it('answers 503 with Retry-After when every instance is busy and the queue is full', async () => {
    // The pool is lazy: while its only instance starts, one conversion waits and the rest are refused.
    expect(pool().stats().started).toBe(false);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => officeRun(t, org.secret, 'word', { title: `Queued ${i}` })));
    const results = await Promise.all(runs.map((runId) => exportRun(t, org.secret, runId, { format: 'pdf' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 503, 503, 503]);
    for (const res of results.filter((r) => r.statusCode === 503)) {
      expect(res.json()).toMatchObject({ success: false, error: 'service_unavailable', message: expect.stringContaining('busy') });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Once free, the refused ones go through.
    for (const [i, res] of results.entries()) if (res.statusCode === 503) await pdfOf(runs[i], `Queued ${i}`);
  });

  it('replaces an instance after FOLIO_EXPORT_MAX_CONVERSIONS conversions', async () => {
    const before = await livePids();
    const conversionsLeft = 3 - instance().conversions;
    for (let i = 0; i < conversionsLeft; i++) await pdfOf(await officeRun(t, org.secret, 'word', { title: `Recycle ${i}` }), `Recycle ${i}`);
    const after = await livePids();
    expect(after[0]).not.toBe(before[0]);
    expect(instance().conversions).toBe(0);
    await eventually(() => before.every(gone), 10_000, 'the old processes to end');
  });

  it('survives kill -9 of soffice in the middle of a conversion: it completes on a fresh instance or fails with 502, and the next succeeds', async () => {
    const before = await livePids();
    const { crashRetries, restarts } = pool().stats();
    // A long document keeps LibreOffice busy long enough to be killed mid-conversion.
    const runId = await officeRun(t, org.secret, 'word', { title: 'Killed midway', pages: 300 });
    const pending = exportRun(t, org.secret, runId, { format: 'pdf' });
    await eventually(() => instance()?.busy === true, 10_000, 'the conversion to start');
    process.kill(before[1], 'SIGKILL'); // soffice.bin
    const res = await pending;
    if (res.statusCode === 200) {
      expect(pool().stats().crashRetries).toBe(crashRetries + 1);
      expect(pdfText((await fetchBytes(t, res.json().download_url)).body)).toContain('Killed midway');
    } else {
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().error).toBe('upstream_error');
    }
    const after = await livePids();
    expect(pool().stats().restarts).toBeGreaterThan(restarts);
    expect(after[0]).not.toBe(before[0]);
    await pdfOf(await officeRun(t, org.secret, 'word', { title: 'After the kill' }), 'After the kill');
  });

  it('kills a hung instance at the conversion timeout (502 upstream_error) and serves the next request on a fresh one', async () => {
    const before = await livePids();
    const runId = await officeRun(t, org.secret, 'word', { title: 'Hung' });
    // SIGSTOP freezes soffice.bin: from Folio's side the conversion simply never ends.
    process.kill(before[1], 'SIGSTOP');
    const started = Date.now();
    const res = await exportRun(t, org.secret, runId, { format: 'pdf' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'upstream_error', message: expect.stringContaining(`within ${TIMEOUT_MS / 1000} s`) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    const after = await livePids();
    expect(after[0]).not.toBe(before[0]);
    await eventually(() => before.every(gone), 10_000, 'the old processes to end');
    await pdfOf(runId, 'Hung');
  });

  it('answers 422 for corrupt documents and stays healthy', async () => {
    const before = await livePids();
    const { crashRetries } = pool().stats();
    const good = await makeDocx({ title: 'Fine' });
    const broken = [
      Buffer.from('PK\u0003\u0004 this is not really a zip archive at all'),
      good.subarray(0, Math.floor(good.length / 2)), // truncated
      Buffer.from('%PDF-1.4 not a word document'),
    ];
    for (const bytes of broken) {
      const runId = await officeRun(t, org.secret, 'word', { raw: bytes.toString('base64') });
      for (const format of ['pdf', 'txt']) {
        const res = await exportRun(t, org.secret, runId, { format });
        expect([422, 502], `${format}: ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 422) expect(res.json().detail[0]).toMatchObject({ loc: ['path', 'run_id'], type: 'document_unreadable' });
      }
    }
    const excel = await officeRun(t, org.secret, 'excel', { raw: Buffer.from('PK\u0003\u0004garbage').toString('base64') });
    expect((await exportRun(t, org.secret, excel, { format: 'csv' })).statusCode).toBe(422);
    // No document crashed or replaced the instance, and it still converts.
    expect(pool().stats().crashRetries).toBe(crashRetries);
    expect(instance().pids).toEqual(before);
    await pdfOf(await officeRun(t, org.secret, 'word', { title: 'Still healthy' }), 'Still healthy');
  });
});
