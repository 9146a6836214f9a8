// verifyWebhook, as a receiver uses it: raw bytes, either header shape, replay window, rotation.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhook, WebhookVerificationError } from './verify.js';

const secret = 'whsec_test_secret';
const body = '{"event":"run.failed","run_id":"run_1","task_id":"task_1","agent_name":"a","format":"word","error":{"code":"x","message":"é"},"occurred_at_ms":1}';
const now = 1_800_000_000;
const headersFor = (ts: number, sig = signWebhookPayload(secret, ts, body)) => ({ 'x-service-signature': sig, 'x-service-timestamp': String(ts), 'content-type': 'application/json' });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).code;
  }
};

describe('signWebhookPayload', () => {
  it('is HMAC-SHA256 over "<timestamp>.<raw body>", lowercase hex', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signWebhookPayload(secret, now, body)).toBe(`sha256=${expected}`);
    expect(signWebhookPayload(secret, now, Buffer.from(body))).toBe(`sha256=${expected}`);
  });
});

describe('verifyWebhook', () => {
  it('returns the parsed event for a valid delivery, from a string, a Buffer or fetch Headers', () => {
    expect(verifyWebhook(secret, headersFor(now), body, { now })).toMatchObject({ event: 'run.failed', run_id: 'run_1' });
    expect(verifyWebhook(secret, headersFor(now), Buffer.from(body), { now }).event).toBe('run.failed');
    expect(verifyWebhook(secret, new Headers(headersFor(now)), new TextEncoder().encode(body), { now }).event).toBe('run.failed');
    expect(verifyWebhook(secret, { 'X-Service-Signature': [signWebhookPayload(secret, now, body)], 'X-Service-Timestamp': String(now) }, body, { now }).event).toBe('run.failed');
  });

  it('refuses a changed body, a wrong secret, a forged timestamp and missing headers', () => {
    expect(codeOf(() => verifyWebhook(secret, headersFor(now), body.replace('run_1', 'run_2'), { now }))).toBe('invalid_signature');
    expect(codeOf(() => verifyWebhook('whsec_other', headersFor(now), body, { now }))).toBe('invalid_signature');
    expect(codeOf(() => verifyWebhook(secret, { ...headersFor(now), 'x-service-timestamp': String(now + 1) }, body, { now }))).toBe('invalid_signature');
    expect(codeOf(() => verifyWebhook(secret, { 'x-service-timestamp': String(now) }, body, { now }))).toBe('missing_header');
    expect(codeOf(() => verifyWebhook(secret, { ...headersFor(now), 'x-service-timestamp': 'yesterday' }, body, { now }))).toBe('invalid_timestamp');
    expect(codeOf(() => verifyWebhook(secret, headersFor(now, 'sha256=00'), body, { now }))).toBe('invalid_signature');
  });

  it('rejects timestamps more than toleranceSec away (default 300 s), in both directions', () => {
    expect(codeOf(() => verifyWebhook(secret, headersFor(now - 300), body, { now }))).toBeNull();
    expect(codeOf(() => verifyWebhook(secret, headersFor(now - 301), body, { now }))).toBe('timestamp_out_of_tolerance');
    expect(codeOf(() => verifyWebhook(secret, headersFor(now + 301), body, { now }))).toBe('timestamp_out_of_tolerance');
    expect(codeOf(() => verifyWebhook(secret, headersFor(now - 3600), body, { now, toleranceSec: 7200 }))).toBeNull();
  });

  it('accepts any of several secrets while rotating', () => {
    expect(verifyWebhook(['whsec_new', secret], headersFor(now), body, { now }).event).toBe('run.failed');
  });
});

describe("the package export 'folio/webhooks'", () => {
  it('loads from node_modules in plain Node (no type stripping there) and verifies', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { execFileSync } = await import('node:child_process');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-consumer-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
      fs.mkdirSync(path.join(dir, 'node_modules'));
      fs.symlinkSync(path.resolve(import.meta.dirname, '../..'), path.join(dir, 'node_modules', 'folio'));
      const script = `import { signWebhookPayload, verifyWebhook } from 'folio/webhooks';
        const t = Math.floor(Date.now() / 1000); const b = '{"event":"ping"}';
        const s = signWebhookPayload('whsec_x', t, b);
        console.log(verifyWebhook('whsec_x', { 'x-service-signature': s, 'x-service-timestamp': String(t) }, b).event);`;
      fs.writeFileSync(path.join(dir, 'check.mjs'), script);
      expect(execFileSync(process.execPath, ['check.mjs'], { cwd: dir }).toString().trim()).toBe('ping');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
