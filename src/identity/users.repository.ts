// The only code that queries `users`: one row per (issuer, subject) identity.
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { IdentityClaims } from './id-token.ts';

/** A user as reads return it. */
export type UserRow = Omit<Selectable<UsersTable>, 'updated_at'>;

export class UsersRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The user for an (issuer, sub) pair, created on first sight; email and name follow the latest token. */
  async upsert(claims: IdentityClaims): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values({ user_id: newId('usr'), issuer: claims.issuer, subject: claims.subject, email: claims.email, name: claims.name })
      .onConflict((oc) =>
        oc.columns(['issuer', 'subject']).doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          name: eb.ref('excluded.name'),
          updated_at: new Date(),
        })),
      )
      .returning(['user_id', 'issuer', 'subject', 'email', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  async findById(userId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['user_id', 'issuer', 'subject', 'email', 'name', 'created_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }
}
