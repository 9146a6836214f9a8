// Webhook subscriptions and the delivery log. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, NoContent, Page, PageQuery, responses } from '../http/schemas.ts';
import type { WebhooksService, DeliveryView } from './webhooks.service.ts';
import * as S from './webhooks.schemas.ts';
import { presentCreatedWebhook, presentDelivery, presentWebhook } from './webhooks.presenters.ts';

export interface WebhooksRouteDeps {
  webhooks: WebhooksService;
}

const apiKeyRoute = { config: { auth: 'api_key' as const } };
const tags = ['Webhooks'];
const view = (v: DeliveryView) => presentDelivery(v.delivery, v.attempts);

const DELIVERY_RULES =
  'Each delivery is a signed POST (`X-Service-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`, `X-Service-Timestamp`, `X-Service-Event`, ' +
  '`User-Agent: Service-Webhook/1.0`, and `Webhook-Id` as in Standard Webhooks: the delivery\'s `delivery_id`, the same on every retry of it; ' +
  'a manual redelivery carries the id of the delivery it sends again, so receivers can drop a copy they have already processed). A 2xx answer ends it; a 4xx ends it without retry; a 3xx (redirects are not followed), a 5xx, a timeout ' +
  '(FOLIO_WEBHOOK_TIMEOUT_MS, 15 s) or a network error is retried after 1 s, 4 s, 16 s, 64 s, 256 s, 1024 s and 4096 s (FOLIO_WEBHOOK_RETRY_DELAYS_MS).';

export async function webhooksRoutes(fastify: FastifyInstance, deps: WebhooksRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/webhooks', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Subscribe to run events',
      description: `Every matching \`run.completed\` / \`run.failed\` event of the organization is delivered to \`url\`, signed with this subscription's own \`secret\` (shown in this response only). ${DELIVERY_RULES} The URL must be https and resolve to public addresses only (422 \`validation_error\` with type \`url_not_allowed\` or \`url_unresolvable\`). At most 50 subscriptions per organization (409).`,
      security: API_KEY_SECURITY,
      body: S.CreateWebhookBody,
      response: responses({ 201: S.CreatedWebhook }, [...API_KEY_ERRORS, 409]),
    },
  }, async (request, reply) => reply.code(201).send(presentCreatedWebhook(await deps.webhooks.create(request.apiKey!.org_id, request.body))));

  app.get('/webhooks', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'List subscriptions',
      description: 'Newest first. Secrets are never listed.',
      security: API_KEY_SECURITY,
      querystring: Type.Object(PageQuery, { additionalProperties: false }),
      response: responses({ 200: Page(S.Webhook) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const page = await deps.webhooks.list(request.apiKey!.org_id, request.query.limit, request.query.cursor);
    return { items: page.items.map(presentWebhook), next_cursor: page.next_cursor };
  });

  app.get('/webhooks/deliveries', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Every delivery of the organization',
      description: "The delivery log across subscriptions and generation calls' `webhook_url` callbacks (`webhook_id` null), newest first, each with every attempt. Kept 30 days (FOLIO_WEBHOOK_LOG_RETENTION_DAYS).",
      security: API_KEY_SECURITY,
      querystring: S.AllDeliveriesQuery,
      response: responses({ 200: Page(S.Delivery) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const q = request.query;
    const page = await deps.webhooks.deliveries(request.apiKey!.org_id, { event: q.event, status: q.outcome, taskId: q.task_id, runId: q.run_id }, q.limit, q.cursor);
    return { items: page.items.map(view), next_cursor: page.next_cursor };
  });

  app.get('/webhooks/:webhook_id', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Read a subscription',
      security: API_KEY_SECURITY,
      params: S.WebhookParams,
      response: responses({ 200: S.Webhook }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => presentWebhook(await deps.webhooks.get(request.apiKey!.org_id, request.params.webhook_id)));

  app.delete('/webhooks/:webhook_id', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Delete a subscription',
      description: 'Effective at once: no further deliveries (pending retries are cancelled) and its secret is erased, so it never signs again. A new subscription gets a new secret.',
      security: API_KEY_SECURITY,
      params: S.WebhookParams,
      response: responses({ 204: NoContent }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    await deps.webhooks.delete(request.apiKey!.org_id, request.params.webhook_id);
    return reply.code(204).send(null);
  });

  app.get('/webhooks/:webhook_id/deliveries', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: "A subscription's delivery log",
      description: 'Newest first, filterable by `event` and `outcome` (the delivery status). Each delivery lists every attempt: HTTP status or error, the first 1 KB of the answer, latency and the retry schedule still ahead. Kept 30 days.',
      security: API_KEY_SECURITY,
      params: S.WebhookParams,
      querystring: S.DeliveryQuery,
      response: responses({ 200: Page(S.Delivery) }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => {
    const q = request.query;
    const page = await deps.webhooks.deliveries(request.apiKey!.org_id, { webhookId: request.params.webhook_id, event: q.event, status: q.outcome }, q.limit, q.cursor);
    return { items: page.items.map(view), next_cursor: page.next_cursor };
  });

  app.post('/webhooks/:webhook_id/deliveries/:delivery_id/redeliver', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Send a delivery again',
      description: 'Queues the same event body as a new delivery (`redelivery_of` names the original) with the full retry schedule, signed with the current secret. 202 with the new delivery.',
      security: API_KEY_SECURITY,
      params: S.DeliveryParams,
      response: responses({ 202: S.Delivery }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request, reply) => {
    const { webhook_id, delivery_id } = request.params;
    return reply.code(202).send(view(await deps.webhooks.redeliver(request.apiKey!.org_id, webhook_id, delivery_id)));
  });

  app.post('/webhooks/:webhook_id/test', {
    ...apiKeyRoute,
    schema: {
      tags,
      summary: 'Send a signed test ping',
      description: 'Sends `{"event":"ping","webhook_id":...,"occurred_at_ms":...}` with `X-Service-Event: ping`, signed like any delivery, once and now (no retries), and answers 200 with the logged delivery and its attempt, whatever the receiver answered.',
      security: API_KEY_SECURITY,
      params: S.WebhookParams,
      response: responses({ 200: S.Delivery }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => view(await deps.webhooks.ping(request.apiKey!.org_id, request.params.webhook_id)));
}
