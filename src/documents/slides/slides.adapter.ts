// The Slides format for the agent core. A deck is its .pptx package: reading opens it (a new deck opens
// one of Folio's template decks), the tools edit its parts in place, and rendering writes the package
// back with every untouched part copied through. The request's brand is applied to the deck's own
// theme and masters at render time.
import type { FormatAdapter } from '../agent/format-adapter.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { MAX_SLIDES_PER_CALL, PPTX_CONTENT_TYPE, PptxDeck } from './deck.ts';
import { applyBrand } from './edits/brand.ts';
import { planSlides } from './planner/slides.planner.ts';
import { SlidesDocument } from './slides.document.ts';
import { openTemplate, THEME_NAMES } from './templates.ts';
import { summarizeChanges } from './summary.ts';
import { slidesTools } from './tools/slides.tools.ts';
import { deckOutline } from './view/outline.ts';
import { snapshotSlides } from './slides.snapshot.ts';

export { PPTX_CONTENT_TYPE };

const INSTRUCTIONS = [
  "A deck is its PowerPoint file: slides made from the deck's own slide layouts, each with a title, elements (ids e<slide>-<shape>) and speaker notes. Edit the file in place; never rebuild it.",
  '- add_slide picks the deck\'s nearest layout for the kind of slide: title, section, bullets, two-column, chart, table, image, quote, closing. Text goes into the layout\'s placeholders, so it takes the deck\'s fonts, colours and bullets.',
  `- Build a new deck as: a title slide, section slides for longer decks, content slides, and a closing slide. Add at most ${MAX_SLIDES_PER_CALL} slides per call; for a longer deck, build the first ${MAX_SLIDES_PER_CALL} and say in the finish summary that the user continues by calling again with this run_id.`,
  '- Write slides, not documents: 3 to 6 bullets of at most about 15 words; `**bold**` for a lead-in word or figure. Tools refuse text or tables that do not fit; split them over slides.',
  '- Charts are native PowerPoint charts in the deck\'s theme colours: bar to compare categories, line for trends, pie for parts of a whole (one series, at most 12 slices). Take data from data sources by name rather than retyping numbers.',
  '- Every content slide needs speaker notes: what the presenter says, 2 to 4 sentences, from the slide content and inputs (never invented). Cite context files as [n].',
  `- Images are placed by image_id. The request brand (colours, font, logo) is applied automatically. set_theme switches decks Folio made between themes (${THEME_NAMES.join(', ')}); a deck the user brought keeps its own design.`,
  '- When editing, read get_outline and read_slide first and change only what is asked: update_slide for titles and notes, update_element or replace_text for text (formatting is kept), delete and move_slide for structure. Shapes marked "kept as is" (SmartArt, groups, media) are left untouched.',
].join('\n');

export const adapter: FormatAdapter<SlidesDocument> = {
  format: 'slides',
  contentType: PPTX_CONTENT_TYPE,
  extension: 'pptx',
  agentName: 'folio-slides-agent',
  create: () => new SlidesDocument(openTemplate('midnight').deck, 'template'),
  read: async (bytes) => {
    const doc = new SlidesDocument(PptxDeck.open(bytes), 'file');
    // Read every slide once now, so an unreadable part is refused at load with the file's name, not mid-task.
    try {
      for (const slide of doc.slides()) void slide.elements;
    } catch (err) {
      if (err instanceof DocumentUnreadable) throw err;
      throw new DocumentUnreadable(`A slide could not be read (${(err as Error).message}).`, { cause: err });
    }
    return doc;
  },
  render: async (doc, options) => {
    if (options.brand) {
      const { primaryColor, secondaryColor, font, logo } = options.brand;
      applyBrand(doc, { primary: primaryColor, secondary: secondaryColor, font, logo: logo ? { bytes: logo.bytes, contentType: logo.content_type, width: logo.width, height: logo.height } : null });
    }
    options.signal?.throwIfAborted();
    return doc.deck.save();
  },
  tools: (ctx) => slidesTools(ctx),
  outline: (doc) => deckOutline(doc),
  snapshot: (doc) => snapshotSlides(doc),
  title: (doc) => doc.slides().find((s) => s.title.trim())?.title.trim() ?? null,
  instructions: INSTRUCTIONS,
  plan: (request, doc, inputs) => planSlides(request, doc, inputs),
  requestContext: (request) => (request.outline ? `Build the slides of this outline (from POST /slides/outline), in order, with these titles, bullets and notes (at most ${MAX_SLIDES_PER_CALL} per call):\n${JSON.stringify(request.outline)}` : null),
  summarize: (doc, changes, origin) => summarizeChanges(doc, changes, origin),
  maxSteps: 40,
  outcomeProblems: (doc) => (doc.slides().length ? [] : ['the deck has no slides: add them (add_slides adds several in one call)']),
};
