// The only code that queries `organizations` and `memberships`.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Tier } from '../config.ts';
import type { DB, MembershipsTable, OrganizationsTable, UsersTable } from '../db/schema.ts';

const ORG_COLUMNS = ['org_id', 'org_name', 'tier', 'webhook_secret', 'status', 'created_at'] as const;
/** An organization as reads return it. */
export type OrgRow = Pick<Selectable<OrganizationsTable>, (typeof ORG_COLUMNS)[number]>;
export type Role = MembershipsTable['role'];
export type MemberRow = Pick<Selectable<MembershipsTable>, 'user_id' | 'role' | 'created_at'> & Pick<Selectable<UsersTable>, 'email' | 'name'>;

export class OrganizationsRepository {
  private readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async insert(trx: Transaction<DB>, org: { org_id: string; org_name: string; tier: Tier; webhook_secret: string }): Promise<OrgRow> {
    return trx.insertInto('organizations').values(org).returning(ORG_COLUMNS).executeTakeFirstOrThrow();
  }

  async findById(orgId: string): Promise<OrgRow | undefined> {
    return this.db.selectFrom('organizations').select(ORG_COLUMNS).where('org_id', '=', orgId).executeTakeFirst();
  }

  async setStatus(orgId: string, status: OrgRow['status']): Promise<boolean> {
    const r = await this.db.updateTable('organizations').set({ status, updated_at: new Date() }).where('org_id', '=', orgId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setTier(orgId: string, tier: Tier): Promise<boolean> {
    const r = await this.db.updateTable('organizations').set({ tier, updated_at: new Date() }).where('org_id', '=', orgId).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The caller's organization and role, or undefined when the caller is not a member (tenancy: not found). */
  async findForMember(orgId: string, userId: string): Promise<(OrgRow & { role: Role }) | undefined> {
    return this.db
      .selectFrom('organizations as o')
      .innerJoin('memberships as m', 'm.org_id', 'o.org_id')
      .select(['o.org_id', 'o.org_name', 'o.tier', 'o.webhook_secret', 'o.status', 'o.created_at', 'm.role'])
      .where('o.org_id', '=', orgId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  async listForUser(userId: string): Promise<(OrgRow & { role: Role })[]> {
    return this.db
      .selectFrom('organizations as o')
      .innerJoin('memberships as m', 'm.org_id', 'o.org_id')
      .select(['o.org_id', 'o.org_name', 'o.tier', 'o.webhook_secret', 'o.status', 'o.created_at', 'm.role'])
      .where('m.user_id', '=', userId)
      .orderBy('o.org_id', 'desc')
      .execute();
  }

  async upsertMember(orgId: string, userId: string, role: Role, trx?: Transaction<DB>): Promise<void> {
    await (trx ?? this.db)
      .insertInto('memberships')
      .values({ org_id: orgId, user_id: userId, role })
      .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ role }))
      .execute();
  }

  async listMembers(orgId: string): Promise<MemberRow[]> {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.created_at', 'u.email', 'u.name'])
      .where('m.org_id', '=', orgId)
      .orderBy('m.created_at', 'asc')
      .execute();
  }

  async findMember(orgId: string, userId: string): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.user_id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.created_at', 'u.email', 'u.name'])
      .where('m.org_id', '=', orgId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  async removeMember(orgId: string, userId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('memberships').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  async countOwners(orgId: string): Promise<number> {
    const r = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
