// Loaded into `folio serve` by the footprint bench's soak only (node --import), never part of Folio: on
// SIGUSR2 it runs full garbage collections, then writes the process's memory (RSS, JS heap in use) as
// JSON to FOLIO_BENCH_GC_FILE. The soak compares generation 100 with generation 1,000 after a full GC,
// which tells memory that is kept (a leak) from garbage V8 has not collected yet. The collections are the
// memory-reducing kind (as src/infra/idle-memory.ts runs them), so both readings also leave out the young
// generation V8 grew and would give back: Folio's own idle release may have run before one reading and
// not before the other.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as (options?: { type: 'major'; execution: 'sync'; flavor?: 'last-resort' }) => void;
const file = process.env.FOLIO_BENCH_GC_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const m = process.memoryUsage();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
