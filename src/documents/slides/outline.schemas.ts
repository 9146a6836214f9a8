// The slide outline of POST /slides/outline, also accepted by POST /slides/generate as `outline`: a
// title and, per slide, its layout, title, bullets and speaker notes, with the data source, chart type
// or image a slide is built from. It converts to and from the planner's add_slide calls.
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../http/schemas.ts';
import { CHART_TYPES, SLIDE_LAYOUTS } from './tools/tool-schemas.ts';
import type { AddSlideArgs } from './tools/tool-schemas.ts';
import type { FormatRequestField } from '../../runs/runs.schemas.ts';

export const MAX_OUTLINE_SLIDES = 100;

export const OutlineSlide = Type.Object({
  layout: StringEnum(SLIDE_LAYOUTS, { description: 'title, section, bullets, two-column, chart, table, image, quote or closing.' }),
  title: Type.String({ maxLength: 160 }),
  subtitle: Type.Optional(Type.String({ maxLength: 240 })),
  bullets: Type.Array(Type.String({ minLength: 1, maxLength: 600 }), { maxItems: 14, description: 'Points of the slide (for a quote slide: the quote, then its attribution).' }),
  notes: Type.String({ maxLength: 3000, description: 'Speaker notes.' }),
  data_source: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Chart and table slides: the data source (by name) they show.' })),
  chart_type: Type.Optional(StringEnum(CHART_TYPES)),
  image_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Image slides: the image (from image_assets).' })),
}, { additionalProperties: false, title: 'OutlineSlide' });

export const SlidesOutline = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  slides: Type.Array(OutlineSlide, { minItems: 1, maxItems: MAX_OUTLINE_SLIDES }),
}, { additionalProperties: false, title: 'SlidesOutline', description: 'A slide outline from POST /slides/outline (possibly edited). Generation builds these slides (at most 30 per call; resume with run_id for the rest).' });

export type SlidesOutline = Static<typeof SlidesOutline>;

declare module '../../runs/runs.schemas.ts' {
  interface FormatRequestFields {
    /** POST /slides/generate only: the slides to build (from POST /slides/outline). */
    outline?: SlidesOutline;
  }
}

/** The generate body's fields that only Slides reads, handed to the engine by the composition root. */
export const SLIDES_REQUEST_FIELDS: Readonly<Record<string, FormatRequestField>> = {
  outline: { format: 'slides', schema: SlidesOutline, elsewhere: 'Only POST /slides/generate takes an outline (from POST /slides/outline)' },
};
export type OutlineSlide = Static<typeof OutlineSlide>;

const bulletText = (b: NonNullable<AddSlideArgs['bullets']>[number]) => (typeof b === 'string' ? b : `${'  '.repeat(b.level ?? 0)}${b.text}`);

/** The planner's slides as an outline (what POST /slides/outline answers with the builtin engine). */
export function slidesToOutline(title: string, slides: AddSlideArgs[]): SlidesOutline {
  return {
    title,
    slides: slides.map((s): OutlineSlide => {
      const columns = s.columns ?? [];
      const chart = s.chart ?? columns.find((c) => c.chart)?.chart;
      const table = s.table ?? columns.find((c) => c.table)?.table;
      const image = s.image ?? columns.find((c) => c.image)?.image;
      const bullets = [...(s.bullets ?? []), ...columns.flatMap((c) => c.bullets ?? [])].map(bulletText);
      if (s.quote) bullets.push(s.quote.text, ...(s.quote.attribution ? [s.quote.attribution] : []));
      if (table && !table.data_source && table.columns) bullets.push(table.columns.join(' | '), ...(table.rows ?? []).map((r) => r.map((c) => c ?? '').join(' | ')));
      return {
        layout: s.layout, title: s.title, ...(s.subtitle ? { subtitle: s.subtitle } : {}), bullets: bullets.slice(0, 14), notes: s.notes ?? '',
        ...(chart?.data_source ? { data_source: chart.data_source } : table?.data_source ? { data_source: table.data_source } : {}),
        ...(chart ? { chart_type: chart.type } : {}), ...(image ? { image_id: image.image_id } : {}),
      };
    }),
  };
}

/** An outline back into add_slide calls; a slide that lacks what its layout needs becomes a bullets slide. */
export function outlineToSlides(outline: SlidesOutline): AddSlideArgs[] {
  return outline.slides.map((s): AddSlideArgs => {
    const base = { title: s.title, ...(s.notes ? { notes: s.notes } : {}) };
    const bullets = s.bullets.map((b) => ({ text: b.trim(), level: Math.min(2, Math.floor((/^\s*/.exec(b)![0].length) / 2)) }));
    const asBullets = (): AddSlideArgs => ({ layout: 'bullets', ...base, bullets: bullets.length ? bullets : [`[Add the key points of "${s.title}"]`] });
    switch (s.layout) {
      case 'title': case 'section':
        return { layout: s.layout, title: s.title, ...(s.subtitle ? { subtitle: s.subtitle } : {}) };
      case 'closing':
        return { layout: 'closing', title: s.title, ...(s.subtitle ? { subtitle: s.subtitle } : {}), ...(bullets.length ? { bullets: bullets.slice(0, 5) } : {}) };
      case 'chart':
        return s.data_source ? { layout: 'chart', ...base, chart: { type: s.chart_type ?? 'bar', data_source: s.data_source } } : asBullets();
      case 'table':
        return s.data_source ? { layout: 'table', ...base, table: { data_source: s.data_source } } : asBullets();
      case 'image':
        return s.image_id ? { layout: 'image', ...base, image: { image_id: s.image_id } } : asBullets();
      case 'quote':
        return bullets.length ? { layout: 'quote', ...base, quote: { text: bullets[0].text, ...(bullets[1] ? { attribution: bullets[1].text } : {}) } } : asBullets();
      case 'two-column': {
        if (s.data_source && bullets.length) return { layout: 'two-column', ...base, columns: [{ bullets }, { chart: { type: s.chart_type ?? 'bar', data_source: s.data_source } }] };
        return asBullets();
      }
      default:
        return asBullets();
    }
  });
}
