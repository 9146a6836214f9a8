// `npm run eval:builtin`: the builtin engine's evaluation set (builtin-cases.ts) against an in-process
// app on the embedded default (PGlite, no model provider), through its HTTP API. Prints each case, the
// pass rate per format, and exits non-zero when a format passes fewer than 90% of its cases.
//
//   node bench/eval/eval-builtin.ts [--only <case id substring>] [--concurrency 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openLocalIssuer } from '../../src/identity/local-issuer.ts';
import { CASES } from './builtin-cases.ts';
import { printReport, runEval, type EvalClient } from './eval-runner.ts';

export const PASS_RATE = 0.9;

const { values: args } = parseArgs({ strict: false, options: { only: { type: 'string' }, concurrency: { type: 'string', default: '3' } } });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-eval-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', FOLIO_DATA_DIR: dataDir, FOLIO_RATE_LIMIT_FREE: '100000', FOLIO_SIGNUP_CREDITS_FREE: '1000000' });
const app = await buildApp(config);
let code = 0;
try {
  const issuer = await openLocalIssuer(dataDir);
  const token = await issuer.mint({ sub: 'eval', email: 'eval@example.com', ttlSeconds: 3600 });
  const signup = await app.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${token}` }, payload: { org_name: 'Eval' } });
  const key = { 'x-api-key': signup.json().secret as string };
  const client: EvalClient = {
    async request(method, url, body) {
      const res = await app.inject({ method, url, headers: key, ...(body === undefined ? {} : { payload: body as object }) });
      return { status: res.statusCode, json: res.json() };
    },
    async download(url) {
      const u = new URL(url);
      const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      if (res.statusCode !== 200) throw new Error(`download answered ${res.statusCode}`);
      return res.rawPayload;
    },
    async upload(fileName, bytes) {
      const boundary = `----folio-eval-${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ninit\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/v1/files', headers: { ...key, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
      return res.json().file_id;
    },
  };
  const cases = args.only ? CASES.filter((c) => c.id.includes(String(args.only))) : CASES;
  const started = Date.now();
  const report = await runEval(client, cases, Number(args.concurrency));
  printReport(report);
  console.log(`\n${cases.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const low = Object.entries(report.rates).filter(([, r]) => r.total && r.rate < PASS_RATE);
  if (low.length) {
    console.error(`below ${PASS_RATE * 100}%: ${low.map(([f]) => f).join(', ')}`);
    code = 1;
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
