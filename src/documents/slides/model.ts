// The Slides document model: a deck of slides, each with a layout, a title, body elements and speaker
// notes. The renderer turns it into a .pptx, the reader turns a .pptx (Folio's own, an edited one, or
// one made by another tool) back into it, and the agent tools act on it. What the model cannot
// represent (shapes a person added in an editor, SmartArt, shapes of foreign decks) travels with the
// slide as verbatim XML in `preserved` and is written back unchanged.

export const SLIDE_LAYOUTS = ['title', 'section', 'bullets', 'two-column', 'chart', 'table', 'image', 'quote', 'closing'] as const;
export type SlideLayout = (typeof SLIDE_LAYOUTS)[number];

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const THEME_NAMES = ['midnight', 'ivory', 'evergreen'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** A generation call writes at most this many slides (SPEC: "Slides per generation call"). */
export const MAX_SLIDES_PER_CALL = 30;

/** Bullet text may carry `**bold**` and `*italic*` spans; the renderer turns them into runs. */
export interface Bullet {
  text: string;
  /** 0: top level, 1-2: nested. */
  level: number;
}

export interface ChartSpec {
  type: ChartType;
  categories: string[];
  series: { name: string; values: number[] }[];
  /** Where the numbers come from (a data source name), shown under the chart. */
  source?: string;
}

export interface TableSpec {
  columns: string[];
  rows: string[][];
}

export interface ImageData {
  bytes: Buffer;
  contentType: string;
  /** Pixel size, for the aspect ratio. */
  width: number;
  height: number;
  /** The uploaded image it came from (image_assets), when known. */
  imageId?: string;
  alt?: string;
}

interface ElementBase {
  id: string;
  /** Small heading above the element (two-column slides). */
  heading?: string;
  /** Caption under a chart, table or image. */
  caption?: string;
}

export type SlideElement =
  | (ElementBase & { kind: 'bullets'; items: Bullet[] })
  | (ElementBase & { kind: 'chart'; chart: ChartSpec })
  | (ElementBase & { kind: 'table'; table: TableSpec })
  | (ElementBase & { kind: 'image'; image: ImageData })
  | (ElementBase & { kind: 'quote'; text: string; attribution?: string });

export type ElementKind = SlideElement['kind'];

/** A part of the source package a preserved shape refers to (an image, a diagram part...), with its own relationships. */
export interface PreservedPart {
  /** Path in the source package, e.g. `ppt/media/image3.png`. */
  path: string;
  contentType: string;
  bytes: Buffer;
  /** Relationships of this part (targets are paths of other preserved parts, or external URLs). */
  rels: PreservedRel[];
}

export interface PreservedRel {
  id: string;
  type: string;
  /** A package path (key in PreservedShape.parts) or, for external targets, the URL. */
  target: string;
  external: boolean;
}

/** A shape the model cannot represent, kept as verbatim DrawingML with what it references. */
export interface PreservedShape {
  /** The shape element (`p:sp`, `p:pic`, `p:graphicFrame`, `p:grpSp`, ...), namespaces declared on it. */
  xml: string;
  /** Relationships of the shape (r:embed, r:id...) from its slide. */
  rels: PreservedRel[];
  /** Every part reachable from those relationships, by source path. */
  parts: Record<string, PreservedPart>;
  /** What it is, for the outline ("text box 'Draft'", "SmartArt diagram"). */
  description: string;
}

export interface Slide {
  id: string;
  layout: SlideLayout;
  title: string;
  subtitle?: string;
  elements: SlideElement[];
  notes: string;
  preserved: PreservedShape[];
}

/** Colours (`RRGGBB`) and font that override the theme's. */
export interface DeckBrand {
  primary?: string;
  secondary?: string;
  font?: string;
  logo?: ImageData;
}

export interface Deck {
  theme: ThemeName;
  brand: DeckBrand;
  slides: Slide[];
  /** Next number for new slide (`s<n>`) and element (`e<n>`) ids; ids are never reused within a deck. */
  nextId: number;
}

/** How many body elements each layout holds, and of which kinds. */
export const LAYOUT_ELEMENTS: Record<SlideLayout, { min: number; max: number; kinds: readonly ElementKind[] }> = {
  title: { min: 0, max: 0, kinds: [] },
  section: { min: 0, max: 0, kinds: [] },
  bullets: { min: 1, max: 1, kinds: ['bullets'] },
  'two-column': { min: 2, max: 2, kinds: ['bullets', 'chart', 'table', 'image'] },
  chart: { min: 1, max: 1, kinds: ['chart'] },
  table: { min: 1, max: 1, kinds: ['table'] },
  image: { min: 1, max: 1, kinds: ['image'] },
  quote: { min: 1, max: 1, kinds: ['quote'] },
  closing: { min: 0, max: 1, kinds: ['bullets'] },
};

/** Layouts that carry content and so get speaker notes. */
export const CONTENT_LAYOUTS: readonly SlideLayout[] = ['bullets', 'two-column', 'chart', 'table', 'image', 'quote'];

export function createDeck(theme: ThemeName = 'midnight'): Deck {
  return { theme, brand: {}, slides: [], nextId: 1 };
}

export function nextSlideId(deck: Deck): string {
  return `s${deck.nextId++}`;
}

export function nextElementId(deck: Deck): string {
  return `e${deck.nextId++}`;
}

/** Keeps nextId above every id in the deck (after reading a file, whose ids come from shape names). */
export function reserveIds(deck: Deck): void {
  let max = deck.nextId - 1;
  for (const s of deck.slides) {
    for (const id of [s.id, ...s.elements.map((e) => e.id)]) {
      const n = /^[se](\d+)$/.exec(id);
      if (n) max = Math.max(max, Number(n[1]));
    }
  }
  deck.nextId = max + 1;
}

/** The problems of a slide's elements against its layout (empty: fine). */
export function layoutProblems(slide: Pick<Slide, 'layout' | 'elements'>): string[] {
  const rule = LAYOUT_ELEMENTS[slide.layout];
  const problems: string[] = [];
  const n = slide.elements.length;
  if (n < rule.min || n > rule.max) {
    const want = rule.min === rule.max ? `${rule.min}` : `${rule.min} to ${rule.max}`;
    problems.push(`a ${slide.layout} slide holds ${want} element${rule.max === 1 ? '' : 's'}, not ${n}`);
  }
  for (const e of slide.elements) {
    if (!rule.kinds.includes(e.kind)) problems.push(`a ${slide.layout} slide cannot hold a ${e.kind} element (it takes: ${rule.kinds.join(', ') || 'none'})`);
  }
  return problems;
}

/** The deck's title: the title slide's, else the first slide's. */
export function deckTitle(deck: Deck): string | null {
  const first = deck.slides.find((s) => s.layout === 'title') ?? deck.slides[0];
  const title = first?.title.trim();
  return title ? title : null;
}

/** Plain text of bullet markup (`**bold**` -> bold). */
export function plainText(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/(^|[^*])\*(?!\s)(.+?)\*(?!\*)/g, '$1$2');
}
