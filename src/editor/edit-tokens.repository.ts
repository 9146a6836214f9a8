// The only code that queries `edit_tokens`. A token is found by its hash together with
// the run it was minted for, so another run's token never reads, extends or touches this run.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, EditTokensTable, OrganizationsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A live token, with its organization's tier (its upload limit bounds a save) and name. */
export type EditSession = Pick<Selectable<EditTokensTable>, 'token_id' | 'org_id' | 'run_id' | 'expires_at'> & Pick<Selectable<OrganizationsTable>, 'tier' | 'org_name'>;

const after = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

export class EditTokensRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(token: { token_hash: string; token_id: string; org_id: string; run_id: string }, ttlSeconds: number, db: Db = this.db): Promise<Date> {
    const row = await db.insertInto('edit_tokens').values({ ...token, expires_at: after(ttlSeconds) as any }).returning('expires_at').executeTakeFirstOrThrow();
    return row.expires_at;
  }

  /**
   * The live token of this run with this hash, its expiry pushed to now + ttl (the editor is in use).
   * An expired token stays expired: it is never revived.
   */
  async useLive(tokenHash: string, runId: string, ttlSeconds: number): Promise<EditSession | undefined> {
    const used = await this.db.updateTable('edit_tokens')
      .set({ expires_at: sql`greatest(expires_at, ${after(ttlSeconds)})` as any })
      .where('token_hash', '=', tokenHash).where('run_id', '=', runId).where('expires_at', '>', sql<Date>`now()`)
      .returning(['token_id', 'org_id', 'run_id', 'expires_at']).executeTakeFirst();
    if (!used) return undefined;
    const org = await this.db.selectFrom('organizations').select(['tier', 'org_name']).where('org_id', '=', used.org_id).executeTakeFirst();
    return org ? { ...used, tier: org.tier, org_name: org.org_name } : undefined;
  }

  /** Removes tokens that expired more than `graceSeconds` ago; how many went. */
  async deleteExpired(graceSeconds: number, limit = 5000): Promise<number> {
    const r = await this.db.deleteFrom('edit_tokens').where('token_hash', 'in', (eb) =>
      eb.selectFrom('edit_tokens').select('token_hash').where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`).limit(limit),
    ).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
