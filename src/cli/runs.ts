// `folio runs list|show`, `folio export <run_id>` and `folio tasks show|wait|cancel`: reading runs,
// converting their documents, and following or stopping a task started elsewhere (--async, a detach).
import path from 'node:path';
import { clientOf, collect, details, ExitCode, io, isDirectory, limitOf, parse, printJson, table, UsageError } from './common.ts';
import { followTask } from './follow.ts';

const FORMATS = ['slides', 'word', 'excel'];
const STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'expired'];
const EXPORT_FORMATS = ['pdf', 'png', 'html', 'txt', 'csv', 'odt', 'odp', 'xlsx', 'docx', 'pptx'];

const RUNS_USAGE = `Usage: folio runs <command>

Commands:
  list [--format slides|word|excel] [--status <status>] [--limit <n>]   Runs, newest first (default 20).
  show <run_id>                                                          One run: status, file, links.`;

export async function runs(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'list') return list(rest);
  if (action === 'show') return show(rest);
  if (action === '--help' || action === '-h' || action === 'help') return io.out(RUNS_USAGE);
  throw new UsageError(action === undefined ? RUNS_USAGE : `Unknown runs command "${action}".\n\n${RUNS_USAGE}`);
}

async function list(args: string[]): Promise<void> {
  const usage = 'Usage: folio runs list [--format slides|word|excel] [--status pending|running|completed|failed|cancelled|expired] [--limit <n>]';
  const p = parse(args, { format: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } }, usage);
  if (!p) return;
  const { format, status } = p.values;
  if (format !== undefined && !FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  if (status !== undefined && !STATUSES.includes(status)) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  const limit = limitOf(p.values.limit);
  const params = { ...(format ? { format } : {}), ...(status ? { status } : {}), limit: Math.min(limit, 100) };
  const client = await clientOf(p.values);
  const items = await collect(client.runs.list(params), limit);
  if (p.values.json) return printJson(items);
  io.out(table(items, ['run_id', 'format', 'status', 'file_name', 'updated_at']));
}

async function show(args: string[]): Promise<void> {
  const p = parse(args, {}, 'Usage: folio runs show <run_id>', [1, 1]);
  if (!p) return;
  const client = await clientOf(p.values);
  const { download, export: _export, resume, ...run } = await client.runs.get(p.positionals[0]);
  if (p.values.json) return printJson(run);
  io.out(details(run, ['run_id', 'format', 'status', 'file_name', 'title', 'version', 'task_id', 'created_at', 'updated_at', 'expires_at', 'download_url', 'edit_url']));
}

const EXPORT_USAGE = `Usage: folio export <run_id> --format <format> [-o <path>]

Converts the run's current document (POST /runs/{run_id}/export) and saves it.
  --format   slides: pdf, png, odp, pptx; word: pdf, html, txt, odt, docx; excel: pdf, csv, png, html, xlsx.
             png of several pages (and csv of every sheet) is a zip.
  -o <path>  Where to save it (default: the name the server gives, in the current directory).`;

export async function exportRun(args: string[]): Promise<void> {
  const p = parse(args, { format: { type: 'string' }, output: { type: 'string', short: 'o' } }, EXPORT_USAGE, [1, 1]);
  if (!p) return;
  const format = p.values.format;
  if (!format) throw new UsageError(`--format is required.\n\n${EXPORT_USAGE}`);
  if (!EXPORT_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  const client = await clientOf(p.values);
  const run = await client.runs.get(p.positionals[0]);
  let target = p.values.output as string | undefined;
  if (!target || isDirectory(target)) target = path.join(target ?? '.', (await run.export(format)).file_name); // the server names it
  const saved = await run.export(format, { path: target });
  if (p.values.json) return printJson({ ...saved, path: target });
  io.out(`Saved ${target} (${format}, ${saved.size} bytes${saved.cached ? ', cached' : ''}).`);
}

const TASKS_USAGE = `Usage: folio tasks <command>

Commands:
  show <task_id>                 The task: status, phase, error, credits.
  wait <task_id> [-o <path>]     Follow the task with live progress until it ends; saves the document when it completes.
  cancel <task_id>               Cancel a queued or running task.`;

export async function tasks(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'show' || action === 'cancel') {
    const p = parse(rest, {}, `Usage: folio tasks ${action} <task_id>`, [1, 1]);
    if (!p) return;
    const client = await clientOf(p.values);
    const task = action === 'show' ? await client.tasks.get(p.positionals[0]) : await client.tasks.cancel(p.positionals[0]);
    if (p.values.json) return printJson(task);
    return io.out(details(task, ['task_id', 'run_id', 'format', 'status', 'phase', 'cancel_requested', 'error', 'credits_used', 'duration_ms', 'created_at', 'finished_at']));
  }
  if (action === 'wait') {
    const p = parse(rest, { output: { type: 'string', short: 'o' } }, 'Usage: folio tasks wait <task_id> [-o <path>]', [1, 1]);
    if (!p) return;
    const code = await followTask(await clientOf(p.values), p.positionals[0], { json: Boolean(p.values.json), output: p.values.output });
    if (code !== 0) throw new ExitCode(code);
    return;
  }
  if (action === '--help' || action === '-h' || action === 'help') return io.out(TASKS_USAGE);
  throw new UsageError(action === undefined ? TASKS_USAGE : `Unknown tasks command "${action}".\n\n${TASKS_USAGE}`);
}
