// What the agent sees of a slide: its id and number, its layout, title and subtitle, and every shape
// of its shape tree as an element (bullets, text, chart, table, image, diagram, group, ...) with a
// handle to the XML it came from. Ids are stable: slides by their presentation id (`s257`), elements
// by slide and shape id (`e257-4`), so a resumed run addresses the same things.
import { readChart } from '../../ooxml/charts/chart-read.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, attrNS, child, childElements, descendants, is, NS, path1, type Element } from '../../ooxml/xml.ts';
import type { PptxDeck, SlideEntry } from '../deck.ts';
import { layoutOfSlide, pseudoTitle, type LayoutInfo } from '../design/layouts.ts';
import { FOOTER_TYPES, inheritedFrom, nameOf, placeholderOf, TITLE_TYPES, treeShapes, type Placeholder } from '../design/placeholders.ts';
import { allText, paragraphsOf, plainTextOf, txBodyOf, type ParagraphView } from './text.view.ts';

export type ChartSummary = ReturnType<typeof readChart>;

export type ElementKind = 'bullets' | 'text' | 'chart' | 'table' | 'image' | 'diagram' | 'media' | 'object' | 'group' | 'shape' | 'connector' | 'ink';

export interface ElementView {
  id: string;
  kind: ElementKind;
  /** The top-level element in the shape tree (mc:AlternateContent when the shape is wrapped in one). */
  el: Element;
  /** The shape itself (the Choice's shape inside mc:AlternateContent). */
  shape: Element;
  name: string;
  shapeId: number;
  placeholder: Placeholder | null;
  paragraphs: ParagraphView[];
  chart?: ChartSummary & { part: string };
  table?: string[][];
  /** Media part of a picture. */
  media?: string;
  /** Alt text (cNvPr/@descr). */
  description?: string;
  text: string;
}

export interface SlideView {
  readonly id: string;
  readonly sldId: number;
  /** 0-based position. */
  index: number;
  readonly part: string;
  readonly layout: LayoutInfo | null;
  readonly hidden: boolean;
  readonly title: string;
  readonly titleShape: Element | null;
  readonly subtitle: string | null;
  readonly subtitleShape: Element | null;
  readonly elements: ElementView[];
  readonly footers: Element[];
  readonly notes: string;
  readonly notesPart: string | null;
}

export const slideId = (sldId: number) => `s${sldId}`;
export const elementId = (sldId: number, shapeId: number) => `e${sldId}-${shapeId}`;

function unwrap(el: Element): Element {
  if (!is(el, NS.mc, 'AlternateContent')) return el;
  const branch = child(el, NS.mc, 'Choice') ?? child(el, NS.mc, 'Fallback');
  return branch ? childElements(branch)[0] ?? el : el;
}

function shapeIdOf(shape: Element): number {
  for (const nv of childElements(shape)) {
    if (nv.namespaceURI === NS.p && nv.localName?.startsWith('nv')) return Number(attr(child(nv, NS.p, 'cNvPr'), 'id') ?? 0);
  }
  return 0;
}

function descrOf(shape: Element): string | undefined {
  for (const nv of childElements(shape)) {
    if (nv.namespaceURI === NS.p && nv.localName?.startsWith('nv')) return attr(child(nv, NS.p, 'cNvPr'), 'descr') ?? undefined;
  }
  return undefined;
}

function tableCells(frame: Element): string[][] {
  const tbl = descendants(frame, NS.a, 'tbl')[0];
  if (!tbl) return [];
  return descendants(tbl, NS.a, 'tr').map((tr) => descendants(tr, NS.a, 'tc').map((tc) => plainTextOf(child(tc, NS.a, 'txBody')).replace(/\n/g, ' ')));
}

/** Text placeholders that label content rather than hold it (captions, headings, an attribution). */
const LABELS = /caption|heading|attribution|section number|subtitle|quote/i;

function classify(deck: PptxDeck, part: string, shape: Element, ph: Placeholder | null, layout: LayoutInfo | null): Pick<ElementView, 'kind' | 'chart' | 'table' | 'media'> {
  if (is(shape, NS.p, 'sp')) {
    const body = txBodyOf(shape);
    const hasText = plainTextOf(body).trim().length > 0;
    if (ph && (ph.type === 'body' || ph.type === 'obj')) {
      const from = layout ? inheritedFrom(ph, layout.placeholders) : null;
      return { kind: from && LABELS.test(from.name) ? 'text' : 'bullets' };
    }
    if (attr(path1(shape, [NS.p, 'nvSpPr'], [NS.p, 'cNvSpPr']), 'txBox') === '1' || (hasText && !path1(shape, [NS.p, 'spPr'], [NS.a, 'prstGeom']))) return { kind: 'text' };
    return { kind: hasText ? 'text' : 'shape' };
  }
  if (is(shape, NS.p, 'pic')) {
    const nvPr = path1(shape, [NS.p, 'nvPicPr'], [NS.p, 'nvPr']);
    if (nvPr && childElements(nvPr).some((e) => /videoFile|audioFile|quickTimeFile|wavAudioFile/.test(e.localName ?? '') || descendants(e, NS.p14, 'media').length)) return { kind: 'media' };
    const embed = attrNS(descendants(shape, NS.a, 'blip')[0], NS.r, 'embed');
    const rel = embed ? deck.pkg.rels(part).get(embed) : undefined;
    return { kind: 'image', ...(rel && !rel.external ? { media: rel.target } : {}) };
  }
  if (is(shape, NS.p, 'graphicFrame')) {
    const data = path1(shape, [NS.a, 'graphic'], [NS.a, 'graphicData']);
    const uri = attr(data, 'uri') ?? '';
    if (uri.endsWith('/chart') || uri.endsWith('/chartex')) {
      const relId = attrNS(childElements(data!)[0], NS.r, 'id');
      const rel = relId ? deck.pkg.rels(part).get(relId) : undefined;
      if (rel && !rel.external && deck.pkg.has(rel.target)) {
        try {
          return { kind: 'chart', chart: { ...readChart(deck.pkg.xml(rel.target)), part: rel.target } };
        } catch {
          return { kind: 'chart' };
        }
      }
      return { kind: 'chart' };
    }
    if (uri.endsWith('/table')) return { kind: 'table', table: tableCells(shape) };
    if (uri.endsWith('/diagram')) return { kind: 'diagram' };
    return { kind: 'object' };
  }
  if (is(shape, NS.p, 'grpSp')) return { kind: 'group' };
  if (is(shape, NS.p, 'cxnSp')) return { kind: 'connector' };
  return { kind: 'ink' };
}

function readNotes(deck: PptxDeck, part: string): { notes: string; notesPart: string | null } {
  const notesPart = deck.pkg.related(part, REL.notesSlide)[0] ?? null;
  if (!notesPart) return { notes: '', notesPart: null };
  for (const shape of treeShapes(deck.pkg.xml(notesPart).documentElement!)) {
    const ph = placeholderOf(shape);
    if (ph?.type === 'body') return { notes: plainTextOf(txBodyOf(shape)), notesPart };
  }
  return { notes: '', notesPart };
}

/** The fields of a slide that come from its shape tree (parsed on first use). */
interface SlideContentView {
  hidden: boolean;
  title: string;
  titleShape: Element | null;
  subtitle: string | null;
  subtitleShape: Element | null;
  elements: ElementView[];
  footers: Element[];
  notes: string;
  notesPart: string | null;
}

function readContent(deck: PptxDeck, entry: SlideEntry, layout: LayoutInfo | null): SlideContentView {
  const root = deck.pkg.xml(entry.part).documentElement!;
  const view: SlideContentView = {
    hidden: attr(root, 'show') === '0', title: '', titleShape: null, subtitle: null, subtitleShape: null,
    elements: [], footers: [], ...readNotes(deck, entry.part),
  };
  const seen = new Set<number>();
  for (const el of treeShapes(root)) {
    const shape = unwrap(el);
    const ph = placeholderOf(shape);
    if (ph && FOOTER_TYPES.has(ph.type)) { view.footers.push(el); continue; }
    if (ph && TITLE_TYPES.has(ph.type) && !view.titleShape) {
      view.titleShape = shape;
      view.title = paragraphsOf(txBodyOf(shape)).map((p) => p.text).filter(Boolean).join(' ');
      continue;
    }
    const subtitleRole = ph && (ph.type === 'subTitle' || (ph.type === 'body' && ph.idx === 1 && !!layout && (layout.type === 'secHead' || /section|closing/i.test(layout.name))));
    if (subtitleRole && !view.subtitleShape) {
      view.subtitleShape = shape;
      view.subtitle = plainTextOf(txBodyOf(shape));
      continue;
    }
    let shapeId = shapeIdOf(shape);
    while (seen.has(shapeId)) shapeId += 10_000;
    seen.add(shapeId);
    const kind = classify(deck, entry.part, shape, ph, layout);
    const paragraphs = is(shape, NS.p, 'sp') ? paragraphsOf(txBodyOf(shape)) : [];
    view.elements.push({
      id: elementId(entry.sldId, shapeId), el, shape, name: nameOf(shape), shapeId, placeholder: ph, paragraphs,
      description: descrOf(shape), text: paragraphs.length ? paragraphs.map((p) => p.text).filter((t) => t.trim()).join('\n') : allText(shape), ...kind,
    });
  }
  // A slide without a title placeholder may carry its title in a text box named like one (slides made
  // from layouts that have no title placeholder, by Folio or by other tools).
  if (!view.titleShape) {
    const pseudo = layout ? pseudoTitle(layout) : null;
    const fromLayout = (e: ElementView) => !!pseudo && !!e.placeholder && !!layout && inheritedFrom(e.placeholder, layout.placeholders) === pseudo;
    const named = view.elements.find((e) => fromLayout(e)) ?? view.elements.find((e) => e.kind === 'text' && /^title\b/i.test(e.name));
    if (named) {
      view.titleShape = named.shape;
      view.title = named.text.replace(/\n/g, ' ');
      view.elements = view.elements.filter((e) => e !== named);
    }
  }
  return view;
}

/**
 * A slide's view. Its id, position, part and layout are known at once; the rest comes from its shape
 * tree, which is parsed the first time one of those fields is read, so listing or adding slides does
 * not parse every slide of a deck.
 */
class LazySlideView implements SlideView {
  readonly id: string;
  readonly sldId: number;
  index: number;
  readonly part: string;
  readonly layout: LayoutInfo | null;
  private content: SlideContentView | null = null;
  private readonly deck: PptxDeck;
  private readonly entry: SlideEntry;

  constructor(deck: PptxDeck, entry: SlideEntry, index: number, catalog: LayoutInfo[]) {
    this.deck = deck;
    this.entry = entry;
    this.id = slideId(entry.sldId);
    this.sldId = entry.sldId;
    this.index = index;
    this.part = entry.part;
    this.layout = layoutOfSlide(deck, catalog, entry.part);
  }

  private get c(): SlideContentView {
    this.content ??= readContent(this.deck, this.entry, this.layout);
    return this.content;
  }

  get hidden() { return this.c.hidden; }
  get title() { return this.c.title; }
  get titleShape() { return this.c.titleShape; }
  get subtitle() { return this.c.subtitle; }
  get subtitleShape() { return this.c.subtitleShape; }
  get elements() { return this.c.elements; }
  get footers() { return this.c.footers; }
  get notes() { return this.c.notes; }
  get notesPart() { return this.c.notesPart; }
}

export function readSlide(deck: PptxDeck, entry: SlideEntry, index: number, catalog: LayoutInfo[]): SlideView {
  return new LazySlideView(deck, entry, index, catalog);
}

export function readSlides(deck: PptxDeck, catalog: LayoutInfo[]): SlideView[] {
  return deck.slides().map((entry, i) => readSlide(deck, entry, i, catalog));
}

