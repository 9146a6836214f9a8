// The targets a bench checks, for the one summary table `npm run bench` ends with (bench/run-all.ts).
// A bench calls `reportTarget` once per target; the row goes to the file named by FOLIO_BENCH_SUMMARY
// (one JSON object a line) when run-all set it, and nowhere otherwise (a bench run alone prints its own).
import fs from 'node:fs';
import path from 'node:path';

export interface TargetRow {
  /** The target as issue 26 words it, e.g. "GET /verify >= 0.7x bare Fastify". */
  target: string;
  /** What this run measured, with its unit, e.g. "0.91x". */
  measured: string;
  /** null: not measured in this run (skipped, or its bench failed). */
  met: boolean | null;
  /** Which bench measured it (filled in from the script name when absent). */
  bench?: string;
}

export function reportTarget(row: TargetRow): void {
  const file = process.env.FOLIO_BENCH_SUMMARY;
  if (!file) return;
  const bench = row.bench ?? path.basename(process.argv[1] ?? 'bench');
  fs.appendFileSync(file, `${JSON.stringify({ ...row, bench })}\n`);
}

export function readTargets(file: string): TargetRow[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TargetRow);
}
