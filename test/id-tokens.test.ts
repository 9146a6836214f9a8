import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from '../src/identity/local-issuer.ts';
import { bearer, startTestApp, type TestApp } from './helpers/test-app.ts';

const signup = (t: TestApp, token: string) =>
  t.inject({ method: 'POST', url: '/api/v1/signup', headers: bearer(token), payload: { org_name: 'Token Test' } });

function b64(obj: unknown) {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

describe('built-in local issuer', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => t?.close());

  it('accepts a token it minted', async () => {
    expect((await signup(t, await t.token('ok-user'))).statusCode).toBe(201);
  });

  it('refuses a missing token', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/signup', payload: { org_name: 'x y' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'invalid_token', message: expect.any(String) });
  });

  it('refuses an expired token', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    void privateKey;
    // Sign with the real local key but an expiry in the past.
    const issuer = await (await import('../src/identity/local-issuer.ts')).openLocalIssuer(t.config.dataDir);
    const token = await issuer.mint({ sub: 'late', ttlSeconds: -120 });
    const res = await signup(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(LOCAL_ISSUER).setAudience(LOCAL_AUDIENCE)
      .setSubject('forger').setIssuedAt().setExpirationTime('5m').sign(privateKey);
    const res = await signup(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/signature/);
  });

  it('refuses a token with a tampered payload', async () => {
    const token = await t.token('victim');
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ sub: 'admin', iss: LOCAL_ISSUER, aud: LOCAL_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 })}.${s}`;
    expect((await signup(t, forged)).statusCode).toBe(401);
  });

  it('refuses alg: none', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', iss: LOCAL_ISSUER, aud: LOCAL_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const res = await signup(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_token');
  });

  it('refuses HS256 signed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode('folio-local-public-key-material-as-secret');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer(LOCAL_ISSUER).setAudience(LOCAL_AUDIENCE)
      .setSubject('x').setExpirationTime('5m').sign(secret);
    expect((await signup(t, token)).statusCode).toBe(401);
  });

  it('refuses the wrong audience and the wrong issuer', async () => {
    const { openLocalIssuer } = await import('../src/identity/local-issuer.ts');
    const local = await openLocalIssuer(t.config.dataDir);
    void local;
    // Re-sign with the same private key but other claims, reading the stored key pair.
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { importJWK } = await import('jose');
    const stored = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'identity', 'local-issuer.json'), 'utf8'));
    const key = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
    const make = (iss: string, aud: string) => new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(iss).setAudience(aud)
      .setSubject('x').setExpirationTime('5m').sign(key);
    const wrongAud = await signup(t, await make(LOCAL_ISSUER, 'someone-else'));
    expect(wrongAud.statusCode).toBe(401);
    expect(wrongAud.json().message).toMatch(/audience/);
    const wrongIss = await signup(t, await make('https://evil.example', LOCAL_AUDIENCE));
    expect(wrongIss.statusCode).toBe(401);
    expect(wrongIss.json().message).toMatch(/issuer/);
    expect((await signup(t, await make(LOCAL_ISSUER, LOCAL_AUDIENCE))).statusCode).toBe(201);
  });

  it('refuses garbage', async () => {
    for (const token of ['abc', 'a.b.c', '...', 'eyJ.eyJ.x']) {
      const res = await signup(t, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_token');
    }
  });
});

describe('configured OIDC issuer (JWKS over HTTP)', () => {
  let server: http.Server;
  let issuerUrl: string;
  let key: CryptoKey;
  let t: TestApp;
  let discovered: TestApp;
  let jwksHits = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') return res.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/keys` }));
      if (req.url === '/keys') { jwksHits++; return res.end(JSON.stringify({ keys: [jwk] })); }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    issuerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp({ oidc: { issuer: issuerUrl, audience: 'my-project', jwksUrl: `${issuerUrl}/keys` } });
    discovered = await startTestApp({ oidc: { issuer: issuerUrl, audience: 'my-project', jwksUrl: null } });
  });
  afterAll(async () => {
    await t?.close();
    await discovered?.close();
    server?.close();
  });

  const idp = (claims: { sub?: string; aud?: string; iss?: string; exp?: string }) => {
    const jwt = new SignJWT({ email: 'oidc@example.com', name: 'OIDC User' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(claims.iss ?? issuerUrl).setAudience(claims.aud ?? 'my-project').setIssuedAt().setExpirationTime(claims.exp ?? '5m');
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    return jwt.sign(key);
  };

  it('accepts tokens of the configured issuer and keys users by issuer + sub', async () => {
    const token = await idp({ sub: 'firebase-uid-1' });
    expect((await signup(t, token)).statusCode).toBe(201);
    const me = (await t.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json();
    expect(me).toMatchObject({ issuer: issuerUrl, subject: 'firebase-uid-1', email: 'oidc@example.com', name: 'OIDC User' });
    expect(me.organizations).toHaveLength(1);
    expect(jwksHits).toBeGreaterThan(0);
  });

  it('discovers the JWKS from the issuer when no JWKS URL is set', async () => {
    expect((await signup(discovered, await idp({ sub: 'discovered-1' }))).statusCode).toBe(201);
  });

  it('refuses wrong audience, wrong issuer, expired, no sub, and local-issuer tokens', async () => {
    expect((await signup(t, await idp({ sub: 'x', aud: 'other' }))).statusCode).toBe(401);
    expect((await signup(t, await idp({ sub: 'x', iss: 'https://other.example' }))).statusCode).toBe(401);
    expect((await signup(t, await idp({ sub: 'x', exp: '-2m' }))).statusCode).toBe(401);
    expect((await signup(t, await idp({}))).statusCode).toBe(401);
    const other = await startTestApp();
    try {
      const localToken = await other.token('local');
      expect((await signup(t, localToken)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('production without an issuer', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ env: 'production' }); });
  afterAll(async () => t?.close());

  it('answers signup and key management with 501 not_implemented', async () => {
    for (const [method, url] of [['POST', '/api/v1/signup'], ['GET', '/api/v1/organizations/org_x/api-keys'], ['POST', '/api/v1/organizations/org_x/api-keys'], ['DELETE', '/api/v1/organizations/org_x/api-keys/key_x']] as const) {
      const res = await t.inject({ method, url, headers: { authorization: 'Bearer whatever' }, payload: method === 'GET' || method === 'DELETE' ? undefined : { org_name: 'Prod Org' } });
      expect(res.statusCode, `${method} ${url}`).toBe(501);
      expect(res.json()).toMatchObject({ success: false, error: 'not_implemented' });
      expect(res.json().message).toMatch(/FOLIO_OIDC_ISSUER/);
    }
  });
});
