// What a request announces, invites to or notifies of ("a memo to all staff announcing that the office
// moves to Berlin on 1 March 2027"): the news as a sentence to state in the body, a short topic for the
// subject line and the title ("Office move to Berlin"), the place it names, and the placeholders for
// what such news usually needs and the request does not give (the new address, the venue, the RSVP).

export interface Announcement {
  /** The news as stated, as a sentence: "The office moves to Berlin on 1 March 2027." */
  news: string;
  /** A short noun phrase for the subject line and the title: "Office move to Berlin". */
  topic: string;
  /** The topic names an event by its verb ("the office moves" -> "Office move"): a title in itself. */
  event: boolean;
  /** A place the news names ("Berlin"), when it names one. */
  place: string | null;
  /** Placeholders (without brackets) for what this kind of news needs. */
  missing: string[];
}

const LEAD = /\b(?:an{1,2}oun?c(?:e|es|ing)|to announce|notify(?:ing)?(?:\s+\w+){0,3}\s+(?:that|of|about)|inform(?:ing)?(?:\s+\w+){0,3}\s+(?:that|of|about)|tell(?:ing)?(?:\s+\w+){0,3}\s+that|letting(?:\s+\w+){0,3}\s+know\s+(?:that|about)|let(?:\s+\w+){0,3}\s+know\s+(?:that|about)|about the fact that|saying that|ankündig\w*,?\s+dass|mitteil\w*,?\s+dass|informier\w*,?\s+dass|anunciando que|anunciar que|informando que|annonçant que|annoncer que|informant que)\s+(?:that\s+)?((?:[^.!?\n]|(?<=\d)\.){6,300})/iu;
const INVITE = /\b(?:invit(?:e|es|ing|ation)(?:\s+\w+){0,3}?\s+to|einladung\s+zu[mr]?|einladen\s+zu[mr]?|invitación\s+a(?:l)?|invitation\s+(?:à|au))\s+([^.!?\n]{4,300})/iu;

/** Verbs of news, as their noun ("the office moves" -> "Office move"). */
const NOUNS: [RegExp, string][] = [
  [/^(is|are|will be|takes place|will take place|happens)\b/i, ''],
  [/^(moves?|is moving|will move|relocates?|is relocating|will relocate)\b/i, 'move'],
  [/^(opens?|is opening|will open)\b/i, 'opening'], [/^(closes?|is closing|will close)\b/i, 'closure'],
  [/^(launch(?:es)?|is launching|will launch)\b/i, 'launch'], [/^(changes?|is changing|will change)\b/i, 'change'],
  [/^(joins?|is joining|will join)\b/i, 'joining'], [/^(starts?|is starting|will start|begins?)\b/i, 'start'],
  [/^(ends?|is ending|will end)\b/i, 'end'], [/^(merges?|is merging|will merge)\b/i, 'merger'],
  [/^((?:is|are|will be) (?:renamed|rebranded))\b/i, 'renaming'], [/^(retires?|is retiring|will retire)\b/i, 'retirement'],
];

const MISSING: [RegExp, string[]][] = [
  [/\b(move|moves|moving|relocat\w*|umzug|zieht|mudanza|traslado|déménag\w*)\b/i, ['the new office address', 'what changes for staff (commute, desks, equipment)', 'the moving schedule and who to ask']],
  [/\b(party|dinner|celebration|event|meeting|workshop|conference|offsite|lunch|webinar|training|feier|fiesta|fête)\b/i, ['the time and venue', 'the programme', 'how and by when to reply']],
  [/\b(launch|release|product|feature)\b/i, ['what is launched and for whom', 'when and where it is available', 'who to contact']],
  [/\b(join|joins|joining|hire|hired|appointed|promot\w*|new (?:head|manager|director|ceo|cto|colleague))\b/i, ['the role and responsibilities', 'the start date', 'how to welcome them']],
  [/\b(clos\w*|shut\w*|holiday|closed)\b/i, ['the dates affected', 'who to contact in the meantime']],
];
const GENERIC = ['the background to this news', 'what changes for the reader and from when', 'who to contact with questions'];

const DATE_TAIL = /\s+(?:on|from|as of|starting|effective|by|in|at|am|ab|el|le|à partir du)\s+(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|q[1-4])[^,;]*$/i;
const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The place a clause names: "to Berlin", "in Lisbon", "at the Harbour Hotel". */
function place(clause: string): string | null {
  return /(?<!\p{L})(?:to|in|at|nach|a|en|à)\s+(?:the\s+)?((?:[A-ZÄÖÜÉ][\p{L}'-]+)(?:\s+[A-ZÄÖÜÉ][\p{L}'-]+){0,2})/u.exec(clause)?.[1] ?? null;
}

/** The topic of a clause of news: its subject with the verb as a noun, without the date ("Office move to Berlin"). */
function topicOf(clause: string): { topic: string; event: boolean } {
  const plain = clause.replace(DATE_TAIL, '').replace(/\s+(?:and|so|which|because)\b.*$/i, '').trim();
  const words = plain.split(/\s+/);
  for (let i = 1; i <= Math.min(4, words.length - 1); i++) {
    const rest = words.slice(i).join(' ');
    const noun = NOUNS.find(([re]) => re.test(rest));
    if (!noun) continue;
    const who = words.slice(0, i).join(' ').replace(/^(?:the|our|a|an)\s+/i, '');
    const after = rest.replace(noun[0], '').trim();
    // "the Q4 kickoff is on 14 January in Lisbon": the event itself, and where it is.
    if (!noun[1]) return { topic: cap(`${who}${place(clause) ? ` in ${place(clause)}` : ''}`), event: true };
    return { topic: cap(`${who} ${noun[1]}${after ? ` ${after}` : ''}`), event: true };
  }
  return { topic: cap(plain.replace(/^(?:the|our|a|an)\s+/i, '')), event: false };
}

export function announcementIn(text: string): Announcement | null {
  const lead = LEAD.exec(text);
  const invite = lead ? null : INVITE.exec(text);
  // A German "dass" clause puts its verb last: stating it as a sentence would need a grammar; not guessed.
  if (lead && /dass\s*$/i.test(text.slice(0, lead.index + lead[0].length - lead[1].length).trim())) return null;
  const raw = (lead ?? invite)?.[1]?.trim().replace(/[,;]\s*$/, '');
  if (!raw) return null;
  // The news ends where the request goes back to the document ("..., with a section for FAQs").
  const clause = raw.replace(/[,;]?\s+(?:with|including|and (?:add|include|make|keep|list)|please|in (?:one|two|\d) pages?)\b.*$/i, '').trim();
  if (clause.split(/\s+/).length < 2) return null;
  const where = place(clause);
  const news = invite ? `You are invited to ${clause.replace(/^(?:the|our)\s+/i, 'the ')}.` : `${cap(clause)}.`;
  const { topic, event } = invite ? { topic: cap(clause.replace(DATE_TAIL, '').replace(/^(?:the|our|a|an)\s+/i, '')), event: false } : topicOf(clause);
  const missing = (MISSING.find(([re]) => re.test(clause))?.[1] ?? GENERIC).filter((m) => !(where && /address/.test(m) && /\d/.test(where)));
  return { news, topic: topic.split(/\s+/).slice(0, 8).join(' '), event, place: where, missing };
}
