// The Slides agent's tools. Each validates its arguments (the core checks the schema first), acts on
// the in-memory deck, keeps every slide valid for its layout and fitting its boxes, and answers with
// what changed and the ids to use next. At most MAX_SLIDES_PER_CALL slides are added per task.
import { ToolError } from '../agent/tool-error.ts';
import { defineTool, type AgentTool, type ToolContext } from '../agent/format-adapter.ts';
import { clampPosition, findElement, findSlide, layoutFor, moveElement, placeBeside, removeElement } from './deck-edits.ts';
import { CONTENT_LAYOUTS, layoutProblems, MAX_SLIDES_PER_CALL, nextElementId, nextSlideId, plainText, type Deck, type Slide, type SlideElement } from './model.ts';
import { describeSlide } from './outline-text.ts';
import { assertFits, chartFromInput, imageFromInput, tableFromInput, toBullets } from './slide-content.ts';
import { titleBox, titleFit } from './slide-painter.ts';
import { notesFor } from './speaker-notes.ts';
import { normalizeHex, resolvePalette } from './theme.ts';
import * as S from './tool-schemas.ts';

const STATEMENT = ['title', 'section', 'closing'];

export function slidesTools(ctx: ToolContext<Deck>): AgentTool[] {
  const deck = ctx.doc;
  let added = 0;

  const element = (input: S.ElementInput & { quote?: { text: string; attribution?: string } }): SlideElement => {
    const given = (['bullets', 'chart', 'table', 'image', 'quote'] as const).filter((k) => input[k] !== undefined);
    if (given.length !== 1) throw new ToolError(`An element holds exactly one of bullets, chart, table or image${given.length ? `, not ${given.join(' and ')}` : ''}.`);
    const base = { id: nextElementId(deck), ...(input.heading ? { heading: plainText(input.heading) } : {}), ...(input.caption ? { caption: input.caption } : {}) };
    if (input.bullets) return { ...base, kind: 'bullets', items: toBullets(input.bullets) };
    if (input.chart) return { ...base, kind: 'chart', chart: chartFromInput(input.chart, ctx.inputs) };
    if (input.image) return { ...base, kind: 'image', image: imageFromInput(input.image, ctx.inputs) };
    if (input.quote) return { ...base, kind: 'quote', text: input.quote.text, ...(input.quote.attribution ? { attribution: input.quote.attribution } : {}) };
    const { table, note } = tableFromInput(input.table!, ctx.inputs);
    return { ...base, kind: 'table', table, ...(note && !input.caption ? { caption: note } : {}) };
  };

  /** Checks a slide as a whole: layout rules, title length, every element's fit; fills missing notes. */
  const check = (slide: Slide): void => {
    const problems = layoutProblems(slide);
    if (problems.length) throw new ToolError(`${problems.join('; ')}.`);
    if (slide.subtitle && !STATEMENT.includes(slide.layout)) throw new ToolError('Only title, section and closing slides have a subtitle.');
    if (!slide.title.trim() && slide.layout !== 'quote') throw new ToolError(`A ${slide.layout} slide needs a title.`);
    const palette = resolvePalette(deck.theme, deck.brand);
    if (!STATEMENT.includes(slide.layout) && !titleFit(slide.title, titleBox(Boolean(deck.brand.logo)), palette.headingFont, 32, 20).fits) {
      throw new ToolError(`The title "${slide.title.slice(0, 40)}…" is too long for one slide title (two lines); shorten it and move detail into the content.`);
    }
    slide.elements.forEach((e, i) => assertFits(slide.layout, i, e, palette));
    if (CONTENT_LAYOUTS.includes(slide.layout) && !slide.notes.trim()) slide.notes = notesFor(slide);
  };

  const countNew = (n = 1) => {
    if (added + n > MAX_SLIDES_PER_CALL) {
      ctx.addNotice?.(`This call added ${MAX_SLIDES_PER_CALL} slides, the most one call makes; call POST /slides/generate again with this run_id to add the rest.`);
      throw new ToolError(`This call has already added ${added} slides; one generation call adds at most ${MAX_SLIDES_PER_CALL}. Stop adding slides and call finish, saying in the summary that the rest of the deck is added by calling again with this run_id.`);
    }
    added += n;
  };

  /** Runs an edit; if it throws, the deck is put back as it was (slide order and every slide's fields). */
  const atomically = <T>(edit: () => T): T => {
    const order = [...deck.slides];
    const states = deck.slides.map((sl) => ({ ...sl, elements: [...sl.elements] }));
    const count = added;
    const nextId = deck.nextId;
    try {
      return edit();
    } catch (err) {
      deck.nextId = nextId;
      deck.slides.splice(0, deck.slides.length, ...order);
      states.forEach((state, i) => {
        for (const k of Object.keys(order[i]) as (keyof Slide)[]) if (!(k in state)) delete order[i][k];
        Object.assign(order[i], state);
      });
      added = count;
      throw err;
    }
  };

  const insert = (slide: Slide, position: number | undefined): string => {
    check(slide);
    countNew();
    deck.slides.splice(clampPosition(deck, position), 0, slide);
    ctx.noteChange(`added ${slide.layout} slide "${slide.title || 'quote'}"`);
    return `Added slide ${slide.id} at position ${deck.slides.indexOf(slide) + 1}:\n${describeSlide(slide, deck.slides.indexOf(slide)).join('\n')}`;
  };

  /** A new slide for one element (add_chart / add_table / insert_image without `slide`). */
  const placeElement = (args: { slide?: string | number; title?: string; heading?: string; caption?: string; notes?: string; position?: number }, e: SlideElement): string => {
    if (args.heading) e.heading = plainText(args.heading);
    if (args.caption) e.caption = args.caption;
    if (args.slide === undefined) {
      if (!args.title) throw new ToolError('Give `title` for the new slide, or `slide` to put it on an existing one.');
      return insert({ id: nextSlideId(deck), layout: e.kind as Slide['layout'], title: plainText(args.title), elements: [e], notes: args.notes ?? '', preserved: [] }, args.position);
    }
    const { slide } = findSlide(deck, args.slide);
    placeBeside(slide, e);
    if (args.notes) slide.notes = args.notes;
    check(slide);
    ctx.noteChange(`added a ${e.kind} to slide "${slide.title}"`);
    return `Added ${e.id} to slide ${slide.id}:\n${describeSlide(slide, deck.slides.indexOf(slide)).join('\n')}`;
  };

  return [
    defineTool({
      name: 'read_slide',
      description: 'Returns one slide in full: layout, title, every element with its content (bullets, chart data, table cells), notes, and shapes kept as they are.',
      input: S.ReadSlideArgs,
      readOnly: true,
      execute: ({ slide }) => {
        const s = findSlide(deck, slide).slide;
        return { ...s, elements: s.elements.map((e) => (e.kind === 'image' ? { ...e, image: { image_id: e.image.imageId ?? null, width: e.image.width, height: e.image.height, alt: e.image.alt ?? null } } : e)), preserved: s.preserved.map((p) => p.description) };
      },
    }),
    defineTool({
      name: 'add_slide',
      description: 'Adds a complete slide. Content by layout: bullets -> `bullets`; two-column -> `columns` (two elements, each bullets, chart, table or image, with optional heading); chart -> `chart`; table -> `table`; image -> `image`; quote -> `quote`; closing -> optional `bullets`; title and section -> `subtitle` only. Give speaker `notes` for content slides.',
      input: S.AddSlideArgs,
      execute: (args) => atomically(() => {
        const slide: Slide = { id: nextSlideId(deck), layout: args.layout, title: plainText(args.title ?? '').trim(), elements: [], notes: args.notes ?? '', preserved: [] };
        if (args.subtitle) slide.subtitle = args.subtitle.trim();
        const extra = (['bullets', 'columns', 'chart', 'table', 'image', 'quote'] as const).filter((k) => args[k] !== undefined);
        const want: Record<Slide['layout'], readonly string[]> = { title: [], section: [], bullets: ['bullets'], 'two-column': ['columns'], chart: ['chart'], table: ['table'], image: ['image'], quote: ['quote'], closing: ['bullets'] };
        const wrong = extra.filter((k) => !want[args.layout].includes(k));
        if (wrong.length) throw new ToolError(`A ${args.layout} slide takes ${want[args.layout].length ? `\`${want[args.layout].join('`, `')}\`` : 'no content besides title and subtitle'}, not \`${wrong.join('`, `')}\`.`);
        if (args.columns) slide.elements = args.columns.map((c) => element(c));
        else if (args.bullets) slide.elements = [element({ bullets: args.bullets })];
        else if (args.chart) slide.elements = [element({ chart: args.chart, caption: args.caption })];
        else if (args.table) slide.elements = [element({ table: args.table, caption: args.caption })];
        else if (args.image) slide.elements = [element({ image: args.image, caption: args.caption })];
        else if (args.quote) slide.elements = [element({ quote: args.quote })];
        return insert(slide, args.position);
      }),
    }),
    defineTool({
      name: 'update_slide',
      description: "Changes a slide's title, subtitle, speaker notes or layout (to one that fits its elements).",
      input: S.UpdateSlideArgs,
      execute: (args) => atomically(() => {
        const { slide, index } = findSlide(deck, args.slide);
        if (args.title !== undefined) slide.title = plainText(args.title).trim();
        if (args.subtitle !== undefined) slide.subtitle = args.subtitle.trim() || undefined;
        if (args.notes !== undefined) slide.notes = args.notes;
        if (args.layout) slide.layout = args.layout;
        if (!slide.subtitle) delete slide.subtitle;
        check(slide);
        ctx.noteChange(`updated slide "${slide.title}"`);
        return `Updated slide ${slide.id}:\n${describeSlide(slide, index).join('\n')}`;
      }),
    }),
    defineTool({
      name: 'update_element',
      description: "Replaces an element's content (bullets, chart, table, image or quote) or changes its heading or caption; the element keeps its id and place.",
      input: S.UpdateElementArgs,
      execute: (args) => atomically(() => {
        const found = findElement(deck, args.element);
        const { slide } = found;
        const content = (['bullets', 'chart', 'table', 'image', 'quote'] as const).filter((k) => args[k] !== undefined);
        const next: SlideElement = content.length ? { ...element({ ...args }), id: found.element.id } : { ...found.element };
        if (!content.length && args.heading === undefined && args.caption === undefined) throw new ToolError('Nothing to change: give new content, a heading or a caption.');
        if (args.heading !== undefined) next.heading = plainText(args.heading) || undefined;
        else if (found.element.heading && !next.heading) next.heading = found.element.heading;
        if (args.caption !== undefined) next.caption = args.caption || undefined;
        else if (found.element.caption && !next.caption && next.kind === found.element.kind) next.caption = found.element.caption;
        if (!next.heading) delete next.heading;
        if (!next.caption) delete next.caption;
        slide.elements[found.index] = next;
        slide.layout = layoutFor(slide.layout, slide.elements);
        check(slide);
        ctx.noteChange(`updated the ${next.kind} on slide "${slide.title}"`);
        return `Updated ${next.id}:\n${describeSlide(slide, deck.slides.indexOf(slide)).join('\n')}`;
      }),
    }),
    defineTool({
      name: 'add_chart',
      description: 'Adds a native bar, line or pie chart, from a data source by name or from inline data: on a new chart slide (give title), or beside the content of an existing slide (give slide).',
      input: S.AddChartArgs,
      execute: (args) => atomically(() => placeElement(args, element({ chart: args.chart }))),
    }),
    defineTool({
      name: 'add_table',
      description: 'Adds a table, from a data source (choose columns and rows) or inline: on a new table slide (give title), or beside the content of an existing slide (give slide).',
      input: S.AddTableArgs,
      execute: (args) => atomically(() => placeElement(args, element({ table: args.table, caption: args.caption }))),
    }),
    defineTool({
      name: 'insert_image',
      description: "Places one of the request's images (by image_id): on a new image slide (give title), or beside the content of an existing slide (give slide).",
      input: S.InsertImageArgs,
      execute: (args) => atomically(() => placeElement(args, element({ image: args.image, caption: args.caption }))),
    }),
    defineTool({
      name: 'move_slide',
      description: 'Moves a slide to another position (1-based).',
      input: S.MoveSlideArgs,
      execute: ({ slide, to_position }) => atomically(() => {
        const found = findSlide(deck, slide);
        deck.slides.splice(found.index, 1);
        const at = Math.max(0, Math.min(deck.slides.length, to_position - 1));
        deck.slides.splice(at, 0, found.slide);
        ctx.noteChange(`moved slide "${found.slide.title}" to position ${at + 1}`);
        return `Moved slide ${found.slide.id} to position ${at + 1}.`;
      }),
    }),
    defineTool({
      name: 'move_element',
      description: 'Moves an element (a chart, table, image or bullet list) to another slide, beside its content; a slide left empty is removed unless keep_empty_source is true.',
      input: S.MoveElementArgs,
      execute: ({ element: id, to_slide, keep_empty_source }) => atomically(() => {
        const { removedSlide, target } = moveElement(deck, id, to_slide, keep_empty_source ?? false);
        check(target);
        ctx.noteChange(`moved ${id} to slide "${target.title}"${removedSlide ? ` and removed the emptied slide "${removedSlide.title}"` : ''}`);
        return `Moved ${id} to slide ${target.id}${removedSlide ? ` (slide ${removedSlide.id} was left empty and removed)` : ''}:\n${describeSlide(target, deck.slides.indexOf(target)).join('\n')}`;
      }),
    }),
    defineTool({
      name: 'delete',
      description: 'Deletes a slide (`slide`) or one element (`element`); a content slide left without content becomes a section slide.',
      input: S.DeleteArgs,
      execute: (args) => atomically(() => {
        if ((args.slide === undefined) === (args.element === undefined)) throw new ToolError('Give either `slide` or `element`.');
        if (args.slide !== undefined) {
          const { slide, index } = findSlide(deck, args.slide);
          deck.slides.splice(index, 1);
          ctx.noteChange(`deleted slide "${slide.title}"`);
          return `Deleted slide ${slide.id}; the deck has ${deck.slides.length} slides.`;
        }
        const { slide } = findElement(deck, args.element!);
        removeElement(slide, args.element!);
        ctx.noteChange(`removed an element from slide "${slide.title}"`);
        return `Deleted ${args.element}:\n${describeSlide(slide, deck.slides.indexOf(slide)).join('\n')}`;
      }),
    }),
    defineTool({
      name: 'set_theme',
      description: 'Chooses the design theme (midnight: navy and amber; ivory: warm paper, serif headings; evergreen: forest green and lime) and/or brand colours and font. The request brand, when given, is applied automatically.',
      input: S.SetThemeArgs,
      execute: (args) => atomically(() => {
        if (args.theme) deck.theme = args.theme;
        if (args.primary_color) deck.brand.primary = normalizeHex(args.primary_color);
        if (args.secondary_color) deck.brand.secondary = normalizeHex(args.secondary_color);
        if (args.font) deck.brand.font = args.font.trim();
        ctx.noteChange(`set the ${deck.theme} theme`);
        return `Theme ${deck.theme}${Object.keys(deck.brand).length ? ' with brand overrides' : ''}.`;
      }),
    }),
  ];
}
