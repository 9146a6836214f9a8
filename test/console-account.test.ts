// The console's account pages in Debian's chromium against a listening app: create an API key (the
// secret works), revoke it with the confirmation (it stops working); add a webhook endpoint, see a run's
// delivery and its attempt (a 500, whose retry is far off), redeliver it (a 200), send a test ping; see the usage page's
// balance, charts and ledger. axe-core on every page; screenshots at 1280 and 390 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/test-app.ts';
import { bearer } from './helpers/test-app.ts';
import { launchBrowser } from './helpers/browser.ts';
import { axe, openConsole, screenshots, signInWithOrg, startConsoleApp, type ConsolePage } from './helpers/console.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { webhookEnv } from './helpers/webhooks.ts';
import { generate, waitForTask, withRuns } from './helpers/runs.ts';

const EMAIL = 'linus@example.com';
let t: TestApp;
let browser: Browser;
let c: ConsolePage;
let receiver: WebhookReceiver;
let orgId: string;
let apiKey: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver((_req, n) => (n === 0 ? { status: 500, body: 'receiver down for a moment' } : { status: 200, body: '{"received":true}' }));
  [browser, t] = await Promise.all([launchBrowser(), startConsoleApp(withRuns({}), webhookEnv({ FOLIO_WEBHOOK_RETRY_DELAYS_MS: '600000' }))]);
  c = await openConsole(browser, t);
  await signInWithOrg(c.page, EMAIL, 'Kernel Docs');
  // The same user through the API (the dev form's `sub` is the email): a key of the same organization.
  const token = await t.token(EMAIL, EMAIL);
  orgId = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json().organizations[0].org_id;
  apiKey = (await t.inject({ method: 'POST', url: `/api/v1/organizations/${orgId}/api-keys`, headers: bearer(token), payload: { name: 'test seed' } })).json().secret;
}, 180_000);
afterAll(async () => {
  await c?.close();
  await browser?.close();
  await t?.close();
  await receiver?.close();
});

const verify = (secret: string) => t.inject({ method: 'GET', url: '/api/v1/verify', headers: { 'x-api-key': secret } });

describe('console account pages', () => {
  it('API keys: creates a key whose secret is shown once and works, then revokes it after confirming', async () => {
    const { page } = c;
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'test seed', exact: true }).waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'api-keys');

    await page.getByRole('button', { name: 'Create key' }).first().click();
    await page.getByLabel('Name').fill('CI deploys');
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'api-keys-create-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-secret').textContent())!;
    expect(secret).toMatch(/^sk_live_/);
    expect((await verify(secret)).statusCode).toBe(200);
    await page.getByRole('cell', { name: 'CI deploys', exact: true }).waitFor();
    await screenshots(page, 'api-keys-created');

    await page.getByRole('button', { name: /^Revoke CI deploys/ }).click();
    await page.getByRole('heading', { name: 'Revoke this key?' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('heading', { name: 'Revoke this key?' }).waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: 'CI deploys' }).getByText('Revoked').waitFor();
    expect((await verify(secret)).statusCode).toBe(401);
    expect((await verify(apiKey)).statusCode).toBe(200);
    expect(c.errors).toEqual([]);
  }, 180_000);

  it('Webhooks: adds an endpoint, shows a run\'s delivery with each attempt, redelivers it and sends a test ping', async () => {
    const { page } = c;
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No endpoints yet').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'webhooks-empty');

    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    await page.getByLabel('Endpoint URL').fill(`${receiver.url}/hooks/folio`);
    await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Endpoint added').waitFor();
    expect(await page.locator('.secret-box code').textContent()).toMatch(/^whsec_/);

    const res = await generate(t, apiKey, { prompt: 'A one-page memo about the console', async: true }, 'word');
    expect(res.statusCode, res.body).toBe(202);
    await waitForTask(t, apiKey, res.json().task_id, undefined, 60_000);
    await receiver.waitFor((r) => r.length >= 1, 30_000);

    // The log shows the delivery: its one attempt answered 500 (the retry is 10 minutes away).
    await page.getByRole('button', { name: 'Refresh' }).click();
    const delivery = page.locator('.delivery', { hasText: 'run.completed' }).first();
    await delivery.getByText('1 attempt', { exact: false }).waitFor({ timeout: 30_000 });
    await delivery.locator('summary').click();
    await delivery.getByText('receiver down for a moment').waitFor();
    await delivery.getByRole('cell', { name: '500', exact: true }).waitFor();
    await delivery.getByText('retrying').waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'webhooks-deliveries');

    // Redeliver: a new delivery of the same event, answered 200 this time.
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor((r) => r.length >= 2, 30_000);
    expect(receiver.requests[1].raw.equals(receiver.requests[0].raw)).toBe(true);
    const again = page.locator('.delivery', { hasText: 'succeeded' }).first();
    await again.waitFor({ timeout: 30_000 });
    await again.locator('summary').click();
    await again.getByText('redelivery of').waitFor();
    await again.getByRole('cell', { name: '200', exact: true }).waitFor();
    await again.getByText('{"received":true}').waitFor();

    await page.getByRole('button', { name: /^Send test ping/ }).click();
    await page.getByText(/Test ping sent to .*: HTTP 200/).waitFor();
    await page.locator('.delivery', { hasText: 'ping' }).first().waitFor();
    expect(receiver.requests.length).toBe(3);
    await screenshots(page, 'webhooks');
    expect(c.errors).toEqual([]);
  }, 180_000);

  it('Usage: shows the balance, the daily charts (uPlot) and the ledger', async () => {
    const { page } = c;
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Credits per day, by format' }).waitFor();
    const balance = (await t.inject({ method: 'GET', url: '/api/v1/credits', headers: { 'x-api-key': apiKey } })).json().balance;
    await page.getByTestId('balance').getByText(balance.toLocaleString('en-GB')).waitFor();
    await page.locator('.chart canvas').first().waitFor();
    await page.getByRole('cell', { name: /charge/ }).first().waitFor();
    const daily = (await t.inject({ method: 'GET', url: '/api/v1/usage/daily?days=7', headers: { 'x-api-key': apiKey } })).json();
    expect(daily.credits).toEqual([{ date: daily.to, format: 'word', credits: expect.any(Number) }]);
    expect(daily.credits[0].credits).toBeGreaterThan(0);
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'usage');
    expect(c.errors).toEqual([]);
  }, 180_000);
});
