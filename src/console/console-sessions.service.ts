// Console sign-in sessions: an opaque random token in an HttpOnly cookie, stored only as its SHA-256, and
// the organization the console acts for. A request with the cookie becomes an organization principal for
// the API-key routes and the user for the ID-token routes (src/http/auth.ts), if it carries the CSRF
// token, which is derived from the session token (a synchronizer token the server needs not store).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { errors } from '../errors.ts';
import { newId } from '../ids.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import type { OrganizationsRepository, OrgRow, Role } from '../identity/organizations.repository.ts';
import type { UserRow, UsersRepository } from '../identity/users.repository.ts';
import type { ConsoleSessionRow, ConsoleSessionsRepository } from './console-sessions.repository.ts';

export const SESSION_COOKIE = 'folio_session';
export const CSRF_HEADER = 'x-csrf-token';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface ConsoleSessionView {
  session: ConsoleSessionRow;
  user: UserRow;
  organizations: (OrgRow & { role: Role })[];
  csrfToken: string;
}

export class ConsoleSessionsService {
  private readonly repo: ConsoleSessionsRepository;
  private readonly orgs: OrganizationsRepository;
  private readonly users: UsersRepository;
  private readonly ttlSeconds: number;
  /** Whether the cookie carries Secure: when the public URL is https. */
  readonly secureCookie: boolean;

  constructor(deps: { repo: ConsoleSessionsRepository; orgs: OrganizationsRepository; users: UsersRepository; ttlSeconds: number; publicUrl: string }) {
    this.repo = deps.repo;
    this.orgs = deps.orgs;
    this.users = deps.users;
    this.ttlSeconds = deps.ttlSeconds;
    this.secureCookie = deps.publicUrl.startsWith('https:');
  }

  /** Signs a user in: a new session acting for their newest organization (if any). Returns the cookie's token. */
  async create(user: UserRow): Promise<{ token: string; session: ConsoleSessionRow }> {
    await this.repo.sweepExpired();
    const token = randomBytes(32).toString('base64url');
    const orgs = await this.orgs.listForUser(user.user_id);
    const session = await this.repo.insert({
      session_id: newId('ses'),
      token_hash: sha256(token),
      user_id: user.user_id,
      org_id: orgs[0]?.org_id ?? null,
      expires_at: new Date(Date.now() + this.ttlSeconds * 1000),
    });
    return { token, session };
  }

  /** The CSRF token of a session token: whoever can read it could read the cookie, which is HttpOnly. */
  csrfToken(token: string): string {
    return createHash('sha256').update(`folio-console-csrf:${token}`).digest('base64url');
  }

  /** The live session behind a request's cookie, or undefined (no cookie, unknown or expired). */
  async fromHeaders(headers: IncomingHttpHeaders): Promise<{ token: string; session: ConsoleSessionRow } | undefined> {
    const token = readCookie(headers, SESSION_COOKIE);
    if (!token || token.length > 200) return undefined;
    const session = await this.repo.findLive(sha256(token));
    return session ? { token, session } : undefined;
  }

  /** Throws 403 unless the request carries the session's CSRF token in X-CSRF-Token. */
  requireCsrf(token: string, headers: IncomingHttpHeaders): void {
    const presented = headers[CSRF_HEADER];
    const expected = Buffer.from(this.csrfToken(token));
    const got = Buffer.from(typeof presented === 'string' ? presented : '');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
      throw errors.forbidden('This request is authenticated by the console\'s session cookie and needs its CSRF token in the X-CSRF-Token header.');
    }
  }

  /** The user of a session (for the ID-token routes: keys, members, signup). */
  async user(session: ConsoleSessionRow): Promise<UserRow> {
    const user = await this.users.findById(session.user_id);
    if (!user) throw errors.invalidToken('The console session has ended; sign in again.');
    return user;
  }

  /**
   * The organization principal of a session for the API-key routes: the session's organization, if the
   * user is still a member of it. Its `key_id` is the session id (rate limits and usage records name it).
   */
  async principal(session: ConsoleSessionRow): Promise<KeyWithOrg> {
    const org = session.org_id ? await this.orgs.findForMember(session.org_id, session.user_id) : undefined;
    if (!org) throw errors.invalidApiKey('The console session acts for no organization you belong to: pick or create one.');
    return { key_id: session.session_id, prefix: 'console', revoked_at: null, org_id: org.org_id, org_name: org.org_name, tier: org.tier, webhook_secret: org.webhook_secret, status: org.status };
  }

  /** What the console shows of its session: the user, their organizations and the CSRF token. */
  async view(token: string, session: ConsoleSessionRow): Promise<ConsoleSessionView> {
    const user = await this.user(session);
    const organizations = await this.orgs.listForUser(user.user_id);
    // No organization yet (or no longer a member of it): act for the newest one the user belongs to.
    if (organizations.length > 0 && !organizations.some((o) => o.org_id === session.org_id)) {
      await this.repo.setOrg(session.session_id, user.user_id, organizations[0].org_id);
      session.org_id = organizations[0].org_id;
    }
    return { session, user, organizations, csrfToken: this.csrfToken(token) };
  }

  /** Acts for another of the user's organizations; another organization is 404, like a missing one. */
  async switchOrg(session: ConsoleSessionRow, orgId: string): Promise<void> {
    const org = await this.orgs.findForMember(orgId, session.user_id);
    if (!org) throw errors.notFound('Organization');
    await this.repo.setOrg(session.session_id, session.user_id, org.org_id);
    session.org_id = org.org_id;
  }

  async destroy(token: string): Promise<void> {
    await this.repo.deleteByHash(sha256(token));
  }

  /** The Set-Cookie value of a session token (or of its removal, with null). */
  cookie(token: string | null): string {
    const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(this.secureCookie ? ['Secure'] : [])];
    return token === null
      ? [`${SESSION_COOKIE}=`, 'Max-Age=0', ...attrs].join('; ')
      : [`${SESSION_COOKIE}=${token}`, `Max-Age=${this.ttlSeconds}`, ...attrs].join('; ');
  }
}
