// A compile budget for callers' JSON Schemas (docs/architecture/input-hygiene.md). Ajv compiles
// synchronously, so a schema is first compiled in a worker thread (Ajv with the same options, loaded
// once) while the request waits asynchronously; one that does not compile within the budget is refused
// and the worker is replaced. Only then does the request's own compiler compile it (and cache it).
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default ?? require('ajv-formats');
parentPort.on('message', ({ id, schema }) => {
  try {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true, inlineRefs: false });
    addFormats(ajv);
    ajv.compile(schema);
  } catch {
    // Not a usable schema: the request's compiler says why.
  }
  parentPort.postMessage({ id });
});`;

export class SchemaCompileBudget {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, () => void>();

  private readonly budgetMs: number;

  constructor(budgetMs: number) {
    this.budgetMs = budgetMs;
  }

  /** True when the schema compiles within the budget (or fails to compile quickly); false when it ran out. */
  async fits(schema: unknown): Promise<boolean> {
    const worker = this.ensure();
    const id = this.next++;
    const done = new Promise<void>((resolve) => this.waiting.set(id, resolve));
    worker.postMessage({ id, schema });
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([done.then(() => true), new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), this.budgetMs); })]);
    clearTimeout(timer);
    this.waiting.delete(id);
    if (!outcome) this.replace(worker);
    return outcome;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', ({ id }: { id: number }) => this.waiting.get(id)?.());
    w.on('error', () => this.replace(w));
    this.worker = w;
    return w;
  }

  /** A worker that overran (or died) is dropped; the callers still waiting on it are released as fitting, to be checked by the request's compiler. */
  private replace(w: Worker): void {
    if (this.worker !== w) return;
    this.worker = null;
    void w.terminate();
  }
}
