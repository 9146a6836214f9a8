// The SQL of LLM credit leases (`credit_leases` and `credit_accounts.leased`): a process holds a block of
// an organization's credits, spends it on LLM calls in memory, and the calls' charges are settled here
// later (one ledger row each, from the usage journal). A lease is a hold, not a movement: the balance
// still equals the ledger's sum; `leased` is the part of it no other charge may take.
import { sql, type Kysely, type Transaction } from 'kysely';
import { ROWS_PER_STATEMENT } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { llmBudgetLimit, type LlmBudgetWindow } from './credits.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type LeaseBudget = LlmBudgetWindow;

/** A charge paid from a lease: one ledger row `charge` of -amount, named by `reason`. */
export interface LeasedCharge { orgId: string; leaseId: string; amount: number; reason: string }

export class CreditLeasesRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Grants up to `want` credits to a lease (created, or added to when it exists: `topUp`), in one statement:
   * at most the balance not leased, and while the organization has a monthly LLM budget, at most the room
   * left in it (the month's usage plus `pendingCredits` plus every lease's held credits). Nothing is
   * granted below `minimum`. Returns the credits granted; with `topUp`, null when the lease is gone.
   */
  async grant(g: { leaseId: string; orgId: string; holder: string; want: number; minimum: number; ttlMs: number; topUp: boolean }, budget: LeaseBudget): Promise<number | null> {
    const r = await sql<{ n: number; gone: boolean }>`
      with lim as (${llmBudgetLimit(g.orgId, budget)}),
      cur as (select balance, leased from credit_accounts where org_id = ${g.orgId} for update),
      lease as (select lease_id from credit_leases where lease_id = ${g.leaseId} for update),
      n as (select least(${g.want}::bigint, cur.balance - cur.leased,
          case when lim.budget is null then ${g.want}::bigint else lim.budget - lim.used - cur.leased end) as n
        from cur, lim where ${!g.topUp} or exists (select 1 from lease)),
      acc as (update credit_accounts a set leased = a.leased + n.n, updated_at = now() from n
        where a.org_id = ${g.orgId} and n.n >= ${g.minimum}::bigint returning n.n),
      made as (insert into credit_leases (lease_id, org_id, holder, held, expires_at)
        select ${g.leaseId}, ${g.orgId}, ${g.holder}, acc.n, now() + ${g.ttlMs}::bigint * interval '1 millisecond' from acc
        on conflict (lease_id) do update set held = credit_leases.held + excluded.held, expires_at = excluded.expires_at
        returning 1)
      select coalesce((select n from acc), 0)::bigint as n, ${g.topUp} and not exists (select 1 from lease) as gone`.execute(this.db);
    const row = r.rows[0];
    return row.gone ? null : Number(row.n);
  }

  /** Pushes the lease's expiry `ttlMs` from now; false when it is gone (reclaimed after expiring). */
  async renew(leaseId: string, ttlMs: number): Promise<boolean> {
    const r = await sql`update credit_leases set expires_at = now() + ${ttlMs}::bigint * interval '1 millisecond' where lease_id = ${leaseId} returning 1`.execute(this.db);
    return r.rows.length > 0;
  }

  /** Gives `amount` unspent credits of a lease back to the balance; `close` also removes it when nothing else is held. */
  async giveBack(leaseId: string, amount: number, close: boolean): Promise<void> {
    if (amount > 0) {
      await sql`
        with cur as (select org_id, held from credit_leases where lease_id = ${leaseId} for update),
        upd as (update credit_leases l set held = cur.held - least(cur.held, ${amount}::bigint) from cur where l.lease_id = ${leaseId}
          returning cur.org_id, least(cur.held, ${amount}::bigint) as n)
        update credit_accounts a set leased = a.leased - upd.n, updated_at = now() from upd where a.org_id = upd.org_id`.execute(this.db);
    }
    if (close) await sql`delete from credit_leases where lease_id = ${leaseId} and held = 0`.execute(this.db);
  }

  /** Ends leases whose holder stopped renewing them (or the given holders' leases): their held credits come back. Returns how many. */
  async reclaim(holders?: string[]): Promise<number> {
    const which = holders ? sql`holder = any(${holders}::text[])` : sql`expires_at < now()`;
    const r = await sql<{ n: number }>`
      with gone as (delete from credit_leases where ${which} returning org_id, held),
      s as (select org_id, sum(held) as n from gone group by org_id),
      acc as (update credit_accounts a set leased = a.leased - s.n, updated_at = now() from s where a.org_id = s.org_id)
      select count(*)::integer as n from gone`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** The holders of live leases whose name starts with `prefix` (a host's). */
  async holders(prefix: string): Promise<string[]> {
    const rows = await this.db.selectFrom('credit_leases').select('holder').distinct().where('holder', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`).execute();
    return rows.map((r) => r.holder);
  }

  /**
   * Settles charges paid from leases, in the caller's transaction: per lease, one ledger row each (in
   * order, consecutive balances), the balance and the lease's hold lowered together. A charge whose lease
   * is gone (reclaimed after its holder died) is taken from the free balance, as far as it covers.
   * Returns the credits that could not be charged (0 unless a reclaimed lease's balance was spent since).
   */
  async settle(trx: Transaction<DB>, charges: LeasedCharge[]): Promise<number> {
    // By lease, in chunks of ROWS_PER_STATEMENT charges (one statement each: see there).
    const groups: LeasedCharge[][] = [];
    const open = new Map<string, LeasedCharge[]>();
    for (const c of charges) {
      if (c.amount <= 0) continue;
      let list = open.get(c.leaseId);
      if (!list || list.length === ROWS_PER_STATEMENT) {
        list = [];
        open.set(c.leaseId, list);
        groups.push(list);
      }
      list.push(c);
    }
    let short = 0;
    for (const list of groups) {
      const leaseId = list[0].leaseId;
      const orgId = list[0].orgId;
      const total = list.reduce((s, c) => s + c.amount, 0);
      const rows = JSON.stringify(list.map((c) => ({ entry_id: newId('led'), reason: c.reason, amount: c.amount })));
      const r = await sql<{ n: number }>`
        with l as (update credit_leases set held = held - ${total}::bigint where lease_id = ${leaseId} and org_id = ${orgId} and held >= ${total}::bigint returning org_id),
        acc as (update credit_accounts a set balance = a.balance - ${total}::bigint, leased = a.leased - ${total}::bigint, updated_at = now()
          from l where a.org_id = l.org_id returning a.balance + ${total}::bigint as before),
        e as (select entry_id, reason, amount, ord, sum(amount) over (order by ord) as running
          from rows from (jsonb_to_recordset(${rows}::jsonb) as (entry_id text, reason text, amount bigint)) with ordinality as x(entry_id, reason, amount, ord)),
        ins as (insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, reason)
          select e.entry_id, ${orgId}, 'charge', -e.amount, acc.before - e.running, e.reason from acc, e order by e.ord returning 1)
        select count(*)::integer as n from ins`.execute(trx);
      if (Number(r.rows[0]?.n ?? 0) === list.length) continue;
      for (const c of list) short += c.amount - (await takeFree(trx, c));
    }
    return short;
  }
}

/** One charge from the free balance (not leased), at most what it holds; returns the credits taken. */
async function takeFree(db: Db, c: LeasedCharge): Promise<number> {
  const r = await sql<{ amount: number }>`
    with cur as (select balance - leased as free from credit_accounts where org_id = ${c.orgId} for update),
    moved as (update credit_accounts a set balance = a.balance - least(${c.amount}::bigint, cur.free), updated_at = now()
      from cur where a.org_id = ${c.orgId} and cur.free > 0 returning a.balance as balance_after, least(${c.amount}::bigint, cur.free) as taken)
    insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, reason)
    select ${newId('led')}, ${c.orgId}, 'charge', -taken, balance_after, ${c.reason} from moved returning amount`.execute(db);
  return r.rows.length ? -Number(r.rows[0].amount) : 0;
}
