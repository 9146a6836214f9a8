// A chart part (c:chartSpace) back into a ChartSpec: type, categories and series values from the
// caches every writer stores next to the embedded workbook. Bar (column or horizontal), line and pie
// (doughnut too) charts with one plot become chart elements; other charts stay preserved verbatim.
import type { Element } from '@xmldom/xmldom';
import type { ChartSpec, ChartType } from './model.ts';
import { child, childElements, descendants, NS, path1, type PptxPackage } from './pptx-package.ts';

const PLOTS: Record<string, ChartType> = {
  barChart: 'bar', bar3DChart: 'bar', lineChart: 'line', line3DChart: 'line', pieChart: 'pie', pie3DChart: 'pie', doughnutChart: 'pie',
};

/** Point values of a cache (c:strCache / c:numCache / c:strLit...), by index. */
function points(ref: Element | null): string[] {
  if (!ref) return [];
  const out: string[] = [];
  for (const pt of descendants(ref, NS.c, 'pt')) {
    const idx = Number(pt.getAttribute('idx') ?? out.length);
    out[idx] = child(pt, NS.c, 'v')?.textContent ?? '';
  }
  const count = Number(descendants(ref, NS.c, 'ptCount')[0]?.getAttribute('val') ?? out.length);
  return Array.from({ length: Math.max(count, out.length) }, (_, i) => out[i] ?? '');
}

function seriesName(ser: Element, index: number): string {
  const tx = child(ser, NS.c, 'tx');
  const cached = tx ? points(tx)[0] : undefined;
  const literal = tx ? child(tx, NS.c, 'v')?.textContent : undefined;
  return (cached || literal || `Series ${index + 1}`).trim();
}

/** The chart's spec, or null when it is not a single bar, line or pie plot with cached numbers. */
export async function readChart(pkg: PptxPackage, chartPart: string): Promise<ChartSpec | null> {
  const doc = await pkg.xml(chartPart);
  const plotArea = path1(doc.documentElement, [NS.c, 'chart'], [NS.c, 'plotArea']);
  if (!plotArea) return null;
  const plots = childElements(plotArea).filter((e) => e.namespaceURI === NS.c && (e.localName ?? '').endsWith('Chart'));
  const kind = plots.length === 1 ? (plots[0].localName ?? '') : '';
  if (!(kind in PLOTS)) return null;
  const type = PLOTS[kind];
  const sers = childElements(plots[0]).filter((e) => e.namespaceURI === NS.c && e.localName === 'ser');
  if (!sers.length) return null;
  let categories: string[] = [];
  const series: ChartSpec['series'] = [];
  for (const [i, ser] of sers.entries()) {
    const cats = points(child(ser, NS.c, 'cat'));
    if (cats.length > categories.length) categories = cats;
    const values = points(child(ser, NS.c, 'val')).map((v) => Number(v));
    if (values.some((v) => !Number.isFinite(v))) return null;
    series.push({ name: seriesName(ser, i), values });
  }
  const n = Math.max(categories.length, ...series.map((s) => s.values.length));
  categories = Array.from({ length: n }, (_, i) => categories[i] || `${i + 1}`);
  for (const s of series) s.values = Array.from({ length: n }, (_, i) => s.values[i] ?? 0);
  return { type, categories, series: type === 'pie' ? series.slice(0, 1) : series };
}
