// Stacked daily bars drawn by uPlot: one x value per day, one series per group (format, model). Resizes
// with its card. The canvas is described by its aria-label; the numbers are also in the page as text.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export const PALETTE = ['#3b4fd8', '#12b76a', '#f79009', '#ee46bc', '#06aed4', '#875bf7', '#667085'];

export interface StackedSeries { label: string; values: number[] }

/** `days` are YYYY-MM-DD; each series has one value per day. */
export function StackedBars({ days, series, label, unit }: { days: string[]; series: StackedSeries[]; label: string; unit: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    // Stacking: series i is drawn as the sum of series i..n-1, largest first, so each shows its share.
    const stacked = series.map((_, i) => days.map((__, d) => series.slice(i).reduce((sum, s) => sum + (s.values[d] ?? 0), 0)));
    const bars = uPlot.paths.bars!({ size: [0.6, 48], gap: 2 });
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: 240,
      legend: { show: true, live: false },
      cursor: { show: true, points: { show: false }, drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        { stroke: '#5b6472', grid: { show: false }, ticks: { show: false }, values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })) },
        { stroke: '#5b6472', grid: { stroke: '#eef0f3' }, ticks: { show: false }, size: 56 },
      ],
      series: [
        {},
        ...series.map((s, i) => ({ label: s.label, fill: PALETTE[i % PALETTE.length], stroke: PALETTE[i % PALETTE.length], width: 0, paths: bars, points: { show: false }, value: (_u: uPlot, _v: number | null, _si: number, idx: number | null) => (idx === null ? '' : `${s.values[idx] ?? 0} ${unit}`) })),
      ],
    };
    const plot = new uPlot(opts, [xs, ...stacked] as uPlot.AlignedData, el);
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 240 }));
    ro.observe(el);
    return () => { ro.disconnect(); plot.destroy(); };
  }, [days.join(), JSON.stringify(series)]);
  return <div class="chart" ref={box} role="img" aria-label={label} />;
}
