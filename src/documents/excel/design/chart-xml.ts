// The chart part (xl/charts/chartN.xml) of a chart the agent adds or changes: column, bar, line, area,
// pie and doughnut plots whose series point at live cell ranges of the workbook, with caches of the
// current values (what viewers show before they recalculate). Colours are the workbook's theme accents
// (schemeClr), so the chart follows the file's palette; a series colour or the request's brand is
// written as RGB. Text uses the theme's body font and greys derived from the theme's text colour.
import { accentColor } from '../../ooxml/charts/chart-xml.ts';
import { xmlEscape } from '../../ooxml/xml.ts';
import { parseSheetRange } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell, serialOf, type CellScalar } from '../view/cells.ts';
import { evaluatorFor } from '../view/formula-book.ts';
import type { ChartKind } from '../view/sheet-parts.ts';

export const CHART_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface ChartSpec {
  kind: ChartKind;
  title: string;
  /** Sheet-qualified range of the category labels ('' for none). */
  categories: string;
  series: { name: string; nameRef?: string | null; values: string; color?: string }[];
  stacked?: boolean;
  showLegend?: boolean;
  showDataLabels?: boolean;
  valueFormat?: string;
  xAxisTitle?: string;
  yAxisTitle?: string;
}

export interface RangeData {
  values: CellScalar[];
  numFmt: string | undefined;
  /** Some cell holds a formula. */
  hasFormula: boolean;
}

/** The cells a sheet-qualified reference points at, in reading order (formulas computed), with the first cell's number format. */
export function rangeData(doc: ExcelDocument, ref: string): RangeData {
  const parsed = parseSheetRange(ref);
  const entry = parsed?.sheet ? doc.findSheet(parsed.sheet) : undefined;
  if (!parsed || !entry || entry.kind !== 'worksheet' || !entry.part) return { values: [], numFmt: undefined, hasFormula: false };
  const ws = doc.worksheet(entry);
  const { evaluator, book } = evaluatorFor(doc);
  const sheet = book.sheet(entry.name)!;
  const values: CellScalar[] = [];
  let numFmt: string | undefined;
  let hasFormula = false;
  for (let r = parsed.range.start.row; r <= parsed.range.end.row; r++) {
    for (let c = parsed.range.start.col; c <= parsed.range.end.col; c++) {
      const cell = readCell(ws, doc, r, c);
      if (cell?.formula !== undefined) {
        hasFormula = true;
        values.push(evaluator.resultAt(sheet, r, c));
      } else values.push(cell?.value ?? null);
      if (cell && numFmt === undefined) {
        const f = doc.styles().numFmt(cell.s);
        numFmt = f === 'General' ? undefined : f;
      }
    }
  }
  return { values, numFmt, hasFormula };
}

const num = (v: CellScalar, date1904: boolean): number | null => (typeof v === 'number' ? v : v instanceof Date ? serialOf(v, date1904) : typeof v === 'boolean' ? Number(v) : null);
const text = (v: CellScalar): string => (v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

function numRef(ref: string, data: RangeData, date1904: boolean): string {
  const pts = data.values.map((v, i) => { const n = num(v, date1904); return n === null ? '' : `<c:pt idx="${i}"><c:v>${n}</c:v></c:pt>`; }).join('');
  return `<c:numRef><c:f>${xmlEscape(ref)}</c:f><c:numCache><c:formatCode>${xmlEscape(data.numFmt ?? 'General')}</c:formatCode><c:ptCount val="${data.values.length}"/>${pts}</c:numCache></c:numRef>`;
}

function strRef(ref: string, values: CellScalar[]): string {
  const pts = values.map((v, i) => `<c:pt idx="${i}"><c:v>${xmlEscape(text(v))}</c:v></c:pt>`).join('');
  return `<c:strRef><c:f>${xmlEscape(ref)}</c:f><c:strCache><c:ptCount val="${values.length}"/>${pts}</c:strCache></c:strRef>`;
}

/** tx1 made lighter: greys that follow the theme's text colour. */
const grey = (mod: number) => `<a:schemeClr val="tx1"><a:lumMod val="${mod}"/><a:lumOff val="${100000 - mod}"/></a:schemeClr>`;

/** Theme references as the default theme's RGB values, for a workbook without a theme part (our own markup only: text is escaped). */
function literal(xml: string, colors: string[]): string {
  const named: Record<string, string> = { tx1: colors[1], bg1: colors[0], tx2: colors[3], bg2: colors[2] };
  for (let i = 0; i < 6; i++) named[`accent${i + 1}`] = colors[4 + i];
  return xml
    .replace(/<a:schemeClr val="tx1"><a:lumMod val="(\d+)"\/><a:lumOff val="\d+"\/><\/a:schemeClr>/g, (_, mod: string) => {
      const v = Math.round(255 * (1 - Number(mod) / 100000)).toString(16).padStart(2, '0').toUpperCase();
      return `<a:srgbClr val="${v}${v}${v}"/>`;
    })
    .replace(/<a:schemeClr val="(\w+)"(\/?)>/g, (_, name: string, close: string) => `<a:srgbClr val="${named[name] ?? '000000'}"${close}>`)
    .replace(/<\/a:schemeClr>/g, '</a:srgbClr>');
}
const solid = (color: string) => `<a:solidFill>${color}</a:solidFill>`;
const rgb = (hex: string) => `<a:srgbClr val="${hex}"/>`;

interface Look { font: string; palette: (i: number) => string }

function runProps(size: number, color: string, bold: boolean, look: Look): string {
  return `<a:defRPr sz="${size * 100}" b="${bold ? 1 : 0}">${solid(color)}<a:latin typeface="${xmlEscape(look.font)}"/></a:defRPr>`;
}

function txPr(size: number, color: string, look: Look, bold = false): string {
  return `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr>${runProps(size, color, bold, look)}</a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;
}

function richTitle(title: string, size: number, color: string, look: Look): string {
  return `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr>${runProps(size, color, true, look)}</a:pPr><a:r><a:rPr lang="en-US" sz="${size * 100}" b="1">${solid(color)}<a:latin typeface="${xmlEscape(look.font)}"/></a:rPr><a:t>${xmlEscape(title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>`;
}

/** An axis format from the data's own: whole numbers, positive section only ("$"#,##0.00;("$"#,##0.00) -> "$"#,##0). */
export function compactFormat(numFmt: string | undefined): string | undefined {
  if (!numFmt || numFmt === 'General') return undefined;
  const positive = numFmt.split(';')[0];
  return positive.includes('%') ? positive.replace(/\.0+%/, '%') : positive.replace(/\.0+/, '');
}

function seriesXml(doc: ExcelDocument, chart: ChartSpec, look: Look, categories: RangeData, catNumeric: boolean): string {
  const pie = chart.kind === 'pie' || chart.kind === 'doughnut';
  const white = '<a:schemeClr val="bg1"/>';
  return chart.series.map((s, i) => {
    const color = s.color ? rgb(s.color) : look.palette(i);
    const tx = s.nameRef ? `<c:tx>${strRef(s.nameRef, [s.name])}</c:tx>` : `<c:tx><c:v>${xmlEscape(s.name)}</c:v></c:tx>`;
    const line = chart.kind === 'line';
    const spPr = pie ? `<c:spPr><a:ln w="12700">${solid(white)}</a:ln></c:spPr>`
      : line ? `<c:spPr><a:ln w="28575" cap="rnd">${solid(color)}<a:round/></a:ln></c:spPr><c:marker><c:symbol val="circle"/><c:size val="5"/><c:spPr>${solid(color)}<a:ln w="9525">${solid(color)}</a:ln></c:spPr></c:marker>`
        : `<c:spPr>${solid(color)}<a:ln><a:noFill/></a:ln></c:spPr>`;
    const points = pie ? categories.values.map((_, p) => `<c:dPt><c:idx val="${p}"/><c:bubble3D val="0"/><c:spPr>${solid(look.palette(p))}<a:ln w="12700">${solid(white)}</a:ln></c:spPr></c:dPt>`).join('') : '';
    const labels = chart.showDataLabels ?? pie
      ? `<c:dLbls>${chart.valueFormat ? `<c:numFmt formatCode="${xmlEscape(chart.valueFormat)}" sourceLinked="0"/>` : ''}<c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr>${txPr(9, pie ? white : grey(75000), look, pie)}${chart.kind === 'pie' ? '<c:dLblPos val="ctr"/>' : ''}<c:showLegendKey val="0"/><c:showVal val="${pie ? 0 : 1}"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="${pie ? 1 : 0}"/><c:showBubbleSize val="0"/></c:dLbls>`
      : '';
    const cat = chart.categories ? `<c:cat>${catNumeric ? numRef(chart.categories, categories, doc.date1904) : strRef(chart.categories, categories.values)}</c:cat>` : '';
    const val = `<c:val>${numRef(s.values, rangeData(doc, s.values), doc.date1904)}</c:val>`;
    const invert = chart.kind === 'bar' || chart.kind === 'column' ? '<c:invertIfNegative val="0"/>' : '';
    return `<c:ser><c:idx val="${i}"/><c:order val="${i}"/>${tx}${spPr}${invert}${points}${labels}${cat}${val}${line ? '<c:smooth val="0"/>' : ''}</c:ser>`;
  }).join('');
}

function axes(chart: ChartSpec, look: Look, catNumeric: boolean, catFmt: string | undefined, seriesFmt: string | undefined): string {
  const horizontal = chart.kind === 'bar';
  const axisLine = `<c:spPr><a:noFill/><a:ln w="9525">${solid(grey(25000))}</a:ln></c:spPr>`;
  const title = (t: string | undefined) => (t ? richTitle(t, 10, grey(75000), look) : '');
  const catFmtXml = catNumeric && catFmt ? `<c:numFmt formatCode="${xmlEscape(catFmt)}" sourceLinked="1"/>` : '';
  const valFmt = chart.valueFormat ?? compactFormat(seriesFmt);
  const cat = `<c:catAx><c:axId val="500000001"/><c:scaling><c:orientation val="${horizontal ? 'maxMin' : 'minMax'}"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? 'l' : 'b'}"/>${title(chart.xAxisTitle)}${catFmtXml}<c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="low"/>${axisLine}${txPr(9, grey(65000), look)}<c:crossAx val="500000002"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
  const val = `<c:valAx><c:axId val="500000002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? 'b' : 'l'}"/><c:majorGridlines><c:spPr><a:ln w="9525">${solid(grey(15000))}</a:ln></c:spPr></c:majorGridlines>${title(chart.yAxisTitle)}<c:numFmt formatCode="${xmlEscape(valFmt ?? 'General')}" sourceLinked="${valFmt ? 0 : 1}"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr>${txPr(9, grey(65000), look)}<c:crossAx val="500000001"/><c:crosses val="${horizontal ? 'max' : 'autoZero'}"/><c:crossBetween val="between"/></c:valAx>`;
  return cat + val;
}

/** The palette of new charts: the brand's colours first when there is a brand, else the theme's accents. */
function lookOf(doc: ExcelDocument): Look {
  const brand = doc.brand;
  const brandColors = [brand?.primaryColor, brand?.secondaryColor].filter((c): c is string => !!c);
  const normal = doc.styles().font(0)?.getElementsByTagNameNS(doc.book.ns.x, 'name')[0]?.getAttribute('val');
  return {
    // Without a theme there is no theme font to refer to: the workbook's Normal font instead.
    font: brand?.font ?? (doc.hasTheme || !normal ? '+mn-lt' : normal),
    palette: (i) => (i < brandColors.length ? rgb(brandColors[i]) : accentColor(i - brandColors.length)),
  };
}

export function chartPartXml(doc: ExcelDocument, chart: ChartSpec): string {
  const look = lookOf(doc);
  const categories = chart.categories ? rangeData(doc, chart.categories) : { values: [], numFmt: undefined, hasFormula: false };
  const catNumeric = categories.values.length > 0 && categories.values.every((v) => v === null || typeof v === 'number' || v instanceof Date);
  const series = seriesXml(doc, chart, look, categories, catNumeric);
  const axIds = '<c:axId val="500000001"/><c:axId val="500000002"/>';
  let plot: string;
  switch (chart.kind) {
    case 'pie': plot = `<c:pieChart><c:varyColors val="1"/>${series}<c:firstSliceAng val="0"/></c:pieChart>`; break;
    case 'doughnut': plot = `<c:doughnutChart><c:varyColors val="1"/>${series}<c:firstSliceAng val="0"/><c:holeSize val="55"/></c:doughnutChart>`; break;
    case 'line': plot = `<c:lineChart><c:grouping val="${chart.stacked ? 'stacked' : 'standard'}"/><c:varyColors val="0"/>${series}<c:marker val="1"/>${axIds}</c:lineChart>`; break;
    case 'area': plot = `<c:areaChart><c:grouping val="${chart.stacked ? 'stacked' : 'standard'}"/><c:varyColors val="0"/>${series}${axIds}</c:areaChart>`; break;
    default: plot = `<c:barChart><c:barDir val="${chart.kind === 'bar' ? 'bar' : 'col'}"/><c:grouping val="${chart.stacked ? 'stacked' : 'clustered'}"/><c:varyColors val="0"/>${series}<c:gapWidth val="${chart.stacked ? 60 : 80}"/>${chart.stacked ? '<c:overlap val="100"/>' : '<c:overlap val="-10"/>'}${axIds}</c:barChart>`;
  }
  const pie = chart.kind === 'pie' || chart.kind === 'doughnut';
  const showLegend = chart.showLegend ?? (pie || chart.series.length > 1);
  const legend = showLegend ? `<c:legend><c:legendPos val="${pie ? 'r' : 'b'}"/><c:overlay val="0"/>${txPr(9, grey(75000), look)}</c:legend>` : '';
  const title = chart.title ? richTitle(chart.title, 13, grey(85000), look) : '';
  const firstFmt = chart.series[0] ? rangeData(doc, chart.series[0].values).numFmt : undefined;
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace xmlns:c="${CHART_NS}" xmlns:a="${A_NS}" xmlns:r="${R_NS}"><c:date1904 val="${doc.date1904 ? 1 : 0}"/><c:lang val="en-US"/><c:roundedCorners val="0"/><c:chart>${title}<c:autoTitleDeleted val="${chart.title ? 0 : 1}"/><c:plotArea><c:layout/>${plot}${pie ? '' : axes(chart, look, catNumeric, categories.numFmt, firstFmt)}<c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr></c:plotArea>${legend}<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart><c:spPr>${solid('<a:schemeClr val="bg1"/>')}<a:ln w="9525">${solid(grey(15000))}</a:ln></c:spPr>${txPr(10, grey(75000), look)}<c:printSettings><c:headerFooter/><c:pageMargins b="0.75" l="0.7" r="0.7" t="0.75" header="0.3" footer="0.3"/><c:pageSetup/></c:printSettings></c:chartSpace>`;
  return doc.hasTheme ? xml : literal(xml, doc.theme().colors);
}
