// Edit links: `{FOLIO_PUBLIC_URL}/api/v1/edit/{run_id}?token=...` (the reference service's path). The token is 32 random bytes; only its
// SHA-256 is stored, with the run and organization it opens and an expiry that slides forward while
// the editor uses it. It is a capability: whoever holds the link may view and edit that one document.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { ulid } from '../ids.ts';
import type { EditSession, EditTokensRepository } from './edit-tokens.repository.ts';

/** Where the edit page lives; the older `/edit/{run_id}` redirects here (edit-page.routes.ts). */
export const EDIT_PAGE_PATH = '/api/v1/edit';
const TOKEN_PREFIX = 'fet_';
const TOKEN_SHAPE = /^fet_[A-Za-z0-9_-]{43}$/;

export const hashEditToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class EditTokensService {
  private readonly repo: EditTokensRepository;
  private readonly publicUrl: string;
  private readonly ttlSeconds: number;

  constructor(repo: EditTokensRepository, publicUrl: string, ttlSeconds: number) {
    this.repo = repo;
    this.publicUrl = publicUrl;
    this.ttlSeconds = ttlSeconds;
  }

  /** A fresh edit link for the run (inside `db` when the caller is in a transaction). */
  async mintUrl(orgId: string, runId: string, db?: Kysely<DB> | Transaction<DB>): Promise<string> {
    const token = await this.mint(orgId, runId, db);
    return `${this.publicUrl}${EDIT_PAGE_PATH}/${encodeURIComponent(runId)}?token=${token}`;
  }

  async mint(orgId: string, runId: string, db?: Kysely<DB> | Transaction<DB>): Promise<string> {
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    await this.repo.insert({ token_hash: hashEditToken(token), token_id: `edt_${ulid()}`, org_id: orgId, run_id: runId }, this.ttlSeconds, db);
    return token;
  }

  /**
   * The session a token opens on this run, its expiry extended. 401 `invalid_token` for a missing,
   * malformed, expired or unknown token, and for a token of another run (which is left untouched).
   */
  async authenticate(runId: string, token: string | undefined): Promise<EditSession> {
    if (!token || !TOKEN_SHAPE.test(token)) throw errors.invalidToken('This edit link is invalid or has expired. Open the document again from Folio to get a fresh link.');
    const session = await this.repo.useLive(hashEditToken(token), runId, this.ttlSeconds);
    if (!session) throw errors.invalidToken('This edit link is invalid or has expired. Open the document again from Folio to get a fresh link.');
    return session;
  }

  /** Forgets tokens that expired a day ago or more (they would be refused anyway). */
  async sweep(): Promise<number> {
    return this.repo.deleteExpired(86_400);
  }
}
