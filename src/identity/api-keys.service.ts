// API keys: minting (only the SHA-256 is stored), listing, revocation, and authentication of a presented key.
import { hash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import { newId, randomAlphanumeric } from '../ids.ts';
import type { ApiKeyCache } from './api-key-cache.ts';
import type { ApiKeyRow, ApiKeysRepository, KeyWithOrg } from './api-keys.repository.ts';
import type { LastUsedTracker } from './last-used.ts';
import type { OrgRow } from './organizations.repository.ts';

export const KEY_PATTERN = /^sk_live_[A-Za-z0-9]{28}$/;
const PREFIX_LENGTH = 12; // "sk_live_" + 4 characters: enough to tell keys apart, far too little to guess

export function hashApiKey(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function generateApiKey(): { secret: string; hash: string; prefix: string } {
  const secret = `sk_live_${randomAlphanumeric(28)}`;
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, PREFIX_LENGTH) };
}

export class ApiKeysService {
  private readonly db: Kysely<DB>;
  private readonly repo: ApiKeysRepository;
  private readonly cache: ApiKeyCache;
  private readonly lastUsed: LastUsedTracker;

  constructor(db: Kysely<DB>, repo: ApiKeysRepository, cache: ApiKeyCache, lastUsed: LastUsedTracker) {
    this.db = db;
    this.repo = repo;
    this.cache = cache;
    this.lastUsed = lastUsed;
  }

  /** Mints a key inside the caller's transaction (signup) or on its own. The secret is returned only here. */
  async mint(trx: Kysely<DB> | Transaction<DB>, orgId: string, name: string, createdBy: string | null): Promise<{ key: ApiKeyRow; secret: string }> {
    const { secret, hash, prefix } = generateApiKey();
    const key = await this.repo.insert(trx, { key_id: newId('key'), org_id: orgId, name, prefix, key_hash: hash, created_by: createdBy });
    return { key, secret };
  }

  /** A new key on an existing organization (key management endpoint). */
  async mintForOrg(org: OrgRow, name: string, createdBy: string): Promise<{ key: ApiKeyRow; secret: string }> {
    if (org.status !== 'active') throw errors.forbidden('The organization is suspended.');
    return this.mint(this.db, org.org_id, name, createdBy);
  }

  async list(orgId: string, limit: number, cursor: string | undefined): Promise<{ items: ApiKeyRow[]; next_cursor: string | null }> {
    const beforeId = decodeCursor(cursor);
    await this.lastUsed.flush(); // so this process's recent uses show up
    const rows = await this.repo.listByOrg(orgId, limit, beforeId);
    return toPage(rows, limit, (r) => r.key_id);
  }

  async revoke(orgId: string, keyId: string): Promise<void> {
    const found = await this.repo.revoke(orgId, keyId);
    if (!found) throw errors.notFound('API key');
    await this.cache.invalidate();
  }

  /**
   * The key's organization for a presented secret; 401 when missing, malformed, unknown or revoked.
   * Answers synchronously when the key is in the in-process cache and the cache's epoch is known at once
   * (the common case: always on the embedded default, and with Redis while the pushed epoch is trusted),
   * and with a promise otherwise; `await` works on both. When the answer is a promise only
   * because the cache must first confirm its entry (the epoch lives in Redis), `early` gets that entry
   * at once, so the caller can start work the answer will most likely need.
   */
  authenticate(secret: string | undefined, early?: (likely: KeyWithOrg) => void): KeyWithOrg | Promise<KeyWithOrg> {
    if (!secret) throw errors.invalidApiKey('An API key is required: send it as X-API-Key or Authorization: Bearer.');
    if (!KEY_PATTERN.test(secret)) throw errors.invalidApiKey('The API key is malformed.');
    const hash = hashApiKey(secret);
    const cached = this.cache.peek(hash);
    if (cached) return this.accept(cached);
    if (early) {
      const likely = this.cache.likely(hash);
      if (likely) early(likely);
    }
    return this.cache.get(hash, () => this.repo.findByHash(hash)).then((key) => this.accept(key));
  }

  private accept(key: KeyWithOrg | undefined): KeyWithOrg {
    if (!key) throw errors.invalidApiKey('The API key is not valid.');
    if (key.revoked_at !== null) throw errors.invalidApiKey('The API key has been revoked.');
    this.lastUsed.touch(key.key_id, key.org_id);
    return key;
  }
}
