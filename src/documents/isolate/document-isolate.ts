// A small pool of document threads (node:worker_threads) with a heap limit, for the memory-heavy work
// on users' files (isolate-jobs.ts). A file that makes that work run out of memory ends only its thread:
// the job rejects with DocumentOutOfMemory, the thread is replaced, and the process keeps serving. A
// V8 heap exhaustion in the process itself cannot be caught at all (docs/architecture/crash-isolation.md).
// Threads start when first needed and are reused; idle ones do not keep the process alive.
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../../errors.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { readZipDirectory } from '../ooxml/zip-reader.ts';
import type { IsolateJobs, JobKind } from './isolate-jobs.ts';
import type { JobAnswer, JobRequest } from './isolate-thread.ts';

export interface IsolateLimits {
  /** V8 old-generation limit of each thread, in MB (FOLIO_RENDER_MAX_HEAP_MB). */
  maxHeapMb: number;
  /** Threads at most (FOLIO_RENDER_THREADS). */
  threads: number;
}

/** The work needed more memory than a document thread may use: the input is at fault (422). */
export class DocumentOutOfMemory extends Error {
  readonly limitMb: number;
  constructor(limitMb: number) {
    super(`the work needed more than the ${limitMb} MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB)`);
    this.name = 'DocumentOutOfMemory';
    this.limitMb = limitMb;
  }
}

/**
 * How many times the size of its XML a parsed package may take on the heap, at most (xmldom's nodes for
 * dense spreadsheet XML take about 30 times the text; twice that for margin).
 */
export const DOM_EXPANSION = 64;

interface Pending { request: JobRequest; transfer: ArrayBuffer[]; resolve: (v: unknown) => void; reject: (e: unknown) => void; signal?: AbortSignal }
interface Slot { worker: Worker; job: Pending | null }

const THREAD_URL = new URL('./isolate-thread.ts', import.meta.url);

/** The error the work threw in its thread, as the same kind of error in this one. */
function rebuild(e: Extract<JobAnswer, { ok: false }>['error']): Error {
  if (e.name === 'AppError' && e.code) return new AppError(e.code as ErrorCode, e.message, (e.extra ?? {}) as ConstructorParameters<typeof AppError>[2]);
  if (e.name === 'DocumentUnreadable') return new DocumentUnreadable(e.message);
  if (e.name === 'RangeError') return new RangeError(e.message);
  return Object.assign(new Error(e.message), { name: e.name });
}

export class DocumentIsolate {
  readonly limits: IsolateLimits;
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private next = 1;
  /** Threads started so far (replacements included), for tests and the benchmark. */
  started = 0;

  constructor(limits: IsolateLimits) {
    this.limits = limits;
  }

  /**
   * Whether opening this package could come near a thread's heap limit: its XML parts, uncompressed,
   * times DOM_EXPANSION. A package below that is opened in process directly (a second parse in a thread
   * would double the cost for nothing); one whose directory cannot be read is checked in the thread,
   * which gives the reader's own error.
   */
  couldExhaust(bytes: Buffer): boolean {
    try {
      const xml = readZipDirectory(bytes, 'a file').filter((e) => /\.(xml|rels|vml)$/i.test(e.name)).reduce((n, e) => n + e.size, 0);
      return xml * DOM_EXPANSION > this.limits.maxHeapMb * 1024 * 1024;
    } catch {
      return true;
    }
  }

  /**
   * Runs a job in a thread; its bytes are copied once and handed over (the caller's buffers stay usable).
   * Aborting `signal` (a task's timeout or cancel) drops a waiting job, or stops the thread running it.
   */
  run<K extends JobKind>(kind: K, payload: IsolateJobs[K]['payload'], signal?: AbortSignal): Promise<IsolateJobs[K]['result']> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const transfer: ArrayBuffer[] = [];
    const copy = { ...payload } as Record<string, unknown>;
    if (copy.bytes instanceof Uint8Array) {
      const bytes = new Uint8Array(copy.bytes); // its own ArrayBuffer: a Buffer may be a slice of a shared pool
      transfer.push(bytes.buffer);
      copy.bytes = bytes;
    }
    return new Promise((resolve, reject) => {
      const job: Pending = { request: { id: this.next++, kind, payload: copy }, transfer, resolve: resolve as (v: unknown) => void, reject, signal };
      signal?.addEventListener('abort', () => {
        const waiting = this.queue.indexOf(job);
        if (waiting >= 0) {
          this.queue.splice(waiting, 1);
          reject(signal.reason);
          return;
        }
        const slot = [...this.slots].find((s) => s.job === job);
        if (slot) void slot.worker.terminate(); // 'exit' rejects the job with the signal's reason
      }, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops every thread (jobs still running reject). */
  async close(): Promise<void> {
    const slots = [...this.slots];
    this.slots.clear();
    for (const p of this.queue.splice(0)) p.reject(new Error('The document threads were stopped.'));
    await Promise.all(slots.map(async (s) => {
      s.job?.reject(new Error('The document threads were stopped.'));
      await s.worker.terminate();
    }));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.limits.threads) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request, job.transfer);
    }
  }

  private spawn(): Slot {
    const heap = this.limits.maxHeapMb;
    const worker = new Worker(THREAD_URL, {
      resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(heap / 8))), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    this.started++;
    const slot: Slot = { worker, job: null };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (answer: JobAnswer) => {
      const job = slot.job;
      if (!job || job.request.id !== answer.id) return;
      slot.job = null;
      worker.unref();
      if (answer.ok) job.resolve(answer.value);
      else job.reject(rebuild(answer.error));
      this.dispatch();
    });
    const lost = (err: Error) => {
      if (!this.slots.delete(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (job) {
        const code = (err as NodeJS.ErrnoException).code;
        job.reject(job.signal?.aborted ? job.signal.reason : code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocumentOutOfMemory(heap) : new Error(`A document thread stopped: ${err.message}`));
      }
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`it exited with code ${code}`)));
    return slot;
  }
}

const shared = new Map<string, DocumentIsolate>();

/** The process's document threads for these limits (apps built with the same limits share them). */
export function documentIsolate(limits: IsolateLimits): DocumentIsolate {
  const key = `${limits.maxHeapMb}:${limits.threads}`;
  let isolate = shared.get(key);
  if (!isolate) {
    isolate = new DocumentIsolate(limits);
    shared.set(key, isolate);
  }
  return isolate;
}
