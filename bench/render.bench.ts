// Render time of Folio's document renderers against the bare library writing the same content, in the
// same run: a 50-page Word document (docx), a 30-slide deck (pptxgenjs) and a 10,000 x 20 workbook
// (exceljs). Each format adds its case as bench/render/<format>.ts exporting `cases: RenderCase[]`.
// Runs alternate (Folio, bare, Folio, ...) after a warm-up, and the medians and their ratio are
// printed; the target is Folio <= 1.3x the bare library.
//
//   node bench/render.bench.ts [--runs 9] [--only word]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { RenderCase } from './render/render-case.ts';
import { reportTarget } from './summary.ts';

const { values: args } = parseArgs({ strict: false, options: { runs: { type: 'string', default: '9' }, only: { type: 'string', default: '' } } });
const RUNS = Number(args.runs);
const TARGET = 1.3;

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

async function time(fn: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const out = await fn();
  return { ms: performance.now() - started, bytes: out.length };
}

const dir = path.join(import.meta.dirname, 'render');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'render-case.ts').sort();
const rows: string[] = [];
let missed = 0;
let worst = 0;
for (const file of files.filter((f) => !args.only || f.startsWith(String(args.only)))) {
  const { cases } = (await import(path.join(dir, file))) as { cases: RenderCase[] };
  for (const c of cases) {
    const folio: number[] = [];
    const bare: number[] = [];
    let sizes = { folio: 0, bare: 0 };
    await time(c.folio);
    await time(c.bare);
    for (let i = 0; i < RUNS; i++) {
      const a = await time(c.folio);
      const b = await time(c.bare);
      folio.push(a.ms);
      bare.push(b.ms);
      sizes = { folio: a.bytes, bare: b.bytes };
    }
    const ratio = median(folio) / median(bare);
    if (ratio > TARGET) missed++;
    worst = Math.max(worst, ratio);
    rows.push(`${c.name.padEnd(44)} folio ${median(folio).toFixed(0).padStart(6)} ms  bare ${median(bare).toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(2)}x ${ratio <= TARGET ? 'ok' : `ABOVE ${TARGET}x`}  (${(sizes.folio / 1024).toFixed(0)} KiB vs ${(sizes.bare / 1024).toFixed(0)} KiB)`);
    console.log(rows.at(-1));
  }
}
console.log(`\n${rows.length} cases, ${RUNS} runs each; ${missed ? `${missed} above` : 'all within'} the ${TARGET}x target`);
reportTarget({ target: `render <= ${TARGET}x the bare libraries (worst case)`, measured: `${worst.toFixed(2)}x (${missed} of ${rows.length} above)`, met: rows.length > 0 && missed === 0 });
