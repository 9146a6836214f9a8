// The daily usage report's SQL (GET /usage/daily): credits charged per day and format from the ledger
// (with the task's format), and LLM tokens per day, format and model from the LLM usage records. Read
// only, always for one organization; days are UTC.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type CreditsDay = { date: string; format: string; credits: number };
export type TokensDay = { date: string; format: string; model: string; input_tokens: number; output_tokens: number; calls: number };

export class UsageReportRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Charges per UTC day and format since `since`; an LLM call's charge (no task) counts as format `llm`. */
  async creditsByDay(orgId: string, since: Date): Promise<CreditsDay[]> {
    const r = await sql<CreditsDay>`
      select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as date,
             coalesce(t.format, 'llm') as format,
             sum(-l.amount)::int as credits
      from credit_ledger l
      left join tasks t on t.task_id = l.task_id and t.org_id = l.org_id
      where l.org_id = ${orgId} and l.kind = 'charge' and l.created_at >= ${since.toISOString()}::timestamptz
      group by 1, 2
      order by 1, 2`.execute(this.db);
    return r.rows.map((x) => ({ ...x, credits: Number(x.credits) }));
  }

  /** Tokens per UTC day, format (the operation's first part: `slides`, `llm`, `text`...) and model. */
  async tokensByDay(orgId: string, since: Date): Promise<TokensDay[]> {
    const r = await sql<TokensDay>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date,
             split_part(operation, '.', 1) as format,
             coalesce(model, requested_model, 'unknown') as model,
             sum(input_tokens)::bigint as input_tokens,
             sum(output_tokens)::bigint as output_tokens,
             count(*)::int as calls
      from llm_usage
      where org_id = ${orgId} and created_at >= ${since.toISOString()}::timestamptz
      group by 1, 2, 3
      order by 1, 2, 3`.execute(this.db);
    return r.rows.map((x) => ({ ...x, input_tokens: Number(x.input_tokens), output_tokens: Number(x.output_tokens), calls: Number(x.calls) }));
  }
}
