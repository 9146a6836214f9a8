// Speaker notes written from a slide's own content, for content slides the model or the planner gave
// no notes: they say what the slide shows (the points, the chart's highest and lowest values, the
// table's size) and add nothing that is not on the slide.
import { plainText, type ChartSpec, type Slide, type SlideElement } from './model.ts';

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

export function chartSentence(chart: ChartSpec): string {
  const s = chart.series[0];
  const pairs = chart.categories.map((c, i) => [c, s.values[i] ?? 0] as const);
  const top = pairs.reduce((a, b) => (b[1] > a[1] ? b : a));
  const low = pairs.reduce((a, b) => (b[1] < a[1] ? b : a));
  const what = chart.series.length > 1 ? `${chart.series.map((x) => x.name).join(', ')} across ${chart.categories.length} categories` : `${s.name} across ${chart.categories.length} categories`;
  const from = chart.source ? ` (source: ${chart.source})` : '';
  if (chart.type === 'pie') {
    const total = s.values.reduce((a, b) => a + b, 0);
    const share = total ? Math.round((top[1] / total) * 100) : 0;
    return `The chart splits ${s.name}${from}: ${top[0]} is the largest part (${share}%).`;
  }
  if (chart.type === 'line' && pairs.length > 1) {
    const [first, last] = [pairs[0], pairs[pairs.length - 1]];
    return `The chart follows ${what}${from}, from ${fmt(first[1])} (${first[0]}) to ${fmt(last[1])} (${last[0]}); ${s.name} peaks at ${fmt(top[1])} (${top[0]}).`;
  }
  return `The chart compares ${what}${from}: ${s.name} is highest for ${top[0]} (${fmt(top[1])}) and lowest for ${low[0]} (${fmt(low[1])}).`;
}

function elementSentence(e: SlideElement): string {
  switch (e.kind) {
    case 'bullets': {
      const top = e.items.filter((b) => b.level === 0).map((b) => plainText(b.text).replace(/[.;:]+$/, ''));
      return top.length ? `Cover ${top.length === 1 ? 'the point' : `the ${top.length} points`}: ${top.join('; ')}.` : '';
    }
    case 'chart':
      return chartSentence(e.chart);
    case 'table':
      return `The table lists ${e.table.rows.length} row${e.table.rows.length === 1 ? '' : 's'} by ${e.table.columns.join(', ')}${e.caption ? ` (${e.caption})` : ''}.`;
    case 'image':
      return e.caption ? `The image shows: ${e.caption}.` : e.image.alt ? `The image shows: ${e.image.alt}.` : 'Point the audience to the image.';
    case 'quote':
      return `Read the quote${e.attribution ? ` from ${e.attribution}` : ''} and let it land before moving on.`;
  }
}

/** Notes for a slide from its content (empty for slides without content). */
export function notesFor(slide: Pick<Slide, 'title' | 'elements'>): string {
  const parts = slide.elements.map((e) => [e.heading ? `${e.heading}:` : '', elementSentence(e)].filter(Boolean).join(' ')).filter(Boolean);
  if (!parts.length) return '';
  return [slide.title ? `${slide.title}.` : '', ...parts].filter(Boolean).join(' ');
}
