// Design lookup: the deck's own slide layouts, what placeholders each offers (with boxes resolved
// through the master), and the choice of a layout for a kind of slide. New slides are always made from
// one of these layouts, so they inherit the deck's masters, fonts, colours, bullets and backgrounds.
import type { Box, PptxDeck } from '../deck.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, attrNS, child, children, NS } from '../../ooxml/xml.ts';
import { CONTENT_TYPES, FOOTER_TYPES, inheritedFrom, placeholders, TITLE_TYPES, type Placeholder } from './placeholders.ts';
import { placeholderText, themeFonts, type ThemeFonts } from './text-styles.ts';

/** The kinds of slides the tools make; each is matched to the deck's nearest layout. */
export const SLIDE_KINDS = ['title', 'section', 'bullets', 'two-column', 'chart', 'table', 'image', 'quote', 'closing', 'title-only', 'blank'] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

/** A layout's placeholder as the catalog keeps it: facts only, no handle into the XML. */
export interface LayoutPlaceholder extends Omit<Placeholder, 'el'> {
  /** Its box, resolved through the master when the layout does not give one. */
  resolved: Box | null;
  /** The font size (points) and typeface its first level gives new text. */
  text: { size: number; font: string };
}

export interface LayoutInfo {
  part: string;
  master: string;
  name: string;
  /** `p:sldLayout/@type` (`title`, `obj`, `secHead`, `twoObj`, `titleOnly`, `blank`, `cust`, ...). */
  type: string | null;
  placeholders: LayoutPlaceholder[];
  /** The master's theme fonts. */
  fonts: ThemeFonts;
  /** The deck's slide size (EMU), to judge where the layout puts things. */
  slide: { cx: number; cy: number };
}

export function isContent(p: Pick<Placeholder, 'type' | 'name'>): boolean {
  return CONTENT_TYPES.has(p.type) && !(p.type === 'body' && /caption|heading|attribution|section number|subtitle/i.test(p.name));
}

function resolve(deck: PptxDeck, master: string, fonts: ThemeFonts, layoutPhs: Placeholder[], masterPhs: Placeholder[]): LayoutPlaceholder[] {
  return layoutPhs.map(({ el, ...p }) => ({ ...p, resolved: p.box ?? inheritedFrom(p, masterPhs)?.box ?? null, text: placeholderText(deck, master, fonts, p.type, el) }));
}

/** Every layout of every master, in the order the masters list them. */
export function layoutCatalog(deck: PptxDeck): LayoutInfo[] {
  const out: LayoutInfo[] = [];
  for (const master of deck.masters()) {
    const fonts = themeFonts(deck, master);
    const masterRoot = deck.pkg.xml(master).documentElement!;
    const masterPhs = placeholders(masterRoot);
    const rels = deck.pkg.rels(master);
    const listed = children(child(masterRoot, NS.p, 'sldLayoutIdLst'), NS.p, 'sldLayoutId').map((el) => rels.get(attrNS(el, NS.r, 'id') ?? '')?.target);
    const parts = [...listed, ...deck.pkg.related(master, REL.slideLayout)].filter((p, i, all): p is string => !!p && deck.pkg.has(p) && all.indexOf(p) === i);
    for (const part of parts) {
      const root = deck.pkg.xml(part).documentElement!;
      out.push({
        part, master,
        name: attr(child(root, NS.p, 'cSld'), 'name') ?? '',
        type: attr(root, 'type'),
        placeholders: resolve(deck, master, fonts, placeholders(root), masterPhs),
        fonts,
        slide: deck.slideSize(),
      });
    }
  }
  return out;
}

/** The layout a slide uses, from the catalog. */
export function layoutOfSlide(deck: PptxDeck, catalog: LayoutInfo[], slidePart: string): LayoutInfo | null {
  const part = deck.pkg.related(slidePart, REL.slideLayout)[0];
  return catalog.find((l) => l.part === part) ?? null;
}

interface Features { title: boolean; ctr: boolean; sub: boolean; content: LayoutPlaceholder[]; bodies: LayoutPlaceholder[]; chart: boolean; tbl: boolean; pic: boolean }

/** Heading placeholders above content (Comparison layouts: the text placeholders idx 1 and 3), left to right. */
function headingSlots(l: LayoutInfo): LayoutPlaceholder[] {
  return l.placeholders
    .filter((p) => p.type === 'body' && (/heading/i.test(p.name) || (l.type === 'twoTxTwoObj' && (p.idx === 1 || p.idx === 3))))
    .sort((a, b) => (a.resolved?.x ?? 0) - (b.resolved?.x ?? 0));
}

/**
 * A layout without a title placeholder whose top-most text placeholder sits above its other content
 * (templates made in Google Slides often work this way) uses that placeholder as its title.
 */
export function pseudoTitle(l: LayoutInfo): LayoutPlaceholder | null {
  if (l.placeholders.some((p) => TITLE_TYPES.has(p.type))) return null;
  const bodies = l.placeholders.filter((p) => (p.type === 'body' || p.type === 'obj') && p.resolved);
  if (bodies.length < 2) return null;
  const top = [...bodies].sort((a, b) => a.resolved!.y - b.resolved!.y)[0];
  const rest = l.placeholders.filter((p) => p !== top && isContent(p) && p.resolved);
  return rest.length && rest.every((p) => p.resolved!.y >= top.resolved!.y + top.resolved!.cy * 0.9) ? top : null;
}

/** Content placeholders (text, chart, table, picture), left to right, headings and captions excluded. */
export function contentSlots(l: LayoutInfo): LayoutPlaceholder[] {
  const headings = headingSlots(l);
  const title = pseudoTitle(l);
  return l.placeholders
    .filter((p) => p !== title && !FOOTER_TYPES.has(p.type) && isContent(p) && !headings.includes(p) && !/next steps|^quote$/i.test(p.name))
    .sort((a, b) => (a.resolved?.x ?? 0) - (b.resolved?.x ?? 0) || (a.resolved?.y ?? 0) - (b.resolved?.y ?? 0));
}

function features(l: LayoutInfo): Features {
  const phs = l.placeholders.filter((p) => !FOOTER_TYPES.has(p.type));
  const content = contentSlots(l);
  return {
    title: phs.some((p) => TITLE_TYPES.has(p.type)) || pseudoTitle(l) !== null,
    ctr: phs.some((p) => p.type === 'ctrTitle'),
    sub: phs.some((p) => p.type === 'subTitle'),
    content,
    bodies: phs.filter((p) => p.type === 'body'),
    chart: content.some((p) => p.type === 'chart'),
    tbl: content.some((p) => p.type === 'tbl'),
    pic: content.some((p) => p.type === 'pic'),
  };
}

const named = (l: LayoutInfo, re: RegExp) => re.test(l.name);

/** Among layouts that can hold content, those named for it win over title and cover slides. */
const contentBias = (l: LayoutInfo) => (named(l, /content|text|body|bullet|list/i) ? 10 : 0) - (named(l, /title slide|cover|^title$|section|closing/i) ? 40 : 0);

/** Vertical text layouts suit no kind of slide Folio makes. */
const vertical = (l: LayoutInfo) => /vertical/i.test(l.name) || l.type === 'vertTx' || l.type === 'vertTitleAndTx' || l.placeholders.some((p) => p.orient !== null && p.orient !== 'horz');

/** How well a layout suits a kind of slide: 0 means it cannot hold it. */
export function layoutScore(kind: SlideKind, l: LayoutInfo): number {
  if (vertical(l) && kind !== 'blank') return 0;
  const base = kindScore(kind, l);
  // Content slides want their title at the top: a layout whose title sits mid-slide is a cover, unless
  // it was designed for this content (PowerPoint 2007's Picture with Caption puts the title under the picture).
  const title = l.placeholders.find((p) => TITLE_TYPES.has(p.type))?.resolved;
  const f = features(l);
  const designed = (kind === 'image' && f.pic) || (kind === 'chart' && f.chart) || (kind === 'table' && f.tbl);
  const low = title && !designed && !['title', 'section', 'closing', 'blank'].includes(kind) && title.y > l.slide.cy * 0.4;
  return low ? Math.max(1, base - 50) * Number(base > 0) : base;
}

function kindScore(kind: SlideKind, l: LayoutInfo): number {
  const f = features(l);
  const one = f.content.length === 1;
  const plainContent = one && ['obj', 'body'].includes(f.content[0].type);
  switch (kind) {
    case 'title':
      if (l.type === 'title') return 100;
      if (f.ctr && f.sub) return 90;
      if (f.title && f.sub) return 80;
      if (named(l, /^title( slide)?$/i) && f.title) return 70;
      return f.title && f.bodies.length === 1 && f.content.length <= 1 ? 20 : 0;
    case 'section':
      if (l.type === 'secHead' || named(l, /section/i)) return f.title ? 100 : 0;
      if (f.title && f.sub && !f.ctr) return 40;
      // A deck without a section layout: its title slide (title and a line under it) serves best.
      if (f.title && named(l, /title slide|^title$/i)) return 35;
      return f.title && f.content.length === 0 ? 30 : 0;
    case 'bullets':
      if (!f.title || !plainContent) return f.title && f.content.length > 1 ? 10 : 0;
      return (l.type === 'obj' || l.type === 'tx' ? 100 : 80) - (named(l, /caption|quote|closing|section|title slide|cover|^title$/i) ? 40 : 0)
        + (named(l, /content|text|bullet|body|list/i) ? 10 : 0) - (f.content[0].size ? 20 : 0);
    case 'two-column': {
      const halves = f.content.filter((p) => ['obj', 'body'].includes(p.type));
      if (!f.title || halves.length !== 2 || named(l, /caption/i)) return 0;
      // Two columns side by side, of about the same width (not a caption beside a picture).
      const [a, b] = halves.map((p) => p.resolved);
      if (a && b && (Math.abs(a.cx - b.cx) > 0.25 * Math.max(a.cx, b.cx) || Math.abs(a.y - b.y) > 0.5 * Math.max(a.cy, b.cy))) return 0;
      return l.type === 'twoObj' || l.type === 'twoTxTwoObj' ? 100 : 70;
    }
    case 'chart':
    case 'table':
    case 'image': {
      const want = kind === 'chart' ? f.chart : kind === 'table' ? f.tbl : f.pic;
      if (!f.title) return 0;
      if (want && f.content.length <= 2) return 100;
      if (plainContent) return 80 - (f.content[0].size ? 20 : 0) + contentBias(l);
      return l.type === 'titleOnly' || (f.content.length === 0 && !f.sub) ? 60 : 0;
    }
    case 'quote':
      if (named(l, /quote/i)) return 100;
      return f.title && plainContent ? 50 + contentBias(l) : 0;
    case 'closing':
      if (named(l, /closing|thank|end slide|conclusion/i)) return 100;
      return layoutScore('title', l) * 0.8;
    case 'title-only':
      if (l.type === 'titleOnly') return 100;
      return f.title && f.content.length === 0 && !f.sub ? 80 : 0;
    case 'blank':
      if (l.type === 'blank' && !f.title) return 100;
      return !f.title && f.content.length === 0 ? 80 : 0;
  }
}

/**
 * The layout for a new slide of `kind`, with its score: the best-scoring one, preferring the master of
 * `nearMaster` (the master of the slide it goes next to) and layouts in use. Null when none can hold it.
 */
export function chooseLayout(catalog: LayoutInfo[], kind: SlideKind, nearMaster: string | null, inUse: Set<string> = new Set()): { layout: LayoutInfo; score: number; fit: number } | null {
  let best: { layout: LayoutInfo; score: number; fit: number } | null = null;
  for (const l of catalog) {
    const fit = layoutScore(kind, l);
    if (fit <= 0) continue;
    // Layouts the deck's slides already use are known to look right in it.
    const score = fit + (l.master === nearMaster ? 12 : 0) + (inUse.has(l.part) ? 8 : 0);
    if (!best || score > best.score) best = { layout: l, score, fit };
  }
  return best;
}

/** Fallbacks when a deck has no layout for a kind: the nearest kind that it has. */
export const KIND_FALLBACK: Record<SlideKind, SlideKind[]> = {
  title: ['section', 'title-only', 'bullets'],
  section: ['title', 'title-only', 'bullets'],
  bullets: ['title-only', 'blank'],
  'two-column': ['bullets', 'title-only', 'blank'],
  chart: ['bullets', 'title-only', 'blank'],
  table: ['bullets', 'title-only', 'blank'],
  image: ['bullets', 'title-only', 'blank'],
  quote: ['bullets', 'title-only', 'blank'],
  closing: ['title', 'section', 'title-only', 'bullets'],
  'title-only': ['bullets', 'blank'],
  blank: ['title-only', 'bullets'],
};

/** The layout's placeholder a slide fills for a role. */
export function findPlaceholder(l: LayoutInfo, role: 'title' | 'subtitle' | 'content' | 'second' | 'caption' | 'heading' | 'second-heading' | 'section-number' | 'quote' | 'attribution' | 'next-steps'): LayoutPlaceholder | null {
  const phs = l.placeholders.filter((p) => !FOOTER_TYPES.has(p.type));
  const content = contentSlots(l);
  const headings = headingSlots(l);
  const bodyNamed = (re: RegExp) => phs.find((p) => p.type === 'body' && re.test(p.name)) ?? null;
  switch (role) {
    case 'title': return phs.find((p) => TITLE_TYPES.has(p.type)) ?? pseudoTitle(l);
    case 'subtitle': return phs.find((p) => p.type === 'subTitle') ?? bodyNamed(/subtitle/i) ?? ((l.type === 'secHead' || /section|closing|title slide/i.test(l.name)) ? phs.find((p) => (p.type === 'body' || p.type === 'obj') && p.idx === 1) ?? null : null);
    case 'content': return content[0] ?? null;
    case 'second': return content[1] ?? null;
    case 'caption': return bodyNamed(/caption/i);
    case 'heading': return headings[0] ?? null;
    case 'second-heading': return headings[1] ?? null;
    case 'section-number': return bodyNamed(/section number/i);
    case 'quote': return bodyNamed(/^quote$/i);
    case 'attribution': return bodyNamed(/attribution/i);
    case 'next-steps': return bodyNamed(/next steps/i);
  }
}

/** The layout's name and master's name for the outline: `"Title and Content" (master 1)`. */
export function describeLayout(l: LayoutInfo, catalog: LayoutInfo[]): string {
  const masters = [...new Set(catalog.map((x) => x.master))];
  return `"${l.name || l.part.split('/').pop()}"${masters.length > 1 ? ` (master ${masters.indexOf(l.master) + 1})` : ''}`;
}

/** The title placeholder's box on the layout (for placing graphics below it on title-only layouts). */
export function titleBottom(l: LayoutInfo): number | null {
  const t = l.placeholders.find((p) => TITLE_TYPES.has(p.type))?.resolved;
  return t ? t.y + t.cy : null;
}

/** The top of the footer zone (date, footer, slide number), or null. */
export function footerTop(l: LayoutInfo): number | null {
  const tops = l.placeholders.filter((p) => FOOTER_TYPES.has(p.type) && p.resolved).map((p) => p.resolved!.y);
  return tops.length ? Math.min(...tops) : null;
}

