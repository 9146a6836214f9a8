// LISTEN/NOTIFY for Folio's own channels (task finished, task cancel requested, task progress). Publishers send
// `pg_notify` inside the transaction that makes the change, so listeners hear of it only once it is
// committed. On PGlite the listener is the one in-process session (through the session lock); on
// PostgreSQL it is one dedicated connection per process, reconnected when it drops. Listeners must
// still poll as a backstop: a notification sent while a connection was down is lost.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.ts';

export const CHANNELS = {
  /** payload: task_id; the task reached a terminal status. */
  taskDone: 'folio_task_done',
  /** payload: task_id; someone asked to cancel the task. */
  taskCancel: 'folio_task_cancel',
  /** payload: task_id; new progress events of the task were stored (src/runs/task-events.repository.ts). */
  taskEvent: 'folio_task_event',
  /** payload: a count; that many webhook deliveries became due (each process wakes as many idle delivery workers). */
  webhookDue: 'folio_webhook_due',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export class Notifications {
  private readonly emitter = new EventEmitter();
  private readonly database: Database;
  private readonly databaseUrl: string | null;
  private readonly log: FastifyBaseLogger;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>)[] = [];
  private stopped = true;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(database: Database, databaseUrl: string | null, log: FastifyBaseLogger) {
    this.database = database;
    this.databaseUrl = databaseUrl;
    this.log = log;
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    const channels = Object.values(CHANNELS);
    if (this.database.pglite) {
      const { instance, lock } = this.database.pglite;
      for (const channel of channels) {
        const off = await lock.run(() => instance.listen(channel, (payload) => this.emitter.emit(channel, payload)));
        this.unlisten.push(() => lock.run(() => off()));
      }
      return;
    }
    await this.connect(channels);
  }

  private async connect(channels: string[]): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl!, application_name: 'folio-listen' });
    client.on('notification', (msg) => this.emitter.emit(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => {
      this.log.warn({ err }, 'notification listener lost its connection; reconnecting');
      this.scheduleReconnect(channels);
    });
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${channel}`);
      this.client = client;
      // Whatever was published while disconnected is lost: tell listeners to look again.
      this.emitter.emit('reconnect');
    } catch (err) {
      await client.end().catch(() => {});
      if (this.stopped) return;
      this.log.warn({ err }, 'could not start the notification listener; retrying');
      this.scheduleReconnect(channels);
    }
  }

  private scheduleReconnect(channels: string[]): void {
    const old = this.client;
    this.client = null;
    old?.end().catch(() => {});
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) void this.connect(channels);
    }, 1000);
    this.reconnectTimer.unref();
  }

  /** Calls `listener` with each payload published on the channel; returns the unsubscribe function. */
  on(channel: Channel | 'reconnect', listener: (payload: string) => void): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const off of this.unlisten.splice(0)) await off().catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
