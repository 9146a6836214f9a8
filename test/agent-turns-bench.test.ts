// The agent-turns bench (bench/agent-turns.bench.ts, `npm run bench:agent`) meets the targets of issue 22
// in CI: for a 12-slide deck, a 10-page report and a three-sheet workbook, a model that batches needs at
// most 3 sequential model calls and at most half the input tokens of a one-tool-per-turn model. Run with
// --fast (100 ms per call): the calls and tokens do not depend on the simulated latency. No database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('bench:agent', () => {
  it('prints calls, tokens and wall time per document, and meets the targets', async () => {
    const { stdout } = await run(process.execPath, ['bench/agent-turns.bench.ts', '--fast'], { cwd: ROOT, timeout: 240_000 });
    const docs = [...stdout.matchAll(/\n(12-slide deck|10-page report|three-sheet workbook)\n[^\n]*\n\s+one tool per turn\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+\n\s+batched\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+/g)]
      .map((m) => ({ name: m[1], baseline: { calls: Number(m[2]), input: Number(m[3]) }, batched: { calls: Number(m[5]), input: Number(m[6]) } }));
    expect(docs.map((d) => d.name)).toEqual(['12-slide deck', '10-page report', 'three-sheet workbook']);
    for (const d of docs) {
      expect(d.batched.calls, d.name).toBeLessThanOrEqual(3);
      expect(d.batched.input, d.name).toBeLessThanOrEqual(d.baseline.input / 2);
      expect(d.baseline.calls, d.name).toBeGreaterThan(d.batched.calls);
    }
    expect(stdout).toContain('All targets met.');
  }, 300_000);
});
