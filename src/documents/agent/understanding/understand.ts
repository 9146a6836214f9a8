// One reading of a request, shared by the three formats' builtin planners: what kind of document,
// about what, how many parts and which ones, the structure spelled out, the data typed in, what to
// compute or chart, and the facts stated. It never adds content: what the request does not say stays
// a labelled placeholder in the planners.
import { bulletsIn, cellTexts, columnsIn, intentsOf, namedAs, rowsPer, sheetNamesIn, type CellText, type Intents } from './structure.ts';
import { cleanItem, enumeration, perItems, rangeItems, specificsIn, splitList } from './enumerations.ts';
import { askedAmount, factsIn, type RequestFacts } from './facts.ts';
import { pairsIn, periodFigures, tablesIn, typedTable, type InlineTable } from './inline-data.ts';
import { GENERIC, KINDS, kindOf, labelOf, type DocKind } from './kinds.ts';
import { lineItemsIn } from './line-items.ts';
import { recordsIn } from './records.ts';
import { measureOf, periodHeader, seriesIn } from './series.ts';
import { languageOf, WORDS, type Lang } from './language.ts';
import { countsIn, NUMBER_WORD, type Count } from './numbers.ts';
import { claimsIn, statementsIn, whatHappened } from './statements.ts';
import { announcementIn, type Announcement } from './announcement.ts';
import { topicAfterAudience, withoutAudience } from './audience.ts';
import { groupsIn, type Group } from './groups.ts';
import { minutesIn } from './minutes.ts';
import { weeklyPlanIn } from './weekly.ts';
import { countedComparisonIn, singular } from './counted-comparison.ts';

/** A list's label that names the things listed, not their values: "subscriptions", "streaming services", "bills". */
const THINGS = /(?:^|\s)(subscriptions|memberships|services|apps|tools|bills|products|purchases|gifts|plans|licen[cs]es)$/i;

const COUNT_PHRASE = new RegExp(`\\s*\\b(?:in|with|of|into)?\\s*(?:\\d{1,3}|${NUMBER_WORD})[\\s-]+(?:slides?|pages?|sheets?|tabs?|folien|diapositivas|diapositives|seiten|páginas|hojas|feuilles|bl(?:ä|a)tt(?:er|ern)?)\\b`, 'giu');


export type { DocKind } from './kinds.ts';
export { kindOf, labelOf } from './kinds.ts';

export interface Understanding {
  language: Lang;
  kind: DocKind;
  /** What the document is about ("solar-powered water purifiers for rural villages"), from the request's words. */
  subject: string | null;
  /** The noun phrase naming the document ("Project tracker"). */
  label: string | null;
  /** A name given with "titled/named/called X". */
  named: string | null;
  counts: Count[];
  /** Enumerated parts: one slide, section or sheet each, titled by the item. */
  items: string[];
  bullets: { items: string[]; numbered: boolean } | null;
  cells: CellText[];
  /** Sheet names given ("a sheet Sales", "a tab called Costs"). */
  sheetNames: string[];
  /** What a comparison compares ("compare AWS and Azure" -> AWS, Azure). */
  compared: string[];
  /** What they are compared on ("on price and support"). */
  criteria: string[];
  /** Dated entries of a timeline ("beta in March, launch in June"). */
  milestones: { what: string; when: string }[];
  columns: string[];
  rowsPer: { per: string; items: string[] } | null;
  /** Facts stated as short clauses ("revenue up 12%, churn down to 3%"): shown as written, never charted. */
  statements: string[];
  /** What the request lists after its colon when that is not parts, data or facts ("remote, Python and Postgres, 5+ years"), as written. */
  specifics: string[];
  /** Whether the statements were told in passing in a sentence (`claimsIn`), not listed after a colon: a document keeps its parts and gets them in one. */
  statementsInPassing: boolean;
  /** The amount a pitch asks for ("raising 250k"), as written. */
  asked: string | null;
  /** What the request announces, notifies of or invites to, with its topic and what it leaves out. */
  announcement: Announcement | null;
  /** Content under labels of the request's own ("Updates: a, b. Blockers: c"): a part each, with its items. */
  groups: Group[];
  /** Facts under a label of their own, not lists ("Goal: cut payment failures by half", "Owner: Dana"), as written. */
  labelled: [string, string][];
  /** Inline data: tables (markdown, CSV/TSV) and label/value pairs as a two-column table. */
  tables: InlineTable[];
  intents: Intents;
  facts: RequestFacts;
  /** Words the request writes with a capital inside a sentence ("React", "Kubernetes"): names, which keep their case. */
  names: string[];
  /** The request's own words, for what depends on more than the readings above (the parts of a history, a training, a lesson: partsOf). */
  request: string;
}

/** Words written with a capital letter where a sentence does not start: names ("on React for the team"). */
function namesIn(prompt: string): string[] {
  const out = new Set<string>();
  for (const m of prompt.matchAll(/(?<=[^\s.!?:\n]\s+)\p{Lu}[\p{L}\d.+#-]*/gu)) out.add(m[0].replace(/[.]+$/, ''));
  return [...out];
}

// ("on friday", "for next week": a lead followed by a time names when, not what about.)
const SUBJECT_LEAD = /(?<!\p{L})(?:for|on|about|regarding|covering|summari[sz]ing|recapping|reviewing|of|über|zu|zum|zur|für|sobre|para|acerca de|sur|pour|concernant)\s+(?!(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight|(?:next|this|last)\s+(?:week|month|quarter|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|\d{1,2}(?::\d\d)?\s*(?:am|pm)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b)(.+?)(?=\s*(?:[.!?:;\n]|,\s|\s[-–—]\s|$|\s+(?:with|including|include|that (?:has|covers|includes)|covering|which|in (?:\d|one|two|three)|mit|con|avec|und|y|et|and (?:a|an|the|include|add|make|put)\b)))/iu;
const SUBJECT_TRIM = /^(?:(?:a|an|the|our|my|unser(?:e|en)?|mein(?:e|en)?|un|una|el|la|nuestr[oa]|notre|mon|ma|une?|le)\s+)?(?:(?:new\s+)?(?:startup|company|business|firm|team|project|product|app|service|client|customer|organi[sz]ation|non-?profit|shop|store)\s+(?:that|which|who|called|named)\s+(?:makes?|builds?|sells?|offers?|provides?|develops?|runs?|does|is|creates?)\s+)?/iu;

/** The document's subject from the first sentence that names one. */
export function subjectOf(text: string, kind: DocKind): string | null {
  const first = text.split(/\n\s*\n/)[0].split(/(?<=[.!?])\s+/).slice(0, 2).join(' ');
  const kindWord = KINDS.find(([k]) => k === kind)?.[1];
  const after = kindWord ? first.slice(Math.max(0, first.search(kindWord))) : first;
  let m = SUBJECT_LEAD.exec(after) ?? (kindWord && first.search(kindWord) >= 0 ? null : SUBJECT_LEAD.exec(first));
  // "5% on the first 10k": a rate's "on" says what it applies to, not what the document is about.
  if (m && /[\d%]\s*$/.test((m.input ?? '').slice(0, m.index))) m = null;
  // "5 slides onboarding new sales reps": a count and then the subject, with no word leading it.
  const bare = m ? null : /^\s*(?:slides?|pages?|folien|diapositivas|diapositives)\s+(\p{Ll}[\p{L}\d '-]{2,60}?)\s*[.!?]?$/u.exec(first);
  if (bare && !/^(?:on|about|for|with|that|which|and|to|in)\b/i.test(bare[1])) return bare[1];
  // "Presentación de la hoja de ruta del producto: ...", "Présentation du plan de formation": the noun's "de".
  const of = m ? null : /^(?:presentación|présentation|informe|rapport|plan|resumen|résumé)\s+(?:de\s+la|de\s+los|de\s+las|del|de\s+l'|du|des|de)\s+(\p{L}[\p{L}\d '-]{2,60}?)\s*(?=[:.;!?\n]|$)/iu.exec(after.trim());
  if (of) return of[1];
  // "a tracker with columns for task, owner" names columns, not the subject: the lead must follow the noun.
  // (The document's own noun is not among them: "slides for the board about hiring".)
  const noun = kindWord && first.search(kindWord) >= 0 ? (kindWord.exec(after)?.[0].length ?? 0) : 0;
  if (!m || /\b(with|columns?|rows?|sheets?|tabs?|slides?|sections?|bullets?|and|each|per)\b/i.test(after.slice(noun, m.index))) return null;
  // "for investors" names who it is for; "for the board about hiring" is about hiring.
  let phrase = topicAfterAudience(m[1]);
  if (phrase === null) {
    const next = SUBJECT_LEAD.exec(after.slice(m.index + m[0].length));
    phrase = next ? topicAfterAudience(next[1]) : null;
  }
  if (phrase === null) return null;
  // The subject ends where the facts start ("the office move on March 3, 2025 to 12 Harbor Road").
  const cut = withoutAudience(phrase).replace(/\s+(?:on|at|to|in|by|from|am|el|le)\s+(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[\s\S]*$/i, '');
  let s = cut.replace(SUBJECT_TRIM, '').replace(/^(?:the|a|an|their|his|her|der|die|das|den|dem|des)\s+/i, '').replace(/["“”]/g, '').replace(/[\s,;:–—-]+$/, '').trim()
    // ("Q3 results in 6 slides" leaves "slides" behind once its count is read.)
    .replace(/\s+(?:slides?|pages?|sheets?|tabs?)$/i, '');
  // "my class presentation on climate change", "a 10 minute talk on X": the occasion's topic.
  s = /^(?:(?:my|our|the)\s+)?(?:[\p{L}-]+\s+){0,2}?(?:talk|presentation|session|workshop|lecture|keynote|speech)\s+(?:on|about)\s+(.+)$/iu.exec(s)?.[1] ?? s;
  if (!s || s.split(/\s+/).length > 14 || /^\d/.test(s) || /^(me|us|you|it|this|that|them)$/i.test(s)) return null;
  // "a budget for the month": a period says when, not what it is about.
  if (/^(?:(?:the|this|next|last|each|den|diesen|el|este|le|ce)\s+)?(?:month|week|year|quarter|monat|woche|jahr|quartal|mes|semana|año|mois|semaine|année)$/iu.test(s)) return null;
  // "a dog walking app called Pawtrol": the name is the subject.
  const called = /\b(?:called|named)\s+["“]?(\p{Lu}[\p{L}\d&.'-]*(?:\s+\p{Lu}[\p{L}\d&.'-]*){0,3})/u.exec(s);
  return called ? called[1] : s;
}

/** A pitch's own description of who pitches ("we are a B2B payroll startup with 40 customers" -> "B2B payroll startup"). */
function weAre(text: string): string | null {
  const m = /\bwe(?:'re|\s+are)\s+(?:a|an)\s+(\p{L}[\p{L}\d '&-]{2,50}?)(?=\s+(?:with|that|which|who|and|in|for|based)\b|\s*[,.;:!?]|$)/iu.exec(text);
  return m && m[1].split(/\s+/).length <= 6 ? m[1] : null;
}

/** Columns whose header stays plural: what a cell holds several of, or a measure. */
const PLURAL_HEADER = /^(?:notes|comments|details|remarks|hours|minutes|miles|sales|earnings|expenses|savings|links|tags|attendees|ingredients|steps|points|calories|reps|sets|units)$/i;

/** A tracker's field as its column's header ("tasks, owners, due dates and status": Task, Owner, Due date, Status). */
function fieldHeader(field: string): string {
  const words = field.split(/\s+/);
  // (The noun, not a participle after it: "dates applied" is "Date applied".)
  const at = words.length > 1 && /ed$/i.test(words[words.length - 1]) ? words.length - 2 : words.length - 1;
  if (languageOf(field) === 'en' && !PLURAL_HEADER.test(words[at])) words[at] = singular(words[at]);
  const header = words.join(' ');
  return header[0].toUpperCase() + header.slice(1);
}

export function understand(prompt: string): Understanding {
  let kind = kindOf(prompt);
  const tables = tablesIn(prompt);
  let rest = prompt;
  for (const t of tables) if (t.source) rest = rest.replace(t.source, ' ');
  // "Updates: launched the beta, fixed 12 bugs. Blockers: legal review": content under labels of its own.
  const read = groupsIn(rest);
  let { groups } = read;
  const { sources } = read;
  let { labelled } = read;
  for (const source of sources) rest = rest.replace(source, ' ');
  // "meeting notes from the design review: decided to drop the sidebar, Maria will redo the icons by Friday": decisions, actions.
  const minutes = kind === 'minutes' && !groups.length && languageOf(prompt) === 'en' ? minutesIn(rest) : null;
  if (minutes) {
    groups = minutes.groups;
    rest = rest.replace(minutes.source, ' ');
    // ("meeting minutes: we decided ...": the notes under the document's own label are those groups, not a fact labelled "Meeting minutes".)
    const source = minutes.source.toLowerCase();
    labelled = labelled.filter(([, v]) => !source.includes(v.toLowerCase().slice(0, 40)));
  }
  // Stated facts are not data: "revenue up 12%, churn down to 3%" is no series of one unit and meaning.
  let stated = tables.length ? null : statementsIn(rest);
  if (stated) rest = rest.replace(stated.source, ' ');
  for (const found of tables.length ? [] : [lineItemsIn(rest) ?? seriesIn(rest) ?? periodFigures(rest) ?? recordsIn(rest)]) {
    if (found) {
      tables.push(found);
      rest = rest.replace(found.source, ' ');
    }
  }
  if (!tables.length) {
    // ("Monatsbudget als Tabelle: Miete 1.200 €, ...": how it is to be laid out is not its name; see valuesLabel.)
    const pairs = pairsIn(rest);
    // "comparing iPhone 16, Pixel 9 and Galaxy S25": names with numbers in what is compared are not data.
    const compared = comparedIn(rest).map((c) => c.toLowerCase());
    if (pairs && !pairs.pairs.every(([l, v]) => compared.includes(`${l} ${v}`.toLowerCase()))) {
      const intents = intentsOf(rest);
      // "marketing spend split by channel as a pie chart: Google Ads 4200, ...": the labels are channels.
      const by = /\b(?:split\s+|broken down\s+)?by\s+(\p{L}{3,20})\b(?=[^:\n]*:)/iu.exec(rest.slice(0, rest.indexOf(pairs.source)));
      // ("monthly sales 2024: Jan 12000, Feb 13500, ...": months are the labels, sales the values.)
      const period = languageOf(prompt) === 'en' ? periodHeader(pairs.pairs.map(([l]) => l)) : null;
      const x = intents.chart?.x ?? (by ? by[1][0].toUpperCase() + by[1].slice(1) : period);
      // A budget's or an invoice's values are amounts: the sheet is named after the budget, the column "Amount".
      // ("Trip expenses: ..." names its values: that column stays "Expenses".)
      const money = /^(?:budget|invoice)$/.test(kind) || /budget\b|presupuesto|budgétaire/i.test(pairs.label ?? '');
      // ("my monthly subscriptions: netflix 15.99, ...": the label names the things, their values are what they cost.)
      const things = languageOf(prompt) === 'en' ? THINGS.exec(pairs.label ?? '') : null;
      const y = intents.chart?.y ?? (money ? WORDS[languageOf(prompt)].amount : things ? (/\bmonthly\b|\b(?:a|per|each)\s+month\b/i.test(prompt) ? 'Monthly cost' : 'Cost') : null);
      tables.push({
        ...typedTable([x ?? (things ? things[1][0].toUpperCase() + things[1].slice(1).replace(/s$/, '') : languageOf(prompt) === 'en' ? 'Item' : WORDS[languageOf(prompt)].items), y ?? (pairs.label ? (period ? measureOf(pairs.label) : pairs.label[0].toUpperCase() + pairs.label.slice(1)) : 'Value')], pairs.pairs.map(([l, v]) => [l, v === null ? '' : String(v)])),
        rows: pairs.pairs.map(([l, v]) => [l, v]),
        formats: ['text', pairs.format], currencies: [null, pairs.currency], inferredHeader: true, source: pairs.source, name: pairs.label,
        ...(pairs.adjustments ? { adjustments: pairs.adjustments } : {}),
      });
      rest = rest.replace(pairs.source, ' ');
    }
  }
  // Facts told in passing ("..., adoption is now 80% and support tickets dropped"), when nothing above is data.
  let inPassing = false;
  if (!stated && !tables.length) {
    stated = claimsIn(rest) ?? whatHappened(rest);
    if (stated) rest = rest.replace(stated.source, ' ');
    inPassing = Boolean(stated);
  }
  const counts = countsIn(rest);
  const per = perItems(rest);
  // Counts are read; the words of a count are not part of a topic or criterion ("support in 4 slides").
  rest = rest.replace(COUNT_PHRASE, (m) => ` ${m.trim().split(/[\s-]+/).pop()}`);
  const bullets = bulletsIn(rest);
  // A deck, report or agenda may list its parts after a colon ("Deck on the CRM rollout: why, training,
  // support"; "Orden del día para el lunes: ventas, clientes, vacaciones"); dated entries are a timeline instead.
  const afterColon = /^(?:agenda|deck|pitch|report|plan|minutes|proposal)$/.test(kind) && !milestonesIn(rest).length
    ? splitList(/:\s*([^\n]+)$/.exec(rest.trim().split('\n')[0])?.[1]?.replace(/[.!]\s*$/, '') ?? '') : [];
  // ("... the role we are hiring for: remote, Python and Postgres, 5+ years, $150-180k": a price, a count
  // of years or a share among them makes them specifics of the thing, not parts of the document.)
  const listed = afterColon.some((x) => /[$€£]\s?\d|\d\s?\+|\d\s?%|\b\d+(?:[.,]\d+)?\s?(?:k|years?|yrs?|hours?|days?|weeks?|months?)\b/i.test(x)) ? [] : afterColon;
  const compared = comparedIn(rest);
  let items = bullets ? [] : (enumeration(rest).length ? enumeration(rest) : listed.length >= (kind === 'agenda' ? 2 : 3) ? listed : per);
  // "comparing React, Vue and Svelte for our new dashboard": a list of what is compared, by their names.
  if (compared.length >= 2 && items.length === compared.length && items.every((x, k) => x.toLowerCase().includes(compared[k].toLowerCase()))) items = compared;
  // "a presentation with the topics goals, timeline, budget and team": a listed topic does not make it a budget.
  const kindWord = KINDS.find(([k]) => k === kind)?.[1];
  if (kindWord && !GENERIC.has(kind) && items.some((i) => kindWord.test(i))) {
    kind = kindOf(items.reduce((t, i) => t.replace(i.toLowerCase() === i ? i : new RegExp(`\\b${i.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'), ' '), prompt));
  }
  // "a spreadsheet to track my job applications - company, role, date applied, status": a tracker's listed
  // fields are its columns, not its sheets.
  const fields = kind === 'tracker' && !columnsIn(rest).length && !sheetNamesIn(rest).length && items.length >= 2 && !per.length && !rangeItems(rest).length ? items : [];
  // "weekly meal plan for a family of 4": a row per day and a meal plan's columns, when the request names none.
  // "comparing 3 apartments: rent, size, commute time": a row for each (numbered) and a column per criterion.
  const counted = languageOf(prompt) === 'en' && !columnsIn(rest).length && !rowsPer(rest) && !tables.length && compared.length < 2 && !fields.length ? countedComparisonIn(rest) : null;
  const weekly = counted ?? (languageOf(prompt) === 'en' && !columnsIn(rest).length && !rowsPer(rest) && !tables.length && !items.length && !fields.length ? weeklyPlanIn(rest) : null);
  if (counted) items = [];
  // ("shopping list: milk 2 liters, eggs 1 dozen": what follows the label is the table, not a fact labelled "Shopping list".)
  labelled = labelled.filter(([, v]) => !tables.some((t) => t.source && t.source.toLowerCase().includes(v.toLowerCase().slice(0, 40))));
  return {
    language: languageOf(prompt),
    kind,
    // (With its parts listed after a colon, the subject is named before it: not "help" of "who to ask for help".)
    subject: (items.length && !fields.length && /^[^:\n]{8,}:/.test(rest.trim()) ? subjectOf(rest.trim().slice(0, rest.trim().indexOf(':')), kind) : subjectOf(rest, kind)) ?? (kind === 'pitch' ? weAre(prompt) : null),
    named: namedAs(rest),
    label: labelOf(rest, kind),
    counts,
    items: fields.length ? [] : items,
    bullets,
    cells: cellTexts(rest),
    sheetNames: sheetNamesIn(rest),
    compared,
    criteria: criteriaIn(rest),
    milestones: milestonesIn(rest),
    columns: fields.length ? fields.map(fieldHeader) : weekly?.columns ?? columnsIn(rest),
    rowsPer: weekly ? { per: weekly.per, items: weekly.items } : rowsPer(rest),
    statements: stated?.items ?? [],
    // ("write a job description for ...: remote, Python and Postgres, 5+ years, ...": what it must say.)
    specifics: !tables.length && !stated && !groups.length && !items.length && !fields.length && !bullets && compared.length < 2 && !per.length && !counted ? specificsIn(rest) : [],
    statementsInPassing: inPassing,
    asked: askedAmount(prompt),
    announcement: announcementIn(prompt),
    tables,
    groups,
    labelled,
    intents: intentsOf(rest),
    facts: factsIn(prompt),
    names: namesIn(prompt),
    request: prompt,
  };
}

/** "compare AWS, Azure and GCP", "AWS vs Azure", "a comparison of A and B": the things compared. */
export function comparedIn(text: string): string[] {
  const m = /\b(?:compar(?:e|es|ing|ison of|ison between)|vergleich(?:e|en)?(?: von| zwischen)?|compara(?:r|ción de|ción entre)?|compar(?:er|aison de|aison entre))\s+(?:the\s+|our\s+)?(.+?)(?=\s*(?:[.;:\n]|$|\s+(?:on|by|in terms of|across|for|over|regarding|nach|hinsichtlich|en cuanto a|sur|selon)\b))/i.exec(text)
    ?? /\b([A-Z0-9][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)?)\s+(?:vs\.?|versus|gegen|contra|contre)\s+([A-Z0-9][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)?)/.exec(text);
  if (!m) return [];
  const raw = m[2] !== undefined ? [m[1], m[2]] : m[1].split(/\s*(?:,|\band\b|\bwith\b|\bto\b|\bvs\.?|\bversus\b|\bund\b|\bmit\b|\by\b|\bcon\b|\bet\b|\bavec\b)\s*/i);
  const items = raw.map((x) => x.trim().replace(/^(?:the|our|a|an)\s+/i, '')).filter((x) => x && x.split(/\s+/).length <= 5);
  // ("iPhone" keeps its case.)
  return items.length >= 2 && items.length <= 6 ? items.map((x) => (/^\p{Ll}\p{Lu}/u.test(x) ? x : x[0].toUpperCase() + x.slice(1))) : [];
}

/** "compare A and B on price, support and uptime" -> Price, Support, Uptime. */
export function criteriaIn(text: string): string[] {
  const m = /\b(?:compar\w*|vs\.?|versus|vergleich\w*)\b[^.;\n]*?\s(?:on|by|in terms of|across|regarding|hinsichtlich|nach|en cuanto a|sur|selon)\s+([^.;\n]+)/i.exec(text);
  if (!m) return [];
  const items = splitList(m[1]);
  return items.length ? items : /^[\w -]{2,30}$/.test(m[1].trim()) ? [cleanItem(m[1])] : [];
}

const WHEN = '(?:(?:early|mid|late|end of)\\s+)?(?:Q[1-4](?:\\s+\\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?(?:\\s+\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?|\\d{4}-\\d{2}(?:-\\d{2})?|(?:19|20)\\d{2}|week\\s+\\d+|month\\s+\\d+)';

/** "beta in March, launch in June and GA by Q4 2025" -> dated entries, in the request's order. */
export function milestonesIn(text: string): { what: string; when: string }[] {
  const re = new RegExp(`(\\p{L}[\\p{L}\\d -]{1,40}?)\\s+(?:in|on|by|at|due|for|until|im|bis|en|para|d'ici)\\s+(${WHEN})(?![\\p{L}\\d])`, 'giu');
  const out: { what: string; when: string }[] = [];
  for (const m of text.matchAll(re)) {
    const what = m[1].replace(/^.*\b(?:and|with|then|roadmap|timeline|milestones?|schedule|:)\s+/i, '').replace(/^(?:the|a|an|our)\s+/i, '').trim();
    if (what && what.split(/\s+/).length <= 5) out.push({ what: what[0].toUpperCase() + what.slice(1), when: m[2].trim() });
  }
  return out.length >= 2 ? out : [];
}

/** The count of a unit, if the request gives one. */
export function countFor(u: Understanding, unit: Count['unit']): number | null {
  // "a one-page memo with one sheet per quarter": the largest count of the unit is the one that sizes it.
  const all = u.counts.filter((c) => c.unit === unit).map((c) => c.n);
  return all.length ? Math.max(...all) : null;
}
