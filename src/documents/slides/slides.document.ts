// The Slides adapter's document: the deck's package, its layout catalog and the view of its slides,
// read again from the XML after every edit (parsed parts are cached, so this is cheap). Tools find
// slides and elements here by id or number; edits change the package and call `changed()`.
import { ToolError } from '../agent/tool-error.ts';
import type { Element } from '../ooxml/xml.ts';
import type { PptxDeck } from './deck.ts';
import { layoutCatalog, type LayoutInfo } from './design/layouts.ts';
import { readSlide, type ElementView, type SlideView } from './view/slide.view.ts';

export type DeckOrigin = 'template' | 'file';

/** The layout catalogs of Folio's untouched templates, read once per process (they never change). */
const templateCatalogs = new Map<string, LayoutInfo[]>();

export class SlidesDocument {
  deck: PptxDeck;
  /** `template`: a new deck made from one of Folio's themes; `file`: a deck the user brought or a run's version. */
  readonly origin: DeckOrigin;
  /**
   * Footers (date, footer text, slide number) that a template's sample slides showed, by layout part and
   * by master part: new slides of a deck made from an organization template repeat them (src/templates).
   */
  readonly sampleFooters = new Map<string, Element[]>();
  private catalogCache: LayoutInfo[] | null = null;
  private viewCache: SlideView[] | null = null;
  /** Views of slide parts not changed since they were read (a part's view does not depend on its neighbours). */
  private readonly parts = new Map<string, SlideView>();

  constructor(deck: PptxDeck, origin: DeckOrigin) {
    this.deck = deck;
    this.origin = origin;
  }

  get pkg() {
    return this.deck.pkg;
  }

  catalog(): LayoutInfo[] {
    if (!this.catalogCache) {
      const key = this.deck.pristineTemplate;
      let shared = key ? templateCatalogs.get(key) : undefined;
      if (!shared) {
        shared = layoutCatalog(this.deck);
        if (key) templateCatalogs.set(key, shared);
      }
      this.catalogCache = shared;
    }
    return this.catalogCache;
  }

  slides(): SlideView[] {
    if (!this.viewCache) {
      const catalog = this.catalog();
      this.viewCache = this.deck.slides().map((entry, index) => {
        let view = this.parts.get(entry.part);
        if (!view || view.sldId !== entry.sldId) {
          view = readSlide(this.deck, entry, index, catalog);
          this.parts.set(entry.part, view);
        }
        view.index = index;
        return view;
      });
    }
    return this.viewCache;
  }

  /** After an edit: the slide parts named (else every slide) are read again on next use, and the order too. */
  changed(...parts: string[]): void {
    this.viewCache = null;
    if (!parts.length) this.parts.clear();
    for (const p of parts) this.parts.delete(p);
  }

  /** After an edit of masters or layouts (a theme switch, a brand logo): everything is read again. */
  designChanged(): void {
    this.deck.pristineTemplate = null;
    this.catalogCache = null;
    this.viewCache = null;
    this.parts.clear();
  }

  /** Replaces the whole deck (a theme switch of a deck with no slides yet). */
  replaceDeck(deck: PptxDeck): void {
    this.deck = deck;
    this.designChanged();
  }

  findSlide(ref: string | number): SlideView {
    const slides = this.slides();
    const slide = typeof ref === 'number' ? slides[ref - 1] : slides.find((s) => s.id === ref) ?? (/^\d+$/.test(ref) ? slides[Number(ref) - 1] : undefined);
    if (!slide) {
      const known = slides.length ? `slides are ids from get_outline (s256, ...) or numbers 1-${slides.length}` : 'the deck has no slides yet';
      throw new ToolError(`There is no slide ${ref} (${known}).`);
    }
    return slide;
  }

  findElement(id: string): { slide: SlideView; element: ElementView } {
    for (const slide of this.slides()) {
      const element = slide.elements.find((e) => e.id === id);
      if (element) return { slide, element };
    }
    throw new ToolError(`There is no element ${id}; get_outline and read_slide list the element ids (e<slide>-<shape>) of each slide.`);
  }
}
