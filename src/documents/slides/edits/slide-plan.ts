// Where a new slide's content goes, decided before anything is written: the deck layout for the kind
// of slide, the placeholder (or box) of each piece, and whether the text fits at the layout's own
// size (else a shrink factor, or a ToolError when even 55% would not fit). `add-slide.ts` writes it.
import { ToolError } from '../../agent/tool-error.ts';
import { EMU_PER_INCH, type Box } from '../deck.ts';
import { chooseLayout, contentSlots, findPlaceholder, footerTop, KIND_FALLBACK, layoutScore, type LayoutInfo, type LayoutPlaceholder, type SlideKind } from '../design/layouts.ts';
import { fitText } from '../design/text-fit.ts';
import type { SlidesDocument } from '../slides.document.ts';
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

/** A piece of text going into a placeholder, with the shrink it needs (1 = the layout's own size) and, when it needs more room than the layout's box, its own box. */
export interface TextPlacement { ph: LayoutPlaceholder; items: TextItem[]; scale: number; box?: Box; plain?: boolean; noBullets?: boolean }

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

export function pickLayout(d: SlidesDocument, content: SlideContent, position: number): LayoutInfo {
  const catalog = d.catalog();
  const near = masterNear(d, position);
  const headings = content.columns?.some((c) => c.heading);
  const used = new Set(d.slides().map((s) => s.layout?.part).filter((p): p is string => !!p));
  const kinds = kindsToTry(content);
  for (const kind of kinds) {
    let best = chooseLayout(catalog, kind, near, used);
    if (kind === 'two-column' && headings) {
      const comparison = catalog.filter((l) => layoutScore(kind, l) > 50 && findPlaceholder(l, 'heading')).sort((a, b) => Number(b.master === near) - Number(a.master === near))[0];
      if (comparison) best = { layout: comparison, score: layoutScore(kind, comparison), fit: layoutScore(kind, comparison) };
    }
    if (kind === 'closing' && content.body && best && !findPlaceholder(best.layout, 'next-steps')) continue;
    // A poor match (a layout whose title sits mid-slide, say) gives way to a good one of the next kind.
    if (best && (best.fit > 50 || kind === kinds[kinds.length - 1])) return best.layout;
  }
  for (const kind of kinds) {
    const any = chooseLayout(catalog, kind, near, used);
    if (any) return any.layout;
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

/**
 * How text goes into a placeholder: at the layout's own size when it fits the placeholder's box; else
 * in the box stretched down to the footers (templates often draw small boxes and let text run on);
 * else shrunk, down to 55% (PowerPoint's stored "shrink on overflow"). Text that fits none of these is
 * refused with a ToolError the model can act on.
 */
function fitInto(d: SlidesDocument, l: LayoutInfo, ph: LayoutPlaceholder, items: TextItem[], what: string, within?: Box): { scale: number; box?: Box } {
  const box = within ?? ph.resolved;
  if (!box) return { scale: 1 };
  const { size, font } = ph.text;
  const paragraphs = items.map((i) => ({ text: plainOfMarkup(i.text), level: i.level }));
  const bulleted = ph.type === 'body' || ph.type === 'obj';
  const fit = (b: Box, min: number) => fitText(paragraphs, { w: b.cx / EMU_PER_INCH, h: b.cy / EMU_PER_INCH }, { font, max: size, min, lineSpacing: 1.15, paraSpacing: bulleted ? 0.45 : 0.1, indent: bulleted ? 0.35 : 0, inset: 0.1 });
  if (fit(box, size).fits) return { scale: 1, ...(within ? { box } : {}) };
  const bottom = (footerTop(l) ?? Math.round(d.deck.slideSize().cy * 0.95)) - inch(0.1);
  const tall = bottom > box.y + box.cy ? { ...box, cy: bottom - box.y } : box;
  if (tall !== box && fit(tall, size).fits) return { scale: 1, box: tall };
  const shrunk = fit(tall, Math.max(8, Math.floor(size * MIN_SCALE)));
  if (!shrunk.fits) throw new ToolError(`${what} ${/^These /.test(what) ? 'do' : 'does'} not fit on one slide of this deck even at a smaller font. Shorten ${/^These /.test(what) ? 'them' : 'it'}, or split the content over two slides.`);
  return { scale: Math.min(1, shrunk.size / size), ...(tall !== box || within ? { box: tall } : {}) };
}

export function planSlide(d: SlidesDocument, given: SlideContent, position: number): SlidePlan {
  let content = given;
  const layout = pickLayout(d, content, position);
  const plan: SlidePlan = { layout, texts: [], blocks: [], boxes: [], font: layout.fonts.minor };
  const title = findPlaceholder(layout, 'title');
  if (content.title.trim()) {
    const items = [{ text: content.title, level: 0 }];
    if (title) plan.texts.push({ ph: title, items, ...fitInto(d, layout, title, items, `The title "${content.title.slice(0, 40)}"`), plain: true });
    else plan.boxes.push({ role: 'title', text: content.title, box: titleArea(d) });
  }
  const subtitleText = [content.subtitle].filter((s): s is string => !!s?.trim());
  const subtitle = findPlaceholder(layout, 'subtitle');
  if (subtitleText.length) {
    const items = subtitleText.map((t) => ({ text: t, level: 0 }));
    // A layout without a subtitle placeholder takes it in its text placeholder (above a list of next
    // steps, as an unbulleted first line), else under the title.
    const slot = subtitle ?? (content.columns || content.quote || (content.body && content.body.kind !== 'bullets') ? null : findPlaceholder(layout, 'content'));
    if (slot && !subtitle && content.body?.kind === 'bullets' && !findPlaceholder(layout, 'next-steps')) {
      content = { ...content, body: { kind: 'bullets', items: [...items.map((i) => ({ ...i, plain: true })), ...content.body.items] } };
    } else if (slot) plan.texts.push({ ph: slot, items, ...fitInto(d, layout, slot, items, 'The subtitle'), plain: true, noBullets: !subtitle });
    else {
      const top = title?.resolved ?? plan.boxes.find((b) => b.role === 'title')?.box ?? titleArea(d);
      plan.boxes.push({ role: 'caption', text: subtitleText.join('\n'), box: { ...top, y: top.y + top.cy + inch(0.1), cy: inch(0.6) } });
    }
  }
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
    const items = [{ text: quote.text, level: 0 }];
    plan.texts.push({ ph: quotePh, items, ...fitInto(d, l, quotePh, items, 'The quote'), plain: false });
    if (quote.attribution && attribution) plan.texts.push({ ph: attribution, items: [{ text: `\u2014 ${quote.attribution}`, level: 0 }], scale: 1, plain: true });
    return;
  }
  const slot = contentSlots(l)[0];
  const items = [{ text: `\u201C${quote.text}\u201D`, level: 0 }, ...(quote.attribution ? [{ text: `\u2014 ${quote.attribution}`, level: 0 }] : [])];
  if (slot) plan.texts.push({ ph: slot, items, ...fitInto(d, l, slot, items, 'The quote'), noBullets: true });
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
  const first = findPlaceholder(l, 'content');
  const second = findPlaceholder(l, 'second');
  const headings = [findPlaceholder(l, 'heading'), findPlaceholder(l, 'second-heading')];
  const gap = inch(0.4);
  const halves = (b: Box): [Box, Box] => [{ ...b, cx: (b.cx - gap) / 2 }, { ...b, x: b.x + (b.cx + gap) / 2, cx: (b.cx - gap) / 2 }];
  // Two content placeholders: one column each. One: it is split in two (the left column keeps the
  // placeholder, with its own box). None: the space under the title is split.
  const split = second ? null : halves(roomFor(d, l, first?.resolved ?? freeArea(d, l)));
  columns.forEach((c, i) => {
    const slot = second ? (i === 0 ? first : second) : i === 0 ? first : null;
    let area = split ? split[i] : slot!.resolved ?? halves(freeArea(d, l))[i];
    let own = split !== null;
    if (c.heading) {
      const h = headings[i];
      if (h) plan.texts.push({ ph: h, items: [{ text: c.heading, level: 0 }], scale: 1, plain: true });
      else {
        plan.boxes.push({ role: 'heading', text: c.heading, box: { ...area, cy: HEADING_H } });
        area = { ...area, y: area.y + HEADING_H, cy: area.cy - HEADING_H };
        own = true;
      }
    }
    placeBlock(d, plan, c.block, slot, area, c.caption, null, own);
  });
}

/** A content box too small for a chart, table or picture (some templates draw a one-line box) grows down to the footers. */
function roomFor(d: SlidesDocument, l: LayoutInfo, area: Box): Box {
  if (area.cy >= inch(2.5)) return area;
  const bottom = (footerTop(l) ?? Math.round(d.deck.slideSize().cy * 0.95)) - inch(0.1);
  return bottom > area.y + area.cy ? { ...area, cy: bottom - area.y } : area;
}

function placeBlock(d: SlidesDocument, plan: SlidePlan, block: Block, slot: LayoutPlaceholder | null, given: Box, caption: string | undefined, captionPh: LayoutPlaceholder | null, ownBox = false): void {
  const l = plan.layout;
  const area = block.kind === 'bullets' ? given : roomFor(d, l, given);
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
    plan.texts.push({ ph: slot, items: block.items, ...fitInto(d, l, slot, block.items, block.items.length === 1 ? 'This bullet' : `These ${block.items.length} bullets`, ownBox ? box : undefined) });
    return;
  }
  if (block.kind === 'table') {
    const fit = tableFit(block.table, { w: box.cx / EMU_PER_INCH, h: box.cy / EMU_PER_INCH }, plan.font);
    if (!fit.fits) throw new ToolError(`This table (${block.table.rows.length} rows x ${block.table.columns.length} columns) does not fit at ${MIN_TABLE_SIZE} pt. Show fewer rows (split it over slides with first_row/row_count), fewer columns, or shorter cells.`);
  }
  plan.blocks.push({ block, box, ph: slot, scale: 1 });
}
