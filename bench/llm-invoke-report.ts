// The tables and target rows of bench/llm-invoke.bench.ts: the per-delay table of the three sides
// (direct, through Folio, a bare Node relay), the breakdown of where the time goes, and issue 26's targets.
import os from 'node:os';
import { reportTarget } from './summary.ts';
import { fmt } from './llm-breakdown.ts';

/**
 * p50 and p99 are exact percentiles of every answer's own latency (ms, with its fraction); `p50Whole` and
 * `p99Whole` are autocannon's, from a histogram that floors each latency to a whole millisecond (at a p50
 * of 2-3 ms that floor moves a p99/p50 ratio by up to half). Both are printed; the targets use the exact ones.
 */
export interface Side { name: string; url: string; headers: Record<string, string>; body: string; rps: number[]; p50: number[]; p99: number[]; p50Whole: number[]; p99Whole: number[]; cpuMsPerCall: number[]; pid?: number }

export const ms2 = (x: number) => `${x.toFixed(2)} ms`;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface Scenario { delay: number; direct: Side; folio: Side; bare: Side; breakdown: Breakdown }

/** Median per step of the Server-Timing marks, and the client-side latencies, over `seconds` of the same load. */
export interface Breakdown {
  samples: number; steps: Record<string, number>; folioMs: number; directMs: number;
  /** stream: true, median ms from sending the request to the first content event, through Folio and direct. */
  ttft?: { folioMs: number; directMs: number; samples: number };
  /** From bench/llm-probe.ts, at a fixed rate (`cpuRate` calls/s): server CPU µs and database statements per call, statements by what they touch. */
  cpuUs?: number; statements?: number; statementsBy?: Record<string, number>; cpuRate?: number;
  /** At that fixed rate, the longest event-loop stall the server saw (autocannon's latencies with `overallRate` are not the calls' own: they can be shorter than the provider's delay). */
  fixedRate?: { loopMaxMs: number; /** GC pauses: per call, and the longest. */ gcUsPerCall: number; gcMaxMs: number; /** PGlite: its statements' time on the thread per call, and the longest. */ pglite?: { usPerCall: number; maxMs: number } };
  /** Usage journal writes and records per call, at saturation (the profiled window) and at the fixed rate. */
  journal?: { saturated?: { writes: number; records: number }; fixed?: { writes: number; records: number } };
  /** Server CPU µs per call by stage, from a CPU profile of a window of the same load (profiler overhead included). */
  cpuStages?: Record<string, number>;
}

/** Prints the per-delay table, the bare relay's floor and the breakdown of where the time goes. */
export function printResults(results: Scenario[]): void {
  console.log(`\nload after the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('provider delay | direct req/s | via folio req/s | ratio | direct p50 | folio p50 | added p50 | folio p99 | p99/p50 | whole-ms p99/p50');
  for (const { delay, direct, folio } of results) {
    const [d, f] = [median(direct.rps), median(folio.rps)];
    const [dp, fp, f99] = [median(direct.p50), median(folio.p50), median(folio.p99)];
    const [fpw, f99w] = [median(folio.p50Whole), median(folio.p99Whole)];
    console.log(`${`${delay} ms`.padStart(14)} | ${Math.round(d).toString().padStart(12)} | ${Math.round(f).toString().padStart(15)} | ${(f / d).toFixed(2).padStart(5)} | ${ms2(dp).padStart(10)} | ${ms2(fp).padStart(9)} | ${ms2(fp - dp).padStart(9)} | ${ms2(f99).padStart(9)} | ${(f99 / fp).toFixed(2).padStart(7)} | ${`${f99w} / ${fpw} = ${(f99w / Math.max(fpw, 1)).toFixed(1)}`.padStart(16)}`);
  }
  console.log('(ratio: median req/s through Folio / median req/s straight to the provider, same connections, same run; latencies: medians over the rounds of exact percentiles of every answer; the last column is the same ratio from autocannon\'s histogram, which floors each latency to a whole ms)');
  console.log('\nthe floor on this machine: a bare Node relay of the same call (bench/bare-llm-proxy.ts: node:http in and out, nothing else), in the same rounds:');
  for (const { delay, bare, direct } of results) {
    const [b, bp, b99, d, dp] = [median(bare.rps), median(bare.p50), median(bare.p99), median(direct.rps), median(direct.p50)];
    const cpu = median(bare.cpuMsPerCall);
    console.log(`  delay ${delay} ms: ${Math.round(b)} req/s (${(b / d).toFixed(2)}x direct), p50 ${ms2(bp)} (added ${ms2(bp - dp)}), p99 ${ms2(b99)}, p99/p50 ${(b99 / bp).toFixed(2)}${cpu !== undefined ? `, CPU per call ${cpu.toFixed(2)} ms` : ''}`);
  }
  console.log('\nwhere the time goes (median per step, ms, from Server-Timing over a fetch-driven sample of the same load; "provider" is the model call (direct wire client or AI SDK) including the provider\'s own answer time):');
  for (const { delay, breakdown: b, folio, direct } of results) {
    const inHandler = Object.values(b.steps).reduce((x, y) => x + y, 0);
    const parts = Object.entries(b.steps).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
    console.log(`  delay ${delay} ms (${b.samples} calls): ${parts}; outside the steps (HTTP, response writing, client, queueing) ${(b.folioMs - inHandler).toFixed(2)}; client latency ${b.folioMs.toFixed(2)} vs direct ${b.directMs.toFixed(2)}`);
    const [fc, dc] = [median(folio.cpuMsPerCall), median(direct.cpuMsPerCall)];
    if (fc !== undefined && dc !== undefined) console.log(`  delay ${delay} ms: CPU per call ${fc.toFixed(2)} ms in the Folio process, ${dc.toFixed(2)} ms in the provider process (load-independent, unlike the latencies)`);
    if (b.cpuUs !== undefined) console.log(`  delay ${delay} ms, at ${b.cpuRate!.toFixed(0)} calls/s: Folio server CPU ${b.cpuUs.toFixed(0)} µs and ${b.statements!.toFixed(3)} database statements per call (${fmt(b.statementsBy ?? {}, 3) || 'none'}); longest event-loop stall ${b.fixedRate!.loopMaxMs.toFixed(1)} ms; GC paused ${b.fixedRate!.gcUsPerCall.toFixed(0)} µs per call, at most ${b.fixedRate!.gcMaxMs.toFixed(1)} ms${b.fixedRate!.pglite ? `; PGlite held the thread ${b.fixedRate!.pglite.usPerCall.toFixed(0)} µs per call, at most ${b.fixedRate!.pglite.maxMs.toFixed(1)} ms at once` : ''}`);
    const j = b.journal;
    if (j?.saturated && j.fixed) console.log(`  delay ${delay} ms: usage journal: ${(j.saturated.records / Math.max(j.saturated.writes, 1e-9)).toFixed(2)} records per write at saturation, ${(j.fixed.records / Math.max(j.fixed.writes, 1e-9)).toFixed(2)} at ${b.cpuRate!.toFixed(0)} calls/s (${j.saturated.records.toFixed(2)} and ${j.fixed.records.toFixed(2)} records per call)`);
    if (b.cpuStages) console.log(`  delay ${delay} ms: server CPU µs per call by stage (CPU profile): ${fmt(b.cpuStages, 0)}`);
    if (b.ttft) console.log(`  delay ${delay} ms, stream: true (${b.ttft.samples} calls): time to first token ${b.ttft.folioMs.toFixed(2)} ms through Folio vs ${b.ttft.directMs.toFixed(2)} ms direct (added ${(b.ttft.folioMs - b.ttft.directMs).toFixed(2)} ms)`);
  }
}

/** Issue 26's LLM targets, for the table `npm run bench` ends with (bench/run-all.ts, bench/summary.ts). */
export function reportTargets(r: LlmInvokeResults): void {
  const instant = r.rows.find((x) => x.delayMs === 0);
  const slow = r.rows.find((x) => x.delayMs === 50);
  const limit = r.backend === 'postgres' ? 3 : 8;
  if (instant) reportTarget({ target: `LLM invoke: added latency p50 <= ${limit} ms on ${r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, measured: `${instant.addedP50.toFixed(2)} ms (load ${r.load.toFixed(1)}; ${instant.breakdown.cpuUs?.toFixed(0) ?? '?'} µs CPU, ${instant.breakdown.statements?.toFixed(2) ?? '?'} statements per call; bare Node relay ${instant.bare.addedP50.toFixed(2)} ms)`, met: instant.addedP50 <= limit });
  for (const x of r.rows) reportTarget({ target: `LLM invoke: p99 <= 3x p50 (${r.backend}, ${x.delayMs} ms delay)`, measured: `${x.folioP99.toFixed(2)} / ${x.folioP50.toFixed(2)} ms = ${x.p99OverP50.toFixed(2)}x (bare Node relay ${x.bare.p99OverP50.toFixed(2)}x)`, met: x.p99OverP50 <= 3 });
  if (slow) reportTarget({ target: `LLM invoke: throughput >= 0.5x direct at a 50 ms provider delay (${r.backend})`, measured: `${slow.rpsRatio.toFixed(2)}x`, met: slow.rpsRatio >= 0.5 });
}

/** The figures bench/run-all.ts needs, as written to `--results-dir`/llm-invoke.json. */
export interface LlmInvokeResults {
  backend: 'pglite' | 'postgres';
  load: number;
  rows: {
    delayMs: number; directRps: number; folioRps: number; rpsRatio: number; directP50: number; folioP50: number; addedP50: number; folioP99: number; p99OverP50: number; folioCpuMsPerCall: number | null; breakdown: Breakdown;
    /** The same figures for a bare Node relay of the call (bench/bare-llm-proxy.ts), in the same rounds: the machine's floor. */
    bare: { rps: number; p50: number; addedP50: number; p99: number; p99OverP50: number; cpuMsPerCall: number | null };
  }[];
}

export function summarize(results: Scenario[], backend: LlmInvokeResults['backend']): LlmInvokeResults {
  return {
    backend,
    load: os.loadavg()[0],
    rows: results.map(({ delay, direct, folio, bare, breakdown }) => {
      const [d, f, dp, fp, f99] = [median(direct.rps), median(folio.rps), median(direct.p50), median(folio.p50), median(folio.p99)];
      const [bp, b99] = [median(bare.p50), median(bare.p99)];
      return {
        delayMs: delay, directRps: d, folioRps: f, rpsRatio: f / d, directP50: dp, folioP50: fp, addedP50: fp - dp, folioP99: f99, p99OverP50: f99 / fp, folioCpuMsPerCall: median(folio.cpuMsPerCall) ?? null, breakdown,
        bare: { rps: median(bare.rps), p50: bp, addedP50: bp - dp, p99: b99, p99OverP50: b99 / bp, cpuMsPerCall: median(bare.cpuMsPerCall) ?? null },
      };
    }),
  };
}
