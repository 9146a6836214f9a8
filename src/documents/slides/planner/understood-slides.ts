// The slides of a free-form request, from the shared reading of it (agent/understanding): one slide per
// named topic, the data typed into the request as a native chart (and a table when asked to compare),
// a comparison or timeline as a table, spelled-out bullets as they are, and as many slides as the
// request counts. Nothing is invented: a topic without content gets labelled placeholders.
import { withCurrency, type InlineTable } from '../../agent/understanding/inline-data.ts';
import { isOccasion } from '../../agent/understanding/casual-topic.ts';
import { WORDS } from '../../agent/understanding/language.ts';
import { adjustedTotals, adjustmentTitle } from '../../agent/understanding/adjustments.ts';
import { partsOf, placeholdersFor } from '../../agent/understanding/placeholders.ts';
import { countFor, type Understanding } from '../../agent/understanding/understand.ts';
import { SCHEDULE_WORDS, scheduleOf } from '../../agent/understanding/schedule.ts';
import type { AddSlideArgs } from '../tools/tool-schemas.ts';
import { laidOutName } from '../../agent/understanding/counted-comparison.ts';

const NOTES = 'Placeholder slide: replace the bracketed text with the facts to present.';
const TIMELINE = /^(timeline|roadmap|milestones|schedule|phases|zeitplan|cronograma|calendrier)$/i;

export interface UnderstoodDeck {
  slides: AddSlideArgs[];
  /** Whether the deck ends with a closing slide (not when the request's count of slides leaves no room for one). */
  closing: boolean;
}

function shown(value: string | number | null, format: InlineTable['formats'][number], currency: string | null): string {
  if (value === null) return '';
  if (typeof value !== 'number') return value;
  if (format === 'percent') return `${Number((value * 100).toPrecision(10))}%`;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: format === 'currency' && !Number.isInteger(value) ? 2 : 0 });
  return format === 'currency' ? withCurrency(text, currency) : text;
}

/** An inline table as a native chart (labels from the first text column, each numeric column a series), or null. */
export function inlineChart(t: InlineTable, type: 'bar' | 'line' | 'pie' | null): AddSlideArgs['chart'] | null {
  const label = t.formats.findIndex((f) => f === 'text' || f === 'date');
  const values = t.formats.map((f, i) => (i !== label && f !== 'text' && f !== 'date' ? i : -1)).filter((i) => i >= 0).slice(0, 6);
  if (label < 0 || !values.length || t.rows.length < 2 || t.rows.length > 60) return null;
  const kind = type ?? (t.formats[label] === 'date' || /^(q[1-4]|\d{4}|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(String(t.rows[0][label])) ? 'line' : 'bar');
  return {
    type: kind === 'pie' && values.length > 1 ? 'bar' : kind,
    categories: t.rows.map((r) => String(r[label] ?? '')),
    // A chart has no number format of its own: percentages are plotted in percent, the unit in the series name.
    series: values.map((i) => {
      const pct = t.formats[i] === 'percent';
      return { name: pct && !/%/.test(t.header[i]) ? `${t.header[i]} (%)` : t.header[i], values: t.rows.map((r) => (typeof r[i] === 'number' ? (pct ? Number(((r[i] as number) * 100).toPrecision(10)) : (r[i] as number)) : 0)) };
    }),
  };
}

function dataSlides(u: Understanding, t: InlineTable): AddSlideArgs[] {
  const chart = u.intents.chart || !u.intents.compare ? inlineChart(t, u.intents.chart?.type ?? null) : null;
  const out: AddSlideArgs[] = [];
  const values = chart?.series?.map((s) => s.name) ?? [];
  const label = t.header[t.formats.findIndex((f) => f === 'text' || f === 'date')] ?? t.header[0];
  if (chart) out.push({ layout: 'chart', title: (u.intents.chart?.y && u.intents.chart.x ? `${u.intents.chart.y} by ${u.intents.chart.x}` : `${values.slice(0, 3).join(', ')} by ${label}`).slice(0, 150), chart });
  // (A rate applied to the sum, "add tax of 8%", is in the table only: the chart shows the items.)
  if (!chart || u.intents.compare || /\btable\b/i.test(JSON.stringify(u.intents)) || t.adjustments?.length) {
    const rows = t.rows.slice(0, 20).map((r) => r.slice(0, 8).map((v, i) => shown(v, t.formats[i], t.currencies[i])));
    // "..., add tax of 8%": the sum, each rate's amount on it and the total after them.
    if (t.adjustments?.length && t.header.length === 2 && t.rows.length <= 16) {
      const a = adjustedTotals(t.rows, t.adjustments);
      const money = (v: number) => shown(v, t.formats[1] === 'integer' ? 'number' : t.formats[1], t.currencies[1]);
      rows.push([u.language === 'en' ? 'Subtotal' : WORDS[u.language].total, money(a.subtotal)], ...a.lines.map(([x, v]) => [adjustmentTitle(x), money(v)]), [WORDS[u.language].total, money(a.total)]);
    }
    out.push({ layout: 'table', title: t.name ?? (u.intents.compare ? 'Comparison' : 'Data'), table: { columns: t.header.slice(0, 8), rows } });
  }
  return out;
}

function topicSlide(u: Understanding, item: string): AddSlideArgs {
  const w = WORDS[u.language];
  // A pitch's facts are its traction, and the amount it names is the ask.
  if (u.kind === 'pitch' && u.language === 'en' && /^traction$/i.test(item) && u.statements.length) return { layout: 'bullets', title: item, bullets: u.statements.slice(0, 14) };
  if (u.kind === 'pitch' && u.language === 'en' && /^the ask$/i.test(item) && u.asked) return { layout: 'bullets', title: item, bullets: [`Raising ${u.asked}`, ...placeholdersFor(item, u.subject, u.language, u.names).slice(1)], notes: NOTES };
  if (TIMELINE.test(item) || (u.intents.timeline && u.milestones.length && /timeline|roadmap|milestone/i.test(item))) return timelineSlide(u, item);
  return { layout: 'bullets', title: item.slice(0, 150), bullets: placeholdersFor(item, u.subject, u.language, u.names), notes: u.language === 'en' ? NOTES : w.add(w.keyPoints) };
}

function timelineSlide(u: Understanding, title: string): AddSlideArgs {
  const w = WORDS[u.language];
  const t = w.timeline;
  if (u.milestones.length) return { layout: 'table', title, table: { columns: [t.milestone, t.when], rows: u.milestones.slice(0, 20).map((m) => [m.what, m.when]) } };
  return { layout: 'table', title, table: { columns: [t.milestone, t.date, t.owner], rows: [1, 2, 3].map((i) => [w.add(`${t.milestone.toLowerCase()} ${i}`), w.add(t.date.toLowerCase()), w.add(t.owner.toLowerCase())]) }, notes: NOTES };
}

function comparisonSlide(u: Understanding): AddSlideArgs {
  const w = WORDS[u.language];
  const criteria = u.criteria.length ? u.criteria : [1, 2, 3].map((i) => w.add(`criterion ${i}`));
  return {
    layout: 'table', title: `${u.compared.join(' vs ')}`.slice(0, 150),
    table: { columns: ['', ...u.compared].slice(0, 8), rows: criteria.slice(0, 12).map((c) => [c, ...u.compared.map((x) => w.add(`${x}: ${c.replace(/^\[(?:(?:Add|Ergänzen|Añadir|Ajouter)\s+)?|\]$/g, '').toLowerCase()}`))].slice(0, 8)) },
    notes: NOTES,
  };
}

/** The title of the slide stating the request's facts: "Q3 results at a glance", from the subject. */
export function statementsTitle(u: Understanding): string {
  const subject = u.subject?.replace(/^(?:our|my|the|unsere?n?|nuestr[oa]s?|nos|notre)\s+/i, '') ?? '';
  if (u.language !== 'en') return WORDS[u.language].deck[1];
  // Not the occasion ("All-hands at a glance"): the facts are the highlights of the meeting, not its summary.
  return subject && subject.split(/\s+/).length <= 6 && !isOccasion(subject) ? `${subject[0].toUpperCase()}${subject.slice(1)} at a glance` : 'Highlights';
}

/** The parts that hold what a deck is about in a sentence: its summary, what happened, its origins. */
const TOLD_PARTS = [/^(?:summary|executive summary)$/i, /^(?:what happened|origins|context|background|overview)$/i];

/**
 * The part of a deck whose kind has parts of its own that takes the facts the request tells in passing
 * ("postmortem deck: the API was down for 2 hours because of an expired certificate" goes under Summary,
 * and the other parts follow); null when the deck has none, or the request gives other content.
 */
function toldInPart(u: Understanding, usual: string[], withFacts: string[]): string | null {
  if (u.language !== 'en' || !u.statementsInPassing || !u.statements.length || usual === WORDS.en.deck || u.kind === 'pitch') return null;
  if (u.items.length || u.groups.length || u.tables.length || u.bullets || u.specifics.length || u.compared.length > 1 || u.announcement || withFacts.length) return null;
  for (const re of TOLD_PARTS) {
    const part = usual.find((p) => re.test(p));
    if (part) return part;
  }
  return null;
}

/** Body slides (between the title slide and any closing slide) of a request with no outline of its own. */
/** `withFacts`: labelled facts of the request ("**Top complaint:** shipping times"), shown with the stated ones. */
/** The parts of a long deck on a topic that names none (English): the usual ones with examples, challenges and a summary among them. */
const LONG_DECK = ['Context', 'Key points', 'Details', 'Examples', 'Analysis', 'Challenges', 'Options', 'Recommendation', 'Summary', 'Next steps'];

export function understoodSlides(u: Understanding, userContent: string[], withFacts: string[] = []): UnderstoodDeck {
  const w = WORDS[u.language];
  const slides: AddSlideArgs[] = [];
  const usual = partsOf(u.kind, u.language, 'deck', u);
  const traction = u.kind === 'pitch' && u.language === 'en' && usual.includes('Traction');
  const told = toldInPart(u, usual, withFacts);
  if (u.statements.length && !traction && !told) slides.push({ layout: 'bullets', title: statementsTitle(u), bullets: [...u.statements, ...withFacts].slice(0, 14) });
  else if (withFacts.length) slides.push({ layout: 'bullets', title: 'Key facts', bullets: withFacts.slice(0, 14) });
  // What the request lists after its colon when that is not parts, data or facts ("remote, Python and Postgres, 5+ years").
  if (u.specifics.length) slides.push({ layout: 'bullets', title: u.language === 'en' ? 'Details' : WORDS[u.language].details[0].toUpperCase() + WORDS[u.language].details.slice(1), bullets: u.specifics.slice(0, 14) });
  // Content under the request's own labels ("Updates: ..., Blockers: ..."): a slide each, its items as bullets.
  for (const g of u.groups) slides.push({ layout: 'bullets', title: g.title.slice(0, 150), bullets: g.items.slice(0, 14) });
  for (const t of u.tables) slides.push(...dataSlides(u, t));
  // "weekly meal plan": the rows and columns the request names (or such a plan has), a table to fill in.
  if (u.rowsPer?.items.length && u.columns.length && !u.tables.length && u.language === 'en') {
    slides.push({ layout: 'table', title: (laidOutName(u) ?? 'Plan').slice(0, 150), table: { columns: [u.rowsPer.per, ...u.columns].slice(0, 8), rows: u.rowsPer.items.slice(0, 20).map((i) => [i, ...u.columns.slice(0, 7).map(() => '')]) } });
  }
  if (u.compared.length && !u.tables.length) slides.push(comparisonSlide(u));
  if (u.bullets) slides.push({ layout: 'bullets', title: (u.named ?? (u.subject ? u.subject[0].toUpperCase() + u.subject.slice(1) : 'Key points')).slice(0, 150), bullets: u.bullets.items.slice(0, 14) });
  // Dictated text that is the stated facts themselves is on their slide already.
  const said = [...u.statements, ...u.groups.flatMap((g) => g.items), ...u.labelled.map(([, v]) => v), ...u.specifics].map((x) => x.toLowerCase());
  userContent = userContent.filter((c) => !said.some((x) => c.toLowerCase().includes(x)));
  // Dictated text that is the data itself ("North 120, South 80, East 100") is its chart or table already.
  for (const t of u.tables) {
    const labels = t.rows.map((r) => String(r[0] ?? '').toLowerCase()).filter(Boolean);
    userContent = userContent.filter((c) => labels.filter((l) => c.toLowerCase().includes(l)).length < Math.min(2, labels.length));
  }
  // Dictated text that lists the parts ("...: what changed, the new limits, and how to submit receipts") is their slides.
  const parts = u.items.map((i) => i.toLowerCase());
  userContent = userContent.filter((c) => parts.filter((p) => c.toLowerCase().includes(p)).length < 2);
  // Dictated dates of a timeline are its table, not also a slide of text.
  if (u.intents.timeline && u.milestones.length) userContent = userContent.filter((c) => u.milestones.filter((m) => c.toLowerCase().includes(m.when.toLowerCase())).length < 2);
  if (userContent.length) slides.push({ layout: 'bullets', title: u.language === 'en' ? 'Key points' : w.deck[1], bullets: userContent.slice(0, 14) });
  // "agenda: 9am welcome, 10am strategy review, 12pm lunch": a schedule is one table of times and sessions.
  const schedule = scheduleOf(u.items);
  if (schedule) {
    const sw = SCHEDULE_WORDS[u.language];
    slides.push({ layout: 'table', title: sw.title, table: { columns: [sw.time, sw.what], rows: schedule.slice(0, 20).map((e) => [e.time, e.what]) } });
  } else for (const item of u.items) slides.push(topicSlide(u, item));
  if (u.intents.timeline && !slides.some((s) => s.table?.columns?.includes(w.timeline.milestone) || /\b(?:timeline|roadmap|milestones?|schedule)\b/i.test(s.title))) slides.push(timelineSlide(u, w.timeline.title));
  const count = countFor(u, 'slide');
  // A count is the whole deck: the title slide, the body and a closing slide when there is room for it.
  // Topics the request names all get their slide, even beyond the count.
  const closing = count === null || (count >= 4 && slides.length + 2 <= count);
  // (Facts under labels of their own are a slide of key facts in the deck plan: content, not an empty request.)
  // A generic deck gets four of its usual parts; a kind with parts of its own (a postmortem, a training,
  // a proposal) gets them all: a postmortem without its resolution and follow-up actions is not one.
  const generic = usual === WORDS[u.language].deck;
  const wanted = count ? count - 1 - (closing ? 1 : 0) : (slides.length && !told) || u.labelled.length ? 0 : usual.length > 7 ? 10 : generic ? 4 : usual.length;
  const have = new Set(slides.map((s) => s.title.toLowerCase()));
  // ("10 slides about our company culture": more slides than the usual parts, in an order that reads, not "Topic 8".)
  const long = u.language === 'en' && generic && wanted - slides.length > usual.length ? LONG_DECK : usual;
  for (const part of long) {
    if (slides.length >= wanted) break;
    if (have.has(part.toLowerCase())) continue;
    slides.push(part === told ? { layout: 'bullets', title: part, bullets: [...u.statements, ...withFacts].slice(0, 14) } : topicSlide(u, part));
  }
  // (A count too small to reach that part: the facts still lead the deck.)
  if (told && !slides.some((x) => x.title === told)) slides.unshift({ layout: 'bullets', title: statementsTitle(u), bullets: [...u.statements, ...withFacts].slice(0, 14) });
  for (let i = slides.length; i < wanted; i++) slides.push(topicSlide(u, `${u.language === 'en' ? 'Topic' : w.deck[1]} ${i + 1}`));
  return { slides, closing };
}
