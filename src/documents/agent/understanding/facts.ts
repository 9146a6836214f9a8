// Facts a request states, to be put where they belong (a memo's date line, an invitation's place, a
// contact line): dates, times, addresses and places, people, emails, phone numbers and amounts. Only
// what is written is taken; nothing is completed or guessed.

export interface RequestFacts {
  dates: string[];
  /** The date the document itself carries, when the request gives one ("dated 3 May 2026", "Date: ..."). */
  dated: string | null;
  times: string[];
  /** Street addresses and "room"/"building" places, as written. */
  places: string[];
  /** Who it is to / from / for, and the contact person, as written. */
  to: string | null;
  from: string | null;
  contact: string | null;
  people: string[];
  emails: string[];
  phones: string[];
  amounts: string[];
}

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre)';
const DATES = [
  /\b\d{4}-\d{2}-\d{2}\b/gi,
  new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`, 'giu'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th|\\.)?\\s+(?:de\\s+)?${MONTH}(?:\\s+(?:de\\s+)?\\d{4})?\\b`, 'giu'),
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:,?\s+\w+\s+\d{1,2}(?:st|nd|rd|th)?)?\b/gi,
];
const TIME = /\b(?:[01]?\d|2[0-3])(?::[0-5]\d)?\s?(?:am|pm|a\.m\.|p\.m\.|uhr|h)\b|\b(?:[01]\d|2[0-3]):[0-5]\d\b/gi;
const STREET = /\b\d{1,5}[a-z]?\s+(?:[A-Z][\w'.-]*\s+){1,3}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Way|Drive|Dr\.?|Place|Pl\.?|Square|Sq\.?|Court|Ct\.?|Parkway)(?:,\s*[A-Z][\w .'-]{1,30}?)?(?=[,.;\s]|$)|\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|weg|platz|allee|gasse)\s+\d{1,4}[a-z]?(?:,\s*\d{4,5}\s+[A-ZÄÖÜ][\wäöüß-]+)?|\b(?:calle|avenida|rue|avenue|boulevard|place)\s+[^,.;\n]{2,40}?\s?\d{0,4}(?=[,.;\n]|$)/gu;
const ROOM = /\b(?:[Rr]oom|[Cc]onference [Rr]oom|[Mm]eeting [Rr]oom|[Bb]uilding|[Ff]loor|[Hh]all|[Aa]uditorium|[Rr]aum|[Ss]ala|[Ss]alle)\s+[A-Z0-9][\w-]*/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\w])\+?\d[\d\s().-]{7,}\d(?![\w])/g;
const AMOUNT = /(?:[$€£]\s?\d(?:[\d,.]*\d)?(?:\s?(?:k|m|bn|million|billion|thousand))?(?:\s?[-–]\s?[$€£]?\d(?:[\d,.]*\d)?(?:\s?(?:k|m|bn|million|billion|thousand))?)?|\b\d(?:[\d,.]*\d)?\s?(?:USD|EUR|GBP|dollars|euros?|pounds)\b|\b\d(?:[\d,.]*\d)?\s?%)/gi;
const NAME = "[A-Z][a-zà-ÿ'-]+(?:\\s+(?:van|von|de|del|da|di|le|la)?\\s*[A-Z][a-zà-ÿ'-]+){1,2}";

const uniq = (xs: string[]) => [...new Map(xs.map((x) => [x.toLowerCase(), x.trim()])).values()];

function party(text: string, lead: string): string | null {
  const m = new RegExp(`\\b(?:${lead})\\s*:?\\s+((?:the\\s+|all\\s+|our\\s+)?(?:${NAME}|[a-z]+(?:\\s+[a-z]+){0,2}\\s+(?:team|staff|employees|department|board|managers|members|customers|clients|partners|students|parents|residents|volunteers))(?:\\s*\\([^)]{2,40}\\))?)`, 'u').exec(text);
  return m ? m[1].trim() : null;
}

/** "from 10 March to 24 March": two dates that bound one period are one fact, written as the request wrote it. */
function spans(text: string, dates: string[]): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < dates.length; i++) {
    const at = lower.indexOf(dates[i].toLowerCase());
    const next = dates[i + 1];
    const nextAt = next ? lower.indexOf(next.toLowerCase(), at + dates[i].length) : -1;
    if (next && at >= 0 && nextAt > at && /^\s*(?:to|until|till|through|thru|-|–|bis|al|hasta|au|jusqu'au)\s*$/i.test(text.slice(at + dates[i].length, nextAt))) {
      out.push(text.slice(at, nextAt + next.length));
      i++;
    } else out.push(dates[i]);
  }
  return out;
}

/** Times as written, a range as one ("10am to 2pm" from "from 10am to 2pm", "10am-2pm"). */
function timesIn(text: string): string[] {
  const one = TIME.source;
  const ranges = [...text.matchAll(new RegExp(String.raw`(${one})\s*(?:to|until|till|-|–)\s*(${one})`, 'gi'))];
  const inRange = (i: number) => ranges.some((r) => i >= r.index! && i < r.index! + r[0].length);
  const single = [...text.matchAll(new RegExp(one, 'gi'))].filter((m) => !inRange(m.index!)).map((m) => m[0]);
  return uniq([...ranges.map((r) => `${r[1]} to ${r[2]}`), ...single]);
}

/** "at Lincoln Elementary", "at The Grand Hotel": where an event with a date or time takes place. */
function venuesIn(text: string): string[] {
  return [...text.matchAll(/\bat\s+((?:the\s+)?[A-Z][\w'&.-]*(?:\s+(?:of\s+)?[A-Z][\w'&.-]*){0,3})/g)].map((m) => m[1]).filter((v) => !/^(?:Noon|Midnight|Night|The)$/i.test(v));
}

/** Words naming an event, whose date makes "at X" its venue (not "I worked at Google until March 2024"). */
const EVENT = /\b(?:party|sale|meeting|event|launch|dinner|lunch|breakfast|workshop|conference|wedding|celebration|fundraiser|fair|meetup|offsite|off-site|ceremony|concert|festival|gala|reception|open house|webinar|training|session|game|match|tournament|show|exhibition)\b/i;

/** Street addresses and rooms; for an event with a time of day, or a date and a word naming an event, its venue too (not part of one already found). */
function placesIn(text: string, event: boolean): string[] {
  const found = uniq([...(text.match(STREET) ?? []), ...(text.match(ROOM) ?? [])]);
  const venues = event ? venuesIn(text).filter((v) => !found.some((p) => p.includes(v))) : [];
  return uniq([...found, ...venues]);
}

export function factsIn(text: string): RequestFacts {
  const dates = uniq(DATES.flatMap((re) => [...text.matchAll(re)].map((m) => m[0])));
  // "March 3, 2025" and "3 March" overlap with their parts: keep the longest.
  const longest = spans(text, dates.filter((d) => !dates.some((o) => o !== d && o.toLowerCase().includes(d.toLowerCase()))));
  const emails = uniq(text.match(EMAIL) ?? []);
  const contactLine = /\b(?:contact|questions? to|reach out to|ansprechpartner(?:in)?|contacto|contact(?:er)?)\s*:?\s+([^\n;]+?)(?=\s*(?:[;\n]|\.\s|\.$|$))/i.exec(text);
  const phones = uniq((text.match(PHONE) ?? []).filter((p) => p.replace(/\D/g, '').length >= 8 && !/^\d{4}-\d{2}-\d{2}$/.test(p.trim())));
  const datedAt = /\b(?:dated|date\s*:|datum\s*:|fecha\s*:|fechad[oa]|daté(?:e)? du)\s*/i.exec(text);
  const dated = datedAt ? longest.find((d) => text.slice(datedAt.index + datedAt[0].length).toLowerCase().startsWith(d.toLowerCase())) ?? null : null;
  return {
    dates: longest,
    dated,
    times: timesIn(text),
    places: placesIn(text, (text.match(TIME)?.length ?? 0) > 0 || (longest.length > 0 && EVENT.test(text))),
    to: party(text, 'to|for|an|para|à|pour'),
    from: party(text, 'from|by|signed by|von|de la part de|de parte de'),
    contact: contactLine ? contactLine[1].trim() : emails[0] ?? null,
    people: uniq([...text.matchAll(new RegExp(`\\b(?:with|from|by|contact|owner|lead|presenter|speaker|host|manager|cc)\\s*:?\\s+(${NAME})`, 'gu'))].map((m) => m[1])),
    emails,
    phones,
    amounts: uniq(text.match(AMOUNT) ?? []),
  };
}

/** "raising 250k", "asking for $500k", "raising a $2M seed round": the amount a pitch asks for, as written. */
export function askedAmount(text: string): string | null {
  const m = /\b(?:raising|raise|asking for|seeking|looking to raise)\s+(?:a\s+|an\s+)?([$€£]?\d[\d.,]*\s*(?:k|m|bn|million|thousand)?(?:\s+(?:pre-seed|seed|series [a-d])(?:\s+round)?)?)(?![\w%])/i.exec(text);
  return m ? m[1].trim() : null;
}

/**
 * What the request calls a date it gives (English): "my last day will be June 30" names June 30 "Last day",
 * "the deadline is March 3" "Deadline". Null when the date is not given as what something is.
 */
export function dateNameIn(text: string, date: string): string | null {
  const at = date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(String.raw`\b(?:my|our|the|your|his|her|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:will\s+be|would\s+be|is|was|falls\s+on)\s+(?:on\s+)?${at}\b`, 'iu').exec(text);
  if (!m || /\b(?:meeting|event|party|it|this|that)$/i.test(m[1])) return null;
  return m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
}
