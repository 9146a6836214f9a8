// Editing with the builtin engine: plain instructions, one per sentence or line, turned into tool
// calls: add / delete / move / rename slides, move a chart or table to another slide, add a chart or
// table from a data source, place images, change the theme, set a slide's notes. Slides are named by
// number or by words of their title; elements by their kind and words of their slide or content.
import type { ResolvedInputs } from '../../agent/format-adapter.ts';
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { THEME_NAMES } from '../templates.ts';
import type { ElementKind, SlideView as Slide } from '../view/slide.view.ts';
import { chartOf } from './deck-plan.ts';
import { capitalize } from './prompt-outline.ts';
import { slideKindOf } from './slide-kinds.ts';
import { findSlideByPhrase, words } from './find-slide.ts';
import { understoodEdit } from './understood-edits.ts';
import { replacementsFor, replacementsIn } from '../../agent/understanding/replacements.ts';
import { slideSearchText } from '../edits/find-replace.ts';

type Deck = SlidesDocument;

const unquote = (s: string) => s.trim().replace(/^["“'‘]|["”'’.]$/g, '').replace(/["”'’]$/g, '').trim();

function slideWords(s: Slide): string[] {
  const parts = [s.title, ...s.elements.flatMap((e) => [e.kind === 'text' ? e.text : '', e.chart ? e.chart.series.map((x) => x.name).join(' ') : ''])];
  return words(parts.join(' '));
}

function findElementByPhrase(deck: Deck, phrase: string, kind: ElementKind | null): { slide: Slide; id: string } | null {
  const wanted = words(phrase);
  let best: { slide: Slide; id: string; score: number } | null = null;
  for (const s of deck.slides()) {
    for (const e of s.elements) {
      if (kind && e.kind !== kind) continue;
      const have = new Set([...slideWords(s), ...words(e.kind === 'bullets' ? e.text : '')]);
      const score = wanted.length ? wanted.filter((w) => have.has(w)).length : 0.5;
      if (score > 0 && (!best || score > best.score)) best = { slide: s, id: e.id, score };
    }
  }
  return best;
}

function position(deck: Deck, text: string): number | undefined {
  const after = /\bafter slide\s*(\d+)/i.exec(text);
  if (after) return Number(after[1]) + 1;
  const before = /\bbefore slide\s*(\d+)/i.exec(text);
  if (before) return Number(before[1]);
  if (/\b(at the (start|beginning)|first)\b/i.test(text)) return 2;
  const slides = deck.slides();
  const closing = slides.findIndex((s) => slideKindOf(s) === 'closing');
  if (closing >= 0 && /\bbefore the (closing|last|thank[- ]you|final) slide\b/i.test(text)) return closing + 1;
  if (/\b(?:at the end|last)\b/i.test(text)) return undefined;
  // "after roles", "before the budget slide": next to the slide whose title the words name.
  const near = /\b(after|before)\s+(?:the\s+)?["“']?([^"”'.,;\n]{2,60}?)["”']?(?:\s+slide)?\s*[.!]?$/i.exec(text);
  const slide = near ? findSlideByPhrase(deck, near[2]) : null;
  if (slide) return slides.indexOf(slide) + 1 + (near![1].toLowerCase() === 'after' ? 1 : 0);
  // Otherwise at the end, before a closing slide that ends the deck.
  return closing >= 0 && closing === slides.length - 1 ? closing + 1 : undefined;
}

export interface EditPlan { calls: PlannedToolCall[]; understood: string[]; notUnderstood: string[] }

/** Tool calls for the instructions of `prompt`; instructions it cannot map are listed, not guessed. */
export function planEdits(prompt: string, deck: Deck, inputs: ResolvedInputs): EditPlan {
  const plan: EditPlan = { calls: [], understood: [], notUnderstood: [] };
  const listItems = [...prompt.matchAll(/^\s*(?:[-*+\u2022]|\d+[.)])\s+(.+)$/gm)].map((m) => m[1].trim());
  let sentences = prompt.replace(/^\s*(?:[-*+\u2022]|\d+[.)])\s+.+$/gm, '').split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
  // 'replace "draft" with "final"': each text that occurs in the deck, as written and capitalised.
  const replacements = replacementsIn(prompt);
  if (replacements.length) {
    const text = deck.slides().map((sl) => slideSearchText(deck, sl)).join('\n');
    for (const r of replacements) {
      const found = replacementsFor(r, text);
      if (found.length) plan.calls.push(...found.map((f) => ({ tool: 'replace_text', args: { find: f.find, replace: f.replace } })));
      if (found.length) plan.understood.push(`replaced "${r.find}" with "${r.replace}"`);
      else plan.notUnderstood.push(`replace "${r.find}" (it does not occur in the deck)`);
    }
    sentences = sentences.filter((x) => !replacementsIn(x).length);
  }
  for (const sentence of sentences) {
    const s = sentence.replace(/[.!?]+$/, '');
    let m: RegExpExecArray | null;
    const did = (what: string, ...calls: PlannedToolCall[]) => { plan.calls.push(...calls); plan.understood.push(what); };
    if ((m = /\b(?:change|set|update|make|rename)\s+(?:the\s+)?(?:deck(?:'s)?\s+|presentation(?:'s)?\s+|main\s+)?title\s+(?:to|as|into)\s+["“']?([^"”'\n]+?)["”']?$/i.exec(s)) && deck.slides()[0]?.title) {
      // "change the title to Q4 review": the deck's title is its first slide's.
      const first = deck.slides()[0];
      did(`retitled the deck "${m[1].trim()}"`, { tool: 'update_slide', args: { slide: first.id, title: m[1].trim() } });
    } else if ((m = /\b(?:use|switch to|apply|change to)\s+(?:the\s+)?(\w+)\s+theme\b/i.exec(s)) && (THEME_NAMES as readonly string[]).includes(m[1].toLowerCase())) {
      did(`switched to the ${m[1].toLowerCase()} theme`, { tool: 'set_theme', args: { theme: m[1].toLowerCase() } });
    } else if ((m = /\b(?:delete|remove|drop)\s+(?:the\s+)?(?:slide\s+(\d+)|(.+?)\s+slide|slide\s+(?:titled|called|about)\s+(.+))$/i.exec(s))) {
      const target = findSlideByPhrase(deck, m[1] ?? m[2] ?? m[3]);
      if (target) did(`deleted slide "${target.title}"`, { tool: 'delete', args: { slide: target.id } });
      else plan.notUnderstood.push(sentence);
    } else if ((m = /\bmove\s+slide\s+(\d+)\s+to\s+(?:position\s+|slide\s+)?(\d+|the end|the (?:start|beginning))/i.exec(s))) {
      const target = deck.slides()[Number(m[1]) - 1];
      const to = /end/.test(m[2]) ? deck.slides().length : /start|beginning/.test(m[2]) ? 1 : Number(m[2]);
      if (target) did(`moved slide "${target.title}"`, { tool: 'move_slide', args: { slide: target.id, to_position: to } });
      else plan.notUnderstood.push(sentence);
    } else if ((m = /\bmove\s+(?:the\s+)?(.*?)\s*\b(chart|graph|table|image|picture|bullets|list)\s+(?:to|onto|into)\s+(?:the\s+)?(.+?)(?:\s+slide)?$/i.exec(s))) {
      const kind = ({ graph: 'chart', picture: 'image', list: 'bullets' } as Record<string, ElementKind>)[m[2].toLowerCase()] ?? (m[2].toLowerCase() as ElementKind);
      const el = findElementByPhrase(deck, m[1], kind);
      const target = el && findSlideByPhrase(deck, m[3], el.slide);
      if (el && target) did(`moved the ${kind} "${el.slide.title}" to slide "${target.title}"`, { tool: 'move_element', args: { element: el.id, to_slide: target.id } });
      else plan.notUnderstood.push(sentence);
    } else if ((m = /\b(?:rename|retitle)\s+slide\s+(\d+)\s+(?:to|as)\s+(.+)$/i.exec(s) ?? /\bchange the title of slide\s+(\d+)\s+to\s+(.+)$/i.exec(s))) {
      const target = deck.slides()[Number(m[1]) - 1];
      if (target) did(`retitled slide ${m[1]}`, { tool: 'update_slide', args: { slide: target.id, title: unquote(m[2]) } });
      else plan.notUnderstood.push(sentence);
    } else if ((m = /\bnotes?\s+(?:for|of|on)\s+slide\s+(\d+)\s*[:\-]\s*(.+)$/i.exec(s))) {
      const target = deck.slides()[Number(m[1]) - 1];
      if (target) did(`set the notes of slide ${m[1]}`, { tool: 'update_slide', args: { slide: target.id, notes: m[2].trim() } });
      else plan.notUnderstood.push(sentence);
    } else if ((m = /\badd\s+(?:a\s+|an\s+)?(bar|line|pie)?\s*(chart|graph|table)\s*(?:of|from|for|with|showing)?\s*(?:the\s+)?(.*)$/i.exec(s))) {
      const source = inputs.dataSources.find((t) => m![3] && m![3].toLowerCase().includes(t.name.toLowerCase())) ?? inputs.dataSources[0];
      const on = /\b(?:to|on)\s+slide\s+(\d+)/i.exec(s);
      const slide = on ? deck.slides()[Number(on[1]) - 1] : undefined;
      if (!source) { plan.notUnderstood.push(`${sentence} (the request has no data source to build it from)`); continue; }
      const where = slide ? { slide: slide.id } : { title: capitalize(source.name.replace(/[_-]+/g, ' ')), position: position(deck, s) };
      if (/table/i.test(m[2])) {
        did(`added a table of "${source.name}"`, { tool: 'add_table', args: { ...where, table: { data_source: source.name, row_count: 10 } } });
      } else {
        const chart = chartOf(source, (m[1]?.toLowerCase() as 'bar' | 'line' | 'pie' | undefined));
        if (chart) did(`added a chart of "${source.name}"`, { tool: 'add_chart', args: { ...where, chart } });
        else plan.notUnderstood.push(`${sentence} (data source "${source.name}" has no label and numeric columns to chart)`);
      }
    } else if (/\badd\s+(?:the\s+)?(?:images?|pictures?|photos?)\b/i.test(s)) {
      const placed = new Set(deck.slides().flatMap((sl) => sl.elements.map((e) => (e.kind === 'image' ? e.description : undefined))));
      const fresh = inputs.images.filter((i) => !placed.has(i.caption ?? i.file_name));
      if (!fresh.length) plan.notUnderstood.push(`${sentence} (no image of the request is left to place)`);
      for (const img of fresh) {
        did(`added image ${img.image_id}`, { tool: 'insert_image', args: { title: (img.caption ?? capitalize(img.file_name.replace(/\.[^.]+$/, ''))).slice(0, 150), image: { image_id: img.image_id }, ...(img.caption ? { caption: img.caption } : {}), position: position(deck, s) } });
      }
    } else if ((m = /\badd\s+(?:a\s+|an\s+|one\s+)?(?:new\s+)?(section\s+)?slide\s*(?:(?:titled|called|named|about|on)\s+(.+?))?(?:\s+(?:with|listing)\b.*)?(?:\s+(?:after|before|at)\s+.*)?$/i.exec(s))) {
      // "add a slide at the end thanking the team": a thank-you slide, to whom the request says.
      const thanks = m[2] ? null : /\b(?:thanking|to thank|that thanks|saying thanks to|saying thank you to)\s+(.+?)(?:\s+(?:after|before|at)\s+(?:slide\s+\d+|the\s+\S+(?:\s+slide)?))?\s*[.!]?$/i.exec(s);
      if (thanks) {
        did('added slide "Thank you"', { tool: 'add_slide', args: { layout: 'closing', title: 'Thank you', subtitle: `To ${thanks[1].replace(/^(?:all\s+)?/i, (a) => a.toLowerCase())}`.slice(0, 230), position: position(deck, s) } });
        continue;
      }
      const title = m[2] ? capitalize(unquote(m[2])) : 'New slide';
      const inline = /\b(?:with|listing)\s+(?:(?:the\s+)?(?:bullets?|points?)\s*)?:?\s*(.+?)(?:\s+(?:after|before|at)\s+(?:slide\s+\d+|the end|the start|the (?:closing|last|final|thank[- ]you) slide))?$/i.exec(s);
      const items = listItems.length ? listItems : inline ? inline[1].split(/\s*[,;]\s*|\s+and\s+/).filter(Boolean) : [];
      const args = m[1] ? { layout: 'section', title } : { layout: 'bullets', title, bullets: items.length ? items : [`[Add the key points of "${title}"]`] };
      did(`added slide "${title}"`, { tool: 'add_slide', args: { ...args, position: position(deck, s) } });
    } else {
      const understood = understoodEdit(sentence, deck);
      if (understood) did(understood.what, understood.call);
      else plan.notUnderstood.push(sentence);
    }
  }
  return plan;
}
