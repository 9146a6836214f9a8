// The only code that queries `llm_usage`, `llm_monthly_usage` and `llm_budgets`. Every query is
// scoped to one organization.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ROWS_PER_STATEMENT } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { LlmUsageTable } from '../db/schema-delivery.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface UsageAttempt {
  model: string;
  outcome: 'ok' | 'error' | 'timeout' | 'invalid_output';
  /** HTTP status of the provider's error answer, when it sent one. */
  status?: number;
  repaired?: boolean;
  duration_ms: number;
}

/** A usage record: the `llm_usage` columns from the schema, with `attempts` read as what it holds. */
export type LlmUsageRow = Omit<Selectable<LlmUsageTable>, 'attempts'> & { attempts: UsageAttempt[] };

export type NewUsage = Omit<LlmUsageRow, 'created_at'>;

/**
 * A record waiting in the usage outbox: its creation time (ISO) and the month it counts in travel with it,
 * and for a call paid from a credit lease, the lease and the credits to charge from it when the record is written.
 */
export type PendingUsage = NewUsage & { created_at: string; month: string; lease_id?: string | null; lease_credits?: number };

export interface UsageFilter {
  user_id?: string;
  session_id?: string;
}

/** The first day of the UTC month of `at`, as the `month` key (`YYYY-MM-01`). */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

const COLUMNS = ['usage_id', 'org_id', 'key_id', 'request_id', 'operation', 'requested_model', 'model', 'provider', 'response_format', 'status', 'error_code',
  'input_tokens', 'output_tokens', 'credits', 'user_id', 'session_id', 'attempts', 'duration_ms', 'created_at'] as const;

export class LlmUsageRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Records a call; a succeeded one also adds to its month's total. One statement, so it is atomic on
   * its own and costs one round trip (this runs on every LLM call).
   */
  async record(db: Db, u: NewUsage, month: string): Promise<void> {
    const insert = sql`insert into llm_usage (usage_id, org_id, key_id, request_id, operation, requested_model, model, provider, response_format,
        status, error_code, input_tokens, output_tokens, credits, user_id, session_id, attempts, duration_ms)
      values (${u.usage_id}, ${u.org_id}, ${u.key_id}, ${u.request_id}, ${u.operation}, ${u.requested_model}, ${u.model}, ${u.provider}, ${u.response_format},
        ${u.status}, ${u.error_code}, ${u.input_tokens}, ${u.output_tokens}, ${u.credits}, ${u.user_id}, ${u.session_id}, ${JSON.stringify(u.attempts)}, ${u.duration_ms})`;
    if (u.status !== 'succeeded') {
      await insert.execute(db);
      return;
    }
    await sql`with recorded as (${insert} returning org_id)
      insert into llm_monthly_usage as m (org_id, month, credits, calls, input_tokens, output_tokens)
      select org_id, ${month}, ${u.credits}, 1, ${u.input_tokens}, ${u.output_tokens} from recorded
      on conflict (org_id, month) do update set credits = m.credits + excluded.credits, calls = m.calls + 1,
        input_tokens = m.input_tokens + excluded.input_tokens, output_tokens = m.output_tokens + excluded.output_tokens`.execute(db);
  }

  /**
   * Records a batch of calls (the usage outbox's), each with the month it counts in, in one statement:
   * idempotent by usage_id (a record already there is skipped, and does not add to its month again), so a
   * batch replayed after a crash can never count a call twice. Records of deleted organizations are dropped.
   * Returns the usage ids that were new (in the caller's transaction when given). A large batch goes in
   * statements of ROWS_PER_STATEMENT records (see there).
   */
  async recordBatch(rows: PendingUsage[], db: Db = this.db): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      for (const id of await this.recordChunk(rows.slice(i, i + ROWS_PER_STATEMENT), db)) fresh.add(id);
    }
    return fresh;
  }

  private async recordChunk(rows: PendingUsage[], db: Db): Promise<string[]> {
    const json = JSON.stringify(rows);
    const r = await sql<{ usage_id: string }>`with input as (
        select * from jsonb_to_recordset(${json}::jsonb) as r(usage_id text, org_id text, key_id text, request_id text, operation text, requested_model text,
          model text, provider text, response_format text, status text, error_code text, input_tokens integer, output_tokens integer, credits integer,
          user_id text, session_id text, attempts jsonb, duration_ms integer, created_at timestamptz, month text)),
      ins as (insert into llm_usage (usage_id, org_id, key_id, request_id, operation, requested_model, model, provider, response_format,
          status, error_code, input_tokens, output_tokens, credits, user_id, session_id, attempts, duration_ms, created_at)
        select usage_id, org_id, key_id, request_id, operation, requested_model, model, provider, response_format,
          status, error_code, input_tokens, output_tokens, credits, user_id, session_id, attempts, duration_ms, created_at
        from input where exists (select 1 from organizations o where o.org_id = input.org_id)
        on conflict (usage_id) do nothing returning usage_id),
      totals as (insert into llm_monthly_usage as m (org_id, month, credits, calls, input_tokens, output_tokens)
        select i.org_id, i.month, sum(i.credits), count(*), sum(i.input_tokens), sum(i.output_tokens)
        from input i join ins using (usage_id) where i.status = 'succeeded' group by i.org_id, i.month
        on conflict (org_id, month) do update set credits = m.credits + excluded.credits, calls = m.calls + excluded.calls,
          input_tokens = m.input_tokens + excluded.input_tokens, output_tokens = m.output_tokens + excluded.output_tokens)
      select usage_id from ins`.execute(db);
    return r.rows.map((x) => x.usage_id);
  }

  /** The organization's own budget (undefined: never set; null: removed) and its month's totals, in one query. */
  async budgetState(orgId: string, month: string): Promise<{ budget: number | null | undefined; credits: number; calls: number; input_tokens: number; output_tokens: number }> {
    const r = await sql<{ has_budget: boolean; monthly_credits: number | null; credits: number | null; calls: number | null; input_tokens: number | null; output_tokens: number | null }>`
      select b.org_id is not null as has_budget, b.monthly_credits, m.credits, m.calls, m.input_tokens, m.output_tokens
      from (select ${orgId}::text as org_id) o
      left join llm_budgets b on b.org_id = o.org_id
      left join llm_monthly_usage m on m.org_id = o.org_id and m.month = ${month}`.execute(this.db);
    const row = r.rows[0];
    return {
      budget: row.has_budget ? (row.monthly_credits === null ? null : Number(row.monthly_credits)) : undefined,
      credits: Number(row.credits ?? 0), calls: Number(row.calls ?? 0), input_tokens: Number(row.input_tokens ?? 0), output_tokens: Number(row.output_tokens ?? 0),
    };
  }

  async setBudget(orgId: string, monthlyCredits: number | null): Promise<void> {
    await this.db.insertInto('llm_budgets').values({ org_id: orgId, monthly_credits: monthlyCredits })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ monthly_credits: monthlyCredits, updated_at: new Date() }))
      .execute();
  }

  /** Newest first; limit+1 rows so the caller knows whether more exist. */
  async list(orgId: string, limit: number, beforeId: string | null, filter: UsageFilter): Promise<LlmUsageRow[]> {
    let q = this.db.selectFrom('llm_usage').select(COLUMNS).where('org_id', '=', orgId);
    if (beforeId !== null) q = q.where('usage_id', '<', beforeId);
    if (filter.user_id !== undefined) q = q.where('user_id', '=', filter.user_id);
    if (filter.session_id !== undefined) q = q.where('session_id', '=', filter.session_id);
    const rows = await q.orderBy('usage_id', 'desc').limit(limit + 1).execute();
    return rows.map((r) => ({ ...r, attempts: r.attempts as unknown as UsageAttempt[] }));
  }
}
