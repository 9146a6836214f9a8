// The webhooks module: subscriptions and their routes, the `run.event` job that turns the engine's
// events into deliveries, and the `webhook.deliver` job with the delivery log's sweep.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { FolioModule } from '../infra/module.ts';
import type { JobRuntime } from '../jobs/job-runtime.ts';
import type { AnyJobDefinition } from '../jobs/registry.ts';
import type { OutboundGuard } from '../net/outbound.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import { DeliveriesRepository } from './deliveries.repository.ts';
import { runEventJob } from './run-event.job.ts';
import { WebhookDispatcher } from './webhook-dispatcher.ts';
import { DeliveryWorker } from './webhook-delivery.worker.ts';
import { WebhookSender } from './webhook-sender.ts';
import { WebhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { WebhooksService } from './webhooks.service.ts';

export interface WebhooksModuleDeps {
  config: Config;
  db: Kysely<DB>;
  /** The shared job runtime: deliveries are jobs, and the delivery log's sweep runs with the workers. */
  jobs: JobRuntime;
  guard: OutboundGuard;
  urls: UrlPolicy;
  log: FastifyBaseLogger;
}

export interface WebhooksModule extends FolioModule<AnyJobDefinition> {
  service: WebhooksService;
  dispatcher: WebhookDispatcher;
  worker: DeliveryWorker;
}

export function createWebhooksModule(d: WebhooksModuleDeps): WebhooksModule {
  const webhooks = new WebhooksRepository(d.db);
  const deliveries = new DeliveriesRepository(d.db);
  const { queue, notifications } = d.jobs;
  const dispatcher = new WebhookDispatcher(d.config, queue, webhooks, deliveries);
  const sender = new WebhookSender(d.guard, d.config.webhooks.timeoutMs);
  const worker = new DeliveryWorker({ config: d.config, db: d.db, jobs: queue, notifications, webhooks, deliveries, dispatcher, sender, log: d.log });
  d.jobs.workers.attach(worker);
  const service = new WebhooksService({ db: d.db, urls: d.urls, webhooks, deliveries, dispatcher, sender, recorder: worker });
  return {
    name: 'webhooks',
    service, dispatcher, worker,
    routes: (api) => webhooksRoutes(api, { webhooks: service }),
    jobs: [worker.job(), runEventJob(d.db, dispatcher)],
  };
}
