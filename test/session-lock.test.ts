// The PGlite session lock (src/db/pglite-dialect.ts): arrival order, urgent work first, and the event
// loop served between holders, so a queue of database work cannot starve sockets; and within one holder,
// between statements that have run back to back for a while (a transaction of large statements).
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGliteDialect, SessionLock, withSessionPriority } from '../src/db/pglite-dialect.ts';

describe('SessionLock', () => {
  it('grants waiters in arrival order, urgent ones (withSessionPriority) first', async () => {
    const lock = new SessionLock();
    const order: string[] = [];
    const release = await lock.acquire();
    const take = (name: string) => lock.run(async () => { order.push(name); });
    const all = [take('a'), take('b'), withSessionPriority(() => take('urgent')), take('c')];
    release();
    await Promise.all(all);
    expect(order).toEqual(['urgent', 'a', 'b', 'c']);
  });

  it('lets timers and I/O callbacks run between back-to-back holders', async () => {
    const lock = new SessionLock();
    let immediateRanAt = -1;
    let granted = 0;
    const release = await lock.acquire();
    const holders = Array.from({ length: 50 }, () => lock.run(async () => { granted++; }));
    setImmediate(() => { immediateRanAt = granted; });
    release();
    await Promise.all(holders);
    // Chained through microtasks, all 50 would have run before the callback got a turn.
    expect(immediateRanAt).toBeGreaterThanOrEqual(0);
    expect(immediateRanAt).toBeLessThan(50);
  });

  it('releasing twice hands the session on only once', async () => {
    const lock = new SessionLock();
    const release = await lock.acquire();
    let second = false;
    const waiter = lock.acquire().then((r) => { second = true; return r; });
    release();
    release();
    const r2 = await waiter;
    expect(second).toBe(true);
    let third = false;
    void lock.acquire().then(() => { third = true; });
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    r2();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(true);
  });
});

describe('PGlite statements', () => {
  it('give timers and I/O a turn within a long transaction, not only between holders', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create();
    const db = new Kysely<any>({ dialect: new PGliteDialect(pg, new SessionLock()) });
    try {
      let done = 0;
      const seen: number[] = [];
      const tick = setInterval(() => seen.push(done), 1);
      await db.transaction().execute(async (trx) => {
        // Each statement holds the thread for a while (PGlite runs it synchronously on this thread).
        for (let i = 0; i < 40; i++) {
          await sql`select count(*) from generate_series(1, 20000)`.execute(trx);
          done++;
        }
      });
      clearInterval(tick);
      // Chained through promises, the 40 statements would all run before the timer's first turn.
      expect(seen.some((n) => n > 0 && n < 40)).toBe(true);
    } finally {
      await db.destroy();
      await pg.close();
    }
  });
});
