// The signed-in session: the user, their organizations, the one the console acts for, and the actions
// that change it (switch organization, sign out). Pages read it with useSession().
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { folio, setCsrfToken } from './api.ts';

export interface Organization { org_id: string; org_name: string; tier: string; status: string; role: string }
export interface Session {
  session_id: string;
  expires_at: string;
  csrf_token: string;
  user: { user_id: string; email: string | null; name: string | null; issuer: string };
  org_id: string | null;
  organizations: Organization[];
}
export interface SignInOptions { dev: boolean; oidc: { issuer: string; login_url: string } | null }

/** The current session, or null when signed out (401). Other failures throw. */
export async function loadSession(): Promise<Session | null> {
  try {
    const s = await folio.request<Session>('GET', '/console/session');
    setCsrfToken(s.csrf_token);
    return s;
  } catch (err) {
    if ((err as { status?: number }).status === 401) return null;
    throw err;
  }
}

export async function devSignIn(body: { email: string; name?: string }): Promise<Session> {
  const s = await folio.request<Session>('POST', '/console/session/dev', { body });
  setCsrfToken(s.csrf_token);
  return s;
}

export async function switchOrganization(orgId: string): Promise<Session> {
  return folio.request<Session>('PUT', '/console/session/organization', { body: { org_id: orgId } });
}

export async function signOut(): Promise<void> {
  await folio.request('DELETE', '/console/session');
  setCsrfToken('');
}

export interface SessionContextValue {
  session: Session;
  /** The organization the console acts for (null until the user creates or joins one). */
  org: Organization | null;
  setSession: (s: Session | null) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in console');
  return value;
}
