// The entry of a document thread (document-isolate.ts): runs one job at a time from isolate-jobs.ts and
// answers with its result, or with the error it threw described as data (name, message, AppError code
// and extras) so that the caller can throw the same kind of error as the work would have in process.
import { parentPort } from 'node:worker_threads';
import { runJob, type JobKind } from './isolate-jobs.ts';

export interface JobRequest { id: number; kind: JobKind; payload: unknown }
export type JobAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code?: string; extra?: unknown } };

function describe(err: unknown): Extract<JobAnswer, { ok: false }>['error'] {
  const e = err as { name?: string; message?: string; code?: string; extra?: { detail?: unknown } };
  const out = { name: String(e?.name ?? 'Error'), message: String(e?.message ?? err) };
  // AppError: its code and the `detail` of a validation error travel with it (nothing else is data).
  if (e?.name === 'AppError') return { ...out, code: e.code, extra: e.extra?.detail ? { detail: e.extra.detail } : {} };
  return out;
}

parentPort!.on('message', (msg: JobRequest) => {
  runJob(msg.kind, msg.payload as never).then(
    (value) => parentPort!.postMessage({ id: msg.id, ok: true, value } satisfies JobAnswer),
    (err) => parentPort!.postMessage({ id: msg.id, ok: false, error: describe(err) } satisfies JobAnswer),
  );
});
