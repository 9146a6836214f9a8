// The terminal view of a task's events: step lines scroll above a bar redrawn in place on a TTY, plain
// lines elsewhere. Step events come only from the SSE stream, so they are rendered here from the
// contract's event shapes.
import { describe, expect, it } from 'vitest';
import { createProgressView } from './progress.ts';

/** Replays what was written the way a terminal shows it: \r goes to column 0, ESC[2K erases the line. */
function screenOf(written: string): string[] {
  const lines: string[] = [''];
  for (const chunk of written.split(/(\r|\n|\x1b\[2K)/)) {
    if (chunk === '\r') continue;
    if (chunk === '\x1b[2K') lines[lines.length - 1] = '';
    else if (chunk === '\n') lines.push('');
    else lines[lines.length - 1] += chunk;
  }
  return lines;
}

const progress = (phase: string, value: number) => ({ type: 'progress' as const, data: { task_id: 'task_1', status: 'running', phase, progress: value } });
const step = (message: string) => ({ type: 'step' as const, data: { task_id: 'task_1', message, tool: 'add_slide', at: '2026-11-25T00:00:00Z' } });

describe('the progress view', () => {
  it('on a TTY: steps and phase changes above one bar, redrawn in place, full at the end', () => {
    let out = '';
    const view = createProgressView({ tty: true, columns: 80, write: (t) => { out += t; } });
    view.onEvent(progress('planning', 10));
    view.onEvent(progress('writing', 30));
    view.onEvent(step('Added slide 4: Market size'));
    view.onEvent(progress('writing', 55));
    view.onEvent(step('Added chart Revenue by region'));
    expect(screenOf(out)).toEqual([
      '  → planning',
      '  → writing',
      '  ✓ Added slide 4: Market size',
      '  ✓ Added chart Revenue by region',
      `[${'█'.repeat(13)}${'░'.repeat(11)}]  55%  writing`,
    ]);
    view.onEvent({ type: 'heartbeat', data: { at: 'x' } });
    view.onEvent({ type: 'done', data: { status: 'completed' } });
    expect(screenOf(out).slice(-2)).toEqual([`[${'█'.repeat(24)}] 100%  completed`, '']);
  });

  it('never moves the bar backwards, and cuts long lines to the terminal width', () => {
    let out = '';
    const view = createProgressView({ tty: true, columns: 45, write: (t) => { out += t; } });
    view.onEvent(progress('writing', 60));
    view.onEvent(progress('correcting', 40));
    view.onEvent(step(`Added slide 9: ${'x'.repeat(100)}`));
    const screen = screenOf(out);
    expect(screen.at(-1)).toMatch(/ 60%  correcting$/);
    expect(Math.max(...screen.map((l) => l.length))).toBeLessThanOrEqual(44);
  });

  it('elsewhere: one plain line per change, none for heartbeats or repeats', () => {
    let out = '';
    const view = createProgressView({ tty: false, write: (t) => { out += t; } });
    view.onEvent(progress('planning', 10));
    view.onEvent(progress('planning', 10));
    view.onEvent(step('Added slide 1: Title'));
    view.onEvent({ type: 'heartbeat', data: { at: 'x' } });
    view.onEvent({ type: 'done', data: { status: 'failed' } });
    expect(out).toBe('progress 10% planning\nstep Added slide 1: Title\ndone failed\n');
    expect(out).not.toContain('\x1b');
  });
});
