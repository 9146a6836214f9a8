// A real `folio serve` gives its unused JS heap back once it goes quiet (src/infra/idle-memory.ts): after
// the start settles, and again after a busy spell followed by FOLIO_IDLE_MEMORY_RELEASE_SECONDS of quiet.
// FOLIO_IDLE_MEMORY_RELEASE_SECONDS=0 turns it off.
import { afterAll, describe, expect, it } from 'vitest';
import { serveOnTestBackend, type Cleanups } from './helpers/backend-server.ts';
import type { ServerProcess } from './helpers/processes.ts';
import { eventually } from './helpers/storage.ts';
import { shouldRelease } from '../src/infra/idle-memory.ts';

interface Released { reason: string; heapBeforeMb: number; heapAfterMb: number; ms: number }

const releases = (server: ServerProcess): Released[] =>
  server.output().split('\n').filter((l) => l.includes('released idle memory')).map((l) => JSON.parse(l).idle_memory as Released);

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function serve(seconds: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  return serveOnTestBackend('idle', { FOLIO_IDLE_MEMORY_RELEASE_SECONDS: seconds, ...extra }, cleanups);
}

describe('idle memory release', () => {
  it('decides on a quiet window and enough unused heap only', () => {
    expect(shouldRelease(0.01, 20 * 1048576, 16)).toBe(true);
    expect(shouldRelease(0.5, 20 * 1048576, 16)).toBe(false); // busy
    expect(shouldRelease(0.01, 10 * 1048576, 16)).toBe(false); // nothing worth a collection
  });

  it('releases the heap the start grew once the server settles, and again after a busy spell', async () => {
    // A threshold of 4 MB, so that the busy spell below leaves enough behind whatever the machine's load
    // lets it do; the default (16 MB) is what the start alone leaves.
    const server = await serve('2', { FOLIO_IDLE_MEMORY_RELEASE_MIN_MB: '4' });
    await eventually(() => releases(server).length >= 1, 120_000, 'the release after the start');
    const [settled] = releases(server);
    expect(settled.reason).toBe('settled');
    expect(settled.heapAfterMb).toBeLessThan(settled.heapBeforeMb - 5);
    expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);

    // A busy spell that leaves garbage behind: the OpenAPI document, serialized 400 times.
    const before = releases(server).length;
    for (let i = 0; i < 50; i++) await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.url}/api/v1/openapi.json`).then((r) => r.arrayBuffer())));
    await eventually(() => releases(server).slice(before).some((r) => r.reason === 'quiet'), 120_000, 'the release after the busy spell');
    const quiet = releases(server).slice(before).find((r) => r.reason === 'quiet')!;
    expect(quiet.heapAfterMb).toBeLessThan(quiet.heapBeforeMb);
    expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);
  }, 300_000);

  it('does nothing with FOLIO_IDLE_MEMORY_RELEASE_SECONDS=0', async () => {
    const server = await serve('0');
    await new Promise((r) => setTimeout(r, 4000));
    expect((await fetch(`${server.url}/api/v1/health/live`)).status).toBe(200);
    expect(releases(server)).toEqual([]);
  }, 240_000);
});
