// Builds the webhooks module for the composition root: subscriptions, the `run.event` job that turns
// the engine's events into deliveries, and the `webhook.deliver` job with the delivery log's sweep.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { Notifications } from '../jobs/notifications.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { OutboundGuard } from '../net/outbound.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import { DeliveriesRepository } from './deliveries.repository.ts';
import { runEventJob } from './run-event.job.ts';
import { WebhookDispatcher } from './webhook-dispatcher.ts';
import { DeliveryWorker } from './webhook-delivery.worker.ts';
import { WebhookSender } from './webhook-sender.ts';
import { WebhooksRepository } from './webhooks.repository.ts';
import { WebhooksService } from './webhooks.service.ts';

export interface WebhooksModuleDeps {
  config: Config;
  db: Kysely<DB>;
  jobs: JobQueue;
  notifications: Notifications;
  guard: OutboundGuard;
  urls: UrlPolicy;
  log: FastifyBaseLogger;
}

export interface WebhooksModule {
  service: WebhooksService;
  dispatcher: WebhookDispatcher;
  worker: DeliveryWorker;
}

export function createWebhooksModule(d: WebhooksModuleDeps): WebhooksModule {
  const webhooks = new WebhooksRepository(d.db);
  const deliveries = new DeliveriesRepository(d.db);
  const dispatcher = new WebhookDispatcher(d.config, d.jobs, webhooks, deliveries);
  const sender = new WebhookSender(d.guard, d.config.webhooks.timeoutMs);
  const worker = new DeliveryWorker({ config: d.config, db: d.db, jobs: d.jobs, notifications: d.notifications, webhooks, deliveries, dispatcher, sender, log: d.log });
  d.jobs.registry.define(worker.job(), runEventJob(d.db, dispatcher));
  const service = new WebhooksService({ db: d.db, urls: d.urls, webhooks, deliveries, dispatcher, sender, recorder: worker });
  return { service, dispatcher, worker };
}
