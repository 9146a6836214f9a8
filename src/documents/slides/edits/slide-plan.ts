// Where a new slide's content goes, decided before anything is written: the deck layout for the kind
// of slide, the placeholder (or box) of each piece, and whether the text fits at the layout's own
// size (else a shrink factor, or a ToolError when even 55% would not fit). `add-slide.ts` writes it.
import { ToolError } from '../../agent/tool-error.ts';
import { EMU_PER_INCH, type Box } from '../deck.ts';
import { chooseLayout, contentSlots, findPlaceholder, footerTop, KIND_FALLBACK, layoutScore, type LayoutInfo, type LayoutPlaceholder, type SlideKind } from '../design/layouts.ts';
import { fitText } from '../design/text-fit.ts';
import type { SlidesDocument } from '../slides-document.ts';
import { masterNear } from './new-slide.ts';
import { MIN_TABLE_SIZE, tableFit, type TableData } from './table.ts';
import { plainOfMarkup, type TextItem } from './text-body.ts';
import type { ChartData } from '../../ooxml/charts/chart-spec.ts';

export interface ImageContent { bytes: Buffer; contentType: string; width: number | null; height: number | null; alt: string; imageId?: string }

export type Block =
  | { kind: 'bullets'; items: TextItem[] }
  | { kind: 'chart'; chart: ChartData; source?: string }
  | { kind: 'table'; table: TableData }
  | { kind: 'image'; image: ImageContent };

export interface Column { heading?: string; block: Block; caption?: string }

export interface SlideContent {
  kind: SlideKind;
  title: string;
  subtitle?: string;
  /** The main content: a list, or a chart, table or picture. */
  body?: Block;
  caption?: string;
  columns?: [Column, Column];
  quote?: { text: string; attribution?: string };
  notes?: string;
}

/** A piece of text going into a placeholder, with the shrink it needs (1 = the layout's own size). */
export interface TextPlacement { ph: LayoutPlaceholder; items: TextItem[]; scale: number; plain?: boolean; noBullets?: boolean }

export interface BlockPlacement { block: Block; box: Box; ph: LayoutPlaceholder | null; scale: number }

export interface SlidePlan {
  layout: LayoutInfo;
  texts: TextPlacement[];
  blocks: BlockPlacement[];
  /** Text boxes where the layout has no placeholder (captions, headings, a title on a blank layout). */
  boxes: { role: 'caption' | 'heading' | 'title' | 'list'; text: string; box: Box; items?: TextItem[] }[];
  font: string;
}

const inch = (n: number) => Math.round(n * EMU_PER_INCH);
const CAPTION_H = inch(0.42);
const HEADING_H = inch(0.55);
const MIN_SCALE = 0.55;

function kindsToTry(content: SlideContent): SlideKind[] {
  // A closing slide with next steps needs a place for them: the deck's closing layout, else a list slide.
  if (content.kind === 'closing' && content.body) return ['closing', 'bullets', 'title-only', 'blank'];
  return [content.kind, ...KIND_FALLBACK[content.kind]];
}

function pickLayout(d: SlidesDocument, content: SlideContent, position: number): LayoutInfo {
  const catalog = d.catalog();
  const near = masterNear(d, position);
  const headings = content.columns?.some((c) => c.heading);
  for (const kind of kindsToTry(content)) {
    let layout = chooseLayout(catalog, kind, near);
    if (kind === 'two-column' && headings) {
      const comparison = catalog.filter((l) => layoutScore(kind, l) > 0 && findPlaceholder(l, 'heading')).sort((a, b) => Number(b.master === near) - Number(a.master === near))[0];
      layout = comparison ?? layout;
    }
    if (kind === 'closing' && content.body && layout && !findPlaceholder(layout, 'next-steps')) continue;
    if (layout) return layout;
  }
  if (!catalog.length) throw new ToolError('This deck has no slide layouts to make slides from.');
  return catalog[0];
}

/** The title's box on a layout without a title placeholder: across the top of the slide. */
function titleArea(d: SlidesDocument): Box {
  const { cx, cy } = d.deck.slideSize();
  return { x: Math.round(cx * 0.06), y: Math.round(cy * 0.05), cx: Math.round(cx * 0.88), cy: Math.round(cy * 0.15) };
}

/** The area for content on a layout without a content placeholder: below the title, above the footers. */
function freeArea(d: SlidesDocument, l: LayoutInfo): Box {
  const { cx, cy } = d.deck.slideSize();
  const title = findPlaceholder(l, 'title')?.resolved ?? null;
  const x = title ? title.x : Math.round(cx * 0.06);
  const below = title ? title.y + title.cy : titleArea(d).y + titleArea(d).cy;
  const top = below + inch(0.2);
  const bottom = (footerTop(l) ?? cy) - inch(0.15);
  return { x, y: top, cx: title ? Math.max(title.cx, Math.round(cx * 0.5)) : cx - 2 * x, cy: Math.max(inch(1), bottom - top) };
}

/** The shrink factor at which the items fit the placeholder, or null when they do not fit at 55%. */
function textScale(d: SlidesDocument, l: LayoutInfo, ph: LayoutPlaceholder, items: TextItem[], box: Box | null): number | null {
  if (!box) return 1;
  const { size, font } = ph.text;
  const paragraphs = items.map((i) => ({ text: plainOfMarkup(i.text), level: i.level }));
  const area = { w: box.cx / EMU_PER_INCH, h: box.cy / EMU_PER_INCH };
  const bulleted = ph.type === 'body' || ph.type === 'obj';
  const fit = fitText(paragraphs, area, { font, max: size, min: Math.max(8, Math.floor(size * MIN_SCALE)), lineSpacing: 1.15, paraSpacing: bulleted ? 0.45 : 0.1, indent: bulleted ? 0.35 : 0, inset: 0.1 });
  return fit.fits ? Math.min(1, fit.size / size) : null;
}

function shrinkOrRefuse(scale: number | null, what: string): number {
  if (scale === null) throw new ToolError(`${what} does not fit on one slide of this deck even at a smaller font. Shorten it, or split it over two slides.`);
  return scale;
}

export function planSlide(d: SlidesDocument, content: SlideContent, position: number): SlidePlan {
  const layout = pickLayout(d, content, position);
  const plan: SlidePlan = { layout, texts: [], blocks: [], boxes: [], font: layout.fonts.minor };
  const title = findPlaceholder(layout, 'title');
  if (content.title.trim()) {
    if (title) plan.texts.push({ ph: title, items: [{ text: content.title, level: 0 }], scale: shrinkOrRefuse(textScale(d, layout, title, [{ text: content.title, level: 0 }], title.resolved), `The title "${content.title.slice(0, 40)}"`), plain: true });
    else plan.boxes.push({ role: 'title', text: content.title, box: titleArea(d) });
  }
  const subtitleText = [content.subtitle].filter((s): s is string => !!s?.trim());
  const subtitle = findPlaceholder(layout, 'subtitle');
  if (subtitleText.length && subtitle) plan.texts.push({ ph: subtitle, items: subtitleText.map((t) => ({ text: t, level: 0 })), scale: shrinkOrRefuse(textScale(d, layout, subtitle, [{ text: subtitleText[0], level: 0 }], subtitle.resolved), 'The subtitle'), plain: true });
  const sectionNumber = findPlaceholder(layout, 'section-number');
  if (content.kind === 'section' && sectionNumber) {
    const n = d.slides().slice(0, position).filter((s) => s.layout?.part === layout.part).length + 1;
    plan.texts.push({ ph: sectionNumber, items: [{ text: String(n).padStart(2, '0'), level: 0 }], scale: 1, plain: true });
  }
  if (content.quote) placeQuote(d, plan, content.quote);
  if (content.columns) placeColumns(d, plan, content.columns);
  else if (content.body) placeBody(d, plan, content.body, content.caption, content.kind === 'closing');
  return plan;
}

function placeQuote(d: SlidesDocument, plan: SlidePlan, quote: { text: string; attribution?: string }): void {
  const l = plan.layout;
  const quotePh = findPlaceholder(l, 'quote');
  const attribution = findPlaceholder(l, 'attribution');
  if (quotePh) {
    plan.texts.push({ ph: quotePh, items: [{ text: quote.text, level: 0 }], scale: shrinkOrRefuse(textScale(d, l, quotePh, [{ text: quote.text, level: 0 }], quotePh.resolved), 'The quote'), plain: false });
    if (quote.attribution && attribution) plan.texts.push({ ph: attribution, items: [{ text: `\u2014 ${quote.attribution}`, level: 0 }], scale: 1, plain: true });
    return;
  }
  const slot = contentSlots(l)[0];
  const items = [{ text: `\u201C${quote.text}\u201D`, level: 0 }, ...(quote.attribution ? [{ text: `\u2014 ${quote.attribution}`, level: 0 }] : [])];
  if (slot) plan.texts.push({ ph: slot, items, scale: shrinkOrRefuse(textScale(d, l, slot, items, slot.resolved), 'The quote'), noBullets: true });
  else plan.boxes.push({ role: 'caption', text: items.map((i) => i.text).join('\n'), box: freeArea(d, l) });
}

function placeBody(d: SlidesDocument, plan: SlidePlan, block: Block, caption: string | undefined, closing: boolean): void {
  const l = plan.layout;
  const slot = (closing ? findPlaceholder(l, 'next-steps') : null) ?? findPlaceholder(l, 'content');
  const area = slot?.resolved ?? freeArea(d, l);
  placeBlock(d, plan, block, slot, area, caption, findPlaceholder(l, 'caption'));
}

function placeColumns(d: SlidesDocument, plan: SlidePlan, columns: [Column, Column]): void {
  const l = plan.layout;
  const slots = [findPlaceholder(l, 'content'), findPlaceholder(l, 'second')];
  const headings = [findPlaceholder(l, 'heading'), findPlaceholder(l, 'second-heading')];
  const whole = freeArea(d, l);
  const gap = inch(0.4);
  columns.forEach((c, i) => {
    const slot = slots[i] && slots[0] !== slots[1] ? slots[i] : null;
    let area = slot?.resolved ?? { x: whole.x + i * ((whole.cx + gap) / 2), y: whole.y, cx: (whole.cx - gap) / 2, cy: whole.cy };
    if (c.heading) {
      const h = headings[i];
      if (h) plan.texts.push({ ph: h, items: [{ text: c.heading, level: 0 }], scale: 1, plain: true });
      else {
        plan.boxes.push({ role: 'heading', text: c.heading, box: { ...area, cy: HEADING_H } });
        area = { ...area, y: area.y + HEADING_H, cy: area.cy - HEADING_H };
      }
    }
    placeBlock(d, plan, c.block, slot, area, c.caption, null);
  });
}

function placeBlock(d: SlidesDocument, plan: SlidePlan, block: Block, slot: LayoutPlaceholder | null, area: Box, caption: string | undefined, captionPh: LayoutPlaceholder | null): void {
  const l = plan.layout;
  const source = block.kind === 'chart' ? block.source : undefined;
  const captionText = [caption, source ? `Source: ${source}` : undefined].filter(Boolean).join(' \u00B7 ');
  let box = area;
  if (captionText && block.kind !== 'bullets') {
    if (captionPh) plan.texts.push({ ph: captionPh, items: [{ text: captionText, level: 0 }], scale: 1, plain: true });
    else {
      box = { ...area, cy: area.cy - CAPTION_H };
      plan.boxes.push({ role: 'caption', text: captionText, box: { ...area, y: area.y + area.cy - CAPTION_H + inch(0.08), cy: CAPTION_H - inch(0.08) } });
    }
  }
  if (block.kind === 'bullets') {
    if (!slot) {
      plan.boxes.push({ role: 'list', text: '', items: block.items, box });
      return;
    }
    plan.texts.push({ ph: slot, items: block.items, scale: shrinkOrRefuse(textScale(d, l, slot, block.items, slot.resolved), `These ${block.items.length} bullets`) });
    return;
  }
  if (block.kind === 'table') {
    const fit = tableFit(block.table, { w: box.cx / EMU_PER_INCH, h: box.cy / EMU_PER_INCH }, plan.font);
    if (!fit.fits) throw new ToolError(`This table (${block.table.rows.length} rows x ${block.table.columns.length} columns) does not fit at ${MIN_TABLE_SIZE} pt. Show fewer rows (split it over slides with first_row/row_count), fewer columns, or shorter cells.`);
  }
  plan.blocks.push({ block, box, ph: slot, scale: 1 });
}
