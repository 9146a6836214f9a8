// The only code that writes `credit_accounts` and `credit_ledger`, with `credit-leases.repository.ts`
// for LLM credit leases (the LLM call's up-front charge also reads the LLM budget tables, to stay one
// statement). A balance never changes without its ledger row: both are written by one statement, and
// the update is conditional on the balance staying >= the credits leased to LLM gateway processes
// (`leased`, never spendable by another charge), so concurrent reservations can never overspend.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CreditLedgerTable, DB, LedgerKind } from '../db/schema.ts';
import { newId } from '../ids.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The month's LLM credit budget of an organization, and what it has used (records still in the journal included). */
export type LlmBudgetWindow = { month: string; defaultBudget: number | null; pendingCredits: number };

/**
 * The body of a `lim` CTE: one row with the organization's monthly LLM `budget` (its own, else the
 * default; null for none) and the credits `used` this month. Shared by the one-statement charges here
 * (one call, a group of calls) and the credit leases (credit-leases.repository.ts).
 */
export function llmBudgetLimit(orgId: string, budget: LlmBudgetWindow) {
  return sql`
        select case when b.org_id is null then ${budget.defaultBudget}::bigint else b.monthly_credits end as budget,
          coalesce(u.credits, 0) + ${budget.pendingCredits}::bigint as used
        from (select ${orgId}::text as org_id) o
        left join llm_budgets b on b.org_id = o.org_id
        left join llm_monthly_usage u on u.org_id = o.org_id and u.month = ${budget.month}`;
}

/** A ledger entry as the schema gives it. */
export type LedgerRow = Selectable<CreditLedgerTable>;

export interface Movement {
  orgId: string;
  kind: LedgerKind;
  /** Signed: negative moves credits out of the balance. */
  amount: number;
  taskId?: string | null;
  runId?: string | null;
  reason?: string | null;
}

const LEDGER_COLUMNS = ['entry_id', 'seq', 'org_id', 'kind', 'amount', 'balance_after', 'task_id', 'run_id', 'reason', 'created_at'] as const;

export class CreditsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async ensureAccount(db: Db, orgId: string): Promise<void> {
    await db.insertInto('credit_accounts').values({ org_id: orgId }).onConflict((oc) => oc.column('org_id').doNothing()).execute();
  }

  /**
   * Applies a movement and records it, atomically. Returns the new balance, or null when the account
   * does not exist or the balance would drop below zero (then nothing changes).
   */
  async apply(db: Db, m: Movement): Promise<number | null> {
    const r = await sql<{ balance_after: number }>`
      with moved as (
        update credit_accounts set balance = balance + ${m.amount}, updated_at = now()
        where org_id = ${m.orgId} and balance - leased + ${m.amount} >= 0
        returning balance)
      insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, task_id, run_id, reason)
      select ${newId('led')}, ${m.orgId}, ${m.kind}, ${m.amount}, balance, ${m.taskId ?? null}, ${m.runId ?? null}, ${m.reason ?? null} from moved
      returning balance_after`.execute(db);
    return r.rows.length ? Number(r.rows[0].balance_after) : null;
  }

  /**
   * `apply` for the up-front charge of an LLM call, guarded by the organization's monthly LLM budget in
   * the same statement (its own budget, else `defaultBudget`; null: none): the charge happens only while
   * the month's usage in `llm_monthly_usage` plus `pendingCredits` (usage not yet recorded) plus the
   * credits leased (budget room the leases may still spend) is below it.
   * One round trip on the call's critical path. Returns the new balance, or null when nothing moved
   * (balance too low or budget used up: the caller looks which).
   */
  async applyWithinLlmBudget(m: Movement, budget: LlmBudgetWindow): Promise<number | null> {
    const r = await sql<{ balance_after: number }>`
      with lim as (${llmBudgetLimit(m.orgId, budget)}),
      moved as (
        update credit_accounts set balance = balance + ${m.amount}, updated_at = now()
        from lim
        where org_id = ${m.orgId} and balance - leased + ${m.amount} >= 0 and (lim.budget is null or lim.used + leased < lim.budget)
        returning balance)
      insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, task_id, run_id, reason)
      select ${newId('led')}, ${m.orgId}, ${m.kind}, ${m.amount}, balance, ${m.taskId ?? null}, ${m.runId ?? null}, ${m.reason ?? null} from moved
      returning balance_after`.execute(this.db);
    return r.rows.length ? Number(r.rows[0].balance_after) : null;
  }

  /**
   * `applyWithinLlmBudget` for several calls of one organization at once (concurrent calls grouped into
   * one statement): charges `amount` for as many of `reasons`, in order, as the balance covers, one
   * ledger row each, while the month's usage is below the budget. Returns how many were charged.
   */
  async applyManyWithinLlmBudget(orgId: string, amount: number, reasons: string[], budget: LlmBudgetWindow): Promise<number> {
    const rows = JSON.stringify(reasons.map((reason) => ({ entry_id: newId('led'), reason })));
    const r = await sql<{ n: number }>`
      with lim as (${llmBudgetLimit(orgId, budget)}),
      cur as (select balance, leased from credit_accounts where org_id = ${orgId} for update),
      n as (select least(${reasons.length}::bigint, (cur.balance - cur.leased) / ${amount}::bigint) as n from cur, lim where lim.budget is null or lim.used + cur.leased < lim.budget),
      moved as (
        update credit_accounts a set balance = a.balance - n.n * ${amount}::bigint, updated_at = now()
        from n where a.org_id = ${orgId} and n.n > 0
        returning a.balance + n.n * ${amount}::bigint as before, n.n),
      ins as (
        insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, reason)
        select e.entry_id, ${orgId}, 'charge', -${amount}::bigint, moved.before - e.ord * ${amount}::bigint, e.reason
        from moved, rows from (jsonb_to_recordset(${rows}::jsonb) as (entry_id text, reason text)) with ordinality as e(entry_id, reason, ord)
        where e.ord <= moved.n order by e.ord
        returning entry_id)
      select count(*)::integer as n from ins`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * Takes up to `amount` credits (as much as the balance holds, never below zero) and records it, in one
   * statement. Returns the credits taken (0 when the balance is empty or the account does not exist).
   */
  async takeUpTo(db: Db, m: Omit<Movement, 'amount'> & { amount: number }): Promise<number> {
    const r = await sql<{ amount: number }>`
      with cur as (select balance - leased as free from credit_accounts where org_id = ${m.orgId} for update),
      moved as (
        update credit_accounts a set balance = a.balance - least(${m.amount}::bigint, cur.free), updated_at = now()
        from cur where a.org_id = ${m.orgId} and cur.free > 0 and ${m.amount}::bigint > 0
        returning a.balance as balance_after, least(${m.amount}::bigint, cur.free) as taken)
      insert into credit_ledger (entry_id, org_id, kind, amount, balance_after, task_id, run_id, reason)
      select ${newId('led')}, ${m.orgId}, ${m.kind}, -taken, balance_after, ${m.taskId ?? null}, ${m.runId ?? null}, ${m.reason ?? null} from moved
      returning amount`.execute(db);
    return r.rows.length ? -Number(r.rows[0].amount) : 0;
  }

  async balance(orgId: string, db: Db = this.db): Promise<number | null> {
    const row = await db.selectFrom('credit_accounts').select('balance').where('org_id', '=', orgId).executeTakeFirst();
    return row ? Number(row.balance) : null;
  }

  /** What a charge may take: the balance less the credits leased to LLM gateway processes. */
  async available(orgId: string, db: Db = this.db): Promise<number | null> {
    const row = await db.selectFrom('credit_accounts').select(['balance', 'leased']).where('org_id', '=', orgId).executeTakeFirst();
    return row ? Number(row.balance) - Number(row.leased) : null;
  }

  /** Credits held by the organization's queued and running tasks. */
  async reserved(orgId: string): Promise<number> {
    const row = await this.db.selectFrom('tasks').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('reserved_credits'), sql<number>`0`).as('n'))
      .where('org_id', '=', orgId).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first; limit+1 rows so the caller knows whether more exist. */
  async listLedger(orgId: string, limit: number, beforeSeq: number | null): Promise<LedgerRow[]> {
    let q = this.db.selectFrom('credit_ledger').select(LEDGER_COLUMNS).where('org_id', '=', orgId);
    if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
    const rows = await q.orderBy('seq', 'desc').limit(limit + 1).execute();
    return rows.map((r) => ({ ...r, seq: Number(r.seq), amount: Number(r.amount), balance_after: Number(r.balance_after) }));
  }

  async orgExists(orgId: string): Promise<boolean> {
    return (await this.db.selectFrom('organizations').select('org_id').where('org_id', '=', orgId).executeTakeFirst()) !== undefined;
  }
}
