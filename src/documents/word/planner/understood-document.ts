// A new Word document from the shared reading of a free-form request (agent/understanding): one
// section per part it names (else the usual parts of its kind of document), the facts it states where
// they belong (a memo's To/From/Date lines, an event's date, place and contact), data typed into it as
// tables, a comparison or a timeline as a table, spelled-out bullets as a list, and the length it asks
// for in pages. What it does not say is a short labelled placeholder; its own sentences are never copied.
import { withCurrency, type InlineTable } from '../../agent/understanding/inline-data.ts';
import { WORDS } from '../../agent/understanding/language.ts';
import { partsOf, placeholdersFor } from '../../agent/understanding/placeholders.ts';
import { countFor, type Understanding } from '../../agent/understanding/understand.ts';
import { SCHEDULE_WORDS, scheduleOf } from '../../agent/understanding/schedule.ts';
import { escapeInline } from '../inline.ts';
import { laidOutName } from '../../agent/understanding/counted-comparison.ts';
import { dateNameIn } from '../../agent/understanding/facts.ts';
import { adjustedTotals, adjustmentTitle } from '../../agent/understanding/adjustments.ts';

const TIMELINE = /^(timeline|roadmap|milestones|schedule|phases|zeitplan|cronograma|calendrier)$/i;
const TIMELINE_WORD = /\b(timeline|roadmap|milestones?|schedule|zeitplan|cronograma|calendrier|hoja de ruta|feuille de route)\b/i;

export interface UnderstoodDocument {
  /** Markdown for add_content, in order. */
  parts: string[];
  /** The sections holding a bracketed placeholder. */
  sections: string[];
  remarks: string[];
}

const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function shown(v: string | number | null, format: InlineTable['formats'][number], currency: string | null): string {
  if (v === null) return '';
  if (typeof v !== 'number') return escapeInline(v);
  if (format === 'percent') return `${Number((v * 100).toPrecision(10))}%`;
  const text = v.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: format === 'currency' && !Number.isInteger(v) ? 2 : 0 });
  return format === 'currency' ? withCurrency(text, currency) : text;
}

function pipeTable(header: string[], rows: string[][]): string {
  return [`| ${header.map(escapeInline).join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The date a memo or letter is written: the one the request gives it ("dated 3 May"), else today's. */
function writtenOn(u: Understanding): string {
  if (u.facts.dated) return u.facts.dated;
  return new Date().toLocaleDateString({ en: 'en-GB', de: 'de-DE', es: 'es-ES', fr: 'fr-FR' }[u.language], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The header lines of a memo or letter: who it is to and from as stated, the date it is written, its subject. */
function headerFacts(u: Understanding): [string, string][] {
  const f = u.facts;
  const pairs: [string, string][] = [];
  const l = WORDS[u.language].labels;
  if (u.kind === 'memo' || u.kind === 'letter') {
    if (f.to) pairs.push([l.to, cap(f.to)]);
    pairs.push([l.from, f.from ?? WORDS[u.language].add(u.language === 'en' ? 'the sender' : WORDS[u.language].details)]);
    // The dates the request mentions are what it is about (the move, the event), not the memo's date.
    pairs.push([l.date, writtenOn(u)]);
    const subject = u.announcement?.topic ?? u.subject;
    if (subject) pairs.push([l.subject, cap(subject)]);
  }
  return pairs;
}

/** Where, when and whom to ask: the facts of an event or a move, for the details section. */
function detailFacts(u: Understanding): string[] {
  const f = u.facts;
  const lines: string[] = [];
  const l = WORDS[u.language].labels;
  // What the stated facts or the request's labelled items already show ("Next steps: ship v1 by Friday") is not listed again.
  // (Nor what the request's listed parts or schedule show: "9am welcome".)
  const said = [...u.statements, ...u.groups.flatMap((g) => g.items), ...u.labelled.map(([, v]) => v), ...u.items, ...u.specifics].map((x) => x.toLowerCase());
  const unsaid = (x: string) => !said.some((s) => s.includes(x.toLowerCase()));
  // Facts under a label of their own ("Goal: cut payment failures by half"), as written.
  for (const [k, v] of u.labelled) lines.push(`**${escapeInline(k)}:** ${escapeInline(v)}`);
  // ("my last day will be June 30": a date the request says what it is of is that, not a "When".)
  const named = u.language === 'en' ? f.dates.flatMap((d) => { const name = dateNameIn(u.request, d); return name && unsaid(d) ? [[name, d] as const] : []; }) : [];
  for (const [name, d] of named) lines.push(`**${escapeInline(name)}:** ${escapeInline(d)}`);
  const dates = f.dates.filter((d) => d !== f.dated && unsaid(d) && !named.some(([, x]) => x === d));
  const times = f.times.filter(unsaid);
  if (dates.length) lines.push(`**${l.when}:** ${dates.map(escapeInline).join(', ')}${times.length ? `, ${times.map(escapeInline).join(', ')}` : ''}`);
  else if (times.length) lines.push(`**${l.time}:** ${times.map(escapeInline).join(', ')}`);
  const place = u.announcement?.place;
  const places = (place && !f.places.some((p) => p.includes(place)) ? [place, ...f.places] : f.places).filter(unsaid);
  if (places.length) lines.push(`**${l.where}:** ${places.map(escapeInline).join('; ')}`);
  // Amounts the stated facts already show ("Revenue rose 12% to $4.2M") are not listed again.
  const amounts = f.amounts.filter(unsaid);
  if (amounts.length && !u.tables.length) lines.push(`**${l.amounts}:** ${amounts.map(escapeInline).join(', ')}`);
  if (f.contact) lines.push(`**${l.contact}:** ${escapeInline(f.contact)}${f.phones.length ? `, ${f.phones.map(escapeInline).join(', ')}` : ''}`);
  else if (f.phones.length) lines.push(`**${l.phone}:** ${f.phones.map(escapeInline).join(', ')}`);
  return lines.map((x) => `- ${x}`);
}

/** What the news leaves out, as placeholders, less what the request does give (a date, a time and place). */
function missingOf(u: Understanding): string[] {
  const w = WORDS[u.language];
  const f = u.facts;
  const given = (m: string) => (/start date|dates affected/.test(m) && f.dates.length > 0) || (/time and venue/.test(m) && f.times.length > 0 && (f.places.length > 0 || Boolean(u.announcement?.place)));
  if (u.language !== 'en') return [w.add(w.details)];
  return (u.announcement?.missing ?? []).filter((m) => !given(m)).map((m) => w.add(m));
}

function sectionBody(u: Understanding, title: string): string {
  const w = WORDS[u.language];
  if (TIMELINE.test(title) || (u.intents.timeline && /timeline|roadmap|milestone/i.test(title))) {
    const t = w.timeline;
    return u.milestones.length ? pipeTable([t.milestone, t.when], u.milestones.map((m) => [escapeInline(m.what), escapeInline(m.when)]))
      : pipeTable([t.milestone, t.date, t.owner], [1, 2, 3].map((i) => [w.add(`${t.milestone.toLowerCase()} ${i}`), w.add(t.date.toLowerCase()), w.add(t.owner.toLowerCase())]));
  }
  return placeholdersFor(title, u.subject, u.language, u.names).map(escapeInline).join('\n\n');
}

export function understoodDocument(u: Understanding): UnderstoodDocument {
  const w = WORDS[u.language];
  const out: UnderstoodDocument = { parts: [], sections: [], remarks: [] };
  const header = headerFacts(u);
  if (header.length >= 2) out.parts.push(header.map(([k, v]) => `${k}: ${escapeInline(v)}`).join('\n'));
  const pages = countFor(u, 'page');
  const wantedSections = countFor(u, 'section');
  // A schedule ("9am welcome, 10am strategy review") is one table, not a section per entry.
  const schedule = scheduleOf(u.items);
  const items = schedule ? [] : u.items;
  let sections = items.length ? [...items] : schedule ? [] : partsOf(u.kind, u.language, 'document', u);
  if (wantedSections) {
    const extra = partsOf(u.kind, u.language, 'document', u).filter((p) => !sections.some((s) => s.toLowerCase() === p.toLowerCase()));
    while (sections.length < wantedSections && extra.length) sections.push(extra.shift()!);
    for (let i = sections.length; i < wantedSections; i++) sections.push(`${u.language === 'en' ? 'Section' : w.deck[2]} ${i + 1}`);
    if (!items.length) sections = sections.slice(0, wantedSections);
  }
  if (pages === 1 && !items.length) sections = sections.slice(0, 3);
  const blocks: string[] = [];
  if (schedule) {
    const sw = SCHEDULE_WORDS[u.language];
    blocks.push(`# ${sw.title}\n\n${pipeTable([sw.time, sw.what], schedule.map((e) => [escapeInline(e.time), escapeInline(e.what)]))}`);
  }
  if (u.bullets) blocks.push(`# ${escapeInline(u.named ?? (u.subject ? cap(u.subject) : u.language === 'en' ? 'Key points' : w.deck[1]))}\n\n${u.bullets.items.map((b, i) => `${u.bullets!.numbered ? `${i + 1}.` : '-'} ${escapeInline(b)}`).join('\n')}`);
  // A checklist's tasks: a table to tick off (who, and a box to tick).
  if (u.kind === 'tracker' && u.rowsPer?.items.length && u.language === 'en') {
    blocks.push(`# ${u.rowsPer.per}s\n\n${pipeTable([u.rowsPer.per, 'Owner', 'Done'], u.rowsPer.items.slice(0, 100).map((i) => [escapeInline(i), '', '☐']))}`);
  }
  // "weekly meal plan": the rows and columns the request names (or such a plan has) are a table to fill in.
  else if (u.rowsPer?.items.length && u.columns.length && u.language === 'en') {
    blocks.push(`# ${escapeInline(laidOutName(u) ?? (u.subject ? cap(u.subject) : 'Plan'))}\n\n${pipeTable([u.rowsPer.per, ...u.columns].map(escapeInline), u.rowsPer.items.slice(0, 100).map((i) => [escapeInline(i), ...u.columns.map(() => '')]))}`);
  }
  // (Labelled groups follow the listed facts: "completed X, started Y, risk: Z" reads in that order.)
  const groupBlocks = u.groups.map((g) => `# ${escapeInline(g.title)}\n\n${g.items.map((x) => `- ${escapeInline(x)}`).join('\n')}`);
  for (const t of u.tables) {
    const rows = t.rows.map((r) => r.map((v, i) => shown(v, t.formats[i], t.currencies[i])));
    // A total or average the request asks for is computed from its own figures (Word tables hold no formulas).
    const numeric = t.formats.map((f) => f === 'integer' || f === 'number' || f === 'currency');
    const column = (i: number) => t.rows.map((r) => r[i]).filter((v): v is number => typeof v === 'number');
    // "..., add tax of 8%": the sum, each rate's amount on it and the total after them, computed (Word tables hold no formulas).
    if (t.adjustments?.length && t.header.length === 2 && numeric[1]) {
      const a = adjustedTotals(t.rows, t.adjustments);
      const money = (v: number) => shown(v, t.formats[1] === 'integer' ? 'number' : t.formats[1], t.currencies[1]);
      rows.push([u.language === 'en' ? 'Subtotal' : cap(w.total), money(a.subtotal)], ...a.lines.map(([x, v]) => [escapeInline(adjustmentTitle(x)), money(v)]), [`**${escapeInline(w.total)}**`, `**${money(a.total)}**`]);
    } else if (u.intents.total && numeric.some(Boolean)) rows.push(t.header.map((_, i) => (i === 0 ? '**Total**' : numeric[i] ? `**${shown(column(i).reduce((a, b) => a + b, 0), t.formats[i], t.currencies[i])}**` : '')));
    if (u.intents.average && numeric.some(Boolean)) rows.push(t.header.map((_, i) => (i === 0 ? '**Average**' : numeric[i] && column(i).length ? `**${shown(column(i).reduce((a, b) => a + b, 0) / column(i).length, t.formats[i], t.currencies[i])}**` : '')));
    // ("shopping list: milk 2 liters, ...": the one table of a list the request names is that list.)
    const listed = u.tables.length === 1 && u.label && /\blist$/i.test(u.label) ? cap(u.label) : null;
    blocks.push(`# ${escapeInline(t.name ?? listed ?? (u.intents.chart?.y && u.intents.chart.x ? `${u.intents.chart.y} by ${u.intents.chart.x}` : u.intents.compare ? 'Comparison' : 'Data'))}\n\n${pipeTable(t.header, rows)}`);
    if (u.intents.chart) out.remarks.push('A Word document gets the data as a table; ask Slides or Excel for a native chart of it.');
  }
  if (u.compared.length && !u.tables.length) {
    const criteria = u.criteria.length ? u.criteria : [1, 2, 3].map((i) => w.add(`criterion ${i}`));
    blocks.push(`# ${escapeInline(u.compared.join(' vs '))}\n\n${pipeTable(['', ...u.compared], criteria.map((c) => [escapeInline(c), ...u.compared.map((x) => w.add(`${escapeInline(x)}: ${c.replace(/^\[(?:(?:Add|Ergänzen|Añadir|Ajouter)\s+)?|\]$/g, '').toLowerCase()}`))]))}`);
  }
  // (A listed part that names the timeline, "roadmap review", is where it goes: no second Timeline section.)
  if (u.intents.timeline && !sections.some((s) => TIMELINE.test(s) || TIMELINE_WORD.test(s))) sections.push(u.language === 'en' ? 'Timeline' : { de: 'Zeitplan', es: 'Cronograma', fr: 'Calendrier' }[u.language as 'de' | 'es' | 'fr']);
  if (u.announcement) {
    // The news as stated, then its details and what it leaves out: never the default parts' generic placeholders.
    blocks.push(escapeInline(u.announcement.news));
    if (u.statements.length) blocks.push(u.statements.map((x) => `- ${escapeInline(x)}`).join('\n'));
    const facts = detailFacts(u);
    blocks.push(`# ${u.language === 'en' ? 'Details' : cap(w.details)}\n\n${[facts.join('\n'), ...missingOf(u).map(escapeInline)].filter(Boolean).join('\n\n')}`);
    if (!items.length) sections = [];
  }
  // Facts told in passing go into the document's own parts (a letter's details, a report's background), listed facts under Highlights.
  const told = u.statementsInPassing && !u.announcement && sections.length ? u.statements.map((x) => `- ${escapeInline(x)}`).join('\n') : '';
  const toldAt = told ? Math.max(0, ...[/^(?:event )?details$/i, /^(?:background|context|overview|key points|findings)$/i, /^(?:purpose|opening|summary|introduction)$/i].map((re) => sections.findIndex((s) => re.test(s))).filter((i) => i >= 0).slice(0, 1)) : -1;
  // (Meeting notes list who did what: their updates.)
  const listed = u.language === 'en' ? (u.kind === 'minutes' ? 'Updates' : 'Highlights') : escapeInline(w.deck[1]);
  if (u.statements.length && !u.announcement && !told) blocks.push(`# ${listed}\n\n${u.statements.map((x) => `- ${escapeInline(x)}`).join('\n')}`);
  blocks.push(...groupBlocks);
  let details = u.announcement ? [] : detailFacts(u);
  // Stated facts go into the section about details (else the first one), as labelled lines; not among a
  // meeting's attendees or agenda, where they get a Details section of their own.
  // (Nor under an agenda's first item: "agenda for ... on March 4 at 2pm: revenue review, ..." is when the meeting is.)
  if (details.length && (/^(?:attendees|agenda)$/i.test(sections[0] ?? '') || (u.kind === 'agenda' && items.length > 0)) && !sections.some((s) => /^(?:event )?details$/i.test(s))) {
    blocks.push(`# ${u.language === 'en' ? 'Details' : cap(w.details)}\n\n${details.join('\n')}`);
    details = [];
  }
  // What the request lists after its colon ("remote, Python and Postgres, 5+ years") goes first in the
  // section about details, with the facts; without one, it is a Details section of its own.
  let specifics = u.specifics.map((x) => `- ${escapeInline(x)}`).join('\n');
  const ownBlock = Boolean(specifics) && !sections.some((s) => /^(?:event )?details$/i.test(s));
  if (ownBlock) {
    blocks.push(`# ${u.language === 'en' ? 'Details' : cap(w.details)}\n\n${[specifics, details.join('\n')].filter(Boolean).join('\n\n')}`);
    details = [];
    specifics = '';
  }
  const factsAt = details.length || specifics ? Math.max(0, ...[/^(event )?details$/i, /^(purpose|overview|opening|background)$/i].map((re) => sections.findIndex((s) => re.test(s))).filter((i) => i >= 0).slice(0, 1)) : -1;
  // (With no section to hold them, as in a schedule's table, the facts get their own.)
  if (details.length && !sections.length) blocks.push(`# ${u.language === 'en' ? 'Details' : cap(w.details)}\n\n${details.join('\n')}`);
  // (The specifics' own block does not make the document one of given content: its parts stay.)
  const structured = blocks.length - (ownBlock ? 1 : 0) > 0 && !u.announcement;
  sections.forEach((s, i) => {
    const own = i === factsAt ? [specifics, details.join('\n'), ...(/^details$/i.test(s) ? [] : [sectionBody(u, s)])].filter(Boolean).join('\n\n') : sectionBody(u, s);
    const body = i === toldAt ? `${told}\n\n${own}` : own;
    // Named topics or no other content: every section; data or bullets given: only the sections the request names.
    if (!structured || items.length || i === factsAt) blocks.push(`# ${escapeInline(s)}\n\n${body}`);
  });
  // (The summary names the sections left to fill in: those holding a placeholder.)
  out.sections = blocks.filter((b) => /\[(?:Add|Ergänzen|Añadir|Ajouter)\b/.test(b)).map((b) => /^# (.+)$/m.exec(b)?.[1] ?? '').filter(Boolean);
  // A length in pages: the top sections are spread over that many pages.
  if (pages && pages >= 2 && blocks.length >= 2) {
    const breaks = new Set(Array.from({ length: Math.min(pages, blocks.length) - 1 }, (_, i) => Math.round(((i + 1) * blocks.length) / Math.min(pages, blocks.length))));
    out.parts.push(blocks.map((b, i) => (breaks.has(i) ? `---\n\n${b}` : b)).join('\n\n'));
  } else out.parts.push(blocks.join('\n\n'));
  return out;
}
