// Webhook signatures, for both sides: Folio signs each delivery with signWebhookPayload, and receivers
// written for Node check it with verifyWebhook (`import { verifyWebhook } from 'folio/webhooks'`).
// Plain JavaScript (types in verify.d.ts) so that Node loads it from node_modules, where it does not
// strip TypeScript types. Only node:crypto is used, so receivers can also copy this file as is.
//
//   X-Service-Signature: sha256=<lowercase hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>
//   X-Service-Timestamp: <Unix seconds>
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-service-signature';
export const TIMESTAMP_HEADER = 'x-service-timestamp';
export const EVENT_HEADER = 'x-service-event';
export const DEFAULT_TOLERANCE_SEC = 300;

export class WebhookVerificationError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

const toBytes = (body) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength));

export function signWebhookPayload(secret, timestamp, rawBody) {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(toBytes(rawBody)).digest('hex');
  return `sha256=${mac}`;
}

function header(headers, name) {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

export function verifyWebhook(secret, headers, rawBody, options = {}) {
  const signature = header(headers, SIGNATURE_HEADER);
  const timestamp = header(headers, TIMESTAMP_HEADER);
  if (!signature || !timestamp) throw new WebhookVerificationError('missing_header', 'The X-Service-Signature or X-Service-Timestamp header is missing.');
  if (!/^\d{1,12}$/.test(timestamp.trim())) throw new WebhookVerificationError('invalid_timestamp', 'X-Service-Timestamp is not a Unix time in seconds.');
  const tolerance = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `X-Service-Timestamp is more than ${tolerance} s away from now; the delivery may be a replay.`);
  }
  const received = signature.split(/[\s,]+/).filter((s) => s.startsWith('sha256=')).map((s) => Buffer.from(s.slice(7).toLowerCase(), 'utf8'));
  const body = toBytes(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const matches = secrets.some((s) => {
    const expected = Buffer.from(signWebhookPayload(s, timestamp.trim(), body).slice(7), 'utf8');
    return received.some((r) => r.length === expected.length && timingSafeEqual(r, expected));
  });
  if (!matches) throw new WebhookVerificationError('invalid_signature', 'The signature does not match the body and timestamp for this secret.');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not valid JSON.');
  }
}
