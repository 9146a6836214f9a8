// The chaos run's table: the faults injected, the requests sent by operation and status, and the
// invariant violations (none expected).
import type { LoadState } from './load.ts';

export interface FaultRecord { fault: string; at: number; seconds: number; note: string; overlapping: boolean }

export function printReport(r: { short: boolean; seconds: number; faults: FaultRecord[]; state: LoadState; violations: string[]; received: number; restarts: string }): void {
  const out: string[] = [];
  const line = (s = '') => out.push(s);
  line();
  line(`Folio chaos run (${r.short ? 'short' : 'long'}), ${r.seconds} s`);
  line();
  line('| Fault | At (s) | Took (s) | Overlapping | Note |');
  line('|---|---|---|---|---|');
  for (const f of r.faults) line(`| ${f.fault} | ${f.at} | ${f.seconds} | ${f.overlapping ? 'yes' : 'no'} | ${f.note} |`);
  line();
  const ops = [...new Set(r.state.outcomes.map((o) => o.op))].sort();
  const statuses = [...new Set(r.state.outcomes.map((o) => String(o.status)))].sort();
  line(`| Operation | Requests | ${statuses.join(' | ')} |`);
  line(`|---|---|${statuses.map(() => '---').join('|')}|`);
  for (const op of [...ops, 'all']) {
    const mine = r.state.outcomes.filter((o) => op === 'all' || o.op === op);
    line(`| ${op} | ${mine.length} | ${statuses.map((s) => mine.filter((o) => String(o.status) === s).length).join(' | ')} |`);
  }
  line();
  const errors = new Map<string, number>();
  for (const o of r.state.outcomes) {
    if (o.status !== 'conn' && o.status < 400) continue;
    const k = `${o.op} ${o.status} ${o.code ?? o.detail ?? ''}`;
    errors.set(k, (errors.get(k) ?? 0) + 1);
  }
  if (errors.size) {
    line('Errors by operation, status and code ("conn": the connection broke mid-request, e.g. its API process was killed):');
    for (const [k, n] of [...errors].sort((a, b) => b[1] - a[1])) line(`  ${n} x ${k}`);
    line();
  }
  line(`Tasks accepted: ${r.state.accepted.size}; exports completed: ${r.state.exported.size}; webhook requests received: ${r.received}; process restarts: ${r.restarts}`);
  line(`Violations: ${r.violations.length}`);
  for (const v of r.violations.slice(0, 50)) line(`  - ${v}`);
  if (r.violations.length > 50) line(`  ... and ${r.violations.length - 50} more`);
  process.stdout.write(`${out.join('\n')}\n`);
}
