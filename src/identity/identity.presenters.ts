// Public shapes of identity resources. Routes never return rows.
import type { ApiKeyRow, KeyWithOrg } from './api-keys.repository.ts';
import type { MemberRow, OrgRow, Role } from './organizations.repository.ts';
import type { UserRow } from './users.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentApiKey(k: ApiKeyRow) {
  return { key_id: k.key_id, name: k.name, prefix: k.prefix, created_at: k.created_at.toISOString(), last_used_at: iso(k.last_used_at), revoked_at: iso(k.revoked_at) };
}

export function presentCreatedKey(org: OrgRow, key: ApiKeyRow, secret: string) {
  return { ...presentApiKey(key), org_id: org.org_id, secret, webhook_secret: org.webhook_secret, key_id: key.key_id, key_prefix: key.prefix };
}

export function presentSignup(org: OrgRow, key: ApiKeyRow, secret: string) {
  return { org_id: org.org_id, secret, webhook_secret: org.webhook_secret, key_id: key.key_id, key_prefix: key.prefix, org_name: org.org_name, tier: org.tier };
}

export function presentVerify(k: KeyWithOrg) {
  return { org_id: k.org_id, org_name: k.org_name, tier: k.tier, webhook_secret: k.webhook_secret, key_prefix: k.prefix };
}

export function presentMe(user: UserRow, orgs: (OrgRow & { role: Role })[]) {
  return {
    user_id: user.user_id,
    issuer: user.issuer,
    subject: user.subject,
    email: user.email,
    name: user.name,
    organizations: orgs.map((o) => ({ org_id: o.org_id, org_name: o.org_name, tier: o.tier, status: o.status, role: o.role })),
  };
}

export function presentMember(m: MemberRow) {
  return { user_id: m.user_id, email: m.email, name: m.name, role: m.role, created_at: m.created_at.toISOString() };
}
