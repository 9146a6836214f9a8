import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keepTickShapes } from '../src/infra/tick-shapes.ts';
import { tickShapesScript } from './helpers/tick-shapes-child.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A fresh Node process that queues nextTicks (with and without arguments) between full collections,
 * the way Folio's start-up does, then prints V8's feedback for process.nextTick.
 */
async function nextTickFeedback(keep: boolean): Promise<{ literalSlots: number; megamorphic: number }> {
  const script = tickShapesScript(keep, '%DebugPrint(process.nextTick);');
  const { stdout } = await run(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const slots = stdout.split('\n').filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'));
  return { literalSlots: slots.length, megamorphic: slots.filter((line) => line.includes('MEGAMORPHIC')).length };
}

describe('process.nextTick stays on the fast path (src/infra/tick-shapes.ts)', () => {
  it('keeps the inline caches of nextTick monomorphic across full collections; without it they turn megamorphic', async () => {
    const [control, kept] = await Promise.all([nextTickFeedback(false), nextTickFeedback(true)]);
    // The feedback print still shows nextTick's object-literal stores (otherwise this test proves nothing).
    expect(kept.literalSlots).toBeGreaterThan(0);
    expect(kept.megamorphic).toBe(0);
    // The problem tick-shapes.ts exists for. If a Node release stops showing it, the module can go.
    expect(control.literalSlots).toBe(kept.literalSlots);
    expect(control.megamorphic).toBeGreaterThan(0);
  }, 60_000);

  it('captures both entry shapes, once', () => {
    expect(keepTickShapes()).toBe(2);
    expect(keepTickShapes()).toBe(2);
  });

  it('is the first module the CLI loads, before anything can run a full collection', () => {
    const source = fs.readFileSync(path.join(root, 'src/cli.ts'), 'utf8');
    const firstImport = source.split('\n').find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './infra/tick-shapes.ts';");
  });
});
