// The builtin engine's public evaluation set (bench/eval/builtin-cases.ts, `npm run eval:builtin`) as
// part of the suite: every case through the real HTTP API of a test app (PGlite, or PostgreSQL + Redis
// in the services pass); at least 90% of each format's cases pass their structural checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES } from '../bench/eval/builtin-cases.ts';
import { printReport, runEval, type EvalClient, type EvalReport } from '../bench/eval/eval-runner.ts';
import { withRuns } from './helpers/runs.ts';
import { download, fileParts, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let report: EvalReport;

beforeAll(async () => {
  t = await startTestApp(withRuns({ signupCredits: { free: 1_000_000, pro: 1_000_000, enterprise: 1_000_000 } }));
  const { secret } = await t.signup();
  const headers = { 'x-api-key': secret };
  const client: EvalClient = {
    async request(method, url, body) {
      const res = await t.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
      return { status: res.statusCode, json: res.json() };
    },
    async download(url) {
      const file = await download(t, url);
      if (file.status !== 200) throw new Error(`download answered ${file.status}`);
      return file.body;
    },
    async upload(fileName, bytes) {
      const res = await upload(t, secret, '/api/v1/files', fileParts(fileName, bytes, { purpose: 'init' }));
      if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      return res.json().file_id;
    },
  };
  report = await runEval(client, CASES, 3);
}, 480_000);
afterAll(async () => t?.close());

describe('the builtin evaluation set', () => {
  it('has at least 60 cases over the three formats, new documents and edits', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const format of ['slides', 'word', 'excel']) {
      expect(CASES.filter((c) => c.format === format && c.start).length).toBeGreaterThanOrEqual(4);
      expect(CASES.filter((c) => c.format === format && !c.start).length).toBeGreaterThanOrEqual(12);
    }
  });

  it.each(['slides', 'word', 'excel'] as const)('%s: at least 90% of the cases pass', (format) => {
    const lines: string[] = [];
    printReport({ ...report, results: report.results.filter((r) => r.format === format && !r.pass) }, (l) => lines.push(l));
    expect(report.rates[format].rate, lines.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
