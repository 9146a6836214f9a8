// Speaker notes written from a slide's own content, for content slides the model or the planner gave
// no notes: they say what the slide shows (the points, the chart's highest and lowest values, the
// table's size) and add nothing that is not on the slide.
import type { ChartData } from '../../ooxml/charts/chart-spec.ts';
import type { Block } from '../edits/slide-plan.ts';
import { plainOfMarkup } from '../edits/text-body.ts';

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

export function chartSentence(chart: Pick<ChartData, 'categories' | 'series'> & { type: string; source?: string }): string {
  const s = chart.series[0];
  const pairs = chart.categories.map((c, i) => [c, s?.values[i] ?? 0] as const);
  if (!s || !pairs.length) return 'The chart has no data.';
  const top = pairs.reduce((a, b) => (b[1] > a[1] ? b : a));
  const low = pairs.reduce((a, b) => (b[1] < a[1] ? b : a));
  const what = chart.series.length > 1 ? `${chart.series.map((x) => x.name).join(', ')} across ${chart.categories.length} categories` : `${s.name} across ${chart.categories.length} categories`;
  const from = chart.source ? ` (source: ${chart.source})` : '';
  if (chart.type === 'pie') {
    const total = s.values.reduce<number>((a, b) => a + (b ?? 0), 0);
    const share = total ? Math.round((top[1] / total) * 100) : 0;
    return `The chart splits ${s.name}${from}: ${top[0]} is the largest part (${share}%).`;
  }
  if (chart.type === 'line' && pairs.length > 1) {
    const [first, last] = [pairs[0], pairs[pairs.length - 1]];
    return `The chart follows ${what}${from}, from ${fmt(first[1])} (${first[0]}) to ${fmt(last[1])} (${last[0]}); ${s.name} peaks at ${fmt(top[1])} (${top[0]}).`;
  }
  return `The chart compares ${what}${from}: ${s.name} is highest for ${top[0]} (${fmt(top[1])}) and lowest for ${low[0]} (${fmt(low[1])}).`;
}

function blockSentence(b: Block): string {
  switch (b.kind) {
    case 'bullets': {
      const top = b.items.filter((x) => x.level === 0).map((x) => plainOfMarkup(x.text).replace(/[.;:]+$/, ''));
      return top.length ? `Cover ${top.length === 1 ? 'the point' : `the ${top.length} points`}: ${top.join('; ')}.` : '';
    }
    case 'chart':
      return chartSentence({ ...b.chart, source: b.source });
    case 'table':
      return `The table lists ${b.table.rows.length} row${b.table.rows.length === 1 ? '' : 's'} by ${b.table.columns.join(', ')}.`;
    case 'image':
      return b.image.alt ? `The image shows: ${b.image.alt}.` : 'Point the audience to the image.';
  }
}

/** Notes for a slide from its content (empty for slides without content). */
export function notesFor(title: string, parts: { heading?: string; block?: Block; quote?: { text: string; attribution?: string } }[]): string {
  const sentences = parts.map((p) => {
    if (p.quote) return `Read the quote${p.quote.attribution ? ` from ${p.quote.attribution}` : ''} and let it land before moving on.`;
    return [p.heading ? `${p.heading}:` : '', p.block ? blockSentence(p.block) : ''].filter(Boolean).join(' ');
  }).filter(Boolean);
  if (!sentences.length) return '';
  return [title ? `${title}.` : '', ...sentences].filter(Boolean).join(' ');
}
