// The only SQL of the console's sign-in sessions: rows keyed by the SHA-256 of the cookie's token.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConsoleSessionsTable, DB } from '../db/schema.ts';

const COLUMNS = ['session_id', 'user_id', 'org_id', 'created_at', 'expires_at'] as const;

/** A session as the console's code sees it: every column but the token's hash. */
export type ConsoleSessionRow = Pick<Selectable<ConsoleSessionsTable>, (typeof COLUMNS)[number]>;

export class ConsoleSessionsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(row: { session_id: string; token_hash: string; user_id: string; org_id: string | null; expires_at: Date }): Promise<ConsoleSessionRow> {
    return this.db.insertInto('console_sessions').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  /** The live session of a token hash; an expired one is not found (and is deleted by the next sign-in's sweep). */
  async findLive(tokenHash: string): Promise<ConsoleSessionRow | undefined> {
    return this.db.selectFrom('console_sessions').select(COLUMNS).where('token_hash', '=', tokenHash).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
  }

  /** Points the session at another organization; the caller has checked the membership. */
  async setOrg(sessionId: string, userId: string, orgId: string): Promise<void> {
    await this.db.updateTable('console_sessions').set({ org_id: orgId }).where('session_id', '=', sessionId).where('user_id', '=', userId).execute();
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Removes expired sessions (a few at a time, on each sign-in: the table never grows unbounded). */
  async sweepExpired(limit = 100): Promise<void> {
    await sql`delete from console_sessions where session_id in (
      select session_id from console_sessions where expires_at < now() limit ${limit})`.execute(this.db);
  }
}
