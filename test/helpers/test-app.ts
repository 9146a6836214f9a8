// Builds the real app for HTTP tests: on a cloned, migrated PGlite by default, or on a fresh PostgreSQL
// database copied from the run's migrated template (and a private Redis key prefix) when DATABASE_URL /
// REDIS_URL are set. Both templates are made once per run by test/helpers/global-setup.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { openLocalIssuer } from '../../src/identity/local-issuer.ts';
import { freePort } from './processes.ts';
import { systemLookup, type DnsLookup } from '../../src/net/outbound.ts';

export const SERVICES = {
  databaseUrl: process.env.DATABASE_URL || null,
  redisUrl: process.env.REDIS_URL || null,
};
export const BACKEND = SERVICES.databaseUrl ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** With `listen: true`: the app's real HTTP address (also its FOLIO_PUBLIC_URL), for browsers and other clients. */
  url: string | null;
  /** Mints an ID token for a user with the built-in issuer of this app's data dir. */
  token(sub: string, email?: string): Promise<string>;
  /** Signs up a new organization for `sub` and returns its ids and key. */
  signup(sub?: string, body?: Record<string, unknown>): Promise<{ org_id: string; secret: string; webhook_secret: string; key_id: string; token: string }>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (dropped on cleanup), named after the test's own random suffix: empty, or
 * with `migrated: true` already migrated (a copy of the run's template database, which skips running every
 * migration again). Tests about migrating a database keep the empty one.
 */
export async function createPostgresDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `folio_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('postgresTemplate') : '';
  const admin = new pg.Client({ connectionString: SERVICES.databaseUrl! });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(SERVICES.databaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: SERVICES.databaseUrl! });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_RATE_LIMIT_FREE: '10000',
      FOLIO_RATE_LIMIT_PRO: '10000',
      FOLIO_RATE_LIMIT_ENTERPRISE: '10000',
      FOLIO_REDIS_PREFIX: `folio-test-${randomBytes(4).toString('hex')}:`,
      ...(SERVICES.redisUrl ? { REDIS_URL: SERVICES.redisUrl } : {}),
      ...env,
    },
    overrides,
  );
}

/**
 * `listen: true` also serves the app on a free port of 127.0.0.1, with FOLIO_PUBLIC_URL set to it (so the
 * links it returns, such as edit_url, work from a real client); tests otherwise use `inject`.
 */
/**
 * The document engines load on first use in a server (src/infra/lazy.ts); a test app loads them with
 * the app, so that the first generation of a test file does not spend its test's time importing them
 * (tens of seconds on a loaded CI machine). test/lazy-modules.test.ts checks the lazy start itself.
 */
async function preloadDocumentEngines(): Promise<void> {
  await Promise.all([
    import('../../src/documents/agent/document-agent.ts'), import('../../src/documents/agent/input-resolver.ts'),
    import('../../src/documents/word/word.adapter.ts'), import('../../src/documents/excel/excel.adapter.ts'), import('../../src/documents/slides/slides.adapter.ts'),
    import('../../src/editor/views/editor-jobs.ts'),
  ]);
}

export async function startTestApp(overrides: Partial<Config> = {}, options: BuildOptions & { env?: Record<string, string>; listen?: boolean; /** PostgreSQL only: the URL the app connects with (e.g. through a fault proxy) for the fresh database's URL. */ databaseUrlVia?: (url: string) => Promise<string> } = {}): Promise<TestApp> {
  const { env, listen, databaseUrlVia, ...buildOptions } = options;
  const port = listen ? await freePort() : null;
  const config = testConfig(overrides, { ...env, ...(port ? { FOLIO_PUBLIC_URL: `http://127.0.0.1:${port}` } : {}) });
  let database: Database;
  let dropDb = async () => {};
  if (SERVICES.databaseUrl) {
    const created = await createPostgresDatabase({ migrated: true });
    config.databaseUrl = databaseUrlVia ? await databaseUrlVia(created.url) : created.url;
    dropDb = created.drop;
    database = await openDatabase(config);
  } else {
    database = await openDatabase(config, { memory: true, loadDataDir: pgliteTemplate() });
  }
  const app = await buildApp(config, { dnsLookup: testDns, ...buildOptions, database, migrate: true });
  await preloadDocumentEngines();
  if (port) await app.listen({ port, host: '127.0.0.1' });
  const issuer = config.oidc ? null : await openLocalIssuer(config.dataDir);

  const token = async (sub: string, email = `${sub}@example.com`) => {
    if (!issuer) throw new Error('this test app trusts an external issuer');
    return issuer.mint({ sub, email, name: sub, ttlSeconds: 600 });
  };

  return {
    app,
    config,
    url: port ? config.publicUrl : null,
    token,
    inject: (opts) => app.inject(opts),
    async signup(sub = `user-${randomBytes(4).toString('hex')}`, body = {}) {
      const t = await token(sub);
      const res = await app.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${t}` }, payload: { org_name: `Org of ${sub}`, ...body } });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      return { ...res.json(), token: t };
    },
    async close() {
      // The app's keys in the shared Redis (the auth epoch outlives the run otherwise).
      const redis = app.ctx.redis;
      if (redis?.status === 'ready') {
        const keys = await redis.keys(`${config.redisPrefix}*`).catch(() => [] as string[]);
        if (keys.length) await redis.del(...keys).catch(() => {});
      }
      await app.close();
      await database.close();
      await dropDb();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let pgliteTemplateBlob: Blob | undefined;
/** The migrated PGlite data directory, read once per worker process (test files share it). */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplateBlob ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplateBlob;
}

/**
 * DNS for test apps: `example.com` and its subdomains answer example.com's public address (the URL
 * policy resolves caller-given URLs on arrival, and test machines may have no resolver); other names
 * go to the system resolver. Tests that need other answers pass their own `dnsLookup`.
 */
export const testDns: DnsLookup = async (hostname) =>
  /(^|\.)example\.com$/i.test(hostname) ? [{ address: '93.184.215.14', family: 4 }] : systemLookup(hostname);

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
