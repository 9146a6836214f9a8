// The Markdown reader (markdown-it behind Folio's adapter) on pathological input: each shape of
// src/documents/agent/markdown-hostile.ts parsed at 256 KB, 512 KB and 1 MB, with the time of each size
// and its ratio to the 256 KB time. Linear cost means ratios near 2 and 4; a quadratic shape would show
// near 4 and 16. The request body limit (1 MiB) bounds what one call can send.
//   node bench/markdown-hostile.bench.ts
import { parseMarkdown } from '../src/documents/agent/markdown.ts';
import { hostileMarkdown } from '../src/documents/agent/markdown-hostile.ts';

const SIZES = [256, 512, 1024].map((kb) => kb * 1024);
const time = (input: string) => {
  const start = performance.now();
  parseMarkdown(input);
  return performance.now() - start;
};
const bySize = SIZES.map((size) => hostileMarkdown(size));
console.log('shape                      256 KB     512 KB (x)          1 MB (x)');
let worst = 0;
for (let i = 0; i < bySize[0].length; i++) {
  const ms = bySize.map((inputs) => time(inputs[i]));
  const ratio = (n: number) => (ms[0] > 1 ? (ms[n] / ms[0]).toFixed(1) : '-');
  if (ms[0] > 1) worst = Math.max(worst, ms[2] / ms[0]);
  const label = JSON.stringify(bySize[0][i].slice(0, 14)).padEnd(24);
  console.log(`${label} ${ms[0].toFixed(0).padStart(7)} ms ${ms[1].toFixed(0).padStart(7)} ms (${ratio(1)}) ${ms[2].toFixed(0).padStart(7)} ms (${ratio(2)})`);
}
console.log(`largest 1 MB / 256 KB ratio: ${worst.toFixed(1)} (linear: about 4; quadratic: about 16)`);
