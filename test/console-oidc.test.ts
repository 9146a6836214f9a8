// The console's sign-in through an OIDC issuer: authorization code with PKCE (S256), against a scripted
// identity provider on loopback speaking the protocol (discovery, JWKS, authorize, token). Checks the
// redirect's parameters, that the token request carries the verifier of the challenge, the ID token's
// verification (nonce included), the session that results, and the refusals (state, provider).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const CLIENT_ID = 'folio-console';
let t: TestApp;
let idp: http.Server;
let issuer = '';
const pending = new Map<string, { challenge: string; nonce: string; redirect: string }>();
const tokenRequests: URLSearchParams[] = [];

async function startProvider() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  idp = http.createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (url.pathname === '/.well-known/openid-configuration') return json(200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      const code = `code-${pending.size + 1}`;
      pending.set(code, { challenge: p.get('code_challenge')!, nonce: p.get('nonce')!, redirect: p.get('redirect_uri')! });
      res.writeHead(302, { location: `${p.get('redirect_uri')}?code=${code}&state=${encodeURIComponent(p.get('state')!)}` });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      tokenRequests.push(form);
      const grant = pending.get(form.get('code') ?? '');
      const s256 = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
      if (!grant || form.get('grant_type') !== 'authorization_code' || form.get('client_id') !== CLIENT_ID || s256 !== grant.challenge || form.get('redirect_uri') !== grant.redirect) {
        return json(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({ email: 'oidc-user@example.com', name: 'Olive Idp', nonce: grant.nonce })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuer(issuer).setAudience(CLIENT_ID).setSubject('idp-user-1').setIssuedAt().setExpirationTime('5m').sign(privateKey);
      return json(200, { access_token: 'at', token_type: 'Bearer', id_token: idToken });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startProvider();
  t = await startTestApp({}, { env: { FOLIO_OIDC_ISSUER: issuer, FOLIO_OIDC_AUDIENCE: CLIENT_ID } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => idp?.close(r));
});

const cookiesOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string | string[]) ?? []);

describe('console sign-in with an OIDC issuer', () => {
  it('offers the provider, not the development form', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/console/sign-in' });
    expect(res.json()).toEqual({ dev: false, oidc: { issuer, login_url: '/console/auth/login' } });
    const dev = await t.inject({ method: 'POST', url: '/api/v1/console/session/dev', payload: { email: 'x@example.com' }, remoteAddress: '127.0.0.1' });
    expect(dev.statusCode).toBe(501);
  });

  it('signs in through the authorization-code flow with PKCE and starts a session', async () => {
    const login = await t.inject({ method: 'GET', url: '/console/auth/login' });
    expect(login.statusCode).toBe(302);
    const target = new URL(login.headers.location as string);
    expect(target.origin + target.pathname).toBe(`${issuer}/authorize`);
    const p = target.searchParams;
    expect(Object.fromEntries(p)).toMatchObject({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: `${t.config.publicUrl}/console/auth/callback`, code_challenge_method: 'S256', scope: 'openid email profile' });
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const flow = cookiesOf(login).find((c) => c.startsWith('folio_oidc='))!;
    expect(flow).toMatch(/HttpOnly/);
    expect(flow).toMatch(/Path=\/console\/auth/);

    const authorized = await fetch(target, { redirect: 'manual' });
    const back = new URL(authorized.headers.get('location')!);
    const callback = await t.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: flow.split(';')[0] } });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/console/');
    const last = tokenRequests[tokenRequests.length - 1];
    expect(createHash('sha256').update(last.get('code_verifier')!).digest('base64url')).toBe(p.get('code_challenge'));
    const session = cookiesOf(callback).find((c) => c.startsWith('folio_session='))!;
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);

    const me = await t.inject({ method: 'GET', url: '/api/v1/console/session', headers: { cookie: session.split(';')[0] } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'oidc-user@example.com', name: 'Olive Idp', issuer });
  });

  it('refuses a callback whose state does not match, and a code redeemed without the right verifier', async () => {
    const login = await t.inject({ method: 'GET', url: '/console/auth/login' });
    const flow = cookiesOf(login).find((c) => c.startsWith('folio_oidc='))!.split(';')[0];
    const back = new URL((await fetch(login.headers.location as string, { redirect: 'manual' })).headers.get('location')!);
    const wrongState = await t.inject({ method: 'GET', url: `${back.pathname}?code=${back.searchParams.get('code')}&state=forged`, headers: { cookie: flow } });
    expect(wrongState.headers.location).toBe('/console/?sign_in_error=state');
    expect(cookiesOf(wrongState).some((c) => c.startsWith('folio_session='))).toBe(false);

    const [state, nonce] = flow.slice('folio_oidc='.length).split('.');
    const forgedVerifier = `folio_oidc=${state}.${nonce}.${'A'.repeat(64)}`;
    const refused = await t.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: forgedVerifier } });
    expect(refused.headers.location).toBe('/console/?sign_in_error=provider');
    expect(cookiesOf(refused).some((c) => c.startsWith('folio_session='))).toBe(false);
  });
});
