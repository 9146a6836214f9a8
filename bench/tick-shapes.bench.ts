// process.nextTick cost after full garbage collections, with and without src/infra/tick-shapes.ts.
//
// Each side is a fresh Node process that first does what Folio's start-up does to nextTick (queue
// ticks with and without arguments between full collections), then times queueing and running 1e6
// ticks. The sides alternate, several rounds each, and the medians are compared: the ratio is
// control / kept, so above 1 means keeping the shapes makes nextTick that many times faster.
//
//   node bench/tick-shapes.bench.ts [--rounds 5] [--ticks 1000000]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { tickShapesScript } from '../test/helpers/tick-shapes-child.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, ticks: { type: 'string', default: '1000000' } },
  strict: false,
});
const rounds = Number(values.rounds);
const ticks = Number(values.ticks);

function side(keep: boolean): number {
  const script = tickShapesScript(keep, `
const batch = 1000;
const started = process.hrtime.bigint();
for (let done = 0; done < ${ticks}; done += batch) {
  for (let i = 0; i < batch; i += 2) { process.nextTick(noop); process.nextTick(noop, i); }
  await new Promise((resolve) => setImmediate(resolve));
}
console.log(Number(process.hrtime.bigint() - started) / ${ticks});
`);
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return Number(out.trim());
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const control: number[] = [];
const kept: number[] = [];
for (let round = 0; round < rounds; round++) {
  control.push(side(false));
  kept.push(side(true));
  console.log(`round ${round + 1}: control ${control[round].toFixed(1)} ns/tick, kept ${kept[round].toFixed(1)} ns/tick`);
}
const c = median(control);
const k = median(kept);
console.log(`nextTick after full collections (median of ${rounds}, ${ticks} ticks each): control ${c.toFixed(1)} ns, kept ${k.toFixed(1)} ns`);
console.log(`ratio control/kept: ${(c / k).toFixed(2)} (above 1: keeping the tick shapes makes nextTick faster)`);
