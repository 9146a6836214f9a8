// Identifiers are a type prefix plus a ULID (time-ordered, so newest-first ordering by id is cheap).
import { randomFillSync, randomInt } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type IdPrefix = 'org' | 'usr' | 'key' | 'req' | 'run' | 'task' | 'file' | 'img' | 'prj' | 'whk' | 'evt' | 'ins' | 'dlv' | 'led' | 'ver' | 'llm' | 'tpl' | 'ses';

export function ulid(now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let rand = '';
  for (let i = 0; i < 16; i++) rand += CROCKFORD[pool[poolOffset + i] & 31];
  poolOffset += 16;
  return time + rand;
}

// CSPRNG bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per id (ids are
// minted on every request, for X-Request-Id).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

// Request ids are minted on every request and only need to be unique, not unguessable: a ULID-shaped
// `req_` id whose time part is cached per millisecond and whose 16 other characters are this process's
// random 40 bits followed by a 40-bit counter.
const PROCESS_PART = ulid().slice(10, 18);
let counter = 0;
let lastMs = -1;
let timePart = '';

export function requestId(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    timePart = ulid(now).slice(0, 10);
  }
  counter = (counter + 1) % 0x10000000000;
  let c = counter;
  let tail = '';
  for (let i = 0; i < 8; i++) {
    tail = CROCKFORD[c % 32] + tail;
    c = Math.floor(c / 32);
  }
  return `req_${timePart}${PROCESS_PART}${tail}`;
}

/** Uniformly random alphanumeric string from the CSPRNG (no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}
