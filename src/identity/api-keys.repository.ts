// The only code that queries `api_keys` (and, to authenticate a key, its organization).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ApiKeysTable, DB } from '../db/schema.ts';
import type { OrgRow } from './organizations.repository.ts';

const KEY_COLUMNS = ['key_id', 'org_id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;
/** A key as reads return it: never its hash. */
export type ApiKeyRow = Pick<Selectable<ApiKeysTable>, (typeof KEY_COLUMNS)[number]>;
export type KeyWithOrg = Pick<ApiKeyRow, 'key_id' | 'prefix' | 'revoked_at'> & Pick<OrgRow, 'org_id' | 'org_name' | 'tier' | 'webhook_secret' | 'status'>;

export class ApiKeysRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(
    trx: Kysely<DB> | Transaction<DB>,
    key: { key_id: string; org_id: string; name: string; prefix: string; key_hash: string; created_by: string | null },
  ): Promise<ApiKeyRow> {
    return trx.insertInto('api_keys').values(key).returning(KEY_COLUMNS).executeTakeFirstOrThrow();
  }

  /** Newest first; `beforeId` is the keyset cursor. Fetches limit+1 rows so the caller knows if more exist. */
  async listByOrg(orgId: string, limit: number, beforeId: string | null): Promise<ApiKeyRow[]> {
    let q = this.db.selectFrom('api_keys').select(KEY_COLUMNS).where('org_id', '=', orgId);
    if (beforeId) q = q.where('key_id', '<', beforeId);
    return q.orderBy('key_id', 'desc').limit(limit + 1).execute();
  }

  async findInOrg(orgId: string, keyId: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').select(KEY_COLUMNS).where('org_id', '=', orgId).where('key_id', '=', keyId).executeTakeFirst();
  }

  /** Marks the key revoked; false when it does not exist in this org. Revoking twice keeps the first time. */
  async revoke(orgId: string, keyId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql`coalesce(revoked_at, now())` as any })
      .where('org_id', '=', orgId)
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The key and its organization, by the SHA-256 of the presented secret. */
  async findByHash(keyHash: string): Promise<KeyWithOrg | undefined> {
    return this.db
      .selectFrom('api_keys as k')
      .innerJoin('organizations as o', 'o.org_id', 'k.org_id')
      .select(['k.key_id', 'k.prefix', 'k.revoked_at', 'o.org_id', 'o.org_name', 'o.tier', 'o.webhook_secret', 'o.status'])
      .where('k.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /** Writes a batch of last-used times; never moves a time backwards. */
  async touchLastUsed(entries: { keyId: string; orgId: string; at: Date }[]): Promise<void> {
    if (entries.length === 0) return;
    const values = sql.join(entries.map((e) => sql`(${e.keyId}, ${e.orgId}, ${e.at.toISOString()}::timestamptz)`));
    await sql`
      update api_keys as k set last_used_at = v.at
      from (values ${values}) as v(key_id, org_id, at)
      where k.key_id = v.key_id and k.org_id = v.org_id
        and (k.last_used_at is null or k.last_used_at < v.at)`.execute(this.db);
  }
}
