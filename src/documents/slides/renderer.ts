// Deck -> .pptx with pptxgenjs: masters for the layouts in use, then each slide's content and notes.
// A finishing pass repairs paragraphs and writes back shapes preserved from a read file.
import { defineMasters, masterName } from './masters.ts';
import { deckTitle, type Deck, type SlideLayout } from './model.ts';
import { PptxGenJS } from './pptxgen.ts';
import { finishPackage } from './package-finisher.ts';
import { paintSlide } from './slide-painter.ts';
import { resolvePalette } from './theme.ts';

export async function renderDeck(deck: Deck, signal?: AbortSignal): Promise<Buffer> {
  const palette = resolvePalette(deck.theme, deck.brand);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  const title = deckTitle(deck) ?? 'Presentation';
  pptx.title = title;
  pptx.company = 'Folio';
  pptx.theme = { headFontFace: palette.headingFont, bodyFontFace: palette.bodyFont };
  const layouts = new Set<SlideLayout>(deck.slides.map((s) => s.layout));
  defineMasters(pptx, deck.theme, layouts, palette, deck.brand, title);
  let sections = 0;
  for (const s of deck.slides) {
    signal?.throwIfAborted();
    if (s.layout === 'section') sections++;
    const slide = pptx.addSlide({ masterName: masterName(deck.theme, s.layout) });
    paintSlide(slide, s, { pptx, palette, hasLogo: Boolean(deck.brand.logo), sectionNumber: sections });
  }
  if (deck.slides.length === 0) pptx.addSlide(); // a package needs one slide to open; an empty deck reads back empty
  // Written uncompressed: the finishing pass reopens it cheaply and compresses once.
  const stored = Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
  signal?.throwIfAborted();
  return finishPackage(stored, deck, palette);
}
