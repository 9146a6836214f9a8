// The job queue on the embedded database: pg-boss shares the PGlite session lock with Kysely, can
// enqueue inside a Kysely transaction, and its notify channel is the one the engine wakes workers on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { Type } from 'typebox';
import { JobQueue } from './queue.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await openDatabase(testConfig(), { memory: true });
  queue = new JobQueue(testConfig(), database, log);
  // The queue creates only registered queues: one job defined here as a module would define it.
  queue.registry.define({
    name: 'task.run', payload: Type.Object({ task_id: Type.String() }), policy: () => ({ policy: 'standard', notify: true }),
    work: () => ({}), handler: async () => {},
  });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop({ graceful: false });
  await database?.close();
});

const jobsOf = async (taskId: string) => Number((await database.executeSql(`select count(*)::int as n from pgboss.job where name = 'task.run' and data->>'task_id' = $1`, [taskId])).rows[0].n);

describe('JobQueue on PGlite', () => {
  it('enqueues inside a Kysely transaction: the job exists only if the transaction commits', async () => {
    await database.db.transaction().execute(async (trx) => {
      await queue.send('task.run', { task_id: 'task_commit' }, { trx });
    });
    await expect(database.db.transaction().execute(async (trx) => {
      await queue.send('task.run', { task_id: 'task_rollback' }, { trx });
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await jobsOf('task_commit')).toBe(1);
    expect(await jobsOf('task_rollback')).toBe(0);
  });

  it('runs its own statements only between Kysely transactions, never inside one', async () => {
    const order: string[] = [];
    let sent!: Promise<unknown>;
    await database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      sent = queue.send('task.run', { task_id: 'task_outside' }).then(() => order.push('send'));
      await new Promise((r) => setTimeout(r, 100));
      order.push('transaction');
    });
    await sent;
    expect(order).toEqual(['transaction', 'send']);
  });

  it("wakes workers on pg-boss's own notify channel", async () => {
    const { instance, lock } = database.pglite!;
    const heard: string[] = [];
    const off = await lock.run(() => instance.listen(JobQueue.wakeChannel, (payload) => heard.push(payload)));
    await queue.send('task.run', { task_id: 'task_notify' });
    await new Promise((r) => setTimeout(r, 50));
    await lock.run(() => off());
    expect(heard).toContain('task.run');
  });
});
