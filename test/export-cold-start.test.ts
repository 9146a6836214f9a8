// A conversion queued while the only LibreOffice instance is still starting waits for the start (which has
// its own deadline), not just FOLIO_EXPORT_TIMEOUT_MS: a slow cold start must not turn into a 503.
// The instance is made slow to start by a wrapper that sleeps longer than the conversion timeout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { officeAgents } from './helpers/office-fixtures.ts';
import { exportRun, fetchBytes, officeRun, pdfText } from './helpers/export.ts';

const TIMEOUT_MS = 3000;
const START_DELAY_S = 5; // longer than TIMEOUT_MS
let t: TestApp;
let org: { secret: string };
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-slow-soffice-'));
  const wrapper = path.join(dir, 'soffice');
  fs.writeFileSync(wrapper, `#!/bin/sh\ncase "$*" in *--version*) exec soffice "$@";; esac\nsleep ${START_DELAY_S}\nexec soffice "$@"\n`, { mode: 0o755 });
  t = await startTestApp({}, {
    agents: officeAgents(),
    env: { FOLIO_SOFFICE_PATH: wrapper, FOLIO_EXPORT_POOL_SIZE: '1', FOLIO_EXPORT_QUEUE_LIMIT: '1', FOLIO_EXPORT_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  org = await t.signup();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('LibreOffice cold start', () => {
  it('serves the queued conversion once the slow first start completes; only the one beyond the queue gets 503', async () => {
    expect(t.app.ctx.export.pool.stats().started).toBe(false);
    const runs = await Promise.all([0, 1].map((i) => officeRun(t, org.secret, 'word', { title: `Cold ${i}` })));
    const started = Date.now();
    const results = await Promise.all(runs.map((runId) => exportRun(t, org.secret, runId, { format: 'pdf' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 503]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(START_DELAY_S * 1000 - 200); // it really waited for the start
    const ok = results.findIndex((r) => r.statusCode === 200);
    expect(pdfText((await fetchBytes(t, results[ok].json().download_url)).body)).toContain(`Cold ${ok}`);
    expect(results[1 - ok].headers['retry-after']).toBeDefined();
  }, 60_000);
});
