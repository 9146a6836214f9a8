// Organizations and memberships: who may do what in an organization, and operator actions.
import type { Tier } from '../config.ts';
import { errors } from '../errors.ts';
import type { ApiKeyCache } from './api-key-cache.ts';
import type { OrganizationsRepository, OrgRow, Role } from './organizations.repository.ts';
import type { UsersRepository } from './users.repository.ts';

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

export class OrganizationsService {
  private readonly orgs: OrganizationsRepository;
  private readonly users: UsersRepository;
  private readonly cache: ApiKeyCache;

  constructor(orgs: OrganizationsRepository, users: UsersRepository, cache: ApiKeyCache) {
    this.orgs = orgs;
    this.users = users;
    this.cache = cache;
  }

  /**
   * The organization as seen by a user with at least `minRole`.
   * Not a member: 404 (another organization's resources are invisible). A member without the role: 403.
   */
  async requireRole(orgId: string, userId: string, minRole: Role): Promise<OrgRow & { role: Role }> {
    const org = await this.orgs.findForMember(orgId, userId);
    if (!org) throw errors.notFound('Organization');
    if (RANK[org.role] < RANK[minRole]) {
      throw errors.forbidden(`This needs the ${minRole} role or higher in the organization; you are ${org.role === 'admin' ? 'an' : 'a'} ${org.role}.`);
    }
    return org;
  }

  listForUser(userId: string) {
    return this.orgs.listForUser(userId);
  }

  async listMembers(orgId: string, userId: string) {
    await this.requireRole(orgId, userId, 'member');
    return this.orgs.listMembers(orgId);
  }

  /** Owners and admins add members; only owners grant or take away the admin role. */
  async putMember(orgId: string, actingUserId: string, targetUserId: string, role: Exclude<Role, 'owner'>) {
    const org = await this.requireRole(orgId, actingUserId, 'admin');
    if (!(await this.users.findById(targetUserId))) throw errors.notFound('User');
    const current = await this.orgs.findMember(orgId, targetUserId);
    if (current?.role === 'owner') throw errors.conflict('The owner\'s role cannot be changed.');
    if ((role === 'admin' || current?.role === 'admin') && org.role !== 'owner') throw errors.forbidden('Only an owner can grant or remove the admin role.');
    await this.orgs.upsertMember(orgId, targetUserId, role);
    return (await this.orgs.findMember(orgId, targetUserId))!;
  }

  async removeMember(orgId: string, actingUserId: string, targetUserId: string): Promise<void> {
    const org = await this.requireRole(orgId, actingUserId, 'admin');
    const target = await this.orgs.findMember(orgId, targetUserId);
    if (!target) throw errors.notFound('Member');
    if (target.role === 'owner') throw errors.conflict('The owner cannot be removed from the organization.');
    if (target.role === 'admin' && org.role !== 'owner') throw errors.forbidden('Only an owner can remove an admin.');
    await this.orgs.removeMember(orgId, targetUserId);
  }

  // Operator actions (CLI). They change what cached API keys may do, so caches are invalidated.
  async setStatus(orgId: string, status: OrgRow['status']): Promise<void> {
    if (!(await this.orgs.setStatus(orgId, status))) throw errors.notFound('Organization');
    await this.cache.invalidate();
  }

  async setTier(orgId: string, tier: Tier): Promise<void> {
    if (!(await this.orgs.setTier(orgId, tier))) throw errors.notFound('Organization');
    await this.cache.invalidate();
  }
}
