// Draws one body element (bullets, chart, image; tables in table-painter.ts) into a box of a slide. Every shape is named
// `folio:<role>#<element id>` so the reader finds the element again, edited or not.
import type { Bullet, ChartSpec, SlideElement } from './model.ts';
import { markupRuns, type Pptx, type PptxSlide, type TextRun } from './pptxgen.ts';
import { fitText, textHeight } from './text-fit.ts';
import { mix, type Palette } from './theme.ts';

export interface Box { x: number; y: number; w: number; h: number }

/** Smallest sizes the renderer will use; the tools refuse content that does not fit at them. */
export const MIN_BULLET_SIZE = 12;
const BULLET_INDENT_IN = 0.4;

const bulletOptions = (font: string, max: number, paraSpacing: number) => ({ font, max, min: MIN_BULLET_SIZE, lineSpacing: 1.18, paraSpacing, indent: BULLET_INDENT_IN, inset: 0.08 });
const paragraphsOf = (items: Bullet[]) => items.map((b) => ({ text: plainRuns(b.text), level: b.level }));

export function bulletFit(items: Bullet[], box: Box, font: string, max = 28) {
  return fitText(paragraphsOf(items), box, bulletOptions(font, max, 0.55));
}

/** Space before each top-level bullet (multiple of the size): short lists breathe instead of huddling at the top. */
function bulletSpacing(items: Bullet[], box: Box, font: string, size: number): number {
  for (const spacing of [1.1, 0.85]) {
    if (textHeight(paragraphsOf(items), box.w, size, bulletOptions(font, size, spacing)) <= box.h * 0.8) return spacing;
  }
  return 0.55;
}

const plainRuns = (text: string) => markupRuns(text).map((r) => r.text).join('');

export function paintBullets(slide: PptxSlide, id: string, items: Bullet[], box: Box, p: Palette, color = p.text, max = 28): void {
  const { size } = bulletFit(items, box, p.bodyFont, max);
  const spacing = bulletSpacing(items, box, p.bodyFont, size);
  const runs: TextRun[] = [];
  items.forEach((item) => {
    const level = Math.max(0, Math.min(2, item.level));
    const line = markupRuns(item.text, { fontSize: level ? Math.max(MIN_BULLET_SIZE, size - 2 * level) : size, color });
    line[0].options = {
      ...line[0].options,
      bullet: { code: level === 0 ? '2022' : '2013', indent: BULLET_INDENT_IN * 72 },
      indentLevel: level,
      paraSpaceBefore: Math.round(size * (level ? 0.25 : spacing)),
    };
    line[line.length - 1].options = { ...line[line.length - 1].options, breakLine: true };
    runs.push(...line);
  });
  slide.addText(runs, { objectName: `folio:bullets#${id}`, ...box, fontFace: p.bodyFont, color, valign: 'top', margin: 6, lineSpacingMultiple: 1.08 });
}

/** A small heading above an element (two-column slides). */
export function paintHeading(slide: PptxSlide, id: string, text: string, box: Box, p: Palette): void {
  slide.addText(markupRuns(text), { objectName: `folio:heading#${id}`, ...box, fontFace: p.headingFont, fontSize: 18, bold: true, color: p.heading, margin: 0, valign: 'bottom', fit: 'shrink' });
}

export function paintCaption(slide: PptxSlide, element: SlideElement, box: Box, p: Palette): void {
  const source = element.kind === 'chart' ? element.chart.source : undefined;
  const text = [element.caption, source ? `Source: ${source}` : undefined].filter(Boolean).join(' \u00B7 ');
  if (!text) return;
  slide.addText(text, {
    objectName: `folio:caption#${element.id}`, ...box, fontFace: p.bodyFont, fontSize: 12, italic: true, color: p.muted, margin: 0, valign: 'top', fit: 'shrink',
    align: element.kind === 'image' ? 'center' : 'left',
  });
}

export function captionText(element: SlideElement): boolean {
  return Boolean(element.caption || (element.kind === 'chart' && element.chart.source));
}

/** As many decimals as the data has (at most 2), with thousands separators. */
function numberFormat(values: number[]): string {
  const decimals = Math.min(2, Math.max(0, ...values.map((v) => (String(v).split('.')[1] ?? '').length)));
  return decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
}

export function paintChart(pptx: Pptx, slide: PptxSlide, id: string, chart: ChartSpec, box: Box, p: Palette): void {
  const data = chart.series.map((s) => ({ name: s.name, labels: chart.categories, values: s.values }));
  const all = chart.series.flatMap((s) => s.values);
  const format = numberFormat(all);
  const axisText = { catAxisLabelColor: p.muted, valAxisLabelColor: p.muted, catAxisLabelFontFace: p.bodyFont, valAxisLabelFontFace: p.bodyFont, catAxisLabelFontSize: 14, valAxisLabelFontSize: 13 };
  const common = {
    objectName: `folio:chart#${id}`, ...box, chartColors: chart.type === 'pie' ? chart.categories.map((_, i) => p.series[i % p.series.length]) : p.series.slice(0, Math.max(1, chart.series.length)),
    showLegend: chart.type === 'pie' || chart.series.length > 1, legendPos: chart.type === 'pie' ? 'r' : 'b', legendFontSize: 14, legendFontFace: p.bodyFont, legendColor: p.text,
    dataLabelFormatCode: format, dataLabelFontSize: 13, dataLabelFontFace: p.bodyFont,
  } as const;
  if (chart.type === 'pie') {
    slide.addChart(pptx.ChartType.pie, data, {
      ...common, showPercent: true, showValue: false, dataLabelFormatCode: '0%', dataLabelColor: p.text, dataLabelFontSize: 14, dataLabelFontBold: true,
      dataLabelPosition: 'outEnd', dataBorder: { pt: 1.5, color: p.canvas },
    });
    return;
  }
  const labels = chart.series.length === 1 && chart.categories.length <= 12;
  const grid = { valGridLine: { color: mix(p.canvas, p.muted, 0.25), size: 0.5 }, catGridLine: { style: 'none' as const }, valAxisLabelFormatCode: format, valAxisLineShow: false };
  if (chart.type === 'bar') {
    slide.addChart(pptx.ChartType.bar, data, { ...common, ...axisText, ...grid, barDir: 'col', barGapWidthPct: 60, showValue: labels, dataLabelColor: p.text, dataLabelPosition: 'outEnd' });
  } else {
    slide.addChart(pptx.ChartType.line, data, { ...common, ...axisText, ...grid, lineSize: 3, lineDataSymbol: 'circle', lineDataSymbolSize: 7, showValue: labels, dataLabelColor: p.text, dataLabelPosition: 't' });
  }
}

export function paintImage(slide: PptxSlide, element: Extract<SlideElement, { kind: 'image' }>, box: Box): void {
  const img = element.image;
  const ratio = img.width > 0 && img.height > 0 ? img.width / img.height : 4 / 3;
  const w = Math.min(box.w, box.h * ratio);
  const h = w / ratio;
  slide.addImage({
    objectName: `folio:image#${element.id}`, data: `${img.contentType};base64,${img.bytes.toString('base64')}`,
    x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h, altText: img.alt ?? element.caption ?? '',
  });
}
