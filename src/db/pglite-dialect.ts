// Kysely dialect for PGlite. PGlite is a single Postgres session, so every use of it
// (a query, a whole transaction, or raw SQL from another library) holds one exclusive lock, granted
// in arrival order except to work marked urgent (webhook deliveries).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const urgent = new AsyncLocalStorage<true>();

/**
 * Runs `fn` (and everything it starts, timers and loops included) ahead of the queue for the PGlite
 * session: its statements wait only for the current holder, not for work queued before them. Webhook
 * deliveries use it so a burst of task work does not starve them; on PostgreSQL it changes nothing.
 */
export function withSessionPriority<T>(fn: () => T): T {
  return urgent.run(true, fn);
}

/** A mutex, the only way to reach the PGlite session: FIFO, except that priority work goes first. */
export class SessionLock {
  private held = false;
  private readonly high: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];

  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.held = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.next();
        });
      };
      if (!this.held) grant();
      else (urgent.getStore() ? this.high : this.normal).push(grant);
    });
  }

  /**
   * Hands the session to the next waiter on the next turn of the event loop, not at once: PGlite
   * runs in this thread without real I/O, so back-to-back holders would otherwise chain through
   * microtasks and starve sockets (HTTP answers, webhook sends) for as long as a burst lasts.
   */
  private next(): void {
    if (this.high.length === 0 && this.normal.length === 0) {
      this.held = false;
      return;
    }
    setImmediate(() => {
      const grant = this.high.shift() ?? this.normal.shift();
      if (grant) grant();
      else this.held = false;
    });
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * How long statements may run back to back (a transaction's, or one holder's after another's) before the
 * event loop gets a turn. PGlite runs each statement synchronously on this thread, and statements that
 * follow each other through promises never let the loop poll: a background transaction of a few large
 * statements (a usage batch with its ledger rows) held every socket for 30 ms at a time.
 */
const SLICE_MS = 1;

/** Resolves after the event loop has polled for I/O at least once (two check phases: one may come before the next poll). */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

class PGliteConnection implements DatabaseConnection {
  private readonly pg: PGlite;
  /** When the current run of statements without an I/O poll began (0: the loop has polled since). */
  private runStart = 0;

  constructor(pg: PGlite) {
    this.pg = pg;
  }

  /** Before a statement: yields to the event loop once statements have run for SLICE_MS without it polling. */
  private async takeTurn(): Promise<void> {
    if (this.runStart === 0) {
      this.runStart = performance.now();
      void afterPoll().then(() => { this.runStart = 0; });
      return;
    }
    if (performance.now() - this.runStart < SLICE_MS) return;
    await afterPoll(); // the marker set above resolves first (same queue, earlier), so runStart is 0 here
    await this.takeTurn();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.takeTurn();
    const result = await this.pg.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' });
    const isSelect = query.sql.trimStart().slice(0, 6).toLowerCase() === 'select';
    return {
      rows: result.rows,
      numAffectedRows: !isSelect && result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private readonly releases = new Map<DatabaseConnection, () => void>();

  private readonly pg: PGlite;
  private readonly lock: SessionLock;

  constructor(pg: PGlite, lock: SessionLock) {
    this.pg = pg;
    this.lock = lock;

    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it.
  }
}

export class PGliteDialect implements Dialect {
  private readonly pg: PGlite;
  private readonly lock: SessionLock;

  constructor(pg: PGlite, lock: SessionLock) {
    this.pg = pg;
    this.lock = lock;
  }
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new PGliteDriver(this.pg, this.lock); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}
