// Runs once per test run: prepares an already-migrated database that every test app starts from, so no
// app pays for the migrations. On the embedded default, a migrated PGlite data directory that each app
// clones (cloning takes about 0.5 s; creating and migrating takes several). On PostgreSQL, a migrated
// template database that each app's fresh database is created from (`create database ... template`, a
// file copy, instead of running every migration on each new database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/database.ts';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect, SessionLock } from '../../src/db/pglite-dialect.ts';

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    const name = await createPostgresTemplate(process.env.DATABASE_URL);
    project.provide('postgresTemplate', name);
    return () => dropPostgresDatabase(process.env.DATABASE_URL!, name);
  }
  project.provide('postgresTemplate', '');
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  const db = new Kysely<any>({ dialect: new PGliteDialect(pg, new SessionLock()) });
  await migrateToLatest(db);
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(os.tmpdir(), `folio-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}

/**
 * Creates and migrates this run's template database, then closes every connection to it (PostgreSQL
 * copies a template only while nobody is connected to it). The name is unique to the run, so parallel
 * runs on a shared server do not meet.
 */
async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `folio_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return name;
}

async function dropPostgresDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** PostgreSQL only: the migrated template database of this run ('' on the embedded default). */
    postgresTemplate: string;
  }
}
