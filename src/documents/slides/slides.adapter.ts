// The Slides format for the agent core: the deck model, its .pptx reader and renderer, tools, outline
// and the builtin planner. The request's brand is applied at render time (and so kept in the file,
// where a later resume reads it back).
import type { FormatAdapter, RenderOptions } from '../agent/format-adapter.ts';
import { createDeck, deckTitle, MAX_SLIDES_PER_CALL, THEME_NAMES, type Deck } from './model.ts';
import { deckOutline } from './outline-text.ts';
import { readDeck } from './reader.ts';
import { renderDeck } from './renderer.ts';
import { planSlides } from './slides.planner.ts';
import { slidesTools } from './slides.tools.ts';

export const PPTX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Fonts go into theme XML as attribute values: only characters that font names use. */
const safeFont = (font: string) => font.replace(/[^A-Za-z0-9 ._-]/g, '').trim().slice(0, 60);

export function applyBrand(deck: Deck, brand: RenderOptions['brand']): void {
  if (!brand) return;
  if (brand.primaryColor) deck.brand.primary = brand.primaryColor;
  if (brand.secondaryColor) deck.brand.secondary = brand.secondaryColor;
  if (brand.font && safeFont(brand.font)) deck.brand.font = safeFont(brand.font);
  if (brand.logo) deck.brand.logo = { bytes: brand.logo.bytes, contentType: brand.logo.content_type, width: brand.logo.width ?? 0, height: brand.logo.height ?? 0, imageId: brand.logo.image_id };
}

const INSTRUCTIONS = [
  'A deck is a list of slides; each has a layout, a title, body elements (ids e<n>) and speaker notes. Layouts:',
  '- title (deck title + subtitle), section (divider: title + optional subtitle), closing (title, subtitle, optional bullets such as next steps);',
  '- bullets (one list), two-column (two elements side by side: bullets, chart, table or image, each with an optional heading), chart, table, image, quote.',
  `Build a deck as: a title slide, an agenda or section slides for longer decks, content slides, and a closing slide. Add at most ${MAX_SLIDES_PER_CALL} slides per call: for a longer deck, build the first ${MAX_SLIDES_PER_CALL} and say in the finish summary that the user continues the deck by calling again with this run_id.`,
  'Write slides, not documents: 3 to 6 bullets of at most about 15 words each; use `**bold**` for a lead-in word or figure. Tools refuse text or tables that do not fit; split them over slides.',
  'Charts are native PowerPoint charts: bar to compare categories, line for trends over time, pie for parts of a whole (one series, at most 12 slices). Take data from data sources by name (data_source, category_column, value_columns) rather than retyping numbers.',
  'Every content slide needs speaker notes: what the presenter says, 2 to 4 sentences, from the slide content and inputs (never invented).',
  'Cite context files in the notes or a caption as [n]. Images are placed by image_id. The brand (colours, font, logo on every slide) is applied automatically; set_theme picks a theme (' + THEME_NAMES.join(', ') + ').',
  'When editing, use get_outline and read_slide first; keep slides you are not asked to change. Shapes marked "kept as is" were added outside Folio and are written back unchanged.',
].join('\n');

export const adapter: FormatAdapter<Deck> = {
  format: 'slides',
  contentType: PPTX_CONTENT_TYPE,
  extension: 'pptx',
  agentName: 'folio-slides-agent',
  create: () => createDeck(),
  read: (bytes) => readDeck(bytes),
  render: async (deck, options) => {
    applyBrand(deck, options.brand);
    return renderDeck(deck, options.signal);
  },
  tools: (ctx) => slidesTools(ctx),
  outline: (deck) => deckOutline(deck),
  title: (deck) => deckTitle(deck),
  instructions: INSTRUCTIONS,
  plan: (request, deck, inputs) => planSlides(request, deck, inputs),
  requestContext: (request) => (request.outline ? `Build the slides of this outline (from POST /slides/outline), in order, with these titles, bullets and notes (at most ${MAX_SLIDES_PER_CALL} per call):\n${JSON.stringify(request.outline)}` : null),
  maxSteps: 40,
};
