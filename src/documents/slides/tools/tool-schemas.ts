// Argument schemas of the Slides tools (TypeBox, so JSON Schema for the model and for validation).
// Content is given the same way everywhere: bullets as strings (or {text, level}), charts and tables
// inline or from a data source by name, images by image id.
import { MAX_SLIDES_PER_CALL } from '../limits.ts';
import { Type, type Static } from 'typebox';
import { StringEnum } from '../../../http/schemas.ts';
import { CHART_KINDS } from '../../ooxml/charts/chart-spec.ts';
import { THEME_NAMES } from '../themes.ts';

/** The kinds of slides add_slide makes; each becomes the deck's nearest layout. */
export const SLIDE_LAYOUTS = ['title', 'section', 'bullets', 'two-column', 'chart', 'table', 'image', 'quote', 'closing'] as const;
export type SlideLayoutKind = (typeof SLIDE_LAYOUTS)[number];
export const CHART_TYPES = CHART_KINDS;

const Text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

export const SlideRef = Type.Union([Type.String({ pattern: '^s[0-9]+$' }), Type.Integer({ minimum: 1 })], {
  description: 'A slide id from the outline (`s257`) or a 1-based slide number.',
});

export const ElementRef = Type.String({ pattern: '^e[0-9]+-[0-9]+$', description: 'An element id from the outline or read_slide (`e257-4`).' });

export const BulletInput = Type.Union([
  Text(600),
  Type.Object({ text: Text(600), level: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })) }, { additionalProperties: false }),
], { description: 'A bullet: text (`**bold**` and `*italic*` allowed), or {text, level} with level 0-2 for nesting.' });

export const Bullets = Type.Array(BulletInput, { minItems: 1, maxItems: 14 });

export const ChartInput = Type.Object({
  type: StringEnum(CHART_KINDS, { description: '`bar` (columns), `line` (trends over time) or `pie` (parts of a whole, one series).' }),
  data_source: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Name of a data source of the request; its rows become the chart.' })),
  category_column: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'With data_source: the column of labels (default: the first text column).' })),
  value_columns: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 8, description: 'With data_source: numeric columns to plot (default: every numeric column, at most 6).' })),
  categories: Type.Optional(Type.Array(Type.String({ maxLength: 120 }), { minItems: 1, maxItems: 60, description: 'Inline data: the labels.' })),
  series: Type.Optional(Type.Array(Type.Object({ name: Text(120), values: Type.Array(Type.Number(), { minItems: 1, maxItems: 60 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 8, description: 'Inline data: one value per category in each series.' })),
  source: Type.Optional(Type.String({ maxLength: 200, description: 'Where the numbers come from, shown under the chart (defaults to the data source name).' })),
}, { additionalProperties: false });

export const TableInput = Type.Object({
  data_source: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Name of a data source; its columns and rows become the table.' })),
  columns: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 10, description: 'Inline: header cells. With data_source: the columns to show (default: all, at most 8).' })),
  rows: Type.Optional(Type.Array(Type.Array(Type.Union([Type.String({ maxLength: 300 }), Type.Number(), Type.Null()]), { maxItems: 10 }), { maxItems: 20, description: 'Inline: body rows.' })),
  first_row: Type.Optional(Type.Integer({ minimum: 1, description: 'With data_source: 1-based first row to show (to split a long table over slides).' })),
  row_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'With data_source: how many rows to show (default: as many as fit, at most 12).' })),
}, { additionalProperties: false });

export const ImageInput = Type.Object({
  image_id: Type.String({ minLength: 1, maxLength: 100, description: 'An image of the request (image_assets).' }),
  alt: Type.Optional(Type.String({ maxLength: 300 })),
}, { additionalProperties: false });

export const QuoteInput = Type.Object({ text: Text(600), attribution: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

/** One body element: exactly one of bullets, chart, table, image (the tools check it). */
export const ElementInput = Type.Object({
  heading: Type.Optional(Type.String({ maxLength: 120, description: 'Short heading above it (two-column slides).' })),
  caption: Type.Optional(Type.String({ maxLength: 300, description: 'Caption under a chart, table or image.' })),
  bullets: Type.Optional(Bullets),
  chart: Type.Optional(ChartInput),
  table: Type.Optional(TableInput),
  image: Type.Optional(ImageInput),
}, { additionalProperties: false });

const Notes = Type.String({ maxLength: 3000, description: 'Speaker notes: what the presenter says. Every content slide has them; when omitted they are written from the slide content.' });

export const AddSlideArgs = Type.Object({
  layout: StringEnum(SLIDE_LAYOUTS, { description: 'title, section, bullets, two-column (columns: two elements), chart, table, image, quote, closing.' }),
  title: Type.String({ maxLength: 160, description: 'Slide title (plain text). May be empty only on quote slides.' }),
  subtitle: Type.Optional(Type.String({ maxLength: 240, description: 'title, section and closing slides only.' })),
  bullets: Type.Optional(Bullets),
  columns: Type.Optional(Type.Array(ElementInput, { minItems: 2, maxItems: 2, description: 'two-column: the left and right elements.' })),
  chart: Type.Optional(ChartInput),
  table: Type.Optional(TableInput),
  image: Type.Optional(ImageInput),
  quote: Type.Optional(QuoteInput),
  caption: Type.Optional(Type.String({ maxLength: 300, description: 'Caption under the chart, table or image.' })),
  notes: Type.Optional(Notes),
  position: Type.Optional(Type.Integer({ minimum: 1, description: '1-based position of the new slide (default: at the end).' })),
}, { additionalProperties: false });
export type AddSlideArgs = Static<typeof AddSlideArgs>;

export const AddSlidesArgs = Type.Object({
  slides: Type.Array(AddSlideArgs, { minItems: 1, maxItems: MAX_SLIDES_PER_CALL, description: 'The slides to add, in order; each as for add_slide.' }),
}, { additionalProperties: false });

export const UpdateSlideArgs = Type.Object({
  slide: SlideRef,
  title: Type.Optional(Type.String({ maxLength: 160 })),
  subtitle: Type.Optional(Type.String({ maxLength: 240, description: 'Empty string removes it.' })),
  notes: Type.Optional(Notes),
}, { additionalProperties: false });

export const UpdateElementArgs = Type.Object({
  element: ElementRef,
  text: Type.Optional(Type.String({ maxLength: 3000, description: 'New text of a text element (a caption, heading, quote or text box; one paragraph per line). Its formatting is kept.' })),
  bullets: Type.Optional(Bullets),
  chart: Type.Optional(ChartInput),
  table: Type.Optional(TableInput),
  image: Type.Optional(ImageInput),
}, { additionalProperties: false });

export const PlaceArgs = (what: string) => ({
  slide: Type.Optional(SlideRef),
  title: Type.Optional(Type.String({ maxLength: 160, description: 'Title of the new slide (required without `slide`).' })),
  heading: Type.Optional(Type.String({ maxLength: 120 })),
  caption: Type.Optional(Type.String({ maxLength: 300 })),
  notes: Type.Optional(Notes),
  position: Type.Optional(Type.Integer({ minimum: 1, description: 'Position of the new slide.' })),
});

export const AddChartArgs = Type.Object({ ...PlaceArgs('chart'), chart: ChartInput }, { additionalProperties: false });
export const AddTableArgs = Type.Object({ ...PlaceArgs('table'), table: TableInput }, { additionalProperties: false });
export const InsertImageArgs = Type.Object({ ...PlaceArgs('image'), image: ImageInput }, { additionalProperties: false });

export const MoveSlideArgs = Type.Object({ slide: SlideRef, to_position: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const MoveElementArgs = Type.Object({
  element: ElementRef,
  to_slide: SlideRef,
  keep_empty_source: Type.Optional(Type.Boolean({ description: 'Keep the source slide when the move leaves it without content (default false: it is removed).' })),
}, { additionalProperties: false });

export const DeleteArgs = Type.Object({
  slide: Type.Optional(SlideRef),
  element: Type.Optional(ElementRef),
}, { additionalProperties: false });

export const SetThemeArgs = Type.Object({
  theme: Type.Optional(StringEnum(THEME_NAMES)),
  primary_color: Type.Optional(Type.String({ pattern: '^#?(?:[0-9A-Fa-f]{3}){1,2}$' })),
  secondary_color: Type.Optional(Type.String({ pattern: '^#?(?:[0-9A-Fa-f]{3}){1,2}$' })),
  font: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9 ._-]+$' })),
}, { additionalProperties: false });

export const ReadSlideArgs = Type.Object({ slide: SlideRef }, { additionalProperties: false });

export const ReplaceTextArgs = Type.Object({
  find: Type.String({ minLength: 1, maxLength: 500, description: 'Exact text to find (case-sensitive).' }),
  replace: Type.String({ maxLength: 2000, description: 'Text to put in its place; the surrounding formatting is kept.' }),
  slide: Type.Optional(SlideRef),
}, { additionalProperties: false });

export type ChartInput = Static<typeof ChartInput>;
export type TableInput = Static<typeof TableInput>;
export type ImageInput = Static<typeof ImageInput>;
export type ElementInput = Static<typeof ElementInput>;
export type BulletInput = Static<typeof BulletInput>;
