// TypeBox schemas of webhook subscriptions and the delivery log: validation, types and OpenAPI.
import { Type, type Static } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';

export const WEBHOOK_EVENTS = ['run.completed', 'run.failed'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const EventEnum = StringEnum(WEBHOOK_EVENTS, { description: '`run.completed` or `run.failed`.' });
const LoggedEventEnum = StringEnum([...WEBHOOK_EVENTS, 'ping'] as const, { description: '`run.completed`, `run.failed`, or `ping` (a test delivery).' });
const StatusEnum = StringEnum(DELIVERY_STATUSES, {
  description: '`pending` (an attempt is queued), `succeeded` (a 2xx answer), `failed` (a 4xx, a refused URL, or every retry used up) or `cancelled` (the subscription was deleted).',
});

export const CreateWebhookBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'Absolute `https` URL (`http` only with FOLIO_ALLOW_PRIVATE_URLS). It must resolve to public addresses only; it is checked now and again at every delivery.' }),
  events: Type.Array(EventEnum, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true, description: 'The events to receive: at least one of `run.completed`, `run.failed`.' }),
  description: Type.Optional(Type.String({ maxLength: 500, default: '', description: 'A note for you (at most 500 characters).' })),
}, { additionalProperties: false });

export type CreateWebhookRequest = Static<typeof CreateWebhookBody>;

export const Webhook = Type.Object({
  webhook_id: Type.String({ description: 'Subscription id: `whk_` plus a ULID. Subscriptions created before the reference-compatible prefix keep their `wh_` id, which every lookup still accepts.', examples: ['whk_01JD4Z8Q7W3K5N2M6P8R9T0V1X'] }),
  url: Type.String(),
  events: Type.Array(EventEnum),
  description: Type.String(),
  active: Type.Boolean({ description: 'Active subscriptions receive every matching event.' }),
  created_at: Timestamp,
});

export const CreatedWebhook = Type.Object({
  ...Webhook.properties,
  secret: Type.String({ description: 'Signing secret of this subscription (`whsec_...`). Shown in this response only.' }),
});

export const WebhookParams = Type.Object({ webhook_id: Id("A subscription id (`whk_...`; older subscriptions' `wh_...` ids keep working).") });
export const DeliveryParams = Type.Object({ webhook_id: Id("A subscription id (`whk_...`; older subscriptions' `wh_...` ids keep working)."), delivery_id: Id('A delivery id (`dlv_...`).') });

export const DeliveryQuery = Type.Object({
  ...PageQuery,
  event: Type.Optional(LoggedEventEnum),
  outcome: Type.Optional(StatusEnum),
}, { additionalProperties: false });

export const AllDeliveriesQuery = Type.Object({
  ...DeliveryQuery.properties,
  task_id: Type.Optional(Id('Only deliveries of this task.')),
  run_id: Type.Optional(Id('Only deliveries of this run.')),
}, { additionalProperties: false });

export const Attempt = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  started_at: Timestamp,
  latency_ms: Type.Integer({ description: 'From the request to the end of the (truncated) answer, or to the failure.' }),
  status_code: Nullable(Type.Integer(), { description: 'The HTTP status answered; null when there was none (timeout, network error, refused URL).' }),
  error: Nullable(Type.String(), { description: 'Why the attempt failed without a usable answer: timeout, network error, refused URL, redirect.' }),
  response_body: Nullable(Type.String(), { description: 'The first 1 KB of the answer, as text.' }),
  response_truncated: Type.Boolean({ description: 'The answer was longer than 1 KB.' }),
  outcome: StringEnum(['succeeded', 'retrying', 'failed'] as const),
  next_attempt_at: Nullable(Timestamp, { description: 'When the next attempt is due; null when this one was the last.' }),
  remaining_schedule_ms: Type.Array(Type.Integer(), { description: 'Delays of the retries still ahead after this attempt, the next one first; empty when delivery is over.' }),
});

export const Delivery = Type.Object({
  delivery_id: Type.String(),
  webhook_id: Nullable(Type.String(), { description: "The subscription; null for a generation call's `webhook_url` callback." }),
  event: LoggedEventEnum,
  run_id: Nullable(Type.String()),
  task_id: Nullable(Type.String()),
  url: Type.String(),
  status: StatusEnum,
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  redelivery_of: Nullable(Type.String(), { description: 'The delivery this one sends again (`.../redeliver`).' }),
  created_at: Timestamp,
  completed_at: Nullable(Timestamp),
  payload: Type.Object({}, { additionalProperties: true, description: 'The event body every attempt sends.' }),
  attempts: Type.Array(Attempt, { description: 'Every attempt, oldest first.' }),
});
