// A webhook receiver in Node that verifies Folio's signature on the raw body before trusting an event.
//   FOLIO_WEBHOOK_SECRET=whsec_... [PORT=3000] node examples/webhook-receiver.ts
// The secret is the subscription's (POST /webhooks answers it once), or the organization's
// webhook_secret (GET /verify) for a generation call's own webhook_url. Inside this repository the
// helper is imported as 'folio/webhooks'; without it, verify() below does the same with node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { verifyWebhook, WebhookVerificationError } from 'folio/webhooks';

const secret = process.env.FOLIO_WEBHOOK_SECRET;
if (!secret) throw new Error('set FOLIO_WEBHOOK_SECRET');
const seen = new Set<string>(); // deliveries are at least once: use your database in production

/** The same check without the package: HMAC-SHA256 over `<timestamp>.<raw body>`, constant-time compare. */
export function verify(key: string, signature: string, timestamp: string, raw: Buffer, toleranceSec = 300): boolean {
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSec) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', key).update(`${timestamp}.`).update(raw).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    try {
      const event = verifyWebhook(secret, req.headers, raw, { toleranceSec: 300 });
      const plain = verify(secret, String(req.headers['x-service-signature']), String(req.headers['x-service-timestamp']), raw);
      const key = event.event === 'ping' ? `ping:${event.webhook_id}:${event.occurred_at_ms}` : `${event.run_id}:${event.task_id}:${event.event}`;
      if (!seen.has(key)) {
        seen.add(key);
        console.log(`verified ${event.event} ${event.event === 'ping' ? event.webhook_id : event.run_id} (node:crypto check: ${plain ? 'ok' : 'FAILED'})`);
      }
      res.writeHead(204).end();
    } catch (err) {
      console.log(`rejected: ${err instanceof Error ? err.message : String(err)}`);
      res.writeHead(err instanceof WebhookVerificationError ? 400 : 500).end();
    }
  });
});
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}`));
