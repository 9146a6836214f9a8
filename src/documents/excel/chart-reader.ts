// Reads a chart part (xl/charts/chartN.xml) into the fields of a ChartModel: kind, title, series
// references, stacking, legend. A chart of one plain bar, column, line, area, pie or doughnut plot is
// described fully; anything else (scatter, combo, 3-D, stock, ...) becomes kind `other`, which the
// agent can move or delete and which is written back verbatim.
import { attrsOf, child, childrenNamed, childrenOf, findFirst, parseXml, tagOf, textUnder, type XmlNode } from '../agent/ooxml-package.ts';
import type { ChartKind, ChartModel, ChartSeriesModel } from './model.ts';

export type ReadChart = Pick<ChartModel, 'kind' | 'title' | 'categories' | 'series' | 'stacked' | 'showLegend' | 'showDataLabels' | 'valueFormat'>;

const PLOTS: Record<string, ChartKind> = {
  'c:barChart': 'column', 'c:lineChart': 'line', 'c:areaChart': 'area', 'c:pieChart': 'pie', 'c:doughnutChart': 'doughnut',
};

const val = (node: XmlNode | undefined) => (node ? attrsOf(node).val : undefined);
const ownText = (node: XmlNode) => childrenOf(node).map((c) => String(c['#text'] ?? '')).join('');

/** The formula of a reference element (`c:strRef`, `c:numRef`, `c:multiLvlStrRef`) under `node`. */
function refFormula(node: XmlNode | undefined): string | undefined {
  if (!node) return undefined;
  for (const tag of ['c:strRef', 'c:numRef', 'c:multiLvlStrRef']) {
    const ref = child(node, tag);
    const f = ref ? child(ref, 'c:f') : undefined;
    if (f) return ownText(f).trim();
  }
  return undefined;
}

function cachedText(node: XmlNode | undefined): string {
  const cache = node ? findFirst([node], 'c:strCache') : undefined;
  const pt = cache ? findFirst([cache], 'c:pt') : undefined;
  return pt ? textUnder(pt, 'c:v') : '';
}

function seriesColor(ser: XmlNode): string | undefined {
  const spPr = child(ser, 'c:spPr');
  const fill = spPr ? (child(spPr, 'a:solidFill') ?? findFirst([spPr], 'a:solidFill')) : undefined;
  const rgb = fill ? child(fill, 'a:srgbClr') : undefined;
  return rgb ? attrsOf(rgb).val?.toUpperCase() : undefined;
}

const NAMESPACES: Record<string, string> = {
  'http://schemas.openxmlformats.org/drawingml/2006/chart': 'c',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
};

/**
 * Renames elements to the prefixes this reader expects (`c:` for charts, `a:` for DrawingML), whatever
 * the writer chose: openpyxl, for one, writes the chart namespace as the default one, without prefix.
 */
function canonical(nodes: XmlNode[], xml: string): XmlNode[] {
  const prefixes = new Map<string, string>();
  for (const m of xml.matchAll(/\sxmlns(?::([\w-]+))?="([^"]+)"/g)) if (NAMESPACES[m[2]]) prefixes.set(m[1] ?? '', NAMESPACES[m[2]]);
  if ([...prefixes].every(([from, to]) => from === to)) return nodes;
  const rename = (n: XmlNode): XmlNode => {
    const tag = tagOf(n);
    if (tag === '#text' || tag.startsWith('?')) return n;
    const [pre, local] = tag.includes(':') ? [tag.slice(0, tag.indexOf(':')), tag.slice(tag.indexOf(':') + 1)] : ['', tag];
    const to = prefixes.get(pre);
    const name = to ? `${to}:${local}` : tag;
    return { [name]: childrenOf(n).map(rename), ...(n[':@'] ? { ':@': n[':@'] } : {}) };
  };
  return nodes.map(rename);
}

export function readChartXml(xml: string, part: string): ReadChart {
  const root = findFirst(canonical(parseXml(xml, part), xml), 'c:chartSpace');
  const chart = root ? child(root, 'c:chart') : undefined;
  const plotArea = chart ? child(chart, 'c:plotArea') : undefined;
  const titleNode = chart ? child(chart, 'c:title') : undefined;
  const title = titleNode ? textUnder(titleNode, 'a:t').trim() : '';
  const other: ReadChart = { kind: 'other', title, categories: '', series: [] };
  if (!plotArea) return other;
  const plots = childrenOf(plotArea).filter((n) => tagOf(n).endsWith('Chart'));
  if (plots.length !== 1 || !PLOTS[tagOf(plots[0])]) return other;
  const plot = plots[0];
  let kind = PLOTS[tagOf(plot)];
  if (kind === 'column' && val(child(plot, 'c:barDir')) === 'bar') kind = 'bar';
  const grouping = val(child(plot, 'c:grouping'));
  if (grouping === 'percentStacked') return other;
  const series: ChartSeriesModel[] = [];
  let categories = '';
  for (const ser of childrenNamed(plot, 'c:ser')) {
    const values = refFormula(child(ser, 'c:val'));
    if (!values) return other;
    const tx = child(ser, 'c:tx');
    const nameRef = refFormula(tx);
    const literal = tx ? child(tx, 'c:v') : undefined;
    const name = literal ? ownText(literal) : cachedText(tx) || `Series ${series.length + 1}`;
    categories ||= refFormula(child(ser, 'c:cat')) ?? '';
    const color = seriesColor(ser);
    series.push({ name, values, ...(nameRef ? { nameRef } : {}), ...(color && kind !== 'pie' && kind !== 'doughnut' ? { color } : {}) });
  }
  if (!series.length) return other;
  const valAx = child(plotArea, 'c:valAx');
  const fmt = valAx ? child(valAx, 'c:numFmt') : undefined;
  const dLbls = child(plot, 'c:dLbls') ?? findFirst(childrenNamed(plot, 'c:ser'), 'c:dLbls');
  return {
    kind, title, categories, series,
    ...(grouping === 'stacked' ? { stacked: true } : {}),
    showLegend: Boolean(chart && child(chart, 'c:legend')),
    ...(dLbls && (val(child(dLbls, 'c:showVal')) === '1' || val(child(dLbls, 'c:showPercent')) === '1') ? { showDataLabels: true } : {}),
    ...(fmt && attrsOf(fmt).sourceLinked === '0' && attrsOf(fmt).formatCode ? { valueFormat: attrsOf(fmt).formatCode } : {}),
  };
}
