// Reads any chart part (c:chartSpace, written by Office, LibreOffice, Google, openpyxl or Folio) back
// into its type, categories, series and title, so the agent can describe existing charts and answer
// questions about their numbers. Everything comes from the caches the writers store in the part
// (strRef/numRef caches, literals, multi-level category caches); the embedded workbook is not opened.
// Tolerant by design: a missing cache gives empty arrays, an unknown plot its element name, and no
// valid XML makes it throw.
import { attr, child, childElements, descendants, NS, type Document, type Element } from '../xml.ts';

export interface ReadChart {
  /** 'bar' | 'line' | 'pie' | 'doughnut' | 'area' | 'scatter' | 'bubble' | 'radar' | 'stock' | 'surface' | 'combo' | ... */
  type: string;
  /** What varies inside the type: 'horizontal', 'stacked', 'percentStacked', '3d', space-separated; null when plain. */
  subtype: string | null;
  /** Category labels (x values of scatter and bubble charts, as text). */
  categories: string[];
  /** Series of every plot in order; `type` is set on each when the chart is a combo. */
  series: { name: string; values: (number | null)[]; type?: string }[];
  title: string | null;
}

const C = NS.c;

const KINDS: Record<string, string> = {
  barChart: 'bar', bar3DChart: 'bar', lineChart: 'line', line3DChart: 'line', pieChart: 'pie', pie3DChart: 'pie', ofPieChart: 'pie',
  doughnutChart: 'doughnut', areaChart: 'area', area3DChart: 'area', scatterChart: 'scatter', bubbleChart: 'bubble',
  radarChart: 'radar', stockChart: 'stock', surfaceChart: 'surface', surface3DChart: 'surface',
};

const val = (el: Element | null, local: string) => attr(child(el, C, local), 'val');

/** Points of a cache or literal by index (c:pt idx), as many as its ptCount says (or its highest index). */
function points(data: Element | null): (string | null)[] {
  if (!data) return [];
  const out: (string | null)[] = [];
  for (const pt of childElements(data).filter((e) => e.namespaceURI === C && e.localName === 'pt')) {
    const idx = Number(attr(pt, 'idx') ?? out.length);
    if (Number.isInteger(idx) && idx >= 0 && idx < 1_000_000) out[idx] = child(pt, C, 'v')?.textContent ?? '';
  }
  const count = Number(val(data, 'ptCount') ?? 0);
  const n = Math.max(Number.isInteger(count) && count < 1_000_000 ? count : 0, out.length);
  return Array.from({ length: n }, (_, i) => out[i] ?? null);
}

/** The cache or literal inside a data source (c:cat, c:val, c:xVal, c:yVal, c:tx). */
function sourceData(source: Element | null): { pts: (string | null)[]; formatCode: string | null } {
  if (!source) return { pts: [], formatCode: null };
  for (const ref of childElements(source)) {
    if (ref.namespaceURI !== C) continue;
    switch (ref.localName) {
      case 'strRef': return { pts: points(child(ref, C, 'strCache')), formatCode: null };
      case 'numRef': {
        const cache = child(ref, C, 'numCache');
        return { pts: points(cache), formatCode: child(cache, C, 'formatCode')?.textContent ?? null };
      }
      case 'strLit': return { pts: points(ref), formatCode: null };
      case 'numLit': return { pts: points(ref), formatCode: child(ref, C, 'formatCode')?.textContent ?? null };
      case 'multiLvlStrRef': {
        // Levels run from the labels next to the axis (one per point) outwards: the first one names each point.
        const cache = child(ref, C, 'multiLvlStrCache');
        const leaf = child(cache, C, 'lvl');
        const count = val(cache, 'ptCount');
        if (!leaf) return { pts: [], formatCode: null };
        const pts = points(leaf);
        const n = Math.max(Number(count) || 0, pts.length);
        return { pts: Array.from({ length: n }, (_, i) => pts[i] ?? null), formatCode: null };
      }
      case 'v': return { pts: [ref.textContent ?? ''], formatCode: null };
    }
  }
  return { pts: [], formatCode: null };
}

/** A date format (d, m, y outside quotes and brackets) turns serial numbers into ISO dates. */
function isDateFormat(code: string | null): boolean {
  if (!code) return false;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

/** Serial day numbers count from 1899-12-30, or from 1904-01-01 in a chart with c:date1904. */
function labelOf(raw: string | null, formatCode: string | null, date1904: boolean): string {
  if (raw === null) return '';
  const n = Number(raw);
  if (isDateFormat(formatCode) && raw.trim() !== '' && Number.isFinite(n) && n > 0 && n < 2958466) {
    // The 1900 system counts a 29 February 1900 that never was: serials before it are a day early.
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, n < 61 ? 31 : 30);
    return new Date(epoch + Math.round(n * 86400000)).toISOString().slice(0, 10);
  }
  return raw;
}

function numberOf(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function richText(tx: Element | null): string | null {
  if (!tx) return null;
  const rich = child(tx, C, 'rich');
  if (rich) {
    const paras = descendants(rich, NS.a, 'p').map((p) =>
      childElements(p).filter((e) => e.namespaceURI === NS.a && (e.localName === 'r' || e.localName === 'fld')).map((r) => child(r, NS.a, 't')?.textContent ?? '').join(''),
    );
    return paras.join('\n');
  }
  const pts = sourceData(tx).pts;
  return pts.length ? pts.map((p) => p ?? '').join(' ') : null;
}

function subtypeOf(plot: Element): string | null {
  const parts: string[] = [];
  if (val(plot, 'barDir') === 'bar') parts.push('horizontal');
  const grouping = val(plot, 'grouping');
  if (grouping === 'stacked' || grouping === 'percentStacked') parts.push(grouping);
  const scatter = val(plot, 'scatterStyle');
  if (scatter && scatter !== 'marker' && scatter !== 'lineMarker') parts.push(scatter);
  const radar = val(plot, 'radarStyle');
  if (radar === 'filled') parts.push('filled');
  if (plot.localName === 'ofPieChart') parts.push(val(plot, 'ofPieType') === 'bar' ? 'barOfPie' : 'pieOfPie');
  if (/3DChart$/.test(plot.localName ?? '')) parts.push('3d');
  return parts.length ? parts.join(' ') : null;
}

export function readChart(doc: Document): ReadChart {
  const chart = child(doc.documentElement, C, 'chart');
  const plotArea = child(chart, C, 'plotArea');
  const plots = plotArea ? childElements(plotArea).filter((e) => e.namespaceURI === C && /Chart$/.test(e.localName ?? '')) : [];
  const kinds = plots.map((p) => KINDS[p.localName ?? ''] ?? (p.localName ?? '').replace(/Chart$/, ''));
  const distinct = [...new Set(kinds)];
  const type = distinct.length === 0 ? 'unknown' : distinct.length === 1 ? distinct[0] : 'combo';
  const flag = child(doc.documentElement, C, 'date1904');
  const date1904 = !!flag && ['1', 'true', null].includes(attr(flag, 'val'));
  const subtypes = [...new Set(plots.map(subtypeOf).filter((s): s is string => !!s))];

  let categories: string[] = [];
  const series: ReadChart['series'] = [];
  plots.forEach((plot, p) => {
    const xy = plot.localName === 'scatterChart' || plot.localName === 'bubbleChart';
    for (const ser of childElements(plot).filter((e) => e.namespaceURI === C && e.localName === 'ser')) {
      const cats = sourceData(child(ser, C, xy ? 'xVal' : 'cat'));
      if (!categories.length && cats.pts.length) categories = cats.pts.map((c) => labelOf(c, cats.formatCode, date1904));
      const values = sourceData(child(ser, C, xy ? 'yVal' : 'val')).pts.map(numberOf);
      const name = richText(child(ser, C, 'tx'))?.trim() || `Series ${series.length + 1}`;
      series.push(type === 'combo' ? { name, values, type: kinds[p] } : { name, values });
    }
  });

  const titleEl = child(chart, C, 'title');
  let title: string | null = null;
  if (titleEl) {
    const text = richText(child(titleEl, C, 'tx'));
    // A title without text is the automatic one: Office shows the series name of a single-series chart.
    title = text !== null ? text.trim() || null : series.length === 1 ? series[0].name : null;
  }
  return { type, subtype: subtypes.length ? subtypes.join(' ') : null, categories, series, title };
}
