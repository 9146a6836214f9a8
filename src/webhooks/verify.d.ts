// Types of verify.js: the webhook signature helpers, shipped as plain JavaScript so that Node can load
// them from node_modules (`import { verifyWebhook } from 'folio/webhooks'`).

export declare const SIGNATURE_HEADER = 'x-service-signature';
export declare const TIMESTAMP_HEADER = 'x-service-timestamp';
export declare const EVENT_HEADER = 'x-service-event';
export declare const DEFAULT_TOLERANCE_SEC = 300;

export interface RunCompletedEvent {
  event: 'run.completed';
  run_id: string;
  task_id: string;
  agent_name: string;
  format: string;
  status: 'completed';
  download_url: string | null;
  edit_url: string | null;
  summary: string;
  occurred_at_ms: number;
}

export interface RunFailedEvent {
  event: 'run.failed';
  run_id: string;
  task_id: string;
  agent_name: string;
  format: string;
  error: { code: string; message: string };
  occurred_at_ms: number;
}

/** Sent by `POST /webhooks/{webhook_id}/test`; never fired by a run. */
export interface PingEvent {
  event: 'ping';
  webhook_id: string;
  occurred_at_ms: number;
}

export type WebhookEvent = RunCompletedEvent | RunFailedEvent | PingEvent;

export type WebhookVerificationErrorCode = 'missing_header' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'invalid_signature' | 'invalid_body';

export declare class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationErrorCode;
  constructor(code: WebhookVerificationErrorCode, message: string);
}

/** Fetch `Headers`, or Node's `req.headers` (lower-case names). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Largest allowed distance between the timestamp and now, in seconds (default 300). */
  toleranceSec?: number;
  /** Now, in Unix seconds (default: the clock). */
  now?: number;
}

/** `sha256=<hex>` for a timestamp (Unix seconds) and the exact body bytes. */
export declare function signWebhookPayload(secret: string, timestamp: number | string, rawBody: string | Uint8Array): string;

/**
 * Checks a delivery and returns its parsed body. Throws WebhookVerificationError when a header is
 * missing, the timestamp is further than `toleranceSec` from now (a replay), or no secret produces
 * the signature. Pass the raw bytes as received, before any JSON parsing. Several secrets may be
 * given while rotating.
 */
export declare function verifyWebhook(secret: string | readonly string[], headers: WebhookHeaders, rawBody: string | Uint8Array, options?: VerifyOptions): WebhookEvent;
