// The chaos run's steady load: generation (async with a per-request webhook_url, and sync) of every
// format on the builtin engine, PDF exports of finished runs, task polls; spread over the API processes
// as a load balancer would (a refused connection is tried on the next process). Every answer is counted
// by operation and status; 5xx answers keep their error code and whether they carried Retry-After.
import type { FolioProcess } from './cluster.ts';

const FORMATS = ['word', 'excel', 'slides'] as const;
const PROMPTS = ['A one-page memo about quarterly travel costs', 'A budget for a small bakery with monthly totals', 'A short deck introducing a book club'];

export interface Org { orgId: string; secret: string }

export interface Outcome { op: string; status: number | 'conn'; code?: string; retryAfter?: boolean; at: number; ms: number; detail?: string }

export interface LoadState {
  outcomes: Outcome[];
  /** Task ids the API accepted (it answered with one): each must end terminal, exactly once. */
  accepted: Map<string, { orgId: string; runId: string; webhookRef: string | null }>;
  /** Runs seen completed, waiting for their export. */
  toExport: { orgId: string; runId: string; secret: string }[];
  exported: Set<string>;
}

export function newLoadState(): LoadState {
  return { outcomes: [], accepted: new Map(), toExport: [], exported: new Set() };
}

let rr = 0;

/** One HTTP call through the "load balancer": the next API process that is up; refused ones are skipped. */
async function call(apis: FolioProcess[], method: string, urlPath: string, secret: string, body?: unknown, timeoutMs = 120_000): Promise<{ status: number; json: any; headers: Headers } | { status: 'conn'; detail: string }> {
  let last = '';
  const first = rr++;
  for (let i = 0; i < apis.length; i++) {
    const api = apis[(first + i) % apis.length];
    try {
      const res = await fetch(`${api.url}/api/v1${urlPath}`, {
        method,
        headers: { 'x-api-key': secret, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let json: any = null;
      try { json = JSON.parse(text); } catch { /* not JSON */ }
      return { status: res.status, json, headers: res.headers };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      last = `${api.name}: ${cause}`;
      // Refused before the request was sent: a load balancer tries the next process. Anything else (a
      // reset mid-request when a process is killed) reaches the client, which counts it.
      if (cause !== 'ECONNREFUSED') return { status: 'conn', detail: last };
    }
  }
  return { status: 'conn', detail: last };
}

function record(state: LoadState, op: string, started: number, res: Awaited<ReturnType<typeof call>>): void {
  const o: Outcome = { op, status: res.status, at: started, ms: Date.now() - started };
  if (res.status === 'conn') o.detail = res.detail;
  else if (res.status >= 400) {
    o.code = res.json?.error;
    o.retryAfter = Boolean(res.headers.get('retry-after'));
    o.detail = res.json?.message;
  }
  state.outcomes.push(o);
}

async function generate(state: LoadState, apis: FolioProcess[], org: Org, receiverUrl: string, sync: boolean): Promise<void> {
  const i = Math.floor(Math.random() * FORMATS.length);
  const ref = sync ? null : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const body = { prompt: PROMPTS[i], ...(sync ? {} : { async: true, webhook_url: `${receiverUrl}/callback/${ref}` }) };
  const started = Date.now();
  const res = await call(apis, 'POST', `/${FORMATS[i]}/generate`, org.secret, body);
  record(state, sync ? 'generate-sync' : 'generate-async', started, res);
  if (res.status !== 'conn' && res.json?.task_id) {
    state.accepted.set(res.json.task_id, { orgId: org.orgId, runId: res.json.run_id, webhookRef: ref });
    if (sync && res.status === 200) state.toExport.push({ orgId: org.orgId, runId: res.json.run_id, secret: org.secret });
  }
}

async function exportOne(state: LoadState, apis: FolioProcess[]): Promise<boolean> {
  const run = state.toExport.shift();
  if (!run) return false;
  const started = Date.now();
  const res = await call(apis, 'POST', `/runs/${run.runId}/export`, run.secret, { format: 'pdf' });
  record(state, 'export-pdf', started, res);
  if (res.status === 200) state.exported.add(run.runId);
  else if (state.exported.size < 100000) state.toExport.push(run); // try again later: it must work once the fault is over
  return true;
}

async function pollOne(state: LoadState, apis: FolioProcess[], orgs: Org[]): Promise<void> {
  const ids = [...state.accepted.keys()];
  if (!ids.length) return;
  const id = ids[Math.floor(Math.random() * ids.length)];
  const owner = state.accepted.get(id)!;
  const org = orgs.find((o) => o.orgId === owner.orgId)!;
  const started = Date.now();
  const res = await call(apis, 'GET', `/tasks/${id}`, org.secret);
  record(state, 'task-poll', started, res);
  if (res.status === 200 && res.json?.status === 'completed' && !state.exported.has(owner.runId) && !state.toExport.some((r) => r.runId === owner.runId) && Math.random() < 0.5) {
    state.toExport.push({ orgId: org.orgId, runId: owner.runId, secret: org.secret });
  }
}

/** Runs `clients` loops until `stop.signal` aborts; each picks an operation, sends it, and pauses briefly. */
export async function runLoad(state: LoadState, apis: FolioProcess[], orgs: Org[], receiverUrl: string, clients: number, stop: AbortSignal): Promise<void> {
  const loop = async (n: number) => {
    while (!stop.aborted) {
      const org = orgs[Math.floor(Math.random() * orgs.length)];
      const r = Math.random();
      try {
        if (r < 0.35) await generate(state, apis, org, receiverUrl, false);
        else if (r < 0.55) await generate(state, apis, org, receiverUrl, true);
        else if (r < 0.75) { if (!(await exportOne(state, apis))) await pollOne(state, apis, orgs); }
        else await pollOne(state, apis, orgs);
      } catch (err) {
        state.outcomes.push({ op: 'client', status: 'conn', at: Date.now(), ms: 0, detail: `loop ${n}: ${(err as Error).message}` });
      }
      await new Promise((r2) => setTimeout(r2, 150 + Math.random() * 250));
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => loop(n)));
}
