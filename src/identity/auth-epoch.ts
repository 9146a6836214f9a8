// The auth epoch: a number that every change able to affect a cached API key (revocation, suspension,
// tier change) bumps, so that a process seeing a new epoch drops its whole key cache
// (src/identity/api-key-cache.ts). In memory for the single embedded process; in Redis when several
// processes share work.
//
// With Redis, bumps are pushed rather than polled. Each process subscribes to the epoch's channel on a
// second connection and keeps the epoch it was last told. A bump is INCR, then PUBLISH of the new value,
// and it resolves only once every subscriber has applied the value (each acknowledges on a second
// channel), or once the trust window (TRUST_MS) has passed without an acknowledgement. A process trusts
// its pushed epoch, and answers reads with it synchronously (no Redis command on the request's path),
// only while a PING sent on its subscription less than TRUST_MS ago has come back: Redis delivers a
// connection's messages in order, so that PONG proves every bump published before the PING reached
// Redis has been applied. A subscriber that is stalled, cut off or slow therefore stops trusting its
// epoch within TRUST_MS, before a bump that it has not acknowledged resolves. So a change whose request
// has been answered is seen by every later request on every process, as with a GET per turn.
//
// When the epoch is not trusted (at start-up, after a reconnection, while Redis is slow or down), a
// read is answered by the previous way: one GET per event-loop turn shared by the turn's reads.
//
// Redis outages (docs/operating/deployment.md, "Redis outages"): while Redis is not connected a read
// fails at once (the cache then reads the database and drops what it holds); a bump that fails is
// retried as soon as Redis is back; and every reconnection resets the caches, since bumps of other
// processes may have been lost with a restarted Redis (whose epoch may even have gone back to a value
// a cache has already seen).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { coalesceWrites } from '../infra/redis.ts';
import { atTurnEnd } from '../infra/turn.ts';

export interface Epoch {
  read(): number | Promise<number>;
  bump(): Promise<void>;
  /** Calls `listener` whenever invalidations may have been missed (the shared store reconnected). */
  onReset?(listener: () => void): void;
  close?(): void;
}

export function memoryEpoch(): Epoch {
  let value = 0;
  return { read: () => value, bump: async () => { value++; } };
}

/** How long a pushed epoch is trusted after the send of the last PING that came back. */
export const TRUST_MS = 2000;

export interface RedisEpochOptions {
  /** The trust window; 0 turns pushing off (every read is a GET, shared per turn). */
  trustMs?: number;
  /** The connection to subscribe on (default: a duplicate of `redis`); closed by close(). */
  subscriber?: Redis;
}

export function redisEpoch(redis: Redis, key: string, options: RedisEpochOptions = {}): Epoch {
  const trustMs = options.trustMs ?? TRUST_MS;
  const listeners: (() => void)[] = [];
  const reset = () => { for (const listener of listeners) listener(); };
  const pushed = trustMs > 0 ? pushedEpoch(redis, key, trustMs, options.subscriber ?? redis.duplicate(), reset) : null;

  let next: Promise<number> | null = null;
  const fetch = (): Promise<number> => {
    if (redis.status !== 'ready') {
      const down = Promise.reject(new Error(`Redis connection ${redis.status}`));
      down.catch(() => {}); // peek() drops what it cannot use at once; get() still sees the rejection
      return down;
    }
    next ??= new Promise<number>((resolve, reject) => {
      atTurnEnd(() => {
        next = null; // later reads wait for a GET sent after them
        try {
          coalesceWrites(redis);
          redis.get(key).then((value) => resolve(Number(value ?? 0)), reject);
        } catch (err) {
          reject(err);
        }
      });
    });
    return next;
  };

  // A bump Redis cannot take now is owed and sent on reconnection: a revocation is never lost. The
  // change is committed already, so the caller is not failed for it.
  let bumpOwed = false;
  let everReady = redis.status === 'ready';
  const bump = async () => {
    // A short-lived process (the operator CLI) bumps before its first connection is up: wait for it
    // rather than owe a bump the process may exit before paying.
    if (!everReady && redis.status !== 'end') await firstReady(redis, 10_000);
    if (redis.status !== 'ready') { bumpOwed = true; return; }
    let value: number;
    try {
      value = await redis.incr(key);
    } catch {
      bumpOwed = true;
      return;
    }
    await pushed?.announce(value);
  };
  redis.on('ready', () => {
    everReady = true;
    reset();
    if (bumpOwed) {
      bumpOwed = false;
      bump().catch(() => {});
    }
  });
  return {
    read: () => pushed?.trusted() ?? fetch(),
    bump,
    onReset: (listener) => { listeners.push(listener); },
    close: () => pushed?.close(),
  };
}

interface AckWait { needed: number; got: number; done: () => void }

/** The subscription side of redisEpoch: the pushed value, its trust, and the acknowledgements. */
function pushedEpoch(redis: Redis, key: string, trustMs: number, sub: Redis, reset: () => void) {
  const ackChannel = `${key}:ack`;
  const waits = new Map<string, AckWait>();
  let generation = 0;
  let known = -1;
  let synced = false;
  let confirmedAt = -Infinity;
  let subscribed: Promise<void> = Promise.resolve();
  let closed = false;

  sub.on('error', () => {}); // the main connection logs Redis errors; this one reconnects on its own
  sub.on('message', (channel: string, message: string) => {
    if (channel === key) {
      const [value, nonce] = message.split(' ');
      known = Math.max(known, Number(value));
      if (nonce) redis.publish(ackChannel, nonce).catch(() => {}); // applied above: acknowledge
    } else if (channel === ackChannel) {
      const wait = waits.get(message);
      if (wait && ++wait.got >= wait.needed) wait.done();
    }
  });
  // (Re)subscribes, then reads the epoch and starts trusting it once a PING sent after that read is back.
  const sync = () => {
    const gen = ++generation;
    synced = false;
    known = -1;
    confirmedAt = -Infinity;
    subscribed = sub.subscribe(key, ackChannel).then(async () => {
      const value = await redis.get(key);
      if (gen !== generation) return;
      known = Math.max(known, Number(value ?? 0));
      await ping(gen);
      if (gen === generation) synced = true;
    }).catch(() => {});
  };
  const ping = (gen: number): Promise<void> => {
    const sent = performance.now();
    return sub.ping().then(() => { if (gen === generation && sent > confirmedAt) confirmedAt = sent; }, () => {});
  };
  sub.on('ready', () => { reset(); sync(); });
  sub.on('close', () => { generation++; synced = false; });
  // Each tick renews the trust, and reads the epoch too: a bump made without a PUBLISH (a process of an
  // earlier version, during a rolling upgrade) is then seen within a tick, if not at once.
  const tick = () => {
    if (sub.status !== 'ready' || closed) return;
    const gen = generation;
    void ping(gen);
    if (synced && redis.status === 'ready') redis.get(key).then((value) => { if (gen === generation) known = Math.max(known, Number(value ?? 0)); }, () => {});
  };
  const timer = setInterval(tick, Math.max(10, trustMs / 4));
  timer.unref();

  return {
    /** The pushed epoch when it is trusted now; undefined otherwise. */
    trusted(): number | undefined {
      if (!synced || performance.now() - confirmedAt >= trustMs || sub.status !== 'ready' || redis.status !== 'ready') return undefined;
      return known;
    },
    /** Publishes a bumped value; resolves when every subscriber has applied it, or after the trust window. */
    async announce(value: number): Promise<void> {
      known = Math.max(known, value);
      // Acknowledgements are counted on our own subscription: be on it first (a starting CLI may not be).
      await Promise.race([subscribed, sleep(trustMs)]);
      const nonce = randomBytes(8).toString('hex');
      let done = () => {};
      const acked = new Promise<void>((resolve) => { done = resolve; });
      const wait: AckWait = { needed: Infinity, got: 0, done };
      waits.set(nonce, wait);
      try {
        wait.needed = await redis.publish(key, `${value} ${nonce}`);
        if (wait.got >= wait.needed) done();
        // A subscriber that has not acknowledged within the window after the PUBLISH was answered has
        // stopped trusting its epoch by then (see the header); a little more for clocks' rates.
        await Promise.race([acked, sleep(trustMs * 1.05 + 5)]);
      } catch {
        // Not published: the subscribers' trust lapses within the window; wait it out.
        await sleep(trustMs + 5);
      } finally {
        waits.delete(nonce);
      }
    },
    close(): void {
      closed = true;
      clearInterval(timer);
      for (const wait of waits.values()) wait.done();
      sub.disconnect();
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => { setTimeout(resolve, Math.max(0, ms)).unref(); });
}

function firstReady(redis: Redis, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); redis.off('ready', done); resolve(); };
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    redis.once('ready', done);
  });
}
