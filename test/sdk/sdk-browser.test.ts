// @folio/sdk in a real browser: the SDK bundled for browsers by esbuild, loaded into headless Chromium on a page
// of the app's own origin (so no CORS is involved), then used from the page against the real app: a generate
// followed live over the task event stream, a Blob upload, a list, a download, a typed operation, a typed error
// and a webhook signature check with the browser's WebCrypto.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pageErrors } from '../helpers/browser.ts';
import { ROOT } from '../helpers/processes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let secret: string;
let browser: Browser;
let bundle: string;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  secret = (await t.signup()).secret;
  const out = await build({ entryPoints: [path.join(ROOT, 'packages', 'sdk', 'src', 'index.ts')], bundle: true, format: 'iife', globalName: 'FolioSDK', platform: 'browser', write: false, logLevel: 'silent' });
  bundle = out.outputFiles[0].text;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('@folio/sdk in Chromium', () => {
  it('generates with live steps, uploads a Blob, lists, downloads, calls folio.api, reports a typed error and verifies a webhook', async () => {
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(`${t.url}/api/v1/health`);
    await page.addScriptTag({ content: bundle });
    const body = JSON.stringify({ event: 'run.completed', run_id: 'run_x' });
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', 'whsec_browser').update(`${ts}.${body}`).digest('hex')}`;
    const result = await page.evaluate(async (input) => {
      const { Folio, NotFoundError, verifyWebhook } = (globalThis as any).FolioSDK;
      const folio = new Folio({ apiKey: input.secret, baseUrl: (globalThis as any).location.origin });
      const events: { type: string; message?: string }[] = [];
      const run = await folio.slides.generate({ prompt: 'A 3-slide deck on cycling to work' }, { onProgress: (e: any) => events.push({ type: e.type, message: e.data?.message }) });
      const file = await folio.files.upload(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), { filename: 'data.csv', purpose: 'data' });
      const listed: string[] = [];
      for await (const r of folio.runs.list({ limit: 1 })) listed.push(r.run_id);
      const bytes: Uint8Array = await run.download();
      const credits = await folio.api.getCredits();
      const missing = await folio.runs.get('run_nope').catch((e: unknown) => e instanceof NotFoundError && (e as any).status);
      const event = await verifyWebhook(input.body, { 'x-service-signature': input.signature, 'x-service-timestamp': input.ts }, 'whsec_browser');
      return {
        status: run.status, runId: run.run_id, listed, zip: String.fromCharCode(bytes[0], bytes[1]), file: file.file_name,
        balance: typeof credits.balance, missing, event: event.event, types: events.map((e) => e.type),
        steps: events.filter((e) => e.type === 'step').map((e) => e.message), hasProcess: typeof (globalThis as any).process,
      };
    }, { secret, body, ts, signature });
    expect(result).toMatchObject({ status: 'completed', zip: 'PK', file: 'data.csv', balance: 'number', missing: 404, event: 'run.completed', hasProcess: 'undefined' });
    expect(result.listed).toEqual([result.runId]);
    expect(result.types.at(-1)).toBe('done');
    expect(result.types).toContain('progress');
    expect(result.steps[0]).toMatch(/^Added slide 1: /); // the agent's steps, over the real event stream
    // Chromium logs each 404 it loads (the page's favicon, the deliberate run_nope): anything else is a fault.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);
});
