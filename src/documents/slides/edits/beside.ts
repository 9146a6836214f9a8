// A chart, table or picture added to an existing slide goes beside what the slide already shows: the
// content area (the slide's content shape, else the layout's content placeholder, else the space
// under the title) is split in two, the existing content takes the left half, the new one the right.
import { ToolError } from '../../agent/tool-error.ts';
import { EMU_PER_INCH, type Box } from '../deck.ts';
import { contentSlots, footerTop, titleBottom } from '../design/layouts.ts';
import { boxOf, inheritedFrom } from '../design/placeholders.ts';
import { themeFonts } from '../design/text-styles.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { ElementView, SlideView } from '../view/slide.view.ts';
import { writeBlock } from './add-slide.ts';
import { nextShapeId, setShapeBox, spTreeOf, textBox } from './shapes.ts';
import type { Block } from './slide-plan.ts';
import { tableFit } from './table.ts';

const CONTENT = new Set(['bullets', 'chart', 'table', 'image']);
const GAP = Math.round(0.4 * EMU_PER_INCH);
const CAPTION_H = Math.round(0.42 * EMU_PER_INCH);

/** Where an element is drawn: its own box, else its layout placeholder's. */
export function effectiveBox(slide: SlideView, e: ElementView): Box | null {
  const inherited = e.placeholder && slide.layout ? inheritedFrom(e.placeholder, slide.layout.placeholders) : null;
  return boxOf(e.shape) ?? inherited?.resolved ?? inherited?.box ?? null;
}

function contentArea(d: SlidesDocument, slide: SlideView, existing: ElementView | undefined): Box {
  const own = existing ? effectiveBox(slide, existing) : null;
  if (own) return own;
  const l = slide.layout;
  const slot = l ? contentSlots(l)[0]?.resolved : null;
  if (slot) return slot;
  const { cx, cy } = d.deck.slideSize();
  const top = (l ? titleBottom(l) : null) ?? Math.round(cy * 0.2);
  const bottom = (l ? footerTop(l) : null) ?? Math.round(cy * 0.92);
  return { x: Math.round(cx * 0.06), y: top + GAP / 2, cx: Math.round(cx * 0.88), cy: bottom - top - GAP };
}

/** Adds `block` beside the slide's content; returns the new element's id. */
export function placeBeside(d: SlidesDocument, slide: SlideView, block: Block, caption?: string): string {
  const existing = slide.elements.filter((e) => CONTENT.has(e.kind) && (e.kind !== 'bullets' || e.text.trim() || e.placeholder));
  if (existing.length > 1) throw new ToolError(`Slide ${slide.id} already shows ${existing.length} pieces of content; put this on a new slide (give \`title\` instead of \`slide\`).`);
  const area = contentArea(d, slide, existing[0]);
  const half = (area.cx - GAP) / 2;
  const left: Box = { ...area, cx: half };
  let right: Box = { ...area, x: area.x + half + GAP, cx: half };
  if (!existing.length) right = area;
  const font = slide.layout?.fonts.minor ?? themeFonts(d.deck, d.deck.masters()[0]).minor;
  const captionText = [caption, block.kind === 'chart' && block.source ? `Source: ${block.source}` : ''].filter(Boolean).join(' \u00B7 ');
  const box = captionText ? { ...right, cy: right.cy - CAPTION_H } : right;
  if (block.kind === 'table' && !tableFit(block.table, { w: box.cx / EMU_PER_INCH, h: box.cy / EMU_PER_INCH }, font).fits) {
    throw new ToolError(`This table (${block.table.rows.length} rows x ${block.table.columns.length} columns) does not fit beside the slide's content; put it on its own slide, or show fewer rows.`);
  }
  if (block.kind === 'bullets') throw new ToolError('Bullets go on a new slide or replace the slide\'s list (update_element).');
  const doc = d.pkg.edit(slide.part);
  if (existing[0]) setShapeBox(existing[0].shape, left);
  const tree = spTreeOf(doc);
  const id = nextShapeId(doc);
  writeBlock(d, slide.part, tree, id, { block, box }, font);
  if (captionText) {
    tree.appendChild(textBox(doc, id + 1, 'Caption', { ...right, y: right.y + right.cy - CAPTION_H + Math.round(0.08 * EMU_PER_INCH), cy: CAPTION_H - Math.round(0.08 * EMU_PER_INCH) }, [captionText], { size: 12, italic: true, color: { scheme: 'tx1', lumMod: 65000, lumOff: 35000 } }));
  }
  d.changed(slide.part);
  return `e${slide.sldId}-${id}`;
}
