// The chaos run's invariants, read from the private PostgreSQL, the bucket and the webhook receiver once
// the load has stopped and the cluster has drained: every task terminal with one terminal event, the
// credit ledger balanced with no reservation left, every terminal event delivered with a stable
// Webhook-Id, blobs and rows matching one to one, and no 500 (nor a 502/503 without Retry-After).
import pg from 'pg';
import type { LoadState } from './load.ts';
import type { Received } from './services.ts';

const TERMINAL = ['completed', 'failed', 'cancelled', 'expired'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no task is queued or running and no delivery is pending; false if `ms` passes first. */
export async function drain(url: string, ms: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const { rows } = await client.query(`select (select count(*) from tasks where status in ('queued','running'))::int as tasks,
        (select count(*) from webhook_deliveries where status = 'pending')::int as deliveries`);
      if (rows[0].tasks === 0 && rows[0].deliveries === 0) return true;
      await sleep(1000);
    }
    return false;
  } finally {
    await client.end();
  }
}

export async function checkInvariants(url: string, state: LoadState, received: Received[], bucketKeys: string[], receiverUrl: string): Promise<string[]> {
  const v: string[] = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text: string) => (await client.query(text)).rows;
  try {
    // 1. Every accepted task is known and terminal; no task anywhere is left queued or running.
    const tasks = await q(`select task_id, org_id, status, webhook_url from tasks`);
    const byId = new Map(tasks.map((t) => [t.task_id, t]));
    for (const id of state.accepted.keys()) {
      const t = byId.get(id);
      if (!t) v.push(`task ${id} was accepted but is not in the database (lost)`);
    }
    for (const t of tasks) if (!TERMINAL.includes(t.status)) v.push(`task ${t.task_id} is still ${t.status}`);

    // ... exactly once: one terminal event per completed or failed task, of its kind, and none for others.
    const events = await q(`select event_id, task_id, type, org_id, webhook_url from events`);
    const eventsOf = new Map<string, typeof events>();
    for (const e of events) eventsOf.set(e.task_id, [...(eventsOf.get(e.task_id) ?? []), e]);
    for (const t of tasks) {
      const es = eventsOf.get(t.task_id) ?? [];
      const want = t.status === 'completed' ? 'run.completed' : t.status === 'failed' ? 'run.failed' : null;
      if (want && (es.length !== 1 || es[0].type !== want)) v.push(`task ${t.task_id} (${t.status}) has ${es.length} terminal events: ${es.map((e) => e.type).join(', ')}`);
      if (!want && es.length) v.push(`task ${t.task_id} (${t.status}) has terminal events`);
    }

    // 2. Credits: ledger sums equal balances; each task reserved and released at most once, charged at
    // most once, and no terminal task keeps a reservation.
    for (const r of await q(`select a.org_id, a.balance, coalesce(sum(l.amount), 0)::bigint as sum from credit_accounts a left join credit_ledger l on l.org_id = a.org_id group by a.org_id, a.balance`)) {
      if (Number(r.sum) !== Number(r.balance)) v.push(`org ${r.org_id}: ledger sums to ${r.sum}, balance is ${r.balance}`);
    }
    // LLM credit leases: an account's hold is the sum of its live leases' held credits, within its balance.
    for (const r of await q(`select a.org_id, a.balance, a.leased, coalesce(sum(l.held), 0)::bigint as held from credit_accounts a left join credit_leases l on l.org_id = a.org_id group by a.org_id, a.balance, a.leased`)) {
      if (Number(r.held) !== Number(r.leased) || Number(r.leased) > Number(r.balance)) v.push(`org ${r.org_id}: leased ${r.leased}, leases hold ${r.held}, balance ${r.balance}`);
    }
    for (const r of await q(`select task_id, count(*) filter (where kind = 'reservation')::int as res, count(*) filter (where kind = 'release')::int as rel,
        count(*) filter (where kind = 'charge')::int as ch from credit_ledger where task_id is not null group by task_id`)) {
      if (r.res > 1 || r.rel !== r.res || r.ch > 1) v.push(`task ${r.task_id}: ${r.res} reservations, ${r.rel} releases, ${r.ch} charges`);
    }
    const [held] = await q(`select coalesce(sum(reserved_credits), 0)::int as n from tasks where status not in ('queued','running') and reserved_credits > 0
      and not exists (select 1 from credit_ledger l where l.task_id = tasks.task_id and l.kind = 'release')
      and exists (select 1 from credit_ledger l where l.task_id = tasks.task_id and l.kind = 'reservation')`);
    if (held.n > 0) v.push(`${held.n} credits still reserved by terminal tasks`);

    // 3. Webhooks: every terminal event reached each of its targets at least once, and every copy of one
    // delivery carried the same Webhook-Id, the delivery's id.
    const deliveries = await q(`select delivery_id, event_id, webhook_id, url, status from webhook_deliveries where event_id is not null`);
    const seen = new Map<string, Received[]>();
    for (const r of received) seen.set(`${r.path}|${r.taskId}|${r.event}`, [...(seen.get(`${r.path}|${r.taskId}|${r.event}`) ?? []), r]);
    const deliveriesOf = new Map<string, typeof deliveries>();
    for (const d of deliveries) deliveriesOf.set(d.event_id, [...(deliveriesOf.get(d.event_id) ?? []), d]);
    let expected = 0;
    for (const e of events) {
      const targets = deliveriesOf.get(e.event_id) ?? [];
      const wanted = 1 + (e.webhook_url ? 1 : 0); // the org's subscription, and the per-request callback
      if (targets.length !== wanted) v.push(`event ${e.event_id} (${e.type} of ${e.task_id}) has ${targets.length} deliveries, expected ${wanted}`);
      for (const d of targets) {
        expected++;
        const urlPath = d.url.slice(receiverUrl.length);
        const copies = seen.get(`${urlPath}|${e.task_id}|${e.type}`) ?? [];
        if (!copies.length) v.push(`delivery ${d.delivery_id} (${e.type} of ${e.task_id} to ${urlPath}) never arrived (status ${d.status})`);
        const ids = new Set(copies.map((c) => c.webhookId));
        if (copies.length && (ids.size !== 1 || !ids.has(d.delivery_id))) v.push(`delivery ${d.delivery_id} arrived with Webhook-Id ${[...ids].join(', ')}`);
      }
    }
    void expected;

    // 4. Blobs and rows, one to one: every key a row names is in the bucket, every object has a row.
    const cols = await q(`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name like '%blob_key'`);
    const rowKeys = new Set<string>();
    for (const c of cols) {
      const purged = (await q(`select 1 from information_schema.columns where table_schema = 'public' and table_name = '${c.table_name}' and column_name = 'purged_at'`)).length > 0;
      for (const r of await q(`select "${c.column_name}" as k from "${c.table_name}" where "${c.column_name}" is not null${purged ? ' and purged_at is null' : ''}`)) rowKeys.add(r.k);
    }
    for (const r of await q(`select pages from export_renditions where pages is not null`)) {
      for (const p of (typeof r.pages === 'string' ? JSON.parse(r.pages) : r.pages) ?? []) if (p?.blob_key) rowKeys.add(p.blob_key);
    }
    const inBucket = new Set(bucketKeys);
    const missing = [...rowKeys].filter((k) => !inBucket.has(k));
    const orphans = bucketKeys.filter((k) => !rowKeys.has(k));
    if (missing.length) v.push(`${missing.length} rows name a blob that is not in the bucket: ${missing.slice(0, 5).join(', ')}`);
    if (orphans.length) v.push(`${orphans.length} blobs in the bucket have no row: ${orphans.slice(0, 5).join(', ')}`);

    // 5. No 500, and every 502/503/504 tells the client when to retry.
    for (const o of state.outcomes) {
      if (o.status === 500) v.push(`${o.op} answered 500 ${o.code ?? ''}: ${o.detail ?? ''}`);
      else if (typeof o.status === 'number' && o.status >= 502 && !o.retryAfter) v.push(`${o.op} answered ${o.status} ${o.code ?? ''} without Retry-After`);
    }
  } finally {
    await client.end();
  }
  return v;
}
