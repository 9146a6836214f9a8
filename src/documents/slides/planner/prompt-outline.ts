// Reads the structure a person writes into a prompt (through the shared markdown reader): headings
// (deck title, sections, slides), bullet and numbered lists with nesting, pipe tables and CSV blocks,
// quotes, images by id, `Notes:` lines, `key: value` facts, "N slides" and section lists. Nothing is
// added that the prompt does not say; the planner turns the result into slides.
import { csvBlock, parseMarkdown } from '../../agent/markdown.ts';
import type { BulletInput } from '../tools/tool-schemas.ts';
import { audienceLength, topicAfterAudience, withoutAudience } from '../../agent/understanding/audience.ts';
import { capitalize } from '../../agent/planner-helpers.ts';

export interface DraftTable { columns: string[]; rows: string[][] }

export interface DraftSlide {
  title: string;
  /** `#` headings become section slides. */
  section?: boolean;
  subtitle?: string;
  bullets: BulletInput[];
  table?: DraftTable;
  quote?: { text: string; attribution?: string };
  imageId?: string;
  caption?: string;
  notes?: string;
  /** A chart was asked for in the heading ("... chart"). */
  chartHint?: 'bar' | 'line' | 'pie';
}

export interface PromptOutline {
  title: string | null;
  subtitle: string | null;
  slides: DraftSlide[];
  /** `key: value` lines outside any slide (title, subtitle, audience and date are taken out). */
  facts: [string, string][];
  /** Top-level list items and "sections: a, b, c" enumerations, when they name slides. */
  sections: string[];
  /** "10 slides", "a 12-slide deck". */
  requestedCount: number | null;
  /** What the deck is about, from the request sentence ("... about X"). */
  topic: string | null;
  /** Sentences after the request's colon ("... from these notes: ..."): content the deck should carry. */
  prose: string[];
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50 };
const META_KEYS = new Set(['title', 'subtitle', 'audience', 'date', 'presenter', 'author', 'theme']);
const SECTION_WORDS = /\b(sections?|slides?|agenda|outline|topics?|chapters?|parts?|cover(?:ing|s)?)\b/i;

export function requestedSlides(text: string): number | null {
  const m = /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)[\s-]+(?:slides?|page|pages)\b/i.exec(text)
    ?? /\bslides?\s*[:=]\s*(\d{1,3})\b/i.exec(text);
  if (!m) return null;
  const n = NUMBER_WORDS[m[1].toLowerCase()] ?? Number(m[1]);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** "Create a 10-slide deck about the energy transition for investors" -> "energy transition". */
export function topicOf(text: string): string | null {
  const first = text.split(/\n/).find((l) => l.trim() && !l.trim().startsWith('#'))?.trim() ?? '';
  // (What follows a colon is the request's content: "standup notes: Ben is blocked on the API keys" is not on API keys.)
  const sentence = (first.split(/(?<=[.!?])\s/)[0] ?? '').split(/:\s/)[0];
  const lead = /\b(?:about|on|covering|for|regarding|titled|called|summari[sz]ing|recapping|reviewing|presenting|explaining|introducing|outlining)\s+["“]?(.+?)["”]?\s*(?:[.:!?]|\s[-–—]\s|$)/i;
  let m = lead.exec(sentence);
  // "for investors" names who the deck is for; "for the board about hiring" is on hiring.
  const audience = m ? audienceLength(sentence.slice(m.index)) : 0;
  if (m && audience) {
    const after = topicAfterAudience(m[1].replace(/,[\s\S]*$/, ''));
    m = after ? ([m[0], after] as unknown as RegExpExecArray) : lead.exec(sentence.slice(m.index + audience));
  }
  // The topic ends where a clause of its own starts ("our new onboarding process, it was too long before ..."),
  // where the request's form or occasion starts ("... with a slide for each channel", "... next month"),
  // and a talk's or a pitch's topic is what it is on ("a 10 minute talk on X", "an app called Pawtrol").
  let topic = m?.[1].replace(/^(the|a|an)\s+(?=\S+\s)/i, '').replace(/,?\s+(?:(?:with|in|using)\s+)?(?:\d+|three|four|five|six|seven|eight|nine|ten|twelve)(?:[- ]ish)?\s+slides?\b.*$/i, '')
    .replace(/,\s+(?:it|we|they|i|he|she|this|that|there|things|everyone|maybe|pls|please|so|but|also|need|want)\b.*$/i, '')
    .replace(/\s+with\s+(?:a|an|one|some|the|\d+)?\s*(?:slides?|sections?|bullets?|bullet points|charts?|tables?|pages?|agenda)\b.*$/i, '')
    .replace(/\s+(?:(?:next|this|last)\s+(?:week|month|quarter|year)|tomorrow|today|tonight|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i, '').trim();
  topic = topic && withoutAudience(topic);
  // ("my class presentation on climate change": a word or two may name the occasion.)
  const talk = topic && /^(?:(?:a|an|my|our|the)\s+)?(?:\d+[- ]?(?:minute|min)s?\s+)?(?:[\p{L}-]+\s+){0,2}?(?:talk|presentation|session|workshop|lecture|keynote|overview|intro(?:duction)?|briefing|update|pitch|speech|report)\s+(?:on|about)\s+(.+)$/iu.exec(topic);
  if (talk) topic = talk[1];
  const called = topic && /\b(?:called|named)\s+["“]?(\p{Lu}[\p{L}\d&.'-]*(?:\s+\p{Lu}[\p{L}\d&.'-]*){0,3})/u.exec(topic);
  if (called) topic = called[1];
  topic = topic?.replace(/^(?:our|my|your|their)\s+(?=\S+\s)/i, '');
  return topic && topic.split(/\s+/).length <= 14 ? topic : null;
}

export { capitalize };

const CHART_INSTRUCTION = /\s*\((?:as |in |use )?(?:an? )?(?:[\w-]+ ){0,2}(?:chart|graph|plot)\)\s*$/i;

function chartHint(title: string): DraftSlide['chartHint'] {
  if (!/\b(chart|graph|plot|trend)\b/i.test(title)) return undefined;
  if (/\b(pie|share|mix|split|breakdown)\b/i.test(title)) return 'pie';
  if (/\b(line|trend|over time|growth)\b/i.test(title)) return 'line';
  return 'bar';
}

const cell = (c: unknown) => (c === null || c === undefined ? '' : String(c));
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/).map((x) => x.trim()).filter(Boolean);

export function parsePrompt(prompt: string): PromptOutline {
  const out: PromptOutline = { title: null, subtitle: null, slides: [], facts: [], sections: [], requestedCount: requestedSlides(prompt), topic: topicOf(prompt), prose: [] };
  let current: DraftSlide | null = null;
  let parentH2: DraftSlide | null = null;
  const topItems: string[] = [];
  let intro = '';
  const newSlide = (slide: DraftSlide) => { out.slides.push(slide); current = slide; return slide; };
  const fact = (key: string, value: string) => {
    if (current) {
      if (/^(speaker )?notes?$/i.test(key)) current.notes = [current.notes, value].filter(Boolean).join(' ');
      else current.bullets.push({ text: `**${key}:** ${value}`, level: 0 });
    } else if (META_KEYS.has(key.toLowerCase())) {
      if (key.toLowerCase() === 'title') out.title = value;
      else if (key.toLowerCase() === 'subtitle') out.subtitle = value;
      else out.facts.push([capitalize(key.toLowerCase()), value]);
    } else if (/(^|\s)(sections?|agenda|topics?|slides?|chapters?)$/i.test(key)) {
      out.sections.push(...value.split(/\s*[,;]\s*|\s+and\s+/).map((x) => x.trim().replace(/\.$/, '')).filter(Boolean));
    } else out.facts.push([key, value]);
  };
  for (const block of parseMarkdown(prompt)) {
    const slide = current as DraftSlide | null;
    switch (block.type) {
      case 'heading': {
        if (block.level === 1 && out.title === null && !out.slides.length) { out.title = block.text; current = null; break; }
        // An H2 followed by H3s introduces them: it becomes a section slide.
        if (block.level >= 3 && parentH2 && !parentH2.bullets.length && !parentH2.table) parentH2.section = true;
        // "Revenue by region (column chart)": the bracketed chart instruction says how to show the slide's
        // data, it is not part of its title.
        const instruction = CHART_INSTRUCTION.exec(block.text);
        const title = instruction && instruction.index > 0 ? block.text.slice(0, instruction.index) : block.text;
        const hint = chartHint(block.text);
        const next = newSlide({ title, bullets: [], ...(block.level === 1 ? { section: true } : {}), ...(hint ? { chartHint: hint } : {}) });
        if (block.level === 2) parentH2 = next;
        break;
      }
      case 'list':
        for (const item of block.items) {
          const kv = /^([A-Z][\w &/-]{0,40}):\s+(.+)$/.exec(item.text);
          if (slide) slide.bullets.push({ text: kv ? `**${kv[1]}:** ${kv[2]}` : item.text, level: item.level });
          else if (item.level === 0) topItems.push(item.text);
        }
        break;
      case 'table':
      case 'code': {
        const csv = block.type === 'code' ? csvBlock(block) : null;
        const table = block.type === 'table' ? { columns: block.header, rows: block.rows.map((r) => block.header.map((_, i) => r[i] ?? '')) } : csv ? { columns: csv.header, rows: csv.rows.map((r) => csv.header.map((_, i) => cell(r[i]))) } : null;
        if (!table || table.columns.length < 2) break;
        if (slide && !slide.table) slide.table = table;
        else newSlide({ title: 'Data', bullets: [], table });
        break;
      }
      case 'quote': {
        // "... — Ada", "... -- Ada", or a plain hyphen after the quote's closing punctuation ("... stay. - Head of Sales").
        const split = /^(.*?)\s+(?:[\u2014\u2013]|--)\s*(.+)$/.exec(block.text) ?? /^(.*[.!?"”])\s+-\s+([^.!?]{1,60})$/.exec(block.text);
        const quote = split ? { text: split[1].replace(/^["“]|["”]$/g, ''), attribution: split[2] } : { text: block.text.replace(/^["“]|["”]$/g, '') };
        (slide && !slide.quote && !slide.bullets.length && !slide.table ? slide : newSlide({ title: '', bullets: [] })).quote = quote;
        break;
      }
      case 'facts':
        for (const [k, v] of block.pairs) fact(k, v);
        break;
      case 'paragraph': {
        const image = /^!\[([^\]]*)\]\(([^)\s]+)\)/.exec(block.text);
        const kv = /^([A-Za-z][\w &/-]{0,40}?):\s+(.+)$/.exec(block.text);
        if (image) newSlide({ title: image[1] || 'Image', bullets: [], imageId: image[2], ...(image[1] ? { caption: image[1] } : {}) });
        else if (kv && !/^https?$/i.test(kv[1]) && (slide || kv[2].length < 200)) fact(kv[1].trim(), kv[2].trim());
        else if (slide) slide.bullets.push(...sentences(block.text).map((t) => ({ text: t, level: 0 })));
        else if (out.title !== null && !out.slides.length && !out.subtitle && block.text.length <= 160) out.subtitle = block.text;
        else intro = intro ? `${intro} ${block.text}` : block.text;
        break;
      }
      default:
        break;
    }
  }
  if (topItems.length) {
    const names = topItems.every((t) => t.split(/\s+/).length <= 8) && SECTION_WORDS.test(intro);
    (names ? out.sections : out.prose).push(...topItems);
  }
  const lead = /^([^:]{1,200}):\s*(.+)$/s.exec(intro);
  // The words naming a list are the sentence before its colon ("Can you make slides for our sync? Updates: ..." names updates).
  if (lead) lead[1] = lead[1].split(/(?<=[.!?])\s+/).pop()!;
  if (!out.sections.length && lead && SECTION_WORDS.test(lead[1])) {
    out.sections.push(...lead[2].replace(/[.]$/, '').split(/\s*[,;]\s*|\s+and\s+/).map((x) => x.trim()).filter((x) => x && x.split(/\s+/).length <= 8));
  } else if (lead && !SECTION_WORDS.test(lead[1]) && lead[2].length > 3) {
    // Text after "...: " is content the person dictates; the request's own sentences never become slides.
    out.prose.push(...sentences(lead[2]).filter((x) => x.length > 3));
  }
  return out;
}
