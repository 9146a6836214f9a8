// The title a person would give the document a request asks for. Deterministic rules, no model:
//   1. An explicit title wins: a leading Markdown heading, "titled/called/named X", or a "Title: X" line.
//      Then news the request announces, notifies of or invites to: its topic ("Office Move to Berlin").
//   2. Otherwise the request's first sentence. Sentences end at . ! ? followed by a space and a capital
//      letter (or the end), never inside a number, an amount, a percentage, an abbreviation ("e.g.",
//      "Inc.", "v2.1") or a URL, because those are single tokens or known abbreviations.
//   3. The instruction is taken off ("Make me", "Can you create", "I need", "Erstelle", "Crea",
//      "Fais-moi"...), then the article, then a generic container and its preposition ("a deck on X",
//      "a spreadsheet tracking X", "eine Präsentation über X"): the subject remains.
//   4. The subject ends at the first clause that only adds detail: ": ...", "; ...", ", monthly
//      payments" (a comma that does not start a list), "with ...", "including ...", "using ...".
//   5. At most 12 words and 80 characters, cut between words, never ending on a small word ("for", "of").
//   6. Casing: English titles are in title case (see titleCase); titles in other languages keep the
//      request's own casing with a capital first letter.
import { parseMarkdown, type MdBlock } from '../agent/markdown.ts';
import { announcementIn } from '../agent/understanding/announcement.ts';
import { withoutAudience } from '../agent/understanding/audience.ts';
import { languageOf as requestLanguage } from '../agent/understanding/language.ts';

const MAX_WORDS = 12;
const MAX_CHARS = 80;

/** Abbreviations whose full stop does not end a sentence (lower case, without the final dot). */
const ABBREVIATIONS = new Set(('e.g i.e etc vs approx incl excl inc ltd corp co llc plc gmbh ag dr mr mrs ms prof st no nr fig jr sr dept est ' +
  'z.b bzw usw ca evtl ggf d.h u.a p.ej ej sra cf p.ex mme av ave apt mt ft oz lb jan feb mar apr jun jul aug sep sept oct nov dec').split(' '));

const LEAD_INS: RegExp[] = [
  // English
  /^(?:hey|hi|hello|ok(?:ay)?|so)\b[,!]?\s+/i,
  /^please\b[,]?\s+/i,
  /^(?:can|could|would|will)\s+you\s+(?:please\s+)?/i,
  /^(?:i(?:'d|\s+would)\s+like|i\s+want|i\s+need|we\s+need|we(?:'d|\s+would)\s+like|i(?:'m|\s+am)\s+looking\s+for)\s+(?:you\s+to\s+|to\s+(?:have|get|see)\s+)?/i,
  /^(?:help\s+me\s+(?:to\s+)?|let(?:'s|\s+us)\s+)/i,
  /^(?:write\s+up|type\s+up|make|create|write|generate|draft|prepare|build|produce|compose|design|give|do|assemble|whip\s+up|mock\s+up|put\s+together|pull\s+together|throw\s+together|draw\s+up|set\s+up|come\s+up\s+with|turn\s+(?:this|it)\s+into)(?=[\s,]|$)\s*(?:(?:me|us)(?=[\s,]|$)\s*|for\s+(?:me|us)(?=[\s,]|$)\s*)?/i,
  // German
  /^bitte\b[,]?\s+/i,
  /^(?:kannst\s+du|könntest\s+du|können\s+sie|könnten\s+sie)\s+(?:mir\s+|uns\s+)?(?:bitte\s+)?/i,
  /^(?:ich\s+brauche|ich\s+benötige|ich\s+möchte|wir\s+brauchen)\s+/i,
  /^(?:erstelle|erstellen\s+sie|erstell|schreibe?|schreiben\s+sie|mache?|generiere|entwirf|entwerfe|bereite|baue?|gestalte|formuliere|verfasse)(?=[\s,]|$)\s*(?:(?:mir|uns)(?=[\s,]|$)\s*)?(?:bitte(?=[\s,]|$)\s*)?/i,
  // Spanish
  /^por\s+favor\b[,]?\s+/i,
  /^(?:puedes|podrías|podrias|puede\s+usted)\s+(?:hacerme|crearme|escribirme|prepararme|hacer|crear|escribir|preparar)?\s*/i,
  /^(?:necesito|quiero|quisiera|me\s+gustaría)\s+/i,
  /^(?:créame|creame|crea|crear|hazme|haz|escríbeme|escribeme|escribe|genera|prepárame|preparame|prepara|elabora|redacta|diseña|arma)(?=[\s,]|$)\s*/i,
  // French
  /^s'il\s+(?:te|vous)\s+plaît[,]?\s+/i,
  /^(?:peux-tu|pouvez-vous|pourrais-tu|pourriez-vous)\s+(?:me\s+)?(?:faire|créer|rédiger|écrire|préparer)?\s*/i,
  /^(?:j'ai\s+besoin\s+d(?:e\s+|')|je\s+veux|je\s+voudrais|il\s+me\s+faut)\s*/i,
  /^(?:fais-moi|faites-moi|fais|faites|crée-moi|crée|créez|créer|rédige-moi|rédige|rédigez|écris-moi|écris|génère|prépare-moi|prépare|préparez|élabore|conçois)(?=[\s,]|$)\s*/i,
];

const LEADING_QUALIFIER = /^(?:(?:short|brief|quick|one[- ]page|two[- ]page|\d+[- ]?(?:page|slide|tab|sheet)s?)\s+)+(?=\S+\s)/i;

const ARTICLE = /^(?:a|an|the|some|one|my|our|ein|eine|einen|einem|einer|eines|der|die|das|den|dem|un|una|unos|unas|el|la|los|las|une|des|le|les|l')\s+|^l'/i;

const QUALIFIER = String.raw`(?:short|brief|quick|simple|basic|new|detailed|professional|nice|clean|modern|polished|\d+[- ]?(?:page|slide|tab|sheet)s?|one-page|two-page|kurze[nr]?|einfache[nr]?|neue[nr]?|breve|corta|sencilla|nueva|nuevo|courte?|simple|nouvelle?|petite?)`;
const CONTAINER = String.raw`(?:(?:one[- ]?)?pager|memo|memorandum|notice|flyer|poster|leaflet|brochure|handout|slide\s+deck|deck|presentation|slideshow|slides|power\s?point|ppt|spreadsheet|workbook|excel\s+(?:file|sheet|workbook)|excel|sheet|word\s+(?:document|doc|file)|document|doc|file|präsentation|foliensatz|folien|excel-tabelle|tabelle|arbeitsmappe|tabellenkalkulation|dokument|word-dokument|datei|presentación|presentacion|présentation|diapositivas|hoja\s+de\s+cálculo|hoja\s+de\s+calculo|hoja|planilla|libro(?:\s+de\s+excel)?|documento|archivo|diaporama|tableur|feuille\s+de\s+calcul|classeur|tableau(?:\s+excel)?|fichier)`;
const SUBJECT_PREP = String.raw`(?:on|about|for|of|covering|regarding|re|showing|listing|tracking|explaining|summari[sz]ing|comparing|analy[sz]ing|detailing|outlining|that\s+(?:shows|lists|tracks|explains|covers|summari[sz]es|compares)|to\s+(?:track|plan|manage|monitor|calculate|compare|organi[sz]e|log|record|show|list|summari[sz]e|explain|present)|with|mit|con|avec|über|zu|zum|zur|für|von|sobre|acerca\s+de|de|del|para|sur|à\s+propos\s+de|concernant|du|pour)`;
// "a presentation for my team about X", "a memo to the team about X": the audience before the subject goes too.
// (Not "for our bake sale on Saturday May 10": what follows "on" is a date, not a subject.)
const AUDIENCE = String.raw`(?:for|to|für|para|pour)\s+(?:my|our|the|your|mein(?:e|en)?|unser(?:e|en)?|mi|mis|nuestro|nuestra|mon|ma|mes|notre|nos)?\s*\S+(?:\s+\S+)?\s+(?:about|on|regarding|covering|über|zum|zur|sobre|acerca\s+de|sur|à\s+propos\s+de)(?!\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d|\d))`;
const CONTAINER_LEAD = new RegExp(String.raw`^(?:${QUALIFIER}\s+)*${CONTAINER}\s+(?:${AUDIENCE}|${SUBJECT_PREP})\s+`, 'i');

/** "Monthly budget as a table", "Monatsbudget als Tabelle": how it is to be made, not what it is about. */
const AS_CONTAINER = new RegExp(String.raw`\s+(?:(?:as|in|als|in\s+einer|como|en|sous\s+forme\s+de|en\s+forme\s+de)\s+|sous\s+forme\s+d')(?:(?:a|an|one|eine[rm]?|una?|une?)\s+)?(?:${QUALIFIER}\s+)?(?:${CONTAINER}|tables?|tabla|charts?|graphs?)[\s:;,.]*$`, 'i');

/** A date after "on", "from" or "at" and everything after it. */
const WHEN_WHERE = /\s+(?:on|from|at|by|for)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2}(?::\d{2})?\s*(?:am|pm)\b).*$/i;

/** Words after which the rest only adds detail. */
const DETAIL = /\s+(?:with|including|covering|using|based\s+on|that|which|so\s+that|in\s+order\s+to|in\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:slides|pages|sheets|tabs)|mit|inklusive|einschließlich|con|incluyendo|avec|incluant|en\s+\d+\s+diapositivas)\s+.*$/i;

const NON_ENGLISH = /^(?:und|oder|für|über|mit|von|zur|zum|der|die|das|des|dem|den|ein|eine|einer|y|o|para|sobre|con|del|los|las|una|et|ou|pour|sur|avec|les|une|du|des|au|aux)$/i;
const ENGLISH = /^(?:and|or|for|about|with|of|the|a|an|on|to|in|by|from|over|at|my|our)$/i;

export interface RequestTitle {
  title: string;
  /** English titles are title-cased; others keep the request's casing. */
  language: 'en' | 'other';
}

/** The title a person would give the document the request asks for; '' when the request names nothing. */
export function titleFromRequest(prompt: string, blocks: MdBlock[] = parseMarkdown(prompt)): string {
  return requestTitleOf(prompt, blocks).title;
}

export function requestTitleOf(prompt: string, blocks: MdBlock[] = parseMarkdown(prompt)): RequestTitle {
  const explicit = explicitTitle(prompt, blocks);
  if (explicit) return { title: limit(tidy(explicit)), language: languageOf(explicit) };
  // "A memo to all staff announcing that the office moves to Berlin": the news is the subject.
  const news = announcementIn(prompt.split('\n')[0]);
  if (news?.event) {
    const language = languageOf(prompt.split('\n')[0]);
    const title = limit(tidy(news.topic));
    return { title: language === 'en' ? titleCase(title) : capitalizeFirst(title), language };
  }
  const line = prompt.split('\n').map((l) => l.trim()).find((l) => l && !/^[-*|>`]/.test(l)) ?? '';
  let subject = firstSentence(line);
  const before = subject;
  for (let changed = true; changed;) {
    changed = false;
    for (const re of LEAD_INS) {
      const next = subject.replace(re, '');
      if (next !== subject && next.trim()) { subject = next; changed = true; }
    }
  }
  subject = subject.replace(ARTICLE, '').replace(LEADING_QUALIFIER, '');
  const container = CONTAINER_LEAD.exec(subject);
  if (container && subject.length > container[0].length) subject = subject.slice(container[0].length).replace(ARTICLE, '').replace(/^(?:my|our|your|their)\s+/i, '');
  subject = asNoun(firstClause(subject));
  // "bake sale on Saturday May 10 from 10am": when and where are details.
  subject = subject.replace(WHEN_WHERE, '').trim() || subject;
  const bare = subject.replace(AS_CONTAINER, '');
  if (bare.trim()) subject = bare;
  // ("lesson plan on fractions for my 4th grade class": who it is for, said as the writer's own, is not
  // part of a title; "for new employees" is.)
  const forOwn = withoutAudience(subject);
  if (forOwn.trim() && /^\s*for\s+(?:my|our|your)\b/i.test(subject.slice(forOwn.length))) subject = forOwn.trim();
  const language = languageOf(before);
  const title = limit(tidy(subject));
  return { title: language === 'en' ? titleCase(title) : capitalizeFirst(title), language };
}

function explicitTitle(prompt: string, blocks: MdBlock[]): string | null {
  const heading = blocks.find((b) => b.type === 'heading');
  if (heading && heading.type === 'heading' && blocks.indexOf(heading) <= 1) return stripInline(heading.text);
  const keyed = /^\s*(?:title|titel|título|titulo|titre)\s*:\s*(.{2,160})$/im.exec(prompt);
  if (keyed) return keyed[1].trim();
  const quoted = /\b(?:titled|called|named|entitled|mit\s+dem\s+titel|titulad[oa]|intitulée?)\s+["“'«]\s*([^"”'»\n]{2,160}?)\s*["”'»]/i.exec(prompt);
  if (quoted) return quoted[1];
  const bare = /\b(?:titled|called|named|entitled)\s+([^,;:\n]{2,100})/i.exec(prompt);
  if (bare) return firstSentence(bare[1]).replace(/\s+(?:for|with|about|on|that|which)\s+.*$/i, '');
  return null;
}

/** A title does not start with an imperative: "Compare X" reads "Comparison of X". */
const VERB_NOUN: [RegExp, string][] = [
  [/^compare\s+/i, 'Comparison of '], [/^summari[sz]e\s+/i, 'Summary of '], [/^analy[sz]e\s+/i, 'Analysis of '],
  [/^list\s+/i, 'List of '], [/^outline\s+/i, 'Outline of '], [/^calculate\s+/i, 'Calculation of '], [/^estimate\s+/i, 'Estimate of '],
  [/^track\s+/i, 'Tracking '], [/^explain\s+/i, 'Explanation of '], [/^plan\s+/i, 'Plan for '],
];

function asNoun(s: string): string {
  for (const [re, noun] of VERB_NOUN) if (re.test(s)) return s.replace(re, noun).replace(/\b(of|for)\s+(?:my|our|your|their)\s+/i, '$1 ');
  return s;
}

const stripInline = (s: string) => s.replace(/[*_`]+/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim();

/** The first sentence of a line: up to a token ending in . ! ? that is not an abbreviation, when the next token starts a sentence. */
export function firstSentence(line: string): string {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    out.push(token);
    if (/[!?]["”')\]]*$/.test(token)) break;
    const m = /^(.*?)\.["”')\]]*$/.exec(token);
    if (!m || i === tokens.length - 1) continue;
    const word = m[1].replace(/^["“'(\[]+/, '').toLowerCase();
    if (ABBREVIATIONS.has(word) || /^[a-z]$/i.test(word) || /^(?:[a-z]\.)+[a-z]$/i.test(word)) continue;
    // "vom 12. Mai": a German ordinal day before its month ends no sentence.
    if (/^\d{1,2}$/.test(word) && /^(?:jan|feb|mär|mar|apr|mai|jun|jul|aug|sep|okt|nov|dez)/i.test(tokens[i + 1])) continue;
    if (/^["“'(\[]*[\p{Lu}\d¿¡]/u.test(tokens[i + 1])) break;
  }
  return out.join(' ').replace(/[.!?]+["”')\]]*$/, (end) => (/^\.$/.test(end) && ABBREVIATIONS.has(lastWord(out)) ? end : ''));
}

const lastWord = (tokens: string[]) => (tokens[tokens.length - 1] ?? '').replace(/\.$/, '').toLowerCase();

/** The subject without the clauses that only add detail. */
function firstClause(s: string): string {
  let out = s.replace(/\s*[:;]\s.*$/, '').replace(/\s+[-–—]\s.*$/, '');
  // A comma ends the subject unless what follows is the end of a list ("apples, pears and plums").
  const comma = /,\s/.exec(out);
  if (comma) {
    const rest = out.slice(comma.index + 2);
    const next = rest.split(/,\s/)[0];
    // (A clause of its own is no list item: "..., my last day is December 15, thank her ...".)
    const clause = /^(?:my|our|i|we|it|they|he|she|thank|please)\b/i.test(next) || /\s(?:is|are|was|were|will|has|have)\s/i.test(` ${next} `);
    const isList = !clause && (/^(?:\S+\s+){0,2}(?:and|or|und|oder|y|o|et|ou)\s/i.test(next) || rest.includes(', '));
    if (!isList || out.slice(0, comma.index).split(/\s+/).length > 6) out = out.slice(0, comma.index);
  }
  const cut = out.replace(DETAIL, '');
  return cut.trim() ? cut : out;
}

function tidy(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/^["“'«\s]+|["”'»\s]+$/g, '').replace(/[\s,;:–—-]+$/, '').replace(/(?<![.\s][a-z])(?<!\b(?:etc|inc|ltd|co|corp))[.!?]+$/i, '').trim();
}

const SMALL = new Set('a an the and but or nor for so yet as at by in of off on per to up via vs vs. from into onto over with than und oder für über mit von zu zum zur der die das y o para sobre con de del et ou pour sur avec'.split(' '));

/** At most MAX_WORDS words and MAX_CHARS characters, cut between words, not ending on a small word. */
function limit(s: string): string {
  let words = s.split(' ').filter(Boolean);
  if (words.length > MAX_WORDS) words = words.slice(0, MAX_WORDS);
  while (words.length > 1 && words.join(' ').length > MAX_CHARS) words.pop();
  if (words.length === 1 && words[0].length > MAX_CHARS) return words[0].slice(0, MAX_CHARS);
  const trimmed = words.length < s.split(' ').filter(Boolean).length;
  while (trimmed && words.length > 1 && SMALL.has(words[words.length - 1].toLowerCase().replace(/[,;:]$/, ''))) words.pop();
  return words.join(' ').replace(/[,;:]$/, '');
}

function languageOf(s: string): 'en' | 'other' {
  if (requestLanguage(s) !== 'en') return 'other';
  const tokens = s.toLowerCase().split(/\s+/);
  const other = tokens.filter((w) => NON_ENGLISH.test(w)).length + (/[äöüßñ¿¡]|ción\b|é|è|ê|à|ç/.test(s.toLowerCase()) ? 1 : 0);
  const english = tokens.filter((w) => ENGLISH.test(w)).length;
  return other > english ? 'other' : 'en';
}

const MINOR = new Set('a an the and but or nor for so yet as at by in of off on per to up via vs vs. from into onto over with than'.split(' '));
const KEEP = /[\p{Lu}\d$€£%@/&:]|^[^\p{L}]|\.\p{L}/u;

/**
 * English title case: every word capitalized except articles, coordinating conjunctions and
 * prepositions of up to four letters (unless first or last). Words that already hold a capital, a
 * digit or a symbol ("Q3", "iPhone", "$300,000", "6.5%", "v2.1", "e.g.", URLs) are kept as written;
 * hyphenated words are capitalized part by part ("Year-End").
 */
export function titleCase(title: string): string {
  const words = title.split(' ');
  return words.map((w, i) => {
    const lower = w.toLowerCase();
    if (/^(?:q|fy|h|cy)\d{1,4}$/i.test(w)) return w.toUpperCase();
    if (!KEEP.test(w) && i > 0 && i < words.length - 1 && MINOR.has(lower)) return lower;
    return w.split('-').map((part, j) => (KEEP.test(part) || (j > 0 && MINOR.has(part)) ? part : capitalizeFirst(part))).join('-');
  }).join(' ');
}

function capitalizeFirst(s: string): string {
  const i = s.search(/\p{L}/u);
  return i < 0 ? s : s.slice(0, i) + s[i].toUpperCase() + s.slice(i + 1);
}
