// Shared steps of the webhook tests.
import { createHmac } from 'node:crypto';
import type { TestApp } from './test-app.ts';
import { key } from './runs.ts';

/** A fast schedule with the contract's shape (docs/reference/api-contract.md#events): seven retries, growing delays, in milliseconds. */
export const FAST_DELAYS_MS = [50, 100, 150, 200, 250, 300, 350];

/** Env of a test app that delivers to a loopback receiver on the fast schedule. */
export const webhookEnv = (extra: Record<string, string> = {}) => ({
  FOLIO_ALLOW_PRIVATE_URLS: 'true',
  FOLIO_WEBHOOK_RETRY_DELAYS_MS: FAST_DELAYS_MS.join(','),
  FOLIO_WEBHOOK_TIMEOUT_MS: '400',
  ...extra,
});

export async function subscribe(t: TestApp, secret: string, url: string, events: string[] = ['run.completed', 'run.failed'], description = 'test') {
  const res = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: key(secret), payload: { url, events, description } });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  return res.json() as { webhook_id: string; secret: string; url: string; events: string[]; description: string };
}

/** The delivery log: of a subscription, or of the whole organization (`webhookId` undefined). */
export async function deliveries(t: TestApp, secret: string, webhookId?: string, query = ''): Promise<any[]> {
  const url = webhookId ? `/api/v1/webhooks/${webhookId}/deliveries?limit=100${query}` : `/api/v1/webhooks/deliveries?limit=100${query}`;
  const res = await t.inject({ method: 'GET', url, headers: key(secret) });
  if (res.statusCode !== 200) throw new Error(`deliveries failed: ${res.statusCode} ${res.body}`);
  return res.json().items;
}

/** Polls the log until `done` holds for the deliveries it returns. */
export async function waitForDeliveries(t: TestApp, secret: string, webhookId: string | undefined, query: string, done: (items: any[]) => boolean, timeoutMs = 15_000): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await deliveries(t, secret, webhookId, query);
    if (done(items)) return items;
    if (Date.now() > deadline) throw new Error(`delivery log did not get there: ${JSON.stringify(items, null, 1).slice(0, 3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a receiver computes: `sha256=` + hex HMAC-SHA256 of "<timestamp>.<raw body>". */
export function expectedSignature(secret: string, timestamp: string, raw: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
