// The CLI's first run against a local development server with no API key known: it asks the server for a
// development ID token (POST /dev/token, loopback and development only), signs up with it, and stores the key
// as the profile, so `npx folio generate slides "..." -o deck.pptx` works right after `npm start`.
import os from 'node:os';
import { saveClientProfile, type ClientSettings } from '../config-cli.ts';
import { ConnectionError, Folio, FolioError } from './sdk.ts';

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether the base URL names this machine (the only place a development server hands out tokens). */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    return LOOPBACK_HOSTS.test(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export type DevLogin = { kind: 'key'; apiKey: string; note: string } | { kind: 'unavailable'; reason: string };

/** Signs up on a local development server and stores the key under the settings' profile; `unavailable` says why not. */
export async function developmentLogin(settings: ClientSettings): Promise<DevLogin> {
  if (!isLoopbackUrl(settings.baseUrl)) return { kind: 'unavailable', reason: `${settings.baseUrl} is not on this machine` };
  const user = (os.userInfo().username || 'user').replace(/[^A-Za-z0-9_.-]/g, '') || 'user';
  const anonymous = new Folio({ baseUrl: settings.baseUrl, maxRetries: 0, timeoutMs: 10_000 });
  let idToken: string;
  try {
    idToken = (await anonymous.api.createDevToken({ body: { sub: `cli-${user}`, email: `${user}@localhost`, name: user } })).id_token;
  } catch (err) {
    if (err instanceof ConnectionError) return { kind: 'unavailable', reason: `no server answered at ${settings.baseUrl}` };
    if (err instanceof FolioError) return { kind: 'unavailable', reason: `the server gives no development tokens (${err.status} ${err.code}: ${err.message})` };
    throw err;
  }
  const signedUp = await new Folio({ apiKey: idToken, baseUrl: settings.baseUrl, maxRetries: 0 }).api.signup({ body: { org_name: `${user}'s documents`, key_name: 'folio-cli' } });
  saveClientProfile(settings.profile, { base_url: settings.baseUrl, api_key: signedUp.secret });
  return {
    kind: 'key',
    apiKey: signedUp.secret,
    note: `No API key was set: signed up on the development server at ${settings.baseUrl} as ${user}@localhost (organization ${signedUp.org_id}) and saved the key as profile "${settings.profile}" in ${settings.file}. For another server: folio login --url <base> --api-key <key>.`,
  };
}
