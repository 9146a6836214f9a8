import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { runCli, startServer, type ServerProcess } from './helpers/processes.ts';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';
import { eventually } from './helpers/storage.ts';

describe('folio CLI', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-'));
    env = { FOLIO_DATA_DIR: dataDir };
    if (SERVICES.databaseUrl) {
      const db = await createPostgresDatabase();
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints usage, and exits 2 on an unknown command', async () => {
    const help = await runCli(['help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('token --sub <id> --email <email>');
    const bad = await runCli(['frobnicate'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown command');
  });

  it('fails fast with a readable message on bad configuration', async () => {
    const res = await runCli(['migrate'], { ...env, PORT: 'eighty', FOLIO_RATE_LIMIT_FREE: '-1' });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('PORT must be an integer');
    expect(res.stderr).toContain('FOLIO_RATE_LIMIT_FREE');
  });

  it('migrates, and is idempotent', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Applied: 0001_identity|up to date/);
    const second = await runCli(['migrate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('up to date');
  }, 120_000);

  it('mints ID tokens that the server accepts, end to end', async () => {
    const res = await runCli(['token', '--sub', 'cli-user', '--email', 'cli@example.com', '--name', 'Cli User', '--local'], env);
    expect(res.code, res.stderr).toBe(0);
    const token = res.stdout.trim();
    expect(decodeJwt(token)).toMatchObject({ sub: 'cli-user', email: 'cli@example.com', name: 'Cli User', iss: 'folio-local', aud: 'folio' });

    const server: ServerProcess = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      const signup = await fetch(`${server.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: 'CLI Org' }) });
      expect(signup.status).toBe(201);
      const { secret } = (await signup.json()) as { secret: string };
      const verify = await fetch(`${server.url}/api/v1/verify`, { headers: { 'x-api-key': secret } });
      expect(verify.status).toBe(200);
      const lines = server.output().split('\n').filter((l) => l.includes('Folio listening'));
      expect(lines).toHaveLength(1);
      // Every request log line carries the request id; no line carries the key.
      const requestLinesOf = () => server.output().split('\n').filter((l) => l.includes('"msg":"request"'));
      // Once the key is cached, /verify is answered in front of Fastify (src/http/verify-fast-path.ts);
      // with a query string it goes through Fastify. Both log the same line.
      expect((await fetch(`${server.url}/api/v1/verify`, { headers: { 'x-api-key': secret } })).status).toBe(200);
      expect((await fetch(`${server.url}/api/v1/verify?via=route`, { headers: { 'x-api-key': secret } })).status).toBe(200);
      // Each line is written as its answer finishes and reaches us through the child's stdout pipe.
      await eventually(() => requestLinesOf().length >= 4, 15_000, 'the four request log lines');
      const requestLines = requestLinesOf();
      expect(requestLines.length).toBeGreaterThanOrEqual(4);
      for (const l of requestLines) expect(JSON.parse(l).request_id).toMatch(/^req_/);
      const [fast, route] = requestLines.slice(-2).map((l) => JSON.parse(l));
      expect(Object.keys(fast)).toEqual(Object.keys(route));
      for (const entry of [fast, route]) expect(entry).toMatchObject({ level: 30, method: 'GET', path: '/api/v1/verify', status: 200, msg: 'request' });
      expect(fast.request_id).not.toBe(route.request_id);
      expect(server.output()).not.toContain(secret);
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
    }
  });

  it('requires --sub and --email for tokens', async () => {
    const res = await runCli(['token', '--sub', 'x'], env);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--email');
  });

  it('refuses to mint built-in tokens in production or when an OIDC issuer is configured', async () => {
    expect((await runCli(['token', '--sub', 'x', '--email', 'x@y.z'], { ...env, NODE_ENV: 'production' })).code).toBe(2);
    const oidc = await runCli(['token', '--sub', 'x', '--email', 'x@y.z'], { ...env, FOLIO_OIDC_ISSUER: 'https://issuer.example', FOLIO_OIDC_AUDIENCE: 'aud' });
    expect(oidc.code).toBe(2);
    expect(oidc.stderr).toContain('FOLIO_OIDC_ISSUER');
  });

  it('sweeps orphaned blobs on request: a dry run lists them, a run removes them, a bad option is a usage error', async () => {
    expect((await runCli(['migrate'], env)).code).toBe(0);
    // A blob of a known kind but of no organization of this database is left alone; so is a young one.
    const dir = path.join(dataDir, 'blobs', 'orgs', 'org_unknown_here', 'files');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'file_x'), 'x');
    const old = new Date(Date.now() - 3 * 86400_000);
    fs.utimesSync(path.join(dir, 'file_x'), old, old);
    const dry = await runCli(['storage', 'sweep-orphans', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Dry run: would remove nothing.');
    expect(dry.stdout).toMatch(/Listed 1 blobs under orgs\/: 0 referenced, 0 younger than 86400 s, 1 of no known kind or organization \(left alone\)/);
    expect(fs.existsSync(path.join(dir, 'file_x'))).toBe(true);
    const bad = await runCli(['storage', 'sweep-orphans', '--everything'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: folio storage sweep-orphans');
  }, 60_000);

  it('suspends and reactivates organizations, and reports unknown ones', async () => {
    const res = await runCli(['org', 'suspend', '--org', 'org_00000000000000000000000000'], env);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('not found');
  });
});
