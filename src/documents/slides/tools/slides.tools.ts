// The Slides agent's tools. Each checks its arguments (the core checks the schema first), edits the
// deck's package in place through src/documents/slides/edits, notes what changed in words for the
// summary, and answers with the ids to use next. At most MAX_SLIDES_PER_CALL slides are added per task.
import { ToolError } from '../../agent/tool-error.ts';
import { defineTool, type AgentTool, type ToolContext } from '../../agent/format-adapter.ts';
import { MAX_SLIDES_PER_CALL } from '../deck.ts';
import { addSlide } from '../edits/add-slide.ts';
import { placeBeside } from '../edits/beside.ts';
import { applyBrand } from '../edits/brand.ts';
import { deleteElement, moveElementTo, setChartData, setPicture, setShapeParagraphs, setShapeText, setTable } from '../edits/elements.ts';
import { replaceOnSlide } from '../edits/find-replace.ts';
import { setNotes } from '../edits/notes.ts';
import { deleteSlide, moveSlide } from '../edits/slide-order.ts';
import type { SlideContent } from '../edits/slide-plan.ts';
import { plainOfMarkup } from '../edits/text-body.ts';
import { switchTheme } from '../edits/theme-switch.ts';
import { themeFonts } from '../design/text-styles.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { describeSlide } from '../view/outline.ts';
import type { SlideView } from '../view/slide.view.ts';
import { effectiveBox } from '../edits/beside.ts';
import { chartFromInput, imageFromInput, tableFromInput, toBullets } from './content-inputs.ts';
import { blockOf, slideContent } from './slide-content.ts';
import { readSlideJson } from './read-slide.ts';
import { setSlideTitle, setSlideSubtitle } from './slide-titles.ts';
import * as S from './tool-schemas.ts';

export function slidesTools(ctx: ToolContext<SlidesDocument>): AgentTool[] {
  const d = ctx.doc;
  let added = 0;

  const countNew = () => {
    if (added + 1 > MAX_SLIDES_PER_CALL) {
      ctx.addNotice?.(`This call added ${MAX_SLIDES_PER_CALL} slides, the most one call makes; call POST /slides/generate again with this run_id to add the rest.`);
      throw new ToolError(`This call has already added ${added} slides; one generation call adds at most ${MAX_SLIDES_PER_CALL}. Stop adding slides and call finish, saying in the summary that the rest of the deck is added by calling again with this run_id.`);
    }
    added++;
  };

  const count = () => d.deck.slides().length;
  const position = (p: number | undefined) => (p === undefined ? count() : Math.max(0, Math.min(count(), p - 1)));
  const show = (s: SlideView) => describeSlide(d, d.slides().find((x) => x.part === s.part) ?? s).join('\n');

  const insert = (content: SlideContent, at: number | undefined): string => {
    countNew();
    const { slide, described } = addSlide(d, content, position(at));
    ctx.noteChange(`added slide ${slide.index + 1} "${content.title || content.quote?.text.slice(0, 30) || content.kind}" (layout "${slide.layout?.name ?? '?'}")`);
    return `Added slide ${slide.id} at position ${slide.index + 1}:\n${described.join('\n')}`;
  };

  /** A chart, table or picture: on a new slide (title) or beside an existing slide's content (slide). */
  const place = (args: { slide?: string | number; title?: string; caption?: string; notes?: string; position?: number }, kind: 'chart' | 'table' | 'image', input: Parameters<typeof blockOf>[0]): string => {
    const { block, caption } = blockOf(input, ctx.inputs);
    if (args.slide === undefined) {
      if (!args.title) throw new ToolError('Give `title` for the new slide, or `slide` to put it on an existing one.');
      return insert({ kind, title: plainOfMarkup(args.title), body: block, ...(caption ? { caption } : {}), ...(args.notes ? { notes: args.notes } : {}) }, args.position);
    }
    const slide = d.findSlide(args.slide);
    const id = placeBeside(d, slide, block, caption);
    if (args.notes) setNotes(d, slide.part, args.notes);
    ctx.noteChange(`added a ${kind} to slide ${slide.index + 1} "${slide.title}"`);
    return `Added ${id} to slide ${slide.id}:\n${show(slide)}`;
  };

  return [
    defineTool({
      name: 'read_slide',
      description: 'Returns one slide in full: its layout, title, subtitle, every element with its content (paragraphs with levels, chart data, table cells, pictures) and notes; shapes marked kept_as_is are written back unchanged.',
      input: S.ReadSlideArgs,
      readOnly: true,
      execute: ({ slide }) => readSlideJson(d, d.findSlide(slide)),
    }),
    defineTool({
      name: 'add_slide',
      description: "Adds a slide made from one of the deck's own layouts (so it takes the deck's design). Content by layout: bullets -> `bullets`; two-column -> `columns` (two elements, each bullets, chart, table or image, with optional heading); chart -> `chart`; table -> `table`; image -> `image`; quote -> `quote`; closing -> optional `bullets` (next steps); title and section -> `subtitle` only. Give speaker `notes` for content slides.",
      input: S.AddSlideArgs,
      execute: (args) => insert(slideContent(args, ctx.inputs), args.position),
    }),
    defineTool({
      name: 'add_slides',
      description: 'Adds several slides in one call, in order, each exactly as add_slide takes it: build a whole deck (title slide, content slides, closing slide) with one call. Either every slide is checked and added, or nothing is added and the errors say which slides to fix.',
      input: S.AddSlidesArgs,
      execute: ({ slides }) => {
        const contents = slides.map((args, i) => {
          try {
            return { content: slideContent(args, ctx.inputs), position: args.position };
          } catch (err) {
            if (err instanceof ToolError) return { error: `slide ${i + 1} of the list ("${args.title}"): ${err.message}` };
            throw err;
          }
        });
        const errors = contents.flatMap((c) => ('error' in c ? [c.error] : []));
        if (errors.length) throw new ToolError(`Nothing was added. Fix these and send the list again: ${errors.join(' ')}`);
        const lines: string[] = [];
        for (const [i, c] of contents.entries()) {
          if ('error' in c) continue;
          try {
            lines.push(insert(c.content, c.position).split('\n', 1)[0]);
          } catch (err) {
            if (!(err instanceof ToolError)) throw err;
            throw new ToolError(`${lines.length ? `${lines.join(' ')} ` : ''}Slide ${i + 1} of the list ("${slides[i].title}") was not added: ${err.message} It and the ${slides.length - i - 1} after it were not added; add them with add_slides once fixed.`);
          }
        }
        return `${lines.join('\n')}\nThe deck has ${count()} slides; get_outline and read_slide show their elements.`;
      },
    }),
    defineTool({
      name: 'update_slide',
      description: "Changes a slide's title, subtitle or speaker notes. The text keeps the slide's own formatting.",
      input: S.UpdateSlideArgs,
      execute: (args) => {
        const slide = d.findSlide(args.slide);
        if (args.title === undefined && args.subtitle === undefined && args.notes === undefined) throw new ToolError('Nothing to change: give title, subtitle or notes.');
        if (args.title !== undefined) setSlideTitle(d, slide, plainOfMarkup(args.title).trim());
        if (args.subtitle !== undefined) setSlideSubtitle(d, d.findSlide(slide.id), args.subtitle.trim());
        if (args.notes !== undefined) setNotes(d, slide.part, args.notes);
        d.changed(slide.part);
        const parts = [args.title !== undefined && 'title', args.subtitle !== undefined && 'subtitle', args.notes !== undefined && 'speaker notes'].filter(Boolean).join(', ');
        ctx.noteChange(`changed the ${parts} of slide ${slide.index + 1}${args.title !== undefined ? ` (now "${args.title}")` : ` "${slide.title}"`}`);
        return `Updated slide ${slide.id}:\n${show(slide)}`;
      },
    }),
    defineTool({
      name: 'update_element',
      description: "Replaces an element's content, keeping its place and formatting: `bullets` for a list, `text` for a text box, caption or heading, `chart` data for a chart, `table` for a table, `image` for a picture.",
      input: S.UpdateElementArgs,
      execute: (args) => {
        const { slide, element: e } = d.findElement(args.element);
        const given = (['text', 'bullets', 'chart', 'table', 'image'] as const).filter((k) => args[k] !== undefined);
        if (given.length !== 1) throw new ToolError('Give exactly one of text, bullets, chart, table or image.');
        const font = themeFonts(d.deck, slide.layout?.master ?? d.deck.masters()[0]).minor;
        if (args.text !== undefined || args.bullets) {
          if (!['bullets', 'text', 'shape'].includes(e.kind)) throw new ToolError(`${e.id} is a ${e.kind}, not text.`);
          if (args.bullets) setShapeParagraphs(d, slide, e.shape, toBullets(args.bullets));
          else setShapeText(d, slide, e.shape, args.text!);
        } else if (args.chart) {
          if (e.kind !== 'chart') throw new ToolError(`${e.id} is a ${e.kind}, not a chart.`);
          const { source: _source, ...chart } = chartFromInput(args.chart, ctx.inputs);
          setChartData(d, slide, e, chart);
        } else if (args.table) {
          if (e.kind !== 'table') throw new ToolError(`${e.id} is a ${e.kind}, not a table.`);
          const area = effectiveBox(slide, e) ?? { x: 0, y: 0, cx: d.deck.slideSize().cx, cy: d.deck.slideSize().cy };
          setTable(d, slide, e, tableFromInput(args.table, ctx.inputs).table, font, { ...area, cy: d.deck.slideSize().cy - area.y - Math.round(d.deck.slideSize().cy * 0.08) });
        } else if (args.image) {
          if (e.kind !== 'image') throw new ToolError(`${e.id} is a ${e.kind}, not a picture.`);
          setPicture(d, slide, e, imageFromInput(args.image, ctx.inputs));
        }
        ctx.noteChange(`changed the ${given[0] === 'text' || given[0] === 'bullets' ? 'text' : given[0]} of ${e.kind === 'bullets' ? 'the list' : `the ${e.kind}`} on slide ${slide.index + 1} "${slide.title}"`);
        return `Updated ${e.id}:\n${show(slide)}`;
      },
    }),
    defineTool({
      name: 'replace_text',
      description: 'Replaces exact text everywhere in the deck (or on one slide): titles, lists, text boxes, grouped shapes, table cells, SmartArt, charts (titles, series names, categories) and speaker notes. Each run keeps its formatting.',
      input: S.ReplaceTextArgs,
      execute: ({ find, replace, slide }) => {
        const slides = slide !== undefined ? [d.findSlide(slide)] : [...d.slides()];
        const hits = slides.map((s) => ({ s, n: replaceOnSlide(d, s, find, replace) })).filter((h) => h.n.total > 0);
        if (!hits.length) throw new ToolError(`"${find}" does not occur ${slide !== undefined ? `on slide ${slide}` : 'in the deck'} (the text is matched exactly, case-sensitive).`);
        const sum = (k: 'total' | 'notes' | 'smartart' | 'charts' | 'chartsHit') => hits.reduce((n, h) => n + h.n[k], 0);
        const total = sum('total');
        const where = [sum('smartart') ? `${sum('smartart')} in SmartArt` : '', sum('charts') ? `${sum('charts')} in ${sum('chartsHit') === 1 ? 'a chart' : `${sum('chartsHit')} charts`}` : '', sum('notes') ? `${sum('notes')} in the speaker notes` : ''].filter(Boolean).join(', ');
        ctx.noteChange(`replaced "${find}" with "${replace}" ${total} time${total === 1 ? '' : 's'} on slide${hits.length === 1 ? '' : 's'} ${hits.map((h) => h.s.index + 1).join(', ')}${where ? ` (${where})` : ''}`);
        return `Replaced ${total} occurrence${total === 1 ? '' : 's'} on slides ${hits.map((h) => h.s.id).join(', ')}.`;
      },
    }),
    defineTool({
      name: 'add_chart',
      description: 'Adds a native bar, line or pie chart, from a data source by name or from inline data: on a new slide (give title), or beside the content of an existing slide (give slide).',
      input: S.AddChartArgs,
      execute: (args) => place(args, 'chart', { chart: args.chart, caption: args.caption }),
    }),
    defineTool({
      name: 'add_table',
      description: 'Adds a table, from a data source (choose columns and rows) or inline: on a new slide (give title), or beside the content of an existing slide (give slide).',
      input: S.AddTableArgs,
      execute: (args) => place(args, 'table', { table: args.table, caption: args.caption }),
    }),
    defineTool({
      name: 'insert_image',
      description: "Places one of the request's images (by image_id): on a new slide (give title), or beside the content of an existing slide (give slide).",
      input: S.InsertImageArgs,
      execute: (args) => place(args, 'image', { image: args.image, caption: args.caption }),
    }),
    defineTool({
      name: 'move_slide',
      description: 'Moves a slide to another position (1-based).',
      input: S.MoveSlideArgs,
      execute: ({ slide, to_position }) => {
        const s = d.findSlide(slide);
        moveSlide(d, s, to_position - 1);
        const now = d.findSlide(s.id);
        ctx.noteChange(`moved slide "${s.title}" from position ${s.index + 1} to ${now.index + 1}`);
        return `Moved slide ${s.id} to position ${now.index + 1}.`;
      },
    }),
    defineTool({
      name: 'move_element',
      description: 'Moves an element (a chart, table, picture or text) to another slide, beside its content; a slide left without content is removed unless keep_empty_source is true.',
      input: S.MoveElementArgs,
      execute: ({ element, to_slide, keep_empty_source }) => {
        const { slide: from, element: e } = d.findElement(element);
        const to = d.findSlide(to_slide);
        const [fromTitle, toTitle] = [from.title, to.title]; // read before the parts change
        if (to.part === from.part) throw new ToolError(`Element ${element} is already on slide ${to.id}.`);
        const others = to.elements.filter((x) => ['bullets', 'chart', 'table', 'image'].includes(x.kind));
        if (others.length > 1) throw new ToolError(`Slide ${to.id} already shows ${others.length} pieces of content; move it to a slide with room, or delete one first.`);
        const area = effectiveBox(to, others[0] ?? e) ?? effectiveBox(from, e)!;
        const half = others.length ? { ...area, x: area.x + area.cx / 2 + 180000, cx: area.cx / 2 - 180000 } : area;
        const newId = moveElementTo(d, from, e, to, half);
        const left = d.findSlide(from.id);
        const emptied = !left.elements.some((x) => ['bullets', 'chart', 'table', 'image'].includes(x.kind) && (x.kind !== 'bullets' || x.text.trim()));
        if (emptied && !keep_empty_source) deleteSlide(d, left);
        ctx.noteChange(`moved the ${e.kind} from slide "${fromTitle}" to slide "${toTitle}"${emptied && !keep_empty_source ? ` and removed the emptied slide "${fromTitle}"` : ''}`);
        return `Moved ${element} to slide ${to.id} as ${newId}${emptied && !keep_empty_source ? ` (slide ${from.id} was left empty and removed)` : ''}.`;
      },
    }),
    defineTool({
      name: 'delete',
      description: 'Deletes a slide (`slide`) or one element (`element`).',
      input: S.DeleteArgs,
      execute: (args) => {
        if ((args.slide === undefined) === (args.element === undefined)) throw new ToolError('Give either `slide` or `element`.');
        if (args.slide !== undefined) {
          const slide = d.findSlide(args.slide);
          const title = slide.title; // read before the part goes
          deleteSlide(d, slide);
          ctx.noteChange(`deleted slide ${slide.index + 1} "${title}"`);
          return `Deleted slide ${slide.id}; the deck has ${d.slides().length} slides.`;
        }
        const { slide, element: e } = d.findElement(args.element!);
        deleteElement(d, slide, e);
        ctx.noteChange(`removed a ${e.kind} from slide ${slide.index + 1} "${slide.title}"`);
        return `Deleted ${e.id}:\n${show(slide)}`;
      },
    }),
    defineTool({
      name: 'set_theme',
      description: 'For decks Folio made: switches the design theme (midnight: navy and amber; ivory: warm paper, serif headings; evergreen: forest green and lime). For any deck: sets brand colours and font in its theme. The request brand, when given, is applied automatically.',
      input: S.SetThemeArgs,
      execute: (args) => {
        if (!args.theme && !args.primary_color && !args.secondary_color && !args.font) throw new ToolError('Give a theme, colours or a font.');
        if (args.theme) switchTheme(d, args.theme);
        const done = applyBrand(d, { primary: args.primary_color ?? null, secondary: args.secondary_color ?? null, font: args.font ?? null });
        const what = [args.theme && `the ${args.theme} theme`, ...(args.primary_color || args.secondary_color || args.font ? [`brand ${done.join(', ')}`] : [])].filter(Boolean).join(' and ');
        ctx.noteChange(`applied ${what}`);
        return `Applied ${what}.`;
      },
    }),
  ];
}
