// TaskProgress (small tier): the progress figure follows phases and tool calls and never goes down;
// steps read as sentences; writes are batched and ordered.
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { stepMessage, TaskProgress } from './task-progress.ts';
import type { NewTaskEvent, TaskEventsRepository } from './task-events.repository.ts';

function recorder() {
  const batches: NewTaskEvent[][] = [];
  const repo = { append: async (_org: string, _task: string, events: NewTaskEvent[]) => { batches.push(events); } } as unknown as TaskEventsRepository;
  const progress = new TaskProgress(repo, { task_id: 'task_1', org_id: 'org_1' }, { warn() {} } as unknown as FastifyBaseLogger);
  const figures = () => batches.flat().filter((e) => e.type === 'progress').map((e) => [e.data.phase, e.data.progress]);
  return { progress, batches, figures };
}

describe('TaskProgress', () => {
  it('counts a known plan out call by call between the writing mark and 85, then rendering and saving', async () => {
    const { progress, batches, figures } = recorder();
    await progress.phase('starting');
    await progress.phase('planning');
    await progress.phase('writing');
    progress.beginTurn(4, true);
    for (let i = 1; i <= 4; i++) {
      progress.step(`added slide ${i} "Slide ${i}" (layout "Title and Content")`, 'add_slides');
      progress.callDone();
    }
    await progress.phase('rendering');
    await progress.phase('saving');
    await progress.close();
    const writing = figures().filter(([phase]) => phase === 'writing').map(([, p]) => p);
    // 70 points over 4 calls; the figure after the last call (85) is superseded by rendering before it is written.
    expect(writing).toEqual([15, 32, 50, 67]);
    expect(figures().map(([, p]) => p)).toEqual([...figures().map(([, p]) => p)].sort((a, b) => Number(a) - Number(b)));
    expect(figures().slice(-2)).toEqual([['rendering', 90], ['saving', 95]]);
    const steps = batches.flat().filter((e) => e.type === 'step');
    expect(steps.map((e) => e.data.message)).toEqual(['Added slide 1: Slide 1', 'Added slide 2: Slide 2', 'Added slide 3: Slide 3', 'Added slide 4: Slide 4']);
    expect(steps.every((e) => e.data.tool === 'add_slides')).toBe(true);
    // Steps and calls of one tick went out together, not one write each.
    expect(batches.length).toBeLessThanOrEqual(6);
  });

  it('gives an unplanned model turn a share of what is left, never going back, and records nothing once closed', async () => {
    const { progress, batches, figures } = recorder();
    await progress.phase('writing');
    progress.beginTurn(2, false);
    progress.callDone();
    progress.callDone();
    await progress.phase('correcting');
    const afterFirst = figures().at(-1)![1] as number;
    expect(afterFirst).toBeGreaterThan(15);
    expect(afterFirst).toBeLessThan(85);
    progress.beginTurn(1, false);
    progress.callDone();
    await progress.phase('writing');
    expect(figures().at(-1)![1]).toBeGreaterThan(afterFirst);
    await progress.close();
    const written = batches.flat().length;
    progress.step('added sheet "Sales"', 'add_sheet');
    await progress.phase('rendering');
    expect(batches.flat().length).toBe(written);
  });

  it('writes steps as sentences', () => {
    expect(stepMessage('added slide 4 "Market size" (layout "Title and Content")')).toBe('Added slide 4: Market size');
    expect(stepMessage('renamed sheet "Data" to "Sales"')).toBe('Renamed sheet "Data" to "Sales"');
    expect(stepMessage('added bar chart "Revenue by region" on "Sales"')).toBe('Added bar chart "Revenue by region" on "Sales"');
  });
});
