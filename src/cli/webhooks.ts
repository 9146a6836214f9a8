// `folio webhooks list|deliveries|redeliver`: subscriptions and their delivery log.
import { clientOf, collect, io, limitOf, parse, printJson, table, UsageError } from './common.ts';

const USAGE = `Usage: folio webhooks <command>

Commands:
  list [--limit <n>]                                   Subscriptions, newest first.
  deliveries <webhook_id> [--limit <n>]                That subscription's deliveries, each with its attempts.
  redeliver <webhook_id> <delivery_id>                 Send a delivery again (a new delivery, full retry schedule).`;

export async function webhooks(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') return list(rest);
  if (action === 'deliveries') return deliveries(rest);
  if (action === 'redeliver') return redeliver(rest);
  if (action === '--help' || action === '-h' || action === 'help') return io.out(USAGE);
  throw new UsageError(action === undefined ? USAGE : `Unknown webhooks command "${action}".\n\n${USAGE}`);
}

async function list(args: string[]): Promise<void> {
  const p = parse(args, { limit: { type: 'string' } }, 'Usage: folio webhooks list [--limit <n>]');
  if (!p) return;
  const client = await clientOf(p.values);
  const items = await collect(client.webhooks.list(), limitOf(p.values.limit));
  if (p.values.json) return printJson(items);
  io.out(table(items, ['webhook_id', 'url', 'events', 'active', 'created_at']));
}

async function deliveries(args: string[]): Promise<void> {
  const p = parse(args, { limit: { type: 'string' } }, 'Usage: folio webhooks deliveries <webhook_id> [--limit <n>]', [1, 1]);
  if (!p) return;
  const limit = limitOf(p.values.limit);
  const client = await clientOf(p.values);
  const items = await collect(client.webhooks.deliveries(p.positionals[0], { limit: Math.min(limit, 100) }), limit);
  if (p.values.json) return printJson(items);
  io.out(table(items, ['delivery_id', 'event', 'status', 'attempt_count', 'run_id', 'created_at']));
}

async function redeliver(args: string[]): Promise<void> {
  const p = parse(args, {}, 'Usage: folio webhooks redeliver <webhook_id> <delivery_id>', [2, 2]);
  if (!p) return;
  const client = await clientOf(p.values);
  const delivery = await client.webhooks.redeliver(p.positionals[0], p.positionals[1]);
  if (p.values.json) return printJson(delivery);
  io.out(`Queued ${delivery.delivery_id} (redelivery of ${delivery.redelivery_of ?? p.positionals[1]}), status ${delivery.status}.`);
}
