// A deck is its .pptx package. PptxDeck opens the package and answers the questions every edit asks:
// where the presentation part is, which slides it lists and in what order, the slide size, and how to
// make a new slide id. Slides, layouts and everything else stay in the package's own parts.
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { OoxmlPackage } from '../ooxml/package.ts';
import { REL } from '../ooxml/relationships.ts';
import { attr, attrNS, child, children, createEl, insertBefore, NS, type Element } from '../ooxml/xml.ts';
import type { ZipLimits } from '../ooxml/zip-reader.ts';

export const PPTX_WHAT = 'a PowerPoint presentation (.pptx)';
export const PPTX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export { MAX_SLIDES_PER_CALL } from './limits.ts';

export const EMU_PER_INCH = 914400;

export interface SlideEntry {
  /** The slide's id in presentation.xml (`p:sldId/@id`), stable for the life of the deck. */
  sldId: number;
  relId: string;
  part: string;
}

export interface Box { x: number; y: number; cx: number; cy: number }

/** Children of p:presentation that follow p:sldIdLst in schema order (a new list goes before the first). */
const AFTER_SLIDE_LIST = ['sldSz', 'notesSz', 'smartTags', 'embeddedFontLst', 'custShowLst', 'photoAlbum', 'custDataLst', 'kinsoku', 'defaultTextStyle', 'modifyVerifier', 'extLst'];

export class PptxDeck {
  readonly pkg: OoxmlPackage;
  readonly presentation: string;
  /**
   * Set while the deck's masters, layouts and themes are exactly those of a Folio template (a new deck
   * whose design nothing has changed yet): facts read from them can be shared between decks.
   */
  pristineTemplate: string | null = null;

  constructor(pkg: OoxmlPackage) {
    this.pkg = pkg;
    const main = pkg.rels('').first(REL.officeDocument);
    const part = main && !main.external && pkg.has(main.target) ? main.target : pkg.has('ppt/presentation.xml') ? 'ppt/presentation.xml' : null;
    if (!part) throw new DocumentUnreadable(`The file is not ${PPTX_WHAT}: it has no presentation part.`);
    const root = pkg.xml(part).documentElement;
    if (!root || root.namespaceURI !== NS.p || root.localName !== 'presentation') {
      throw new DocumentUnreadable(`The file is not ${PPTX_WHAT}: ${part} is not a presentation${root?.namespaceURI?.includes('purl.oclc.org') ? ' (Strict Open XML decks are not supported; save it as a regular PowerPoint file)' : ''}.`);
    }
    this.presentation = part;
  }

  static open(bytes: Buffer, limits?: ZipLimits): PptxDeck {
    return new PptxDeck(OoxmlPackage.open(bytes, { what: PPTX_WHAT, limits }));
  }

  private root(): Element {
    return this.pkg.xml(this.presentation).documentElement!;
  }

  /** The slides in presentation order (entries whose part is missing are skipped). */
  slides(): SlideEntry[] {
    const list = child(this.root(), NS.p, 'sldIdLst');
    const rels = this.pkg.rels(this.presentation);
    const out: SlideEntry[] = [];
    for (const el of children(list, NS.p, 'sldId')) {
      const relId = attrNS(el, NS.r, 'id') ?? '';
      const rel = rels.get(relId);
      if (!rel || rel.external || !this.pkg.has(rel.target)) continue;
      out.push({ sldId: Number(attr(el, 'id')), relId, part: rel.target });
    }
    return out;
  }

  slideSize(): { cx: number; cy: number } {
    const sz = child(this.root(), NS.p, 'sldSz');
    return { cx: Number(attr(sz, 'cx') ?? 12192000), cy: Number(attr(sz, 'cy') ?? 6858000) };
  }

  /** The slide id list, created (in schema order) when the deck has none. */
  slideList(): Element {
    const root = this.pkg.edit(this.presentation).documentElement!;
    return child(root, NS.p, 'sldIdLst') ?? insertBefore(root, createEl(root.ownerDocument!, NS.p, 'sldIdLst'), AFTER_SLIDE_LIST);
  }

  /** Lists a new slide part at a 0-based position; returns its entry. */
  listSlide(part: string, position: number): SlideEntry {
    const list = this.slideList();
    const ids = children(list, NS.p, 'sldId').map((el) => Number(attr(el, 'id')));
    const sldId = Math.max(255, ...ids) + 1;
    if (sldId >= 2147483648) throw new Error('no slide id left');
    const relId = this.pkg.rels(this.presentation).add(REL.slide, part);
    const el = createEl(list.ownerDocument!, NS.p, 'sldId', { id: sldId });
    el.setAttributeNS(NS.r, `${list.ownerDocument!.documentElement!.lookupPrefix(NS.r) ?? 'r'}:id`, relId);
    const siblings = children(list, NS.p, 'sldId');
    list.insertBefore(el, siblings[position] ?? null);
    return { sldId, relId, part };
  }

  /** The p:sldId element of a slide. */
  slideIdElement(sldId: number): Element | null {
    return children(child(this.root(), NS.p, 'sldIdLst'), NS.p, 'sldId').find((el) => Number(attr(el, 'id')) === sldId) ?? null;
  }

  /** The notes master part, or null when the deck has none. */
  notesMaster(): string | null {
    return this.pkg.related(this.presentation, REL.notesMaster)[0] ?? null;
  }

  /** Slide masters in the order presentation.xml lists them. */
  masters(): string[] {
    const rels = this.pkg.rels(this.presentation);
    return children(child(this.root(), NS.p, 'sldMasterIdLst'), NS.p, 'sldMasterId')
      .map((el) => rels.get(attrNS(el, NS.r, 'id') ?? ''))
      .filter((r): r is NonNullable<typeof r> => !!r && !r.external && this.pkg.has(r.target))
      .map((r) => r.target);
  }

  save(): Buffer {
    return this.pkg.save();
  }
}
