// Following a task to its end for `folio generate` and `folio tasks wait`: live progress through the
// SDK's tasks.wait, Ctrl-C asking whether to cancel the task (y: POST /tasks/{id}/cancel; n: detach and
// say how to follow it), and on completion the document saved and the run id, path and edit URL printed.
import path from 'node:path';
import readline from 'node:readline/promises';
import { terminalInfo } from '../config-cli.ts';
import { io, isDirectory, printJson } from './common.ts';
import { createProgressView } from './progress.ts';
import type { Folio } from './sdk.ts';

export const EXIT_INTERRUPTED = 130;

const EXTENSIONS: Record<string, string> = { slides: 'pptx', word: 'docx', excel: 'xlsx' };

export interface FollowOptions {
  json: boolean;
  /** -o: the file or directory to save the document in (default: the run's file name, here). */
  output?: string;
}

export async function followTask(client: Folio, taskId: string, opts: FollowOptions): Promise<number> {
  const term = terminalInfo();
  const view = opts.json ? null : createProgressView({ tty: term.stderrTty, columns: term.columns, write: (t) => { process.stderr.write(t); } });
  const stop = new AbortController();
  const promptStop = new AbortController();
  // Set by the SIGINT handler (a closure), read once waiting stops.
  const state: { outcome: { kind: 'cancelled'; task: any } | { kind: 'detached' } | null } = { outcome: null };
  let asking = false;
  // The cancel request of a `y`, awaited after waiting stops: the task can reach `cancelled` (ending the
  // wait) before the cancel call itself has answered.
  let cancelling: Promise<void> | null = null;

  const detach = () => { state.outcome = { kind: 'detached' }; stop.abort(); };
  const onSigint = async () => {
    if (asking || !term.stdinTty) return detach();
    asking = true;
    view?.clear();
    let answer = '';
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    rl.on('SIGINT', () => { rl.close(); detach(); });
    try {
      answer = await rl.question(`\nCancel task ${taskId}? [y/N] `, { signal: promptStop.signal });
    } catch {
      return; // the task ended, or a second Ctrl-C detached, while the question was open
    } finally {
      rl.close();
      asking = false;
    }
    if (!/^\s*y(es)?\s*$/i.test(answer)) return detach();
    cancelling = (async () => {
      try {
        state.outcome = { kind: 'cancelled', task: await client.tasks.cancel(taskId) };
        stop.abort();
      } catch (err) {
        io.err(`Could not cancel ${taskId}: ${(err as Error).message}`); // e.g. it completed meanwhile: keep following
        view?.redraw();
      }
    })();
    await cancelling;
  };

  process.on('SIGINT', onSigint);
  let task: any;
  try {
    task = await client.tasks.wait(taskId, { onProgress: (e) => view?.onEvent(e), signal: stop.signal });
  } catch (err) {
    // A `y` whose task reached `cancelled` (ending the wait with that error) before the cancel call answered.
    if (cancelling) await cancelling;
    if (!stop.signal.aborted) throw err;
  } finally {
    process.off('SIGINT', onSigint);
    promptStop.abort();
  }
  if (cancelling) await cancelling;

  const ended = state.outcome;
  if (ended?.kind === 'detached') {
    view?.clear();
    if (opts.json) printJson({ task_id: taskId, status: 'detached' });
    io.err(`\nDetached; the task keeps running.\n  Follow it:  folio tasks wait ${taskId}\n  Cancel it:  folio tasks cancel ${taskId}`);
    return 0;
  }
  if (ended?.kind === 'cancelled') {
    view?.clear();
    if (opts.json) printJson(ended.task);
    io.err(`Cancelled task ${taskId}${ended.task.status === 'cancelled' ? '' : ' (its worker is stopping it)'}.`);
    return EXIT_INTERRUPTED;
  }
  return finish(client, task, opts);
}

async function finish(client: Folio, task: any, opts: FollowOptions): Promise<number> {
  if (task.status !== 'completed') {
    if (opts.json) printJson(task);
    const why = task.error ? `${task.error.code}: ${task.error.message}` : task.status;
    io.err(`Task ${task.task_id} (run ${task.run_id}) ended ${task.status}: ${why}`);
    return 1;
  }
  const result = task.result ?? {};
  let saved: string | null = null;
  let editUrl: string | null = result.edit_url ?? null;
  if (result.download_url) {
    const run = await client.runs.get(task.run_id);
    const name = run.file_name ?? `${run.run_id}.${EXTENSIONS[run.format] ?? 'bin'}`;
    saved = !opts.output ? name : isDirectory(opts.output) ? path.join(opts.output, name) : opts.output;
    await run.download(saved);
    editUrl = run.edit_url ?? editUrl;
  }
  if (opts.json) {
    printJson({ task_id: task.task_id, run_id: task.run_id, status: task.status, summary: result.summary, path: saved, edit_url: editUrl, download_url: result.download_url, credits_used: task.credits_used, duration_ms: task.duration_ms, answer: result.answer });
    return 0;
  }
  if (result.summary) io.out(result.summary);
  io.out(`Run:   ${task.run_id}`);
  if (saved) io.out(`Saved: ${saved}`);
  if (editUrl) io.out(`Edit:  ${editUrl}`);
  return 0;
}
