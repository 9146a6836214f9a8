// Lists a person writes inside a sentence: "include market size, product, business model, traction,
// team and the ask", "with phases, timeline, risks and owners", "sheets for Q1 to Q4", "one tab per
// month", "secciones: mercado, producto y equipo". Each item becomes one slide, section or sheet.
import { audienceLength } from './audience.ts';

const LEADS = [
  // English
  'inclu\\w*', 'incl\\.?', 'covering', 'covers', 'cover', 'talk about', 'talks about', 'talk through', 'discuss', 'discussing', 'address', 'go over', 'explain', 'with sections(?: on| for)?', 'with slides(?: on| for)?', 'with tabs(?: for)?', 'with sheets(?: for)?',
  'sections(?: on| for| about)?', 'slides(?: on| for| about)?', 'sheets(?: for| named| called)?', 'tabs(?: for| named| called)?', 'topics', 'parts', 'chapters',
  'with', 'should have', 'should contain', 'containing', 'that has', 'with the following', 'addressing', 'going over', 'walk through', 'walk \\p{L}+ through', 'touching on', 'one (?:slide|section|sheet|tab|page) (?:each )?(?:on|for)',
  'with the topics', 'on the topics',
  // German
  'mit den themen', 'mit den punkten', 'zu den themen', 'themen', 'mit', 'inklusive', 'einschließlich', 'mit den abschnitten', 'abschnitte', 'folien zu', 'über', 'zu',
  // Spanish
  'con los temas', 'sobre los temas', 'temas', 'incluye', 'incluir', 'incluyendo', 'con', 'que incluya', 'secciones', 'hojas para', 'sobre',
  // French
  'avec les thèmes', 'sur les thèmes', 'thèmes', 'avec', 'incluant', 'comprenant', 'inclure', 'sections', 'feuilles pour', 'couvrant', 'sur',
].sort((a, b) => b.length - a.length);

// (A decimal point is no end of the list: "revenue 1.2M".)
const LEAD = new RegExp(`(?:^|[\\s,(])(?:${LEADS.join('|')})\\s*:?\\s+((?:[^.!?\\n]|\\.(?=\\d)){3,500})`, 'giu');
const SPLIT = /\s*(?:,(?!\d{3}(?!\d))|;|\s\+\s|\s&\s|\band also\b|\bas well as\b|\bplus\b|\band\b|\bund\b|\bsowie\b|\by\b|\bet\b|\bor\b)\s*/iu;
const ARTICLE = /^(?:the|a|an|our|their|its|some|der|die|das|den|dem|des|unsere?n?|el|la|los|las|nuestros?|nuestras?|le|les|l'|nos|notre|un|une|des|du)\s+/iu;
/** Items whose article belongs to their name as a slide title ("The ask"). */
const KEEP_THE = /^the (ask|problem|solution|opportunity|vision|competition|market)$/i;
/** Clause starts that end an enumeration ("... and owners, so that the board can decide"). */
const TAIL = /\s*(?:,\s*)?\b(?:so that|so the|because|in order to|which|that will|for (?:the|our|a|an) (?:board|investors?|team|meeting|client|customer)s?|for (?:complete |absolute |total )?(?:beginners|novices|newcomers|newbies|dummies|kids|children|students|everyone|non-technical (?:people|staff|folks|audiences?|colleagues))|to be (?:shown|presented|used)|each (?:with|on|one)|one (?:slide|sheet|section|tab) each|please|thanks?|thank you|danke|gracias|merci)\b.*$/i;

/** Words of instructions about the document's form: a list holding them is not a list of topics. */
const STRUCTURAL = /\b(charts?|graphs?|totals?|formulas?|rows?|columns?|cells?|sheets?|tabs?|tables?|bullets?|bullet points?|slides?|sections?|fonts?|colou?rs?|theme|logo|images?|pictures?|diagramm|gráfico|graphique|tabelle|tabla|tableau)\b/i;

export function cleanItem(raw: string): string {
  let s = raw.trim().replace(/^["“'‘(]+|["”'’).]+$/g, '').trim();
  // "what she's asking for (£40k)": a parenthesis of the item is kept whole.
  if ((s.match(/\(/g) ?? []).length > (s.match(/\)/g) ?? []).length) s += ')';
  if (!KEEP_THE.test(s)) s = s.replace(ARTICLE, '');
  s = s.replace(/\s+(slides?|sections?|sheets?|tabs?)$/i, '').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "a, b and c" -> items; empty when it does not read as a list of short names. */
export function splitList(text: string): string[] {
  const body = text.replace(TAIL, '').trim();
  // ("our tools (Zendesk, Slack), response time goals": a parenthesis is part of its item.)
  const hidden: string[] = [];
  const flat = body.replace(/\([^()]*\)/g, (m) => `\u0000${hidden.push(m) - 1}\u0000`);
  const parts = flat.split(SPLIT).map((p) => cleanItem(p.replace(/\u0000(\d+)\u0000/g, (_, i: string) => hidden[Number(i)]))).filter(Boolean);
  if (parts.length < 2 || parts.some((p) => p.split(/\s+/).length > 7 || p.length > 70 || STRUCTURAL.test(p))) return [];
  return [...new Map(parts.map((p) => [p.toLowerCase(), p])).values()];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_AT = (s: string) => MONTHS.findIndex((m) => m.toLowerCase().startsWith(s.toLowerCase().slice(0, 3)) && s.length >= 3);

/** "Q1 to Q4", "Q1-Q4", "January to June", "2021 to 2024", "week 1 to week 4": the items of the range. */
export function rangeItems(text: string): string[] {
  let m = /\bQ([1-4])\s*(?:to|through|thru|-|–|bis|a|à|hasta|au)\s*Q([1-4])(\s*\d{4})?\b/i.exec(text);
  if (m && Number(m[2]) > Number(m[1])) return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => `Q${Number(m![1]) + i}${m![3] ? ` ${m![3].trim()}` : ''}`);
  m = /\b([A-Z][a-z]{2,8})\.?\s*(?:to|through|thru|-|–|bis|a|à|hasta)\s*([A-Z][a-z]{2,8})\.?\b/.exec(text);
  if (m && MONTH_AT(m[1]) >= 0 && MONTH_AT(m[2]) > MONTH_AT(m[1])) {
    const short = m[1].length <= 4 && m[2].length <= 4;
    return MONTHS.slice(MONTH_AT(m[1]), MONTH_AT(m[2]) + 1).map((x) => (short ? x.slice(0, 3) : x));
  }
  m = /\b((?:19|20)\d{2})\s*(?:to|through|-|–|bis|a|à|hasta)\s*((?:19|20)\d{2})\b/.exec(text);
  if (m && Number(m[2]) > Number(m[1]) && Number(m[2]) - Number(m[1]) <= 20) return Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => String(Number(m![1]) + i));
  m = /\b(week|month|phase|sprint|year|day)\s*(\d{1,2})\s*(?:to|through|-|–)\s*(?:\1\s*)?(\d{1,2})\b/i.exec(text);
  if (m && Number(m[3]) > Number(m[2]) && Number(m[3]) - Number(m[2]) < 30) {
    const word = m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
    return Array.from({ length: Number(m[3]) - Number(m[2]) + 1 }, (_, i) => `${word} ${Number(m![2]) + i}`);
  }
  return [];
}

/** "one sheet per quarter", "a tab for each month", "a slide per region: North, South". */
export function perItems(text: string): string[] {
  const m = /\b(?:one|a|an|1)\s+(?:slide|section|sheet|tab|page|worksheet)\s+(?:per|for each|for every)\s+(quarter|month|year|weekday|day of the week)\b/i.exec(text);
  if (!m) return [];
  const what = m[1].toLowerCase();
  if (what === 'quarter') return ['Q1', 'Q2', 'Q3', 'Q4'];
  if (what === 'month') return MONTHS.map((x) => x.slice(0, 3));
  if (what.startsWith('weekday') || what.startsWith('day')) return ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
  return [];
}

/** The enumeration a request names (the longest list after a lead word), else a range, else []. */
export function enumeration(text: string): string[] {
  const explicit = /(?:sections?|slides?|sheets?|tabs?|topics?|chapters?|parts?|abschnitte|folien|bl(?:ä|a)tt(?:er|ern)|secciones|hojas|feuilles|diapositivas|diapositives)(?:\s+(?:for|on|about|of|in|für|para|pour)\s+[^:\n]{1,60})?\s*:\s*([^\n]+)/i.exec(text);
  if (explicit) {
    const items = splitList(explicit[1].replace(/[.]\s*$/, ''));
    if (items.length) return items;
  }
  let best: string[] = [];
  const weight = (items: string[]) => items.join(' ').split(/\s+/).length;
  // Every lead word starts a candidate, also inside an earlier candidate ("über X mit a, b und c").
  const lead = new RegExp(LEAD.source, 'giu');
  for (let m = lead.exec(text); m; lead.lastIndex = m.index + 1, m = lead.exec(text)) {
    // "slides for the board about hiring, we need ...": an audience and a sentence, not a list of parts.
    if (/\bfor\s*$/i.test(m[0].slice(0, -m[1].length)) && audienceLength(`for ${m[1]}`)) continue;
    // ("slides pls - quarterly results, ...": what follows a plea or a dash is the topic and its facts.)
    if (/^(?:pls|plz|please|asap)\b|^[-–—]/i.test(m[1])) continue;
    const items = splitList(m[1]);
    if (items.some((i) => /^(?:we|i|they|it|he|she|you)\s+\p{L}/iu.test(i))) continue;
    if (items.length > best.length || (items.length === best.length && items.length && weight(items) < weight(best))) best = items;
  }
  if (best.length) return best;
  // "a short presentation introducing our new expense policy: what changed, the new limits, and how to
  // submit receipts": three or more short items after the colon of the sentence naming the document
  // (figures there are data or facts, not parts).
  const colon = /\b(?:deck|presentation|slides?|slideshow|document|memo|report|brief|guide|handout|talk)\b[^:\n]{0,100}:\s*([^\n]+)/i.exec(text);
  const parts = colon ? splitList(colon[1].replace(/[.]\s*$/, '')) : [];
  if (parts.length >= 3 && !parts.some((p) => /\d/.test(p))) return parts;
  // "deck: why we should switch to Postgres — cost, performance, ecosystem, migration risk": the parts
  // after a dash that follows the topic.
  const dash = /\S\s[—–-]\s+([^\n]+)$/.exec(text.trim().split('\n')[0]);
  const dashed = dash ? splitList(dash[1].replace(/[.]\s*$/, '')) : [];
  if (dashed.length >= 3 && !dashed.some((p) => /\d/.test(p))) return dashed;
  const range = rangeItems(text);
  return range.length ? range : perItems(text);
}

/**
 * The specifics a request lists after the colon of its first line when they are not its parts, data or
 * facts ("a job description for a senior backend engineer: remote, Python and Postgres, 5+ years,
 * salary $150-180k, reports to the CTO"): three to twelve short items, as written. "and" inside an item
 * stays ("Python and Postgres").
 */
export function specificsIn(text: string): string[] {
  const line = text.trim().split('\n')[0];
  const at = line.indexOf(':');
  if (at < 0 || /^\s*\/\//.test(line.slice(at + 1))) return [];
  const items = line.slice(at + 1).replace(/[.!]\s*$/, '').split(/\s*(?:;|,(?!\d{3}(?!\d)))\s*/).map((x) => x.trim().replace(/^(?:and|&)\s+/i, '')).filter(Boolean);
  if (items.length < 3 || items.length > 12 || items.some((x) => x.split(/\s+/).length > 10 || x.length > 80)) return [];
  return items.map((x) => (/^\p{Ll}\p{Lu}/u.test(x) ? x : x[0].toUpperCase() + x.slice(1)));
}
