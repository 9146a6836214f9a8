// Webhook signature checks with WebCrypto (Node, Deno, Bun, browsers): X-Service-Signature is
// `sha256=<hex HMAC-SHA256(secret, "<X-Service-Timestamp>.<raw body>")>`; several may be listed during rotation.
import { FolioError } from './errors.ts';
import type { WebhookEvent } from './types.ts';

export class WebhookVerificationError extends FolioError {
  /** What exactly failed: missing_header, invalid_timestamp, timestamp_out_of_tolerance, signature_mismatch, invalid_body. */
  reason: string;

  constructor(reason: string, message: string) {
    super({ code: 'invalid_signature', status: 400, message });
    this.reason = reason;
  }
}

function header(headers: Headers | Record<string, string | string[] | undefined>, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

function equalTimingSafe(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery's signature and age, then returns its parsed body. Pass the raw body exactly as received.
 * Throws a FolioError (WebhookVerificationError) with code `invalid_signature` on any failure.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string | string[],
  opts: { toleranceSec?: number; now?: number } = {},
): Promise<WebhookEvent> {
  const signature = header(headers, 'x-service-signature');
  const timestamp = header(headers, 'x-service-timestamp')?.trim();
  if (!signature || !timestamp) throw new WebhookVerificationError('missing_header', 'The X-Service-Signature or X-Service-Timestamp header is missing.');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'X-Service-Timestamp is not a Unix time in seconds.');
  const tolerance = opts.toleranceSec ?? 300;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `X-Service-Timestamp is more than ${tolerance} s away from now; the delivery may be a replay.`);
  }
  const encoder = new TextEncoder();
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const signed = new Uint8Array(timestamp.length + 1 + body.byteLength);
  signed.set(encoder.encode(`${timestamp}.`), 0);
  signed.set(body, timestamp.length + 1);
  const received = signature.split(/[\s,]+/).filter((s) => s.startsWith('sha256=')).map((s) => s.slice(7).toLowerCase());
  let matches = false;
  for (const s of typeof secret === 'string' ? [secret] : secret) {
    const key = await crypto.subtle.importKey('raw', encoder.encode(s), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = hex(await crypto.subtle.sign('HMAC', key, signed));
    if (received.some((r) => equalTimingSafe(r, expected))) matches = true;
  }
  if (!matches) throw new WebhookVerificationError('signature_mismatch', 'The signature does not match the body and timestamp for this secret.');
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not valid JSON.');
  }
}
