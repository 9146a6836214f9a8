// Tokens that match the server: `folio token` asks the running server for a development token (POST
// /api/v1/dev/token), so it signs with the server's own keys whatever FOLIO_DATA_DIR each side has. A
// token from another data directory is refused with a message naming the expected issuer and key and
// how to get a matching token. Real processes: a server and the CLI on different data directories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { freePort, runCli, startServer, type ServerProcess } from './helpers/processes.ts';
import { createPostgresDatabase, SERVICES, startTestApp, type TestApp } from './helpers/test-app.ts';

const dirs: string[] = [];
const tmp = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-token-')); dirs.push(d); return d; };

let server: ServerProcess;
let serverDir: string;
let port: string;
let drop = async () => {};
beforeAll(async () => {
  serverDir = tmp();
  const env: Record<string, string> = { FOLIO_DATA_DIR: serverDir, FOLIO_WORKERS: '0' };
  if (SERVICES.databaseUrl) {
    const db = await createPostgresDatabase();
    env.DATABASE_URL = db.url;
    drop = db.drop;
  }
  server = await startServer(env);
  port = new URL(server.url).port;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await drop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const signup = (token: string) => fetch(`${server.url}/api/v1/signup`, {
  method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'Token Org' }),
});

describe('folio token and a running server', () => {
  it('asks the running server: the token matches its keys though the CLI has another FOLIO_DATA_DIR', async () => {
    const cli = await runCli(['token', '--sub', 'alice', '--email', 'alice@example.com', '--name', 'Alice'], { FOLIO_DATA_DIR: tmp(), PORT: port });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toBe('');
    const token = cli.stdout.trim();
    expect(decodeJwt(token)).toMatchObject({ iss: 'folio-local', sub: 'alice', email: 'alice@example.com', name: 'Alice' });
    const serverKeys = JSON.parse(fs.readFileSync(path.join(serverDir, 'identity', 'local-issuer.json'), 'utf8'));
    expect(decodeProtectedHeader(token).kid).toBe(serverKeys.kid);
    expect((await signup(token)).status).toBe(201);
  });

  it('--server names the server explicitly', async () => {
    const cli = await runCli(['token', '--sub', 'bob', '--email', 'bob@example.com', '--server', `${server.url}/api/v1`], { FOLIO_DATA_DIR: tmp(), PORT: '1' });
    expect(cli.code, cli.stderr).toBe(0);
    expect((await signup(cli.stdout.trim())).status).toBe(201);
  });

  it('a token signed with another data directory is refused with the expected issuer, key and the way out', async () => {
    const cli = await runCli(['token', '--sub', 'carol', '--email', 'carol@example.com', '--local'], { FOLIO_DATA_DIR: tmp() });
    expect(cli.code, cli.stderr).toBe(0);
    const res = await signup(cli.stdout.trim());
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: string; message: string };
    const serverKeys = JSON.parse(fs.readFileSync(path.join(serverDir, 'identity', 'local-issuer.json'), 'utf8'));
    expect(body.error).toBe('invalid_token');
    expect(body.message).toContain('folio-local');
    expect(body.message).toContain(`key ${serverKeys.kid}`);
    expect(body.message).toContain(decodeProtectedHeader(cli.stdout.trim()).kid as string);
    expect(body.message).toContain('npx folio token');
    expect(body.message).toContain('POST /api/v1/dev/token');
  });

  it('with no server running it signs with its own data directory, and says so on stderr', async () => {
    const dir = tmp();
    const cli = await runCli(['token', '--sub', 'dave', '--email', 'dave@example.com'], { FOLIO_DATA_DIR: dir, PORT: String(await freePort()) });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain('no Folio server answered');
    expect(cli.stderr).toContain(dir);
    expect(decodeJwt(cli.stdout.trim()).sub).toBe('dave');
  });

  it('--server that does not answer is an error, not a silent fallback', async () => {
    const cli = await runCli(['token', '--sub', 'erin', '--email', 'erin@example.com', '--server', `http://127.0.0.1:${await freePort()}`], { FOLIO_DATA_DIR: tmp() });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('No Folio server answered');
  });
});

describe('POST /dev/token', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([startTestApp({}, { env: { NODE_ENV: 'development' } }), startTestApp({}, { env: { NODE_ENV: 'production' } })]);
  });
  afterAll(async () => Promise.all([dev?.close(), prod?.close()]));

  it('mints a token on a development server, for loopback callers only', async () => {
    const ok = await dev.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { sub: 'u1', email: 'u1@example.com', ttl_seconds: 120 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ issuer: 'folio-local', audience: 'folio', key_id: expect.stringMatching(/^local-/) });
    const signed = await dev.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${ok.json().id_token}` }, payload: { org_name: 'Dev Org' } });
    expect(signed.statusCode).toBe(201);
    const remote = await dev.inject({ method: 'POST', url: '/api/v1/dev/token', remoteAddress: '10.0.0.5', payload: { sub: 'u1', email: 'u1@example.com' } });
    expect(remote.statusCode).toBe(403);
    const bad = await dev.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { sub: 'u1' } });
    expect(bad.statusCode).toBe(422);
  });

  it('is refused in production (501)', async () => {
    const res = await prod.inject({ method: 'POST', url: '/api/v1/dev/token', payload: { sub: 'u1', email: 'u1@example.com' } });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ success: false, error: 'not_implemented' });
    expect(res.json().message).toContain('NODE_ENV=production');
  });
});
