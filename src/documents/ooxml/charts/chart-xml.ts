// The chart part (c:chartSpace) of a native chart, the same for PowerPoint, Word and Excel. Office
// checks chart XML against the schema's element order (dml-chart.xsd) and answers a misordered part
// with a repair prompt, so every element below is written in schema order. The look comes from the
// document's theme only (accent colours, tx1/bg1, the minor font), so a chart matches any deck or
// report it lands in. Every series formula points into the embedded workbook (chart-workbook.ts) and
// carries a full cache, so viewers draw the chart without opening that workbook.
import { xmlEscape } from '../xml.ts';
import { chartRanges, normalizeChartData, type ChartData, type ChartSeries } from './chart-spec.ts';

export type ChartStyle = 'slide' | 'document' | 'sheet';

export interface ChartXmlOptions {
  /** Relationship id of the embedded workbook (c:externalData); none: the chart has no data link. */
  workbookRelId?: string;
  /** Excel number format of the values and their labels, e.g. '#,##0.0'. */
  numberFormat?: string;
  style?: ChartStyle;
  /** Sheet the formulas point at (default 'Sheet1'). */
  sheetName?: string;
  /** Top-left cell of the data table in that sheet (default 'A1'; see chartRanges). */
  at?: string;
  /**
   * Colours as RGB values of the default Office theme instead of theme references: for a package
   * without a theme part (LibreOffice's .docx), where viewers resolve theme colours to black.
   */
  literalColors?: boolean;
}

const NS_DECL =
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** Text sizes in hundredths of a point: large enough to read across a room on slides, body-sized in documents. */
const SIZES: Record<ChartStyle, { axis: number; legend: number; label: number; title: number }> = {
  slide: { axis: 1200, legend: 1400, label: 1300, title: 2000 },
  document: { axis: 900, legend: 1000, label: 900, title: 1200 },
  sheet: { axis: 900, legend: 900, label: 900, title: 1400 },
};

const CAT_AX = '510001';
const VAL_AX = '510002';
/** Data labels stay readable up to this many points of a single series. */
const MAX_LABELLED_POINTS = 12;

/** tx1 made lighter: greys that follow the theme's text colour (and flip with it on dark slides). */
const tx1 = (mod?: number) => (mod ? `<a:schemeClr val="tx1"><a:lumMod val="${mod}"/><a:lumOff val="${100000 - mod}"/></a:schemeClr>` : '<a:schemeClr val="tx1"/>');
const AXIS_TEXT = tx1(65000);
const LABEL_TEXT = tx1(75000);
const GRID = tx1(15000);
const AXIS_LINE = tx1(25000);
const NO_LINE = '<a:ln><a:noFill/></a:ln>';
const NO_SHAPE = `<c:spPr><a:noFill/>${NO_LINE}</c:spPr>`;

/** Series (or slice) i: accent1..6, then the same accents darker, then lighter, so neighbours always differ. */
export function accentColor(i: number): string {
  const val = `accent${1 + (i % 6)}`;
  const round = Math.floor(i / 6) % 3;
  if (round === 0) return `<a:schemeClr val="${val}"/>`;
  const mods = round === 1 ? '<a:lumMod val="60000"/>' : '<a:lumMod val="80000"/><a:lumOff val="20000"/>';
  return `<a:schemeClr val="${val}">${mods}</a:schemeClr>`;
}

/** The default Office theme (2013 and later): what theme references resolve to when a package has no theme. */
const OFFICE_THEME: Record<string, string> = {
  tx1: '000000', bg1: 'FFFFFF', accent1: '4472C4', accent2: 'ED7D31', accent3: 'A5A5A5', accent4: 'FFC000', accent5: '5B9BD5', accent6: '70AD47',
};

/** Our own markup only (text is escaped, so no "<a:schemeClr" can come from data). */
function literal(xml: string): string {
  return xml
    .replace(/<a:schemeClr val="(\w+)"(\/?)>/g, (_, name: string, close: string) => `<a:srgbClr val="${OFFICE_THEME[name] ?? '000000'}"${close}>`)
    .replace(/<\/a:schemeClr>/g, '</a:srgbClr>');
}

const fill = (color: string) => `<a:solidFill>${color}</a:solidFill>`;
const line = (w: number, color: string) => `<a:ln w="${w}" cap="rnd">${fill(color)}<a:round/></a:ln>`;

function runProps(tag: 'a:defRPr' | 'a:rPr', sz: number, color: string, bold: boolean): string {
  const lang = tag === 'a:rPr' ? ' lang="en-US"' : '';
  return `<${tag}${lang} sz="${sz}" b="${bold ? 1 : 0}" i="0" u="none" strike="noStrike" baseline="0">${fill(color)}` +
    `<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></${tag}>`;
}

function txPr(sz: number, color: string, bold = false, bodyPr = '<a:bodyPr/>'): string {
  return `<c:txPr>${bodyPr}<a:lstStyle/><a:p><a:pPr>${runProps('a:defRPr', sz, color, bold)}</a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;
}

function num(v: number): string {
  return Object.is(v, -0) ? '0' : String(v);
}

function strCache(values: string[]): string {
  return `<c:strCache><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${xmlEscape(v)}</c:v></c:pt>`).join('')}</c:strCache>`;
}

/** Missing values are left out (no c:pt): a gap, where writing 0 would draw a point. */
function numCache(values: (number | null)[], formatCode: string): string {
  const pts = values.map((v, i) => (v === null ? '' : `<c:pt idx="${i}"><c:v>${num(v)}</c:v></c:pt>`)).join('');
  return `<c:numCache><c:formatCode>${xmlEscape(formatCode)}</c:formatCode><c:ptCount val="${values.length}"/>${pts}</c:numCache>`;
}

interface Ctx {
  data: ChartData;
  sizes: (typeof SIZES)[ChartStyle];
  format: string | undefined;
  ranges: ReturnType<typeof chartRanges>;
}

function dataLabels(ctx: Ctx, pos: 'outEnd' | 't', pie = false): string {
  const fmt = pie ? '<c:numFmt formatCode="0%" sourceLinked="0"/>' : ctx.format ? `<c:numFmt formatCode="${xmlEscape(ctx.format)}" sourceLinked="0"/>` : '';
  const leader = pie ? `<c:showLeaderLines val="1"/><c:leaderLines><c:spPr>${line(9525, GRID)}</c:spPr></c:leaderLines>` : '';
  return `<c:dLbls>${fmt}${NO_SHAPE}${txPr(ctx.sizes.label, LABEL_TEXT, false, '<a:bodyPr wrap="none"/>')}<c:dLblPos val="${pos}"/><c:showLegendKey val="0"/>` +
    `<c:showVal val="${pie ? 0 : 1}"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="${pie ? 1 : 0}"/>` +
    `<c:showBubbleSize val="0"/>${leader}</c:dLbls>`;
}

/** c:tx, then (after the kind's own elements, given as `middle`) c:cat and c:val, with their formulas and caches. */
function series(ctx: Ctx, s: ChartSeries, i: number, middle: string, tail = ''): string {
  const { ranges, data } = ctx;
  return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>` +
    `<c:tx><c:strRef><c:f>${xmlEscape(ranges.seriesName(i))}</c:f>${strCache([s.name])}</c:strRef></c:tx>` +
    middle +
    `<c:cat><c:strRef><c:f>${xmlEscape(ranges.categories)}</c:f>${strCache(data.categories)}</c:strRef></c:cat>` +
    `<c:val><c:numRef><c:f>${xmlEscape(ranges.values(i))}</c:f>${numCache(s.values, ctx.format ?? 'General')}</c:numRef></c:val>` +
    `${tail}</c:ser>`;
}

function labelled(ctx: Ctx): boolean {
  return ctx.data.series.length === 1 && ctx.data.categories.length <= MAX_LABELLED_POINTS;
}

function barPlot(ctx: Ctx): string {
  const multi = ctx.data.series.length > 1;
  const sers = ctx.data.series.map((s, i) =>
    series(ctx, s, i, `<c:spPr>${fill(accentColor(i))}${NO_LINE}</c:spPr><c:invertIfNegative val="0"/>${labelled(ctx) ? dataLabels(ctx, 'outEnd') : ''}`),
  );
  return `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${sers.join('')}` +
    `<c:gapWidth val="${multi ? 80 : 60}"/>${multi ? '<c:overlap val="-10"/>' : ''}<c:axId val="${CAT_AX}"/><c:axId val="${VAL_AX}"/></c:barChart>`;
}

function linePlot(ctx: Ctx): string {
  const sers = ctx.data.series.map((s, i) => {
    const color = accentColor(i);
    const marker = `<c:marker><c:symbol val="circle"/><c:size val="7"/><c:spPr>${fill(color)}${line(9525, '<a:schemeClr val="bg1"/>')}</c:spPr></c:marker>`;
    return series(ctx, s, i, `<c:spPr><a:noFill/>${line(28575, color)}</c:spPr>${marker}${labelled(ctx) ? dataLabels(ctx, 't') : ''}`, '<c:smooth val="0"/>');
  });
  return `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${sers.join('')}<c:marker val="1"/>` +
    `<c:axId val="${CAT_AX}"/><c:axId val="${VAL_AX}"/></c:lineChart>`;
}

function piePlot(ctx: Ctx): string {
  const sers = ctx.data.series.map((s, i) => {
    const points = ctx.data.categories.map((_, j) =>
      `<c:dPt><c:idx val="${j}"/><c:bubble3D val="0"/><c:spPr>${fill(accentColor(j))}${line(19050, '<a:schemeClr val="bg1"/>')}</c:spPr></c:dPt>`,
    );
    return series(ctx, s, i, points.join('') + dataLabels(ctx, 'outEnd', true));
  });
  return `<c:pieChart><c:varyColors val="1"/>${sers.join('')}<c:firstSliceAng val="0"/></c:pieChart>`;
}

function axes(ctx: Ctx): string {
  const { sizes, format } = ctx;
  const cat = `<c:catAx><c:axId val="${CAT_AX}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/>` +
    '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>' +
    `<c:spPr><a:noFill/><a:ln w="9525" cap="flat">${fill(AXIS_LINE)}<a:round/></a:ln></c:spPr>${txPr(sizes.axis, AXIS_TEXT)}` +
    `<c:crossAx val="${VAL_AX}"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
  const numFmt = format ? `<c:numFmt formatCode="${xmlEscape(format)}" sourceLinked="0"/>` : '<c:numFmt formatCode="General" sourceLinked="1"/>';
  const val = `<c:valAx><c:axId val="${VAL_AX}"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>` +
    `<c:majorGridlines><c:spPr><a:ln w="9525" cap="flat">${fill(GRID)}<a:round/></a:ln></c:spPr></c:majorGridlines>` +
    `${numFmt}<c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>${NO_SHAPE}${txPr(sizes.axis, AXIS_TEXT)}` +
    `<c:crossAx val="${CAT_AX}"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>`;
  return cat + val;
}

function title(text: string, sz: number): string {
  const paras = text.split(/\r?\n/).map((t) =>
    `<a:p><a:pPr>${runProps('a:defRPr', sz, tx1(), true)}</a:pPr>${t ? `<a:r>${runProps('a:rPr', sz, tx1(), true)}<a:t>${xmlEscape(t)}</a:t></a:r>` : '<a:endParaRPr lang="en-US"/>'}</a:p>`,
  );
  return `<c:title><c:tx><c:rich><a:bodyPr rot="0" vert="horz" anchor="ctr" anchorCtr="1"/><a:lstStyle/>${paras.join('')}</c:rich></c:tx>` +
    `<c:overlay val="0"/>${NO_SHAPE}</c:title><c:autoTitleDeleted val="0"/>`;
}

function legend(ctx: Ctx): string {
  const pos = ctx.data.type === 'pie' ? 'r' : ctx.data.series.length > 1 ? 'b' : null;
  if (!pos) return '';
  return `<c:legend><c:legendPos val="${pos}"/><c:overlay val="0"/>${NO_SHAPE}${txPr(ctx.sizes.legend, AXIS_TEXT)}</c:legend>`;
}

/** A complete chart part: XML declaration, c:chartSpace with the c, a and r namespaces. */
export function chartPartXml(input: ChartData, options: ChartXmlOptions = {}): string {
  const data = normalizeChartData(input);
  const style = options.style ?? 'slide';
  const ctx: Ctx = { data, sizes: SIZES[style], format: options.numberFormat || undefined, ranges: chartRanges(data, options.sheetName ?? 'Sheet1', options.at ?? 'A1') };
  const plot = data.type === 'pie' ? piePlot(ctx) : data.type === 'line' ? linePlot(ctx) : barPlot(ctx);
  const plotArea = `<c:plotArea><c:layout/>${plot}${data.type === 'pie' ? '' : axes(ctx)}${NO_SHAPE}</c:plotArea>`;
  const head = data.title?.trim() ? title(data.title.trim(), ctx.sizes.title) : '<c:autoTitleDeleted val="1"/>';
  // In a sheet the chart covers the cells under it: a white area with a hairline border, as Excel draws it.
  const area = style === 'sheet' ? `<c:spPr>${fill('<a:schemeClr val="bg1"/>')}<a:ln w="9525">${fill(GRID)}</a:ln></c:spPr>` : NO_SHAPE;
  const external = options.workbookRelId ? `<c:externalData r:id="${xmlEscape(options.workbookRelId)}"><c:autoUpdate val="0"/></c:externalData>` : '';
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<c:chartSpace ${NS_DECL}><c:date1904 val="0"/><c:lang val="en-US"/><c:roundedCorners val="0"/>` +
    `<c:chart>${head}${plotArea}${legend(ctx)}<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>` +
    `${area}${txPr(ctx.sizes.axis, AXIS_TEXT)}${external}</c:chartSpace>`;
  return options.literalColors ? literal(xml) : xml;
}
