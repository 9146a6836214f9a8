// Webhook use cases: subscriptions (create, list, read, delete), the delivery log, redelivery and the
// test ping. URLs are checked by the URL policy (src/net/url-policy.ts) at creation (scheme and resolved
// addresses), and by the outbound guard again at every delivery attempt.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import { newId } from '../ids.ts';
import { newWebhookSecret } from '../identity/signup.service.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import type { AttemptRow, DeliveriesRepository, DeliveryFilter, DeliveryRow } from './deliveries.repository.ts';
import { eventBody, type WebhookDispatcher } from './webhook-dispatcher.ts';
import type { DeliveryWorker } from './webhook-delivery.worker.ts';
import type { WebhookSender } from './webhook-sender.ts';
import type { CreateWebhookRequest } from './webhooks.schemas.ts';
import type { WebhookRow, WebhooksRepository, WebhookWithSecret } from './webhooks.repository.ts';

/** Subscriptions one organization may have at once. */
export const MAX_WEBHOOKS_PER_ORG = 50;

export type DeliveryView = { delivery: DeliveryRow; attempts: AttemptRow[] };

export interface WebhooksServiceDeps {
  db: Kysely<DB>;
  urls: UrlPolicy;
  webhooks: WebhooksRepository;
  deliveries: DeliveriesRepository;
  dispatcher: WebhookDispatcher;
  sender: WebhookSender;
  recorder: Pick<DeliveryWorker, 'record'>;
}

export class WebhooksService {
  private readonly d: WebhooksServiceDeps;

  constructor(deps: WebhooksServiceDeps) {
    this.d = deps;
  }

  async create(orgId: string, body: CreateWebhookRequest): Promise<WebhookWithSecret> {
    await this.d.urls.check([{ loc: ['body', 'url'], url: body.url }]);
    if ((await this.d.webhooks.countLive(orgId)) >= MAX_WEBHOOKS_PER_ORG) {
      throw errors.conflict(`An organization can have at most ${MAX_WEBHOOKS_PER_ORG} webhook subscriptions; delete one first.`);
    }
    return this.d.webhooks.insert({
      webhook_id: newId('whk'), org_id: orgId, url: body.url, events: [...body.events], description: body.description ?? '', secret: newWebhookSecret(),
    });
  }

  async list(orgId: string, limit: number, cursor: string | undefined): Promise<{ items: WebhookRow[]; next_cursor: string | null }> {
    const rows = await this.d.webhooks.listByOrg(orgId, limit, decodeCursor(cursor));
    return toPage(rows, limit, (w) => w.webhook_id);
  }

  async get(orgId: string, webhookId: string): Promise<WebhookRow> {
    const w = await this.d.webhooks.findInOrg(orgId, webhookId);
    if (!w) throw errors.notFound(`Webhook ${webhookId}`);
    return w;
  }

  /** Deletes the subscription and its secret; its pending retries are cancelled in the same transaction. */
  async delete(orgId: string, webhookId: string): Promise<void> {
    const found = await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.webhooks.softDelete(trx, orgId, webhookId))) return false;
      await this.d.deliveries.cancelPendingOfWebhook(trx, webhookId);
      return true;
    });
    if (!found) throw errors.notFound(`Webhook ${webhookId}`);
  }

  /** A page of the delivery log, newest first, each delivery with every attempt. */
  async deliveries(orgId: string, filter: DeliveryFilter, limit: number, cursor: string | undefined): Promise<{ items: DeliveryView[]; next_cursor: string | null }> {
    const beforeId = decodeCursor(cursor);
    if (filter.webhookId) await this.get(orgId, filter.webhookId);
    const page = toPage(await this.d.deliveries.list(orgId, filter, limit, beforeId), limit, (r) => r.delivery_id);
    return { items: await this.withAttempts(page.items), next_cursor: page.next_cursor };
  }

  /** Sends a logged delivery's event again as a new delivery, with the full retry schedule. */
  async redeliver(orgId: string, webhookId: string, deliveryId: string): Promise<DeliveryView> {
    const webhook = await this.get(orgId, webhookId);
    const original = await this.d.deliveries.findInOrg(orgId, deliveryId);
    if (!original || original.webhook_id !== webhookId) throw errors.notFound(`Delivery ${deliveryId}`);
    const id = await this.d.db.transaction().execute((trx) => this.d.dispatcher.create(trx, {
      org_id: orgId, webhook_id: webhookId, event_id: original.event_id, event: original.event, run_id: original.run_id, task_id: original.task_id,
      url: webhook.url, body: original.body, redelivery_of: original.delivery_id,
    }));
    return this.view(orgId, id!);
  }

  /** One signed `ping` to the subscription, sent now (no retries) and logged like any delivery. */
  async ping(orgId: string, webhookId: string): Promise<DeliveryView> {
    const webhook = await this.d.webhooks.findSigningInOrg(orgId, webhookId);
    if (!webhook) throw errors.notFound(`Webhook ${webhookId}`);
    const delivery_id = newId('dlv');
    const body = eventBody({ event: 'ping', webhook_id: webhookId, occurred_at_ms: Date.now() });
    await this.d.deliveries.insertOnce(this.d.db, {
      delivery_id, org_id: orgId, webhook_id: webhookId, event_id: null, event: 'ping', run_id: null, task_id: null, url: webhook.url, body, redelivery_of: null,
    });
    const delivery = (await this.d.deliveries.findInOrg(orgId, delivery_id))!;
    const outcome = await this.d.sender.send(webhook.url, webhook.secret, 'ping', body, delivery_id);
    await this.d.recorder.record(delivery, 1, outcome, []);
    return this.view(orgId, delivery_id);
  }

  private async view(orgId: string, deliveryId: string): Promise<DeliveryView> {
    const delivery = await this.d.deliveries.findInOrg(orgId, deliveryId);
    if (!delivery) throw errors.notFound(`Delivery ${deliveryId}`);
    return (await this.withAttempts([delivery]))[0];
  }

  private async withAttempts(rows: DeliveryRow[]): Promise<DeliveryView[]> {
    const attempts = await this.d.deliveries.attemptsOf(rows.map((r) => r.delivery_id));
    return rows.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.delivery_id === delivery.delivery_id) }));
  }
}
