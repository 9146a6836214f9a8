// The chart part writer: what it writes reads back to the same data (readChart), in the element order
// dml-chart.xsd prescribes (Office repairs misordered chart XML), with formulas and caches that agree,
// and with colours and fonts from the theme only.
import { describe, expect, it } from 'vitest';
import { childElements, descendants, NS, parseXml, type Element } from '../xml.ts';
import type { ChartData } from './chart-spec.ts';
import { readChart } from './chart-read.ts';
import { chartPartXml } from './chart-xml.ts';

const CATS = ['Q1 <North>', 'Q2 & "South"', "Q3 'Östra' — 東", 'Q4'];
const SAMPLES: ChartData[] = [
  { type: 'bar', categories: CATS, series: [{ name: 'Revenue & <costs>', values: [12.5, null, -3, 0] }], title: 'Sales "2024" <draft> & ü' },
  { type: 'bar', categories: CATS, series: [{ name: 'A', values: [1, 2, 3, 4] }, { name: 'B', values: [null, 3.25, 1e-7, 5] }, { name: 'Ç', values: [3, 1, 2, 1234567.89] }] },
  { type: 'line', categories: CATS, series: [{ name: 'Users', values: [100, 140, null, 210] }], title: 'Two\nlines' },
  { type: 'line', categories: CATS, series: [{ name: 'Web', values: [1, 2, 3, 4] }, { name: 'Mobile', values: [2, null, null, 5] }] },
  { type: 'pie', categories: CATS, series: [{ name: 'Share', values: [30, 20, null, 50] }], title: 'Mix' },
];

const read = (xml: string) => readChart(parseXml(xml, 'chart'));
const root = (xml: string) => parseXml(xml, 'chart').documentElement!;
const byName = (el: Element, local: string) => descendants(el, NS.c, local);

describe('chartPartXml -> readChart', () => {
  it.each(SAMPLES.map((d) => [`${d.type} with ${d.series.length} series`, d] as const))('gives back the data of a %s', (_, data) => {
    const back = read(chartPartXml(data, { workbookRelId: 'rId1' }));
    expect(back).toEqual({ type: data.type, subtype: null, categories: data.categories, series: data.series, title: data.title ?? null });
  });

  it('writes a null as a missing point (no c:pt), never as 0', () => {
    const el = root(chartPartXml(SAMPLES[0]));
    const cache = byName(el, 'numCache')[0];
    const idx = childElements(cache).filter((e) => e.localName === 'pt').map((p) => p.getAttribute('idx'));
    expect(idx).toEqual(['0', '2', '3']);
    expect(byName(cache, 'ptCount')[0].getAttribute('val')).toBe('4');
    expect(el.getElementsByTagName('c:dispBlanksAs')[0].getAttribute('val')).toBe('gap');
  });

  it('pads short series with gaps and drops values beyond the categories', () => {
    const back = read(chartPartXml({ type: 'bar', categories: ['a', 'b', 'c'], series: [{ name: 'S', values: [1] }, { name: '', values: [1, 2, 3, 4, Number.NaN] }] }));
    expect(back.series).toEqual([{ name: 'S', values: [1, null, null] }, { name: 'Series 2', values: [1, 2, 3] }]);
  });
});

describe('formulas and caches', () => {
  it('points series 1 at column B, series 2 at C, categories at column A, from row 2', () => {
    const el = root(chartPartXml(SAMPLES[1], { numberFormat: '#,##0.0' }));
    const f = byName(el, 'f').map((e) => e.textContent);
    expect(f).toEqual([
      'Sheet1!$B$1', 'Sheet1!$A$2:$A$5', 'Sheet1!$B$2:$B$5',
      'Sheet1!$C$1', 'Sheet1!$A$2:$A$5', 'Sheet1!$C$2:$C$5',
      'Sheet1!$D$1', 'Sheet1!$A$2:$A$5', 'Sheet1!$D$2:$D$5',
    ]);
    expect(byName(el, 'formatCode').map((e) => e.textContent)).toEqual(['#,##0.0', '#,##0.0', '#,##0.0']);
    expect(byName(el, 'strCache')[1].getElementsByTagName('c:ptCount')[0].getAttribute('val')).toBe('4');
  });

  it('quotes sheet names that need it and starts the table where asked', () => {
    const el = root(chartPartXml(SAMPLES[0], { sheetName: "Q1 'data'", at: 'C3' }));
    expect(byName(el, 'f').map((e) => e.textContent)).toEqual(["'Q1 ''data'''!$D$3", "'Q1 ''data'''!$C$4:$C$7", "'Q1 ''data'''!$D$4:$D$7"]);
  });

  it('links the embedded workbook only when given, with autoUpdate off', () => {
    const xml = chartPartXml(SAMPLES[0], { workbookRelId: 'rId7' });
    expect(xml).toContain('<c:externalData r:id="rId7"><c:autoUpdate val="0"/></c:externalData>');
    expect(chartPartXml(SAMPLES[0])).not.toContain('externalData');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>\n<c:chartSpace /);
    expect(xml).toContain('<c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/>');
  });
});

/**
 * Child order of each element the writer uses, from dml-chart.xsd and dml-main.xsd (sequences; members
 * of one choice share a rank, separated by |). A child must not come before one of lower rank, and
 * every child must be listed: a new element has to be placed here, by the schema, to pass.
 */
const SEQ: Record<string, string[]> = {
  chartSpace: ['date1904', 'lang', 'roundedCorners', 'AlternateContent', 'clrMapOvr', 'pivotSource', 'protection', 'chart', 'spPr', 'txPr', 'externalData', 'printSettings', 'userShapes', 'extLst'],
  chart: ['title', 'autoTitleDeleted', 'pivotFmts', 'view3D', 'floor', 'sideWall', 'backWall', 'plotArea', 'legend', 'plotVisOnly', 'dispBlanksAs', 'showDLblsOverMax', 'extLst'],
  plotArea: ['layout', 'barChart|lineChart|pieChart', 'catAx|valAx', 'dTable', 'spPr', 'extLst'],
  barChart: ['barDir', 'grouping', 'varyColors', 'ser', 'dLbls', 'gapWidth', 'overlap', 'serLines', 'axId', 'extLst'],
  lineChart: ['grouping', 'varyColors', 'ser', 'dLbls', 'dropLines', 'hiLowLines', 'upDownBars', 'marker', 'smooth', 'axId', 'extLst'],
  pieChart: ['varyColors', 'ser', 'dLbls', 'firstSliceAng', 'extLst'],
  'barChart/ser': ['idx', 'order', 'tx', 'spPr', 'invertIfNegative', 'pictureOptions', 'dPt', 'dLbls', 'trendline', 'errBars', 'cat', 'val', 'shape', 'extLst'],
  'lineChart/ser': ['idx', 'order', 'tx', 'spPr', 'marker', 'dPt', 'dLbls', 'trendline', 'errBars', 'cat', 'val', 'smooth', 'extLst'],
  'pieChart/ser': ['idx', 'order', 'tx', 'spPr', 'explosion', 'dPt', 'dLbls', 'cat', 'val', 'extLst'],
  dPt: ['idx', 'invertIfNegative', 'marker', 'bubble3D', 'explosion', 'spPr', 'pictureOptions', 'extLst'],
  dLbls: ['dLbl', 'delete|numFmt', 'spPr', 'txPr', 'dLblPos', 'showLegendKey', 'showVal', 'showCatName', 'showSerName', 'showPercent', 'showBubbleSize', 'separator', 'showLeaderLines', 'leaderLines', 'extLst'],
  catAx: ['axId', 'scaling', 'delete', 'axPos', 'majorGridlines', 'minorGridlines', 'title', 'numFmt', 'majorTickMark', 'minorTickMark', 'tickLblPos', 'spPr', 'txPr', 'crossAx', 'crosses|crossesAt', 'auto', 'lblAlgn', 'lblOffset', 'tickLblSkip', 'tickMarkSkip', 'noMultiLvlLbl', 'extLst'],
  valAx: ['axId', 'scaling', 'delete', 'axPos', 'majorGridlines', 'minorGridlines', 'title', 'numFmt', 'majorTickMark', 'minorTickMark', 'tickLblPos', 'spPr', 'txPr', 'crossAx', 'crosses|crossesAt', 'crossBetween', 'majorUnit', 'minorUnit', 'dispUnits', 'extLst'],
  scaling: ['logBase', 'orientation', 'max', 'min', 'extLst'],
  legend: ['legendPos', 'legendEntry', 'layout', 'overlay', 'spPr', 'txPr', 'extLst'],
  title: ['tx', 'layout', 'overlay', 'spPr', 'txPr', 'extLst'],
  tx: ['strRef|rich|v'],
  marker: ['symbol', 'size', 'spPr', 'extLst'],
  'cat|val': ['multiLvlStrRef|numRef|numLit|strRef|strLit'],
  strRef: ['f', 'strCache', 'extLst'],
  numRef: ['f', 'numCache', 'extLst'],
  strCache: ['ptCount', 'pt', 'extLst'],
  numCache: ['formatCode', 'ptCount', 'pt', 'extLst'],
  pt: ['v'],
  'majorGridlines|leaderLines': ['spPr'],
  externalData: ['autoUpdate'],
  spPr: ['xfrm', 'custGeom|prstGeom', 'noFill|solidFill|gradFill|blipFill|pattFill|grpFill', 'ln', 'effectLst|effectDag', 'scene3d', 'sp3d', 'extLst'],
  'txPr|rich': ['bodyPr', 'lstStyle', 'p'],
  ln: ['noFill|solidFill|gradFill|pattFill', 'prstDash|custDash', 'round|bevel|miter', 'headEnd', 'tailEnd', 'extLst'],
  solidFill: ['schemeClr|srgbClr'],
  'schemeClr|srgbClr': ['lumMod|lumOff|alpha'],
  p: ['pPr', 'r|br|fld', 'endParaRPr'],
  pPr: ['lnSpc', 'spcBef', 'spcAft', 'buClrTx', 'defRPr', 'extLst'],
  r: ['rPr', 't'],
  'defRPr|rPr|endParaRPr': ['ln', 'noFill|solidFill|gradFill', 'effectLst', 'highlight', 'uLnTx', 'uLn', 'uFillTx', 'uFill', 'latin', 'ea', 'cs', 'sym', 'hlinkClick', 'hlinkMouseOver', 'rtl', 'extLst'],
};

function sequenceOf(el: Element): string[] | undefined {
  const name = el.localName ?? '';
  if (name === 'ser') return SEQ[`${el.parentNode && (el.parentNode as Element).localName}/ser`];
  for (const [key, seq] of Object.entries(SEQ)) if (key.split('|').includes(name)) return seq;
  return undefined;
}

function orderProblems(el: Element, path = el.localName ?? ''): string[] {
  const kids = childElements(el);
  if (!kids.length) return [];
  const seq = sequenceOf(el);
  if (!seq) return [`${path}: no schema order known for its children (${kids.map((k) => k.localName).join(', ')})`];
  const problems: string[] = [];
  let last = -1;
  for (const kid of kids) {
    const rank = seq.findIndex((entry) => entry.split('|').includes(kid.localName ?? ''));
    if (rank < 0) problems.push(`${path}: ${kid.localName} is not a child it may have`);
    else if (rank < last) problems.push(`${path}: ${kid.localName} comes after ${seq[last]}`);
    last = Math.max(last, rank);
    problems.push(...orderProblems(kid, `${path}/${kid.localName}`));
  }
  return problems;
}

describe('schema order', () => {
  const variants = SAMPLES.flatMap((d) => (['slide', 'document', 'sheet'] as const).map((style) => [`${d.type} x${d.series.length} (${style})`, d, style] as const));
  it.each(variants)('%s: every element in dml-chart.xsd order', (_, data, style) => {
    expect(orderProblems(root(chartPartXml(data, { workbookRelId: 'rId1', numberFormat: '0.0%', style })))).toEqual([]);
  });

  it('catches a misordered part (the check itself works)', () => {
    const bad = chartPartXml(SAMPLES[0]).replace('<c:invertIfNegative val="0"/>', '').replace('<c:cat>', '<c:invertIfNegative val="0"/><c:cat>');
    expect(orderProblems(root(bad))).toContain('chartSpace/chart/plotArea/barChart/ser: invertIfNegative comes after dLbls');
  });
});

describe('look', () => {
  it('takes every colour from the theme and every font through it', () => {
    for (const data of SAMPLES) {
      const xml = chartPartXml(data);
      expect(xml).not.toContain('srgbClr');
      const typefaces = [...xml.matchAll(/typeface="([^"]*)"/g)].map((m) => m[1]);
      expect(new Set(typefaces)).toEqual(new Set(['+mn-lt', '+mn-ea', '+mn-cs']));
    }
    const bars = root(chartPartXml(SAMPLES[1]));
    const fills = byName(bars, 'ser').map((s) => childElements(s).find((e) => e.localName === 'spPr')!.getElementsByTagName('a:schemeClr')[0].getAttribute('val'));
    expect(fills).toEqual(['accent1', 'accent2', 'accent3']);
    const pie = root(chartPartXml(SAMPLES[4]));
    expect(byName(pie, 'dPt').map((p) => p.getElementsByTagName('a:schemeClr')[0].getAttribute('val'))).toEqual(['accent1', 'accent2', 'accent3', 'accent4']);
    expect(byName(pie, 'dPt')[0].getElementsByTagName('a:ln')[0].getElementsByTagName('a:schemeClr')[0].getAttribute('val')).toBe('bg1');
  });

  it('writes RGB values of the default Office theme when asked (a package without a theme)', () => {
    const xml = chartPartXml(SAMPLES[1], { literalColors: true });
    expect(xml).not.toContain('schemeClr');
    expect(xml).toContain('<a:srgbClr val="4472C4"/>');
    expect(parseXml(xml, 'chart')).toBeTruthy();
  });

  it('labels a single series of up to 12 points, and puts a legend under several', () => {
    const single = root(chartPartXml(SAMPLES[0]));
    expect(single.getElementsByTagName('c:dLblPos')[0].getAttribute('val')).toBe('outEnd');
    expect(single.getElementsByTagName('c:legend').length).toBe(0);
    const many = { ...SAMPLES[0], categories: Array.from({ length: 13 }, (_, i) => `c${i}`) };
    expect(root(chartPartXml(many)).getElementsByTagName('c:dLbls').length).toBe(0);
    const multi = root(chartPartXml(SAMPLES[3]));
    expect(multi.getElementsByTagName('c:dLbls').length).toBe(0);
    expect(multi.getElementsByTagName('c:legendPos')[0].getAttribute('val')).toBe('b');
    expect(root(chartPartXml(SAMPLES[2])).getElementsByTagName('c:dLblPos')[0].getAttribute('val')).toBe('t');
    const pie = root(chartPartXml(SAMPLES[4]));
    expect(pie.getElementsByTagName('c:legendPos')[0].getAttribute('val')).toBe('r');
    expect(pie.getElementsByTagName('c:showPercent')[0].getAttribute('val')).toBe('1');
    expect(pie.getElementsByTagName('c:firstSliceAng')[0].getAttribute('val')).toBe('0');
  });

  it('draws clustered columns with gaps, lines with circle markers, and no value-axis line', () => {
    const bar = root(chartPartXml(SAMPLES[1]));
    expect(bar.getElementsByTagName('c:barDir')[0].getAttribute('val')).toBe('col');
    expect(bar.getElementsByTagName('c:grouping')[0].getAttribute('val')).toBe('clustered');
    expect(Number(bar.getElementsByTagName('c:gapWidth')[0].getAttribute('val'))).toBeGreaterThanOrEqual(60);
    expect(bar.getElementsByTagName('c:overlap')[0].getAttribute('val')).toBe('-10');
    const valAx = bar.getElementsByTagName('c:valAx')[0];
    expect(valAx.getElementsByTagName('c:majorGridlines').length).toBe(1);
    const axisLine = childElements(valAx).find((e) => e.localName === 'spPr')!.getElementsByTagName('a:ln')[0];
    expect(childElements(axisLine).map((e) => e.localName)).toEqual(['noFill']);
    expect(bar.getElementsByTagName('c:catAx')[0].getElementsByTagName('c:majorGridlines').length).toBe(0);
    const lineXml = chartPartXml(SAMPLES[3]);
    expect(lineXml).toContain('<c:marker><c:symbol val="circle"/><c:size val="7"/>');
    expect(lineXml).toContain('<a:ln w="28575"');
  });

  it('sizes text for the medium, and titles only when asked', () => {
    const size = (style: 'slide' | 'document' | 'sheet') => root(chartPartXml(SAMPLES[3], { style })).getElementsByTagName('c:catAx')[0].getElementsByTagName('a:defRPr')[0].getAttribute('sz');
    expect([size('slide'), size('document'), size('sheet')]).toEqual(['1200', '900', '900']);
    expect(chartPartXml(SAMPLES[3])).toContain('<c:autoTitleDeleted val="1"/>');
    const titled = root(chartPartXml(SAMPLES[0]));
    expect(titled.getElementsByTagName('c:autoTitleDeleted')[0].getAttribute('val')).toBe('0');
    expect(titled.getElementsByTagName('c:title')[0].getElementsByTagName('a:rPr')[0].getAttribute('b')).toBe('1');
  });
});
