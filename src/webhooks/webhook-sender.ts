// One delivery attempt: sign the body, POST it through the outbound guard (resolved, checked and
// pinned again at every attempt; redirects are not followed), and classify the answer against
// The contract's delivery rules (docs/reference/api-contract.md#events): 2xx done; 4xx (or a refused URL) final; anything else is retried.
import { OutboundError, type OutboundGuard } from '../net/outbound.ts';
import { signWebhookPayload } from './verify.js';

export const USER_AGENT = 'Service-Webhook/1.0';
/** The delivery log keeps this much of each answer. */
export const RESPONSE_BODY_LIMIT = 1024;

export type Verdict = 'succeeded' | 'retry' | 'final';

export interface AttemptOutcome {
  startedAt: Date;
  latencyMs: number;
  statusCode: number | null;
  /** Why the attempt failed without (or despite) an HTTP answer; null for a plain status. */
  error: string | null;
  responseBody: string | null;
  truncated: boolean;
  verdict: Verdict;
}

/**
 * The headers of a delivery: the contract's, plus `Webhook-Id` (as in Standard Webhooks): the delivery's id,
 * the same on every retry of it (and on a manual redelivery, the id of the delivery it sends again), so a
 * receiver can drop a copy it has already processed.
 */
export function deliveryHeaders(secret: string, event: string, body: string, timestamp: number, messageId: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'Webhook-Id': messageId,
    'X-Service-Signature': signWebhookPayload(secret, timestamp, body),
    'X-Service-Timestamp': String(timestamp),
    'X-Service-Event': event,
    'User-Agent': USER_AGENT,
  };
}

// PostgreSQL text cannot hold NUL; the log shows the rest of the answer as text.
const printable = (buf: Buffer) => buf.toString('utf8').replace(/\u0000/g, '\uFFFD');

export class WebhookSender {
  private readonly guard: OutboundGuard;
  private readonly timeoutMs: number;

  constructor(guard: OutboundGuard, timeoutMs: number) {
    this.guard = guard;
    this.timeoutMs = timeoutMs;
  }

  /** `messageId`: the `Webhook-Id` header, stable across the attempts of one delivery. */
  async send(url: string, secret: string, event: string, body: string, messageId: string): Promise<AttemptOutcome> {
    const startedAt = new Date();
    const t0 = performance.now();
    const elapsed = () => Math.round(performance.now() - t0);
    const headers = deliveryHeaders(secret, event, body, Math.floor(startedAt.getTime() / 1000), messageId);
    try {
      const res = await this.guard.request(url, { method: 'POST', headers, body, timeoutMs: this.timeoutMs, maxResponseBytes: RESPONSE_BODY_LIMIT, maxRedirects: 0 });
      const redirect = res.status >= 300 && res.status < 400;
      return {
        startedAt,
        latencyMs: elapsed(),
        statusCode: res.status,
        error: redirect ? `Redirects are not followed${res.headers.location ? ` (Location: ${String(res.headers.location).slice(0, 200)})` : ''}; deliver to the final URL.` : null,
        responseBody: printable(res.body),
        truncated: res.truncated,
        verdict: res.status >= 200 && res.status < 300 ? 'succeeded' : res.status >= 400 && res.status < 500 ? 'final' : 'retry',
      };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      const error = err.kind === 'timeout' ? `Timed out: ${err.message}` : err.kind === 'refused' ? `Refused: ${err.message}` : err.message;
      return { startedAt, latencyMs: elapsed(), statusCode: null, error, responseBody: null, truncated: false, verdict: err.kind === 'refused' ? 'final' : 'retry' };
    }
  }
}
