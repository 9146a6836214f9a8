// The public shape of a console session.
import type { ConsoleSessionView } from './console-sessions.service.ts';

export function presentConsoleSession(v: ConsoleSessionView) {
  return {
    session_id: v.session.session_id,
    expires_at: v.session.expires_at.toISOString(),
    csrf_token: v.csrfToken,
    user: { user_id: v.user.user_id, email: v.user.email, name: v.user.name, issuer: v.user.issuer },
    org_id: v.session.org_id,
    organizations: v.organizations.map((o) => ({ org_id: o.org_id, org_name: o.org_name, tier: o.tier, status: o.status, role: o.role })),
  };
}
