// Tools on charts and images: add_chart, update_chart, move_chart, delete_chart, insert_image. A chart is
// a chart part anchored in the sheet's drawing; moving one changes only its anchor, updating one writes
// its chart part again, and a chart the tools cannot describe (scatter, combo, 3-D...) is kept as it is.
import { Type } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { ToolError } from '../../agent/tool-error.ts';
import { cellAddress, type RangePos } from '../a1.ts';
import { anchorAt, checkChartData, freeChartSpot, seriesFromBlock } from '../chart-placement.ts';
import { hexColor } from '../design/look.ts';
import type { ChartSpec } from '../design/chart-xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { addChart, addPicture, deleteChart, moveChart, rewriteChart } from '../edits/drawing.ts';
import type { ChartKind, ChartView } from '../view/sheet-parts.ts';
import { chartById } from '../view/sheet.view.ts';
import type { SheetEntry } from '../workbook.ts';
import { cellOf, CellText, qualifiedRange, SheetName } from './tool-support.ts';

const KINDS = ['column', 'bar', 'line', 'pie', 'doughnut', 'area'] as const;
const Range = Type.String({ minLength: 2, maxLength: 80, description: 'A range, on the chart\'s data sheet ("B2:B13") or sheet-qualified ("Sales!B2:B13").' });

const Series = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  values: Range,
  color: Type.Optional(Type.String({ pattern: '^#?[0-9A-Fa-f]{6}$' })),
}, { additionalProperties: false });

const Options = {
  title: Type.Optional(Type.String({ maxLength: 200 })),
  stacked: Type.Optional(Type.Boolean()),
  show_legend: Type.Optional(Type.Boolean()),
  data_labels: Type.Optional(Type.Boolean()),
  value_format: Type.Optional(Type.String({ maxLength: 60, description: 'Number format of the value axis and labels, e.g. "\\"$\\"#,##0".' })),
  x_axis_title: Type.Optional(Type.String({ maxLength: 100 })),
  y_axis_title: Type.Optional(Type.String({ maxLength: 100 })),
};

type OptionArgs = { title?: string; stacked?: boolean; show_legend?: boolean; data_labels?: boolean; value_format?: string; x_axis_title?: string; y_axis_title?: string };

function applyOptions(chart: ChartSpec, a: OptionArgs): void {
  if (a.title !== undefined) chart.title = a.title;
  if (a.stacked !== undefined) chart.stacked = a.stacked;
  if (a.show_legend !== undefined) chart.showLegend = a.show_legend;
  if (a.data_labels !== undefined) chart.showDataLabels = a.data_labels;
  if (a.value_format !== undefined) chart.valueFormat = a.value_format;
  if (a.x_axis_title !== undefined) chart.xAxisTitle = a.x_axis_title;
  if (a.y_axis_title !== undefined) chart.yAxisTitle = a.y_axis_title;
}

function chartData(doc: ExcelDocument, dataSheet: SheetEntry, a: { data_range?: string; categories?: string; series?: { name?: string; values: string; color?: string }[] }) {
  if (a.data_range) {
    if (a.series) throw new ToolError('give either data_range or categories+series, not both');
    return { ...seriesFromBlock(doc, qualifiedRange(doc, a.data_range, dataSheet)), ranges: [] as RangePos[] };
  }
  if (!a.series?.length) throw new ToolError('give data_range (header row + category column + value columns) or series');
  const ranges: RangePos[] = [];
  let categories = '';
  if (a.categories) {
    const c = qualifiedRange(doc, a.categories, dataSheet);
    categories = c.ref;
    ranges.push(c.range);
  }
  const series: ChartSpec['series'] = a.series.map((s, i) => {
    const v = qualifiedRange(doc, s.values, dataSheet);
    ranges.push(v.range);
    return { name: s.name ?? `Series ${i + 1}`, values: v.ref, ...(s.color ? { color: hexColor(s.color) } : {}) };
  });
  return { categories, series, ranges };
}

/** What a chart of the workbook shows, as a spec to write it again from. */
function specOf(chart: ChartView): ChartSpec {
  if (chart.kind === 'other') throw new ToolError(`${chart.id} is a ${chart.type} chart, which this agent keeps as it is but cannot edit; delete it and add a new one instead`);
  return { kind: chart.kind, title: chart.title, categories: chart.categories, series: chart.series.map((s) => ({ name: s.name, nameRef: s.nameRef, values: s.values })), stacked: chart.stacked };
}

export function chartTools(ctx: ToolContext<ExcelDocument>): AgentTool[] {
  const doc = ctx.doc;
  return [
    defineTool({
      name: 'add_chart',
      description: 'Adds a native Excel chart (column, bar, line, pie, doughnut, area) whose series point at live cells. Easiest: data_range = header row + category column + one column per series, e.g. "A1:C13". Placed right of the data unless position is given.',
      input: Type.Object({
        sheet: Type.String({ minLength: 1, maxLength: 31, description: 'The sheet to place the chart on.' }),
        kind: StringEnum(KINDS),
        data_sheet: Type.Optional(Type.String({ minLength: 1, maxLength: 31, description: 'Sheet of unqualified ranges (default: sheet).' })),
        data_range: Type.Optional(Range),
        categories: Type.Optional(Range),
        series: Type.Optional(Type.Array(Series, { minItems: 1, maxItems: 12 })),
        position: Type.Optional(CellText),
        width_columns: Type.Optional(Type.Integer({ minimum: 3, maximum: 30 })),
        height_rows: Type.Optional(Type.Integer({ minimum: 6, maximum: 60 })),
        ...Options,
      }, { additionalProperties: false }),
      execute: (a) => {
        const sheet = doc.sheet(a.sheet);
        const { categories, series, ranges } = chartData(doc, doc.sheet(a.data_sheet ?? a.sheet), a);
        const spec: ChartSpec = { kind: a.kind as ChartKind, title: a.title ?? '', categories, series };
        applyOptions(spec, a);
        checkChartData(doc, spec, ranges);
        const size = { cols: a.width_columns ?? 8, rows: a.height_rows ?? 16 };
        const anchor = a.position ? anchorAt(cellOf(a.position), size) : freeChartSpot(doc, sheet, size);
        const id = addChart(doc, sheet, spec, anchor);
        ctx.noteChange(`added ${spec.kind} chart "${spec.title || id}" on "${sheet.name}"`);
        return { chart_id: id, sheet: sheet.name, position: cellAddress(anchor.from), categories: spec.categories, series: spec.series.map((s) => `${s.name}: ${s.values}`) };
      },
    }),
    defineTool({
      name: 'update_chart',
      description: 'Changes a chart: kind, title, data (data_range or categories+series), stacking, legend, labels, axis titles.',
      input: Type.Object({
        chart_id: Type.String({ minLength: 1 }),
        kind: Type.Optional(StringEnum(KINDS)),
        data_sheet: Type.Optional(SheetName),
        data_range: Type.Optional(Range),
        categories: Type.Optional(Range),
        series: Type.Optional(Type.Array(Series, { minItems: 1, maxItems: 12 })),
        ...Options,
      }, { additionalProperties: false }),
      execute: (a) => {
        const chart = chartById(doc, a.chart_id);
        const next = specOf(chart);
        let ranges: RangePos[] = [];
        const dataSheet = doc.sheet(a.data_sheet ?? chart.sheet.name);
        if (a.data_range || a.series) {
          const data = chartData(doc, dataSheet, a);
          next.series = data.series;
          next.categories = data.categories || (a.data_range ? data.categories : chart.categories);
          ranges = data.ranges;
        } else if (a.categories) {
          const c = qualifiedRange(doc, a.categories, dataSheet);
          next.categories = c.ref;
          ranges = [c.range];
        }
        if (a.kind) next.kind = a.kind;
        applyOptions(next, a);
        checkChartData(doc, next, ranges);
        rewriteChart(doc, chart, next);
        ctx.noteChange(`updated chart "${next.title || chart.id}"`);
        return `Updated ${chart.id}.`;
      },
    }),
    defineTool({
      name: 'move_chart',
      description: 'Moves a chart to another cell and/or another sheet (its data stays where it is).',
      input: Type.Object({ chart_id: Type.String({ minLength: 1 }), sheet: Type.Optional(SheetName), position: Type.Optional(CellText) }, { additionalProperties: false }),
      execute: (a) => {
        const chart = chartById(doc, a.chart_id);
        const target = a.sheet ? doc.sheet(a.sheet) : chart.sheet;
        const size = { cols: chart.anchor.to.col - chart.anchor.from.col, rows: chart.anchor.to.row - chart.anchor.from.row };
        const anchor = a.position ? anchorAt(cellOf(a.position), size) : target.part === chart.sheet.part ? chart.anchor : freeChartSpot(doc, target, size);
        moveChart(doc, chart, target, anchor);
        ctx.noteChange(`moved chart "${chart.title || chart.id}" to "${target.name}" at ${cellAddress(anchor.from)}`);
        return `Moved ${chart.id} to ${target.name}!${cellAddress(anchor.from)}.`;
      },
    }),
    defineTool({
      name: 'delete_chart',
      description: 'Deletes a chart (its data stays).',
      input: Type.Object({ chart_id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
      execute: (a) => {
        const chart = chartById(doc, a.chart_id);
        deleteChart(doc, chart);
        ctx.noteChange(`deleted chart "${chart.title || chart.id}"`);
        return `Deleted ${chart.id}.`;
      },
    }),
    defineTool({
      name: 'insert_image',
      description: 'Places an image of the request (image_assets, or "logo" for the brand logo) on a sheet at a cell.',
      input: Type.Object({
        sheet: SheetName,
        image_id: Type.String({ minLength: 1, description: 'An image id of the request, or "logo".' }),
        position: CellText,
        width: Type.Optional(Type.Integer({ minimum: 16, maximum: 2000, description: 'Width in pixels (height keeps the aspect ratio). Default: up to 240.' })),
      }, { additionalProperties: false }),
      execute: (a) => {
        const sheet = doc.sheet(a.sheet);
        const image = a.image_id === 'logo' ? ctx.inputs.brand?.logo : ctx.inputs.images.find((i) => i.image_id === a.image_id);
        if (!image) throw new ToolError(`There is no image "${a.image_id}" in this request. Images: ${[...ctx.inputs.images.map((i) => i.image_id), ...(ctx.inputs.brand?.logo ? ['logo'] : [])].join(', ') || 'none'}.`);
        const ext = ({ 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' } as const)[image.content_type as 'image/png'];
        if (!ext) throw new ToolError(`${a.image_id} is ${image.content_type}; Excel workbooks take PNG, JPEG or GIF images`);
        const ratio = image.width && image.height ? image.height / image.width : 0.5;
        const width = a.width ?? Math.min(240, image.width ?? 240);
        const at = cellOf(a.position);
        addPicture(doc, sheet, { bytes: image.bytes, extension: ext, at, width, height: Math.round(width * ratio), description: image.caption ?? image.file_name });
        ctx.noteChange(`placed image ${a.image_id} on "${sheet.name}"`);
        return `Placed ${a.image_id} at ${sheet.name}!${cellAddress(at)}.`;
      },
    }),
  ];
}
