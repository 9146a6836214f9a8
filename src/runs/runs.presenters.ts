// Public shapes of runs and tasks. Routes never return rows.
import type { RunView, TaskView } from './runs.service.ts';
import type { Static } from 'typebox';
import type { AskAnswer } from './runs.schemas.ts';
import type { TaskRow } from './tasks.repository.ts';
import { promptOf, type VersionView } from './run-history.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function durationMs(task: TaskRow, now = Date.now()): number {
  if (!task.started_at) return 0;
  return Math.max(0, (task.finished_at?.getTime() ?? now) - task.started_at.getTime());
}

export function presentTask({ task, downloadUrl, editUrl }: TaskView) {
  return {
    task_id: task.task_id,
    run_id: task.run_id,
    format: task.format,
    status: task.status,
    phase: task.status === 'running' ? task.phase : null,
    error: task.status === 'failed' ? { code: task.error_code ?? 'internal_error', message: task.error_message ?? 'The task failed.' } : null,
    credits_used: task.credits_used,
    duration_ms: durationMs(task),
    created_at: task.created_at.toISOString(),
    started_at: iso(task.started_at),
    finished_at: iso(task.finished_at),
    cancel_requested: task.cancel_requested_at !== null,
    result: task.status === 'completed' ? { download_url: downloadUrl, edit_url: editUrl, summary: task.summary ?? '', ...answerOf(task) } : null,
  };
}

export function presentGenerateResult({ task, downloadUrl, editUrl }: TaskView) {
  return {
    run_id: task.run_id,
    task_id: task.task_id,
    status: 'completed' as const,
    download_url: downloadUrl,
    edit_url: editUrl,
    summary: task.summary ?? '',
    credits_used: task.credits_used,
    duration_ms: durationMs(task),
    ...answerOf(task),
  };
}

/** Ask mode: `answer` beside the summary (which holds the answer's text). */
function answerOf(task: TaskRow): { answer?: Static<typeof AskAnswer> } {
  return task.mode === 'ask' && task.answer ? { answer: task.answer as Static<typeof AskAnswer> } : {};
}

export function presentAccepted(task: TaskRow, pollUrl: string) {
  return { run_id: task.run_id, task_id: task.task_id, status: task.status, poll_url: pollUrl };
}

export function presentRun({ run, downloadUrl, editUrl }: RunView) {
  return {
    run_id: run.run_id,
    task_id: run.current_task_id,
    format: run.format,
    status: run.status,
    file_name: run.version?.file_name ?? run.file_name,
    title: run.version?.title ?? null,
    version: run.version?.version ?? null,
    download_url: downloadUrl,
    edit_url: editUrl,
    created_at: run.created_at.toISOString(),
    updated_at: run.updated_at.toISOString(),
    expires_at: run.retain_until.toISOString(),
    template: run.template_id && run.template_version !== null ? { template_id: run.template_id, version: run.template_version } : null,
  };
}

export function presentVersion({ version: v, task, current, downloadUrl }: VersionView) {
  return {
    version: v.version,
    version_id: v.version_id,
    source: v.task_id ? 'generation' as const : 'editor' as const,
    task_id: v.task_id,
    prompt: promptOf(task),
    mode: task?.mode ?? null,
    summary: task?.summary ?? null,
    file_name: v.file_name,
    title: v.title,
    size: v.size,
    current,
    download_url: downloadUrl,
    created_at: v.created_at.toISOString(),
  };
}

/** A task of a run's history: the polled shape with the prompt it was asked. */
export function presentHistoryTask(view: TaskView) {
  return { ...presentTask(view), prompt: promptOf(view.task), mode: view.task.mode };
}
