// How a task's progress looks in the terminal. On a TTY: the agent's steps scroll by, each on its own
// line, above a bar redrawn in place (`[██████░░░░]  60%  writing`). Otherwise: one plain line per
// change (`progress 60% writing`, `step Added slide 4: Market size`), for logs and pipes.
import type { TaskEvent } from './sdk.ts';

export interface ProgressView {
  onEvent(event: TaskEvent): void;
  /** Takes the bar off the screen (before a question or the final lines). */
  clear(): void;
  /** Draws the bar again after clear(). */
  redraw(): void;
}

export interface ProgressOptions {
  tty: boolean;
  columns?: number;
  write: (text: string) => void;
}

const WIDTH = 24;
const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'expired']);

export function createProgressView(opts: ProgressOptions): ProgressView {
  let percent = 0;
  let phase = 'queued';
  let shown = false;
  let lastPlain = '';

  const bar = () => {
    const filled = Math.round((percent / 100) * WIDTH);
    const text = `[${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}%  ${phase}`;
    return text.slice(0, Math.max(10, (opts.columns ?? 80) - 1));
  };
  const draw = () => { opts.write(`\r\x1b[2K${bar()}`); shown = true; };
  const clear = () => { if (shown) opts.write('\r\x1b[2K'); shown = false; };
  const line = (text: string) => {
    if (opts.tty) { clear(); opts.write(`${text.slice(0, Math.max(10, (opts.columns ?? 80) - 1))}\n`); draw(); } else opts.write(`${text}\n`);
  };

  return {
    onEvent(event) {
      if (event.type === 'progress') {
        const d = event.data ?? {};
        const nextPhase = String(d.phase ?? d.status ?? phase);
        const nextPercent = Number.isFinite(d.progress) ? Math.max(0, Math.min(100, Math.round(d.progress))) : percent;
        // The end is drawn by `done`; a phase line per change until then.
        const phaseChanged = nextPhase !== phase && !TERMINAL.has(String(d.status));
        phase = nextPhase;
        percent = Math.max(percent, nextPercent);
        if (opts.tty) {
          if (phaseChanged) line(`  → ${phase}`);
          else draw();
        } else {
          const plain = `progress ${percent}% ${phase}`;
          if (plain !== lastPlain) { lastPlain = plain; opts.write(`${plain}\n`); }
        }
      } else if (event.type === 'step') {
        const message = String(event.data?.message ?? '').replace(/\s+/g, ' ').trim();
        if (message) line(opts.tty ? `  ✓ ${message}` : `step ${message}`);
      } else if (event.type === 'done') {
        const status = event.data?.status;
        if (status === 'completed') percent = 100;
        phase = status ?? phase;
        if (opts.tty) { draw(); opts.write('\n'); shown = false; } else opts.write(`done ${phase}\n`);
      }
    },
    clear,
    redraw: () => { if (opts.tty) draw(); },
  };
}
