// Opens the one database the process uses: embedded PGlite, or PostgreSQL through a pg pool.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { PGliteDialect, SessionLock } from './pglite-dialect.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Raw SQL outside Kysely (for libraries such as a job queue), sharing the same session rules. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** PGlite only: the instance and the lock that guards its one session (the job queue shares both). */
  pglite?: { instance: PGlite; lock: SessionLock };
  close(): Promise<void>;
}

export class DatabaseInUseError extends Error {}

/**
 * Rows per statement of the batches written in the background (LLM usage records, leased charges' ledger
 * rows). On the embedded PGlite a statement runs on the event loop's thread: the 470 usage records a busy
 * gateway collects in 50 ms took about 11 ms in one statement, and their ledger rows as long again, a stall
 * every request in flight waited out. 128 rows keep a statement at 2-4 ms (64 cost more per row for no
 * better p99 in docs/architecture/llm-gateway-performance.md); on PostgreSQL it costs a few round trips.
 * (The PGlite dialect also lets the event loop run between statements: pglite-dialect.ts.)
 */
export const ROWS_PER_STATEMENT = 128;

// int8 and numeric come back as numbers, as they do from PGlite; amounts in Folio stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface OpenOptions {
  /** PGlite only: keep the database in memory instead of FOLIO_DATA_DIR (tests). */
  memory?: boolean;
  /** PGlite only: start from this dumped data directory (tests clone a migrated template). */
  loadDataDir?: Blob;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config);
  return openPGlite(config, options);
}

/** How long a request waits to connect to PostgreSQL, or for a pooled connection, before it answers 503. */
const CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(config: Config): Promise<Database> {
  // A database that does not answer must fail requests (503) rather than hold them: connecting, or waiting
  // for a free pooled connection, gives up after CONNECT_TIMEOUT_MS; keep-alive finds dead peers.
  const pool = new pg.Pool({ connectionString: config.databaseUrl!, max: config.databasePoolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on('error', () => { /* idle client errors are retried by the pool */ });
  // pg-pool removes its error listener from a client while it is checked out: a connection lost then
  // (mid-query, mid-transaction) would emit 'error' with no listener and crash the process. The query
  // itself still fails (503 through src/http/dependency-errors.ts) and the pool discards the client.
  pool.on('connect', (client) => { client.on('error', () => {}); });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values) => pool.query(text, values as any[]),
    close: () => db.destroy(),
  };
}

/**
 * PGlite's WebAssembly module, compiled once per process and shared by every instance (PGlite compiles
 * its ~10 MB module anew for each instance otherwise). A process serving Folio opens one, but the tests
 * open one per app: sharing the code saves their compile time, and the churn of compiling and freeing
 * wasm code that sometimes crashes Node 24 (V8's "jit_page_->allocations_.erase(addr) == 1" check,
 * nodejs/node#64500). initdb's module (a fresh data directory only) is still loaded by PGlite when needed.
 */
let pgliteWasm: Promise<WebAssembly.Module> | undefined;
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  pgliteWasm ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    // The global, typed by hand: the ES2024 lib this project compiles against declares only its types.
    const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
    return wasm.compile(await fs.promises.readFile(path.join(dist, 'pglite.wasm')));
  })().catch((err: unknown) => {
    pgliteWasm = undefined;
    throw err;
  });
  return pgliteWasm;
}

async function openPGlite(config: Config, { memory = false, loadDataDir }: OpenOptions): Promise<Database> {
  const [{ PGlite }, wasmModule] = await Promise.all([import('@electric-sql/pglite'), pgliteWasmModule()]);
  let releaseFileLock = () => {};
  let dataDir: string | undefined;
  if (!memory) {
    dataDir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    releaseFileLock = lockDataDir(config.dataDir);
  }
  let pglite;
  try {
    // PGlite's defaults, plus a shared_buffers sized for one embedded process (FOLIO_PGLITE_SHARED_BUFFERS_MB).
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${config.pgliteSharedBuffersMb}MB`];
    pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), startParams, pgliteWasmModule: wasmModule });
  } catch (err) {
    releaseFileLock();
    throw err;
  }
  const lock = new SessionLock();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, lock) });
  return {
    db,
    kind: 'pglite',
    executeSql: (text, values) => lock.run(() => pglite.query(text, values as any[], { rowMode: 'object' })),
    pglite: { instance: pglite, lock },
    close: async () => {
      await db.destroy();
      await lock.run(() => pglite.close());
      releaseFileLock();
    },
  };
}

/**
 * PGlite is one process's private database: a second process opening the same directory would
 * corrupt it. A pid lock file turns that mistake into a clear error.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { try { fs.unlinkSync(file); } catch { /* already gone */ } };
    } catch (err: any) {
      if (err.code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to share a PostgreSQL database between processes.`,
        );
      }
      fs.unlinkSync(file); // stale lock from a process that is gone
    }
  }
  throw new DatabaseInUseError(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err: any) {
    return err.code === 'EPERM';
  }
}

export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  // Every start of an up-to-date database: one read instead of the migrator's table checks and lock
  // (a tenth to a third of a second of each start). Anything else, a missing table included, migrates.
  if (await appliedAll(db)) return { results: [] };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Whether every migration Folio knows is recorded as applied (false when it cannot tell). */
async function appliedAll(db: Kysely<DB>): Promise<boolean> {
  try {
    const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').execute();
    const applied = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    return false;
  }
}
