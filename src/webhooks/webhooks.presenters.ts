// Public shapes of subscriptions and deliveries. Routes never return rows; secrets appear only at creation.
import type { AttemptRow, DeliveryRow } from './deliveries.repository.ts';
import type { WebhookRow, WebhookWithSecret } from './webhooks.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentWebhook(w: WebhookRow) {
  return { webhook_id: w.webhook_id, url: w.url, events: w.events, description: w.description, active: w.active, created_at: w.created_at.toISOString() };
}

export function presentCreatedWebhook(w: WebhookWithSecret) {
  return { ...presentWebhook(w), secret: w.secret };
}

export function presentAttempt(a: AttemptRow) {
  return {
    attempt: a.attempt,
    started_at: a.started_at.toISOString(),
    latency_ms: a.latency_ms,
    status_code: a.status_code,
    error: a.error,
    response_body: a.response_body,
    response_truncated: a.response_truncated,
    outcome: a.outcome,
    next_attempt_at: iso(a.next_attempt_at),
    remaining_schedule_ms: a.remaining_delays_ms.map(Number),
  };
}

export function presentDelivery(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    delivery_id: d.delivery_id,
    webhook_id: d.webhook_id,
    event: d.event,
    run_id: d.run_id,
    task_id: d.task_id,
    url: d.url,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: iso(d.next_attempt_at),
    redelivery_of: d.redelivery_of,
    created_at: d.created_at.toISOString(),
    completed_at: iso(d.completed_at),
    payload: JSON.parse(d.body) as Record<string, unknown>,
    attempts: attempts.map(presentAttempt),
  };
}
