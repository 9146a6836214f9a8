// An honest gallery: `npm run samples` opens with requests a user could type, one line each, sent through
// the API on the embedded default (scripts/samples/requests.ts); samples built from scripted tool calls
// are a separate, labelled section. Here every typed request goes through POST /{format}/generate on
// the builtin engine, as the gallery sends it, and must give a completed document that downloads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_LINE_REQUESTS } from '../scripts/samples/requests.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({})); });
afterAll(async () => t?.close());

describe('the samples gallery', () => {
  it('has one-line requests for every format, in a section of their own before the scripted samples', () => {
    expect(new Set(ONE_LINE_REQUESTS.map((r) => r.format))).toEqual(new Set(['word', 'excel', 'slides']));
    for (const r of ONE_LINE_REQUESTS) {
      expect(r.prompt, r.name).not.toMatch(/\n|^#|\|/);
      expect(r.prompt.length, r.name).toBeLessThanOrEqual(160);
    }
    const script = fs.readFileSync(path.join(import.meta.dirname, '..', 'scripts', 'samples.ts'), 'utf8');
    expect(script).toMatch(/section: 'typed'/);
    expect(script).toMatch(/section: 'scripted'/);
    expect(script.indexOf('ONE_LINE_REQUESTS.map')).toBeLessThan(script.indexOf('buildSample(adapter'));
  });

  it.each(ONE_LINE_REQUESTS.map((r) => [r.name, r] as const))('%s: the typed request makes a document through the API', async (_name, r) => {
    const org = await t.signup(undefined, { tier: 'pro' });
    const res = await generate(t, org.secret, { prompt: r.prompt }, r.format);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', download_url: expect.any(String) });
    const file = await download(t, res.json().download_url);
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
  }, 120_000);
});
