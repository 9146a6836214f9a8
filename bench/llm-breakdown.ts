// Load-independent figures of /llm/invoke for bench/llm-invoke.bench.ts: database statements and CPU
// time per request (from bench/llm-probe.ts, preloaded into the Folio server), and CPU time per stage
// (auth, credits, provider call, usage writes, HTTP, database) from a V8 CPU profile of the server taken
// over a window of the same load, each sample charged to the innermost Folio source file on its stack.
// The profile samples time on the thread: on a loaded machine, time preempted (often in a socket write)
// counts too, so its stages add up to more than the CPU time measured by cpuUsage().

/** What bench/llm-probe.ts answers: statements by bucket so far, and process CPU (user + system) in µs. */
export interface ProbeReading { statements: Record<string, number>; cpuUs: number; loopMs?: { p50: number; p99: number; max: number }; slowestMs?: Record<string, number>; pgliteBlockedMs?: { totalMs: number; maxMs: number }; gcMs?: { totalMs: number; maxMs: number }; /** Usage journal writes and records, since start. */ journal?: { writes: number; records: number } }

/** Usage journal writes and records per call between two readings (undefined for a build without the figures). */
export function journalPerCall(a: ProbeReading, b: ProbeReading, requests: number): { writes: number; records: number } | undefined {
  if (!a.journal || !b.journal) return undefined;
  return { writes: (b.journal.writes - a.journal.writes) / requests, records: (b.journal.records - a.journal.records) / requests };
}

export async function readProbe(port: number): Promise<ProbeReading> {
  const res = await fetch(`http://127.0.0.1:${port}/`);
  return (await res.json()) as ProbeReading;
}

/** Per-request deltas between two readings over `requests` requests. */
export function perRequest(a: ProbeReading, b: ProbeReading, requests: number): { cpuUs: number; statements: number; byBucket: Record<string, number> } {
  const byBucket: Record<string, number> = {};
  let statements = 0;
  for (const k of new Set([...Object.keys(a.statements), ...Object.keys(b.statements)])) {
    const d = (b.statements[k] ?? 0) - (a.statements[k] ?? 0);
    if (d) byBucket[k] = d / requests;
    statements += d;
  }
  return { cpuUs: (b.cpuUs - a.cpuUs) / requests, statements: statements / requests, byBucket };
}

/** The stage of a Folio source file (path under src/). */
const SRC_STAGES: [RegExp, string][] = [
  [/src\/(identity|http\/auth|http\/rate-limit)/, 'auth + rate limit'],
  [/src\/(credits\/|llm\/credit-leases|llm\/charge-batcher)/, 'credits'],
  [/src\/llm\/(usage-outbox|llm-usage\.repository|llm\.module)/, 'usage writes'],
  [/src\/llm\/(model-|builtin|direct-calls|provider-fetch)/, 'provider call'],
  [/src\/llm\//, 'handler'],
  [/src\/(http|app|context)/, 'HTTP plumbing'],
  [/src\/db\//, 'database'],
];

/** The stage of a sample with no Folio frame, by library. */
const LIB_STAGES: [RegExp, string][] = [
  [/node_modules\/(ai|@ai-sdk|@opentelemetry|zod|eventsource|@standard-schema)\/|undici|node:internal\/deps\/undici/, 'provider call'],
  [/node_modules\/(@electric-sql|kysely|pg|pg-[a-z]+|pgpass)\//, 'database'],
  [/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|pino|fast-json-stringify|ajv|secure-json-parse|toad-cache)|node:_http|node:internal\/http|node:net|node:internal\/stream/, 'HTTP plumbing'],
];

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
export interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** CPU µs per request and stage from a profile of `requests` requests (idle time left out). */
export function stagesOf(profile: CpuProfile, requests: number): Record<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const stageOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const leaf = byId.get(id)!.callFrame;
    let stage: string | undefined;
    if (leaf.functionName === '(idle)') stage = 'idle';
    else if (leaf.functionName === '(garbage collector)') stage = 'GC';
    else if (leaf.functionName === '(program)') stage = 'V8/native (program)';
    let lib: string | undefined;
    for (let at: number | undefined = id; !stage && at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (!url) continue;
      if (url.startsWith('node:inspector') || url.includes('/bench/llm-probe')) stage = 'profiler';
      else if (url.includes('/src/')) stage = SRC_STAGES.find(([re]) => re.test(url))?.[1] ?? 'other Folio code';
      else lib ??= LIB_STAGES.find(([re]) => re.test(url))?.[1];
    }
    stage ??= lib ?? 'other';
    stageOf.set(id, stage);
    return stage;
  };
  const us: Record<string, number> = {};
  profile.samples.forEach((id, i) => {
    const s = classify(id);
    us[s] = (us[s] ?? 0) + (profile.timeDeltas[i] ?? 0);
  });
  delete us.idle;
  delete us.profiler; // the probe's own work (collecting the profile)
  return Object.fromEntries(Object.entries(us).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / requests]));
}

/** Starts the server's profiler (through the probe). */
export async function startProfile(port: number): Promise<void> {
  await fetch(`http://127.0.0.1:${port}/profile/start`);
}

export async function stopProfile(port: number): Promise<CpuProfile> {
  return (await (await fetch(`http://127.0.0.1:${port}/profile/stop`)).json()) as CpuProfile;
}

/** One line: `name 1.23` pairs, in order. */
export function fmt(xs: Record<string, number>, digits = 2): string {
  return Object.entries(xs).map(([k, v]) => `${k} ${v.toFixed(digits)}`).join(', ');
}
