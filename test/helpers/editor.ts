// Shared steps of the editor tests: the token of an edit_url, a WOPI client speaking to the app the way
// Collabora or Office does (access_token in the query, X-WOPI-* headers), and time travel for tokens and
// locks (their expiry is moved into the past in the database, as if the time had passed).
import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

export function tokenOf(editUrl: string): string {
  const token = new URL(editUrl).searchParams.get('token');
  if (!token) throw new Error(`no token in ${editUrl}`);
  return token;
}

export interface WopiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json(): any;
}

export function wopiClient(t: TestApp, runId: string, token: string, extraHeaders: () => Record<string, string> = () => ({})) {
  const base = `/api/v1/embed-wopi/files/${runId}`;
  const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string | undefined> = {}, payload?: Buffer): Promise<WopiResponse> => {
    const url = `${base}${path}?access_token=${encodeURIComponent(token)}`;
    const clean = Object.fromEntries(Object.entries({ ...extraHeaders(), ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const res = await t.inject({ method, url, headers: payload ? { 'content-type': 'application/octet-stream', ...clean } : clean, payload });
    return { status: res.statusCode, headers: res.headers as WopiResponse['headers'], body: res.rawPayload, json: () => res.json() };
  };
  return {
    checkFileInfo: () => call('GET', ''),
    getFile: (headers: Record<string, string> = {}) => call('GET', '/contents', headers),
    putFile: (bytes: Buffer, lock?: string, headers: Record<string, string> = {}) => call('POST', '/contents', { 'x-wopi-override': 'PUT', 'x-wopi-lock': lock, ...headers }, bytes),
    lock: (lock: string) => call('POST', '', { 'x-wopi-override': 'LOCK', 'x-wopi-lock': lock }),
    unlockAndRelock: (oldLock: string, newLock: string) => call('POST', '', { 'x-wopi-override': 'LOCK', 'x-wopi-oldlock': oldLock, 'x-wopi-lock': newLock }),
    refreshLock: (lock: string) => call('POST', '', { 'x-wopi-override': 'REFRESH_LOCK', 'x-wopi-lock': lock }),
    unlock: (lock: string) => call('POST', '', { 'x-wopi-override': 'UNLOCK', 'x-wopi-lock': lock }),
    getLock: () => call('POST', '', { 'x-wopi-override': 'GET_LOCK' }),
    override: (name: string) => call('POST', '', { 'x-wopi-override': name }),
  };
}

/** Moves every edit token of the run into the past (expired). */
export async function expireTokens(t: TestApp, runId: string): Promise<void> {
  await sql`update edit_tokens set expires_at = now() - interval '1 second' where run_id = ${runId}`.execute(t.app.ctx.database.db);
}

/** Moves the run's lock into the past (expired). */
export async function expireLock(t: TestApp, runId: string): Promise<void> {
  await sql`update wopi_locks set expires_at = now() - interval '1 second' where run_id = ${runId}`.execute(t.app.ctx.database.db);
}
