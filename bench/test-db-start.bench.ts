// What a test app's database costs to start (test/helpers/test-app.ts, global-setup.ts): a fresh database
// migrated from scratch, against one started from the run's migrated template, measured interleaved in the
// same run: on PGlite (PGlite.create + every migration, against loadDataDir from a dumped template) and,
// with --with-services, on PostgreSQL (create database + every migration, against create database ...
// template). Prints the medians and their ratio.
//
//   node bench/test-db-start.bench.ts [--rounds 5] [--with-services]
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '../src/db/database.ts';
import { PGliteDialect, SessionLock } from '../src/db/pglite-dialect.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, 'with-services': { type: 'boolean', default: false } } });
const rounds = Number(args.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (f: () => Promise<unknown>) => { const s = performance.now(); await f(); return performance.now() - s; };
function report(backend: string, scratch: number[], template: number[]) {
  const [a, b] = [median(scratch), median(template)];
  console.log(`${backend.padEnd(10)} migrated from scratch ${a.toFixed(0).padStart(6)} ms   from the template ${b.toFixed(0).padStart(6)} ms   ratio ${(a / b).toFixed(1)}x   (medians of ${rounds})`);
}

console.log(`test-db-start bench: node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);

// PGlite
const migrated = async (p: PGlite) => { const db = new Kysely<any>({ dialect: new PGliteDialect(p, new SessionLock()) }); await migrateToLatest(db); };
const seed = await PGlite.create();
await migrated(seed);
const dump = await seed.dumpDataDir('none');
await seed.close();
const pgliteScratch: number[] = [];
const pgliteTemplate: number[] = [];
for (let i = 0; i < rounds; i++) {
  pgliteScratch.push(await time(async () => { const p = await PGlite.create(); await migrated(p); await p.close(); }));
  pgliteTemplate.push(await time(async () => { const p = await PGlite.create({ loadDataDir: dump }); await migrated(p); await p.close(); }));
}
report('PGlite', pgliteScratch, pgliteTemplate);

// PostgreSQL
if (args['with-services']) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const made: string[] = [];
  const create = async (template?: string) => {
    const name = `folio_bench_${randomBytes(6).toString('hex')}`;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    made.push(name);
    return name;
  };
  const migrate = async (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }) });
    try { await migrateToLatest(db); } finally { await db.destroy(); }
  };
  try {
    const template = await create();
    await migrate(template);
    const scratch: number[] = [];
    const copied: number[] = [];
    for (let i = 0; i < rounds; i++) {
      scratch.push(await time(async () => migrate(await create())));
      copied.push(await time(async () => migrate(await create(template))));
    }
    report('PostgreSQL', scratch, copied);
  } finally {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
