// The usage outbox's journal: the records of one event-loop turn share one write, a record is
// acknowledged only once it is in the journal, a journal that cannot be written refuses the records
// (so their calls are not delivered), and close() keeps records taken in its own turn.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingUsage } from './llm-usage.repository.ts';
import { UsageOutbox } from './usage-outbox.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

function usage(n: number, orgId = 'org_a'): PendingUsage {
  return {
    usage_id: `llm_${n}`, org_id: orgId, key_id: 'key_1', request_id: `req_${n}`, operation: 'llm.invoke', requested_model: null, response_format: 'text',
    user_id: null, session_id: null, status: 'succeeded', error_code: null, model: 'gpt-4.1', provider: 'openai', input_tokens: 12, output_tokens: 4,
    credits: 2, attempts: [], duration_ms: 3, created_at: new Date().toISOString(), month: '2026-11-01',
  } as PendingUsage;
}

describe('usage outbox journal', () => {
  let dataDir: string;
  let written: PendingUsage[][];
  let outbox: UsageOutbox;
  const journalLines = () => {
    const dir = path.join(dataDir, 'llm-usage-outbox');
    return fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean));
  };

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-outbox-'));
    written = [];
    // A long delay: nothing reaches the "database" unless a test asks for it.
    outbox = new UsageOutbox({ dataDir, delayMs: 60_000, log, write: async (rows) => { written.push(rows); return rows.length; } });
    await outbox.start();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await outbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the records taken in one turn with one write, and acknowledges each only once it is in the journal', async () => {
    const writes = vi.spyOn(fs, 'writeSync');
    const seen: number[] = [];
    const adds = [1, 2, 3, 4, 5].map((n) => outbox.add(usage(n)).then(() => { seen.push(journalLines().length); }));
    expect(journalLines()).toEqual([]); // nothing written before the turn ends
    expect(outbox.pendingCredits('org_a')).toBe(10); // but already counted by budget checks
    await Promise.all(adds);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([5, 5, 5, 5, 5]);
    expect(journalLines().map((l) => (JSON.parse(l) as PendingUsage).usage_id)).toEqual(['llm_1', 'llm_2', 'llm_3', 'llm_4', 'llm_5']);
    await outbox.add(usage(6)); // a later turn: its own write
    expect(writes).toHaveBeenCalledTimes(2);
    expect(outbox.pendingCredits('org_a')).toBe(12);
    expect(outbox.pendingCredits('org_b')).toBe(0);
  });

  it('refuses the records of a turn whose journal write fails, and does not count them', async () => {
    vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => { throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }); });
    const results = await Promise.allSettled([outbox.add(usage(1)), outbox.add(usage(2))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(outbox.pendingCredits('org_a')).toBe(0);
    await outbox.add(usage(3)); // the journal works again
    expect(outbox.pendingCredits('org_a')).toBe(2);
    await outbox.settled('org_a');
    expect(written.flat().map((r) => r.usage_id)).toEqual(['llm_3']);
  });

  it('writes to the database at close the records taken in the same turn', async () => {
    const added = outbox.add(usage(1));
    await outbox.close();
    await added;
    expect(written.flat().map((r) => r.usage_id)).toEqual(['llm_1']);
    expect(journalLines()).toEqual([]); // written, so its journal segment is gone
  });
});
