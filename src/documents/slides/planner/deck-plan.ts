// The builtin planner's deck: the prompt's structure (prompt-outline.ts) plus the request's data
// sources and images, as add_slide calls. Title slide first, an agenda when the deck has sections,
// key facts, the prompt's slides, a chart (and the rows as tables) per data source, a slide per image,
// and a closing slide. Where the prompt gives no content, slides carry clearly marked placeholders.
import type { DataTable, ResolvedInputs } from '../../agent/format-adapter.ts';
import { capitalize, parsePrompt, type DraftSlide, type DraftTable, type PromptOutline } from './prompt-outline.ts';
import { isNumericColumn, numeric } from '../tools/content-inputs.ts';
import type { AddSlideArgs, BulletInput } from '../tools/tool-schemas.ts';
import { CLOSING_TITLE } from './slide-kinds.ts';
import { WORDS } from '../../agent/understanding/language.ts';
import { kindOf, understand, type Understanding } from '../../agent/understanding/understand.ts';
import { casualTopic, isOccasion, occasionOf } from '../../agent/understanding/casual-topic.ts';
import { isAudience } from '../../agent/understanding/audience.ts';
import { laidOutName } from '../../agent/understanding/counted-comparison.ts';
import { scheduleOf } from '../../agent/understanding/schedule.ts';
import { understoodSlides } from './understood-slides.ts';

const BULLETS_PER_SLIDE = 6;
const TABLE_ROWS_PER_SLIDE = 10;
const MAX_TABLE_SLIDES_PER_SOURCE = 3;
const TEMPORAL = /^(\d{4}|q[1-4]\b|h[12]\b|fy\s?\d{2,4}|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d{4}-\d{2}|week|month|day)/i;

export interface DeckPlan {
  slides: AddSlideArgs[];
  /** What the summary must say besides the slides (data not shown, placeholders to fill). */
  remarks: string[];
  placeholders: number;
}

const placeholder = (what: string) => `[Add ${what}]`;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A data table as a chart: labels from the first text column, every numeric column a series (at most 6). */
export function chartOf(table: DataTable, hint?: 'bar' | 'line' | 'pie'): AddSlideArgs['chart'] | null {
  const label = table.columns.findIndex((_, i) => !isNumericColumn(table, i));
  const values = table.columns.map((_, i) => i).filter((i) => i !== label && isNumericColumn(table, i)).slice(0, 6);
  if (label < 0 || !values.length || table.rows.length < 2 || table.rows.length > 60) return null;
  const labels = table.rows.map((r) => String(r[label] ?? ''));
  const share = /share|mix|split|breakdown|percent|%/i.test(`${table.name} ${values.map((i) => table.columns[i]).join(' ')}`);
  const type = hint ?? (labels.every((l) => TEMPORAL.test(l.trim())) ? 'line' : values.length === 1 && table.rows.length <= 6 && share ? 'pie' : 'bar');
  return { type: type === 'pie' && values.length > 1 ? 'bar' : type, data_source: table.name, category_column: table.columns[label], value_columns: values.map((i) => table.columns[i]) };
}

function inlineChart(t: DraftTable, hint: 'bar' | 'line' | 'pie'): AddSlideArgs['chart'] | null {
  const asTable: DataTable = { name: 'inline', columns: t.columns, rows: t.rows, source: { kind: 'inline' } };
  const spec = chartOf(asTable, hint);
  if (!spec) return null;
  const label = t.columns.indexOf(spec.category_column!);
  return {
    type: spec.type, categories: t.rows.map((r) => r[label]),
    series: spec.value_columns!.map((c) => ({ name: c, values: t.rows.map((r) => numeric(r[t.columns.indexOf(c)]) ?? 0) })),
  };
}

function tableSlides(title: string, t: DraftTable, notes?: string): AddSlideArgs[] {
  const parts = chunks(t.rows, TABLE_ROWS_PER_SLIDE);
  return parts.map((rows, i) => ({
    layout: 'table', title: i ? `${title} (continued)` : title, table: { columns: t.columns.slice(0, 8), rows: rows.map((r) => r.slice(0, 8)) },
    ...(notes && !i ? { notes } : {}),
  }));
}

function bulletSlides(title: string, bullets: BulletInput[], notes?: string): AddSlideArgs[] {
  // Split at top-level bullets so sub-points stay with their parent.
  const groups: BulletInput[][] = [];
  for (const b of bullets) {
    const top = typeof b === 'string' || !b.level;
    if (top && (!groups.length || groups[groups.length - 1].filter((x) => typeof x === 'string' || !x.level).length >= BULLETS_PER_SLIDE)) groups.push([]);
    if (!groups.length) groups.push([]);
    groups[groups.length - 1].push(b);
  }
  return groups.map((g, i) => ({ layout: 'bullets', title: i ? `${title} (continued)` : title, bullets: g, ...(notes && !i ? { notes } : {}) }));
}

function draftToSlides(d: DraftSlide, inputs: ResolvedInputs): AddSlideArgs[] {
  const notes = d.notes;
  if (d.section) return [{ layout: 'section', title: d.title, ...(d.bullets.length === 1 ? { subtitle: String(typeof d.bullets[0] === 'string' ? d.bullets[0] : d.bullets[0].text) } : {}) }];
  if (d.quote) return [{ layout: 'quote', title: d.title, quote: d.quote, ...(notes ? { notes } : {}) }];
  if (d.imageId) return [{ layout: 'image', title: d.title, image: { image_id: d.imageId }, ...(d.caption ? { caption: d.caption } : {}), ...(notes ? { notes } : {}) }];
  if (CLOSING_TITLE.test(d.title) && !d.table) return [{ layout: 'closing', title: d.title, ...(d.bullets.length ? { bullets: d.bullets.slice(0, 5) } : {}) }];
  const source = d.chartHint && !d.table ? inputs.dataSources.find((t) => d.title.toLowerCase().includes(t.name.toLowerCase())) ?? inputs.dataSources[0] : undefined;
  const chart = d.chartHint && d.table ? inlineChart(d.table, d.chartHint) : source ? chartOf(source, d.chartHint) : null;
  if (chart) {
    const slide: AddSlideArgs = { layout: 'chart', title: d.title, chart, ...(notes ? { notes } : {}) };
    if (!d.bullets.length) return [slide];
    return [{ layout: 'two-column', title: d.title, columns: [{ bullets: d.bullets.slice(0, 6) }, { chart }], ...(notes ? { notes } : {}) }];
  }
  if (d.table) {
    const small = d.table.rows.length <= 7 && d.table.columns.length <= 4;
    if (d.bullets.length && small && d.bullets.length <= 5) {
      return [{ layout: 'two-column', title: d.title, columns: [{ bullets: d.bullets }, { table: { columns: d.table.columns, rows: d.table.rows } }], ...(notes ? { notes } : {}) }];
    }
    return [...(d.bullets.length ? bulletSlides(d.title, d.bullets, notes) : []), ...tableSlides(d.title, d.table, d.bullets.length ? undefined : notes)];
  }
  const bullets = d.bullets.length ? d.bullets : [placeholder(`the key points of "${d.title}"`)];
  return bulletSlides(d.title, bullets, notes ?? (d.bullets.length ? undefined : 'Placeholder slide: replace the bracketed text with the points to present.'));
}

function dataSlides(t: DataTable, plan: DeckPlan): AddSlideArgs[] {
  const slides: AddSlideArgs[] = [];
  const chart = chartOf(t);
  const title = capitalize(t.name.replace(/[_-]+/g, ' '));
  if (chart) slides.push({ layout: 'chart', title: `${chart.value_columns!.slice(0, 3).join(', ')} by ${chart.category_column}`.slice(0, 150) });
  if (chart) slides[0].chart = chart;
  const tables = Math.min(MAX_TABLE_SLIDES_PER_SOURCE, Math.ceil(t.rows.length / TABLE_ROWS_PER_SLIDE));
  for (let i = 0; i < tables; i++) {
    slides.push({ layout: 'table', title: i ? `${title} (continued)` : title, table: { data_source: t.name, columns: t.columns.slice(0, 8), first_row: i * TABLE_ROWS_PER_SLIDE + 1, row_count: TABLE_ROWS_PER_SLIDE } });
  }
  const shown = tables * TABLE_ROWS_PER_SLIDE;
  if (t.rows.length > shown) plan.remarks.push(`The tables of "${t.name}" show its first ${shown} of ${t.rows.length} rows${chart ? '; the chart shows them all' : ''}.`);
  if (t.columns.length > 8) plan.remarks.push(`The tables of "${t.name}" show its first 8 of ${t.columns.length} columns.`);
  return slides;
}

/** The deck's title: the request's own, else its topic as a formal or a casual reading finds it, else its data's name. */
function deckTitle(prompt: string, o: PromptOutline, inputs: ResolvedInputs, u: Understanding): string {
  if (o.title) return o.title;
  const usable = (s: string | null) => (s && !isOccasion(s) ? s : null);
  // "on our support tools, zendesk, slack etiquette": a list after the topic; the subject reading stops before it.
  // ("on our Q3 results, revenue grew 20% and churn fell": the facts told after the topic are not part of it.)
  const told = (t: string) => u.statementsInPassing && u.statements.some((x) => t.toLowerCase().includes(x.toLowerCase()));
  const topic = usable(o.topic) && !((o.topic!.split(/,\s/).length >= 3 || told(o.topic!)) && usable(u.subject)) ? o.topic : null;
  // "Team update deck.": the words before a deck's own noun name it too, unless they only name the occasion.
  const named = u.label && !['document', 'workbook'].includes(u.kind) && !isOccasion(u.label) ? u.label : null;
  // Last, the occasion itself ("Tomorrow's team meeting") reads better than no title.
  // A deck that is one chart ("a bar chart of revenue by region: ...") is named after it.
  const charted = u.intents.chart?.y && u.intents.chart.x && u.tables.length ? `${u.intents.chart.y} by ${u.intents.chart.x.toLowerCase()}` : null;
  // "5 slides comparing React, Vue and Svelte for our new dashboard": what is compared names it, not what it is for.
  const compared = u.compared.length >= 2 && u.compared.join(' vs ').length <= 60 ? u.compared.join(' vs ') : null;
  const forPurpose = (t: string) => new RegExp(String.raw`\bfor\s+(?:(?:our|the|a|an|my|your)\s+)?${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(prompt);
  // "sales kickoff deck for 2026": a year or a quarter alone is when; the deck's own name leads ("Sales kickoff 2026").
  const dated = topic && /^(?:(?:19|20)\d{2}|[QH][1-4](?:\s+(?:19|20)\d{2})?|FY\s?\d{2,4})$/i.test(topic) && named ? `${named} ${topic}` : null;
  // "compare 3 laptops: MacBook Air $1099 13h battery, ...": what the typed table holds names it ("Laptop comparison").
  const tabled = u.tables.find((t) => t.name && t.inferredHeader);
  const listed = tabled ? (u.intents.compare && tabled.header[0] ? `${tabled.header[0]} comparison` : tabled.name) : null;
  // "slides for tomorrow's all hands: Q3 revenue up 18%, ...": the first fact or part after the colon is
  // content, not the topic; the meeting names the deck ("All-hands").
  const occasion = occasionOf(prompt);
  const casual = casualTopic(prompt);
  const content = (t: string) => [...u.statements, ...u.items].some((x) => x.toLowerCase() === t.toLowerCase() || (x.toLowerCase().startsWith(t.toLowerCase()) && /^[\s,;:]/.test(x.slice(t.length))));
  // ("status update deck: signups 3,400, +12% MoM, ...": nor the first fact of a deck its own name names.)
  const asked = casual && (occasion || named) && content(casual) ? null : casual;
  // ("weekly meal plan for a family of 4": a plan laid out in rows and columns is named by what it is.)
  const laidOut = laidOutName(u);
  // "training deck for new cashiers": who it is for is not its topic; the deck's own name says what it is.
  // (A training's own name says so even where its people are not a known audience: "for warehouse staff".)
  const training = u.label && /^(?:\p{L}+\s+)?(?:training|onboarding|orientation|induction)$/iu.test(u.label) ? u.label : null;
  const forWhom = topic && forPurpose(topic) ? (training ?? (named && isAudience(topic) ? named : null)) : null;
  // ("training deck for the new CRM": the article the request gives the thing stays, "Training for the new CRM".)
  const the = topic && new RegExp(String.raw`\bfor\s+the\s+${topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`, 'i').test(prompt) ? 'the ' : '';
  // ("onboarding deck for the sales team": a training for an audience is titled for them, as the request says it.)
  const audience = training && !topic ? /\bfor\s+((?:the|our|all|new|all\s+the)\s+)*[\p{L} -]{2,40}?(?=\s*(?:[.,;:!?\n]|$))/iu.exec(prompt.split(/[.:\n]/)[0])?.[0].replace(/^for\s+/i, '') : null;
  const whoFor = forWhom && topic ? `${forWhom} for ${the}${topic}` : audience && isAudience(audience) ? `${training} for ${audience.replace(/^our\s+/i, 'the ')}` : null;
  // ("agenda for monday's team meeting: ...": the meeting names the deck; its Agenda slide follows.)
  // (Not where the deck's own name says more than "Agenda": "team offsite agenda deck".)
  const agendaFor = u.kind === 'agenda' && (!named || /^agenda$/i.test(named)) ? occasion : null;
  const found = laidOut ?? dated ?? whoFor ?? (compared && (!topic || forPurpose(topic)) ? compared : null) ?? topic ?? asked ?? usable(u.subject) ?? agendaFor ?? named ?? occasion ?? inputs.dataSources[0]?.name ?? charted ?? listed ?? u.subject ?? null;
  // ("postmortem deck: the API was down ...": what happened names it, after what the deck is.)
  const incident = named && /\b(?:incident|outage|post-?mortem)\b/i.test(named) && found && !found.toLowerCase().includes(named.toLowerCase()) && u.statements.some((x) => x.toLowerCase().includes(found.toLowerCase())) ? named : null;
  if (found && incident) return `${capitalize(incident)}: ${capitalize(found)}`;
  return found ? capitalize(found) : { en: 'Untitled presentation', de: 'Präsentation', es: 'Presentación', fr: 'Présentation' }[u.language];
}

/** "friday" as "Friday", "3 march" as "3 March": a date as written, with its day and month names capitalised. */
const properDate = (d: string) => d.replace(/\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december)\b/gi, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());

function titleSlide(prompt: string, o: PromptOutline, inputs: ResolvedInputs, u: Understanding): AddSlideArgs {
  const title = deckTitle(prompt, o, inputs, u);
  const meta = ['Audience', 'Date', 'Presenter', 'Author'].map((k) => o.facts.find(([key]) => key === k)).filter((f): f is [string, string] => Boolean(f));
  // Facts the request states in passing ("presented by Ana on March 3") belong on the title slide.
  // Not what the title says already ("Last Tuesday's outage" needs no "Tuesday" under it).
  // (Not a date that belongs to one of the facts or listed items: "office move on Dec 5", "Maria will redo the icons by Friday".)
  // (Nor a name: "it was invented in 1817 by Karl Drais" does not make Karl Drais the presenter.)
  const told = [...u.statements, ...u.groups.flatMap((g) => g.items)].map((x) => x.toLowerCase());
  const date = u.facts.dates[0] && !told.some((x) => x.includes(u.facts.dates[0].toLowerCase())) ? properDate(u.facts.dates[0]) : null;
  const from = u.facts.from && !told.some((x) => x.includes(u.facts.from!.toLowerCase())) ? u.facts.from : null;
  const stated = meta.length ? [] : [from, date].filter((x): x is string => Boolean(x) && !title.toLowerCase().includes(x!.toLowerCase()));
  const subtitle = [o.subtitle, ...meta.map(([k, v]) => (k === 'Audience' ? `For ${v}` : v)), ...stated].filter(Boolean).join(' \u00B7 ') || undefined;
  return { layout: 'title', title: title.slice(0, 150), ...(subtitle ? { subtitle: subtitle.slice(0, 230) } : {}) };
}

export function planDeck(prompt: string, inputs: ResolvedInputs): DeckPlan {
  const o = parsePrompt(prompt);
  const plan: DeckPlan = { slides: [], remarks: [], placeholders: 0 };
  // "bar chart of sales by region: North 120, ..." is an instruction with its data, not a fact to list.
  // A request without an outline of its own is read as a person would (agent/understanding).
  const u = understand(prompt);
  // (Labelled content the reading takes as groups, "Updates: ...", is their slides, not facts.)
  const grouped = new Set(u.groups.map((g) => g.title.toLowerCase()));
  // (Facts under a label in a sentence, "... to Stripe. Goal: cut payment failures by half.", are facts too.)
  const inline = u.labelled.filter(([k]) => !o.facts.some(([key]) => key.toLowerCase() === k.toLowerCase()));
  // (A "key: value" line whose value the reading took as a table is that table, not a fact.)
  const facts = [...o.facts, ...inline].filter(([, v]) => !u.tables.some((t) => t.source && t.source.length > 10 && v.includes(t.source))).filter(([k]) => !['Audience', 'Date', 'Presenter', 'Author', 'Theme'].includes(k) && k.split(/\s+/).length <= 3 && !/\b(chart|graph|table|slides?|deck|make|create|add|include)\b/i.test(k) && kindOf(k) === 'document' && !grouped.has(k.toLowerCase()));
  const body: AddSlideArgs[] = [];
  // "... NPS went from 32 to 41. Top complaint: shipping times": facts stated and facts under a label are one slide.
  const stated = !o.slides.length && u.statements.length > 0;
  if (facts.length && !stated) body.push(...bulletSlides('Key facts', facts.map(([k, v]) => `**${k}:** ${v}`)));
  for (const d of o.slides) body.push(...draftToSlides(d, inputs));
  // "... a bar chart of signups by month: Jan 120, Feb 150" lists data, not slides.
  const dataNotSections = u.tables.some((t) => t.inferredHeader) && o.sections.every((s) => /\d/.test(s));
  // ("team offsite agenda: 9am breakfast, 10am strategy, ...": times and what happens then are one schedule, not a slide each.)
  const timed = o.sections.length >= 2 && scheduleOf(o.sections) !== null && scheduleOf(u.items) !== null;
  const understood = !o.slides.length && (!o.sections.length || dataNotSections || timed) ? understoodSlides(u, o.prose, stated ? facts.map(([k, v]) => `**${k}:** ${v}`) : []) : null;
  if (understood) body.push(...understood.slides);
  else if (facts.length && stated) body.unshift(...bulletSlides('Key facts', facts.map(([k, v]) => `**${k}:** ${v}`)));
  else for (const s of o.sections) body.push(...draftToSlides({ title: capitalize(s), bullets: [] }, inputs));
  for (const t of inputs.dataSources) if (!body.some((s) => s.chart?.data_source === t.name)) body.push(...dataSlides(t, plan));
  const placed = new Set(o.slides.map((d) => d.imageId).filter(Boolean));
  for (const img of inputs.images) {
    if (placed.has(img.image_id)) continue;
    const name = img.caption ?? capitalize(img.file_name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' '));
    body.push({ layout: 'image', title: name.slice(0, 150), image: { image_id: img.image_id }, ...(img.caption ? { caption: img.caption } : {}) });
  }
  // A free-form prompt with nothing the reader understood: a labelled skeleton of the requested length.
  if (!body.length) {
    const count = Math.max(3, o.requestedCount ?? 6);
    const labels = ['Context', 'Key points', 'Details', 'Analysis', 'Options', 'Recommendation', 'Next steps'];
    for (let i = 0; i < count - 2; i++) {
      const label = i < labels.length ? labels[i] : `Topic ${i + 1}`;
      body.push({ layout: 'bullets', title: label, bullets: [placeholder(`the first point on ${label.toLowerCase()}`), placeholder('a supporting point')], notes: 'Placeholder slide: replace the bracketed text with the facts to present.' });
    }
  }
  const sections = body.filter((s) => s.layout === 'section');
  if ((sections.length >= 2 || o.sections.length >= 3) && !body.some((s) => /^agenda$/i.test(s.title))) {
    const items = (sections.length >= 2 ? sections : body.filter((s) => s.layout !== 'closing')).map((s) => s.title).slice(0, 8);
    body.unshift({ layout: 'bullets', title: 'Agenda', bullets: items });
  }
  plan.slides.push(titleSlide(prompt, o, inputs, u), ...body);
  const w = WORDS[u.language];
  if (!body.some((s) => s.layout === 'closing') && (understood?.closing ?? true)) plan.slides.push({ layout: 'closing', title: w.closing, subtitle: w.closingSubtitle });
  plan.placeholders = plan.slides.filter((s) => JSON.stringify(s).includes('[Add ')).length;
  return plan;
}
