// The topic of a request written the way people write to a colleague ("ok so I need to present to the
// board next week about how the migration to the new CRM went, ... maybe 6 slides?", "slides pls -
// quarterly results, revenue 1.2M up 15%", "we're proposing a 4-day work week pilot for the support
// team"), for a title when the formal readings ("Title: ...", "a deck about X") find none, or find only
// the occasion ("a deck for friday", "my manager asked me for a deck").
import { startsWithTime } from './schedule.ts';

const DAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const WHEN = `(?:${DAY}|today|tomorrow|tonight|yesterday|(?:next|last|this) (?:week|month|quarter|year|${DAY}|morning|afternoon|evening))`;
const AUDIENCE = '(?:the |our |my |a |an )?(?:board|team|leadership|management|execs?|executives|investors?|employees|staff|everyone|customers?|clients?|new hires|students|class|meetup|conference|all[- ]hands)';

/** Phrases that name when, for whom or in what form, not what about. */
const OCCASION = new RegExp(`^(?:(?:a|an|the|this|that|my|our|some|quick|short|small|simple|new|next|last|tomorrow'?s|today'?s|friday'?s|monday'?s)\\s+)*(?:deck|presentation|slides?|slideshow|talk|something|anything|meeting|call|review|sync|standup|stand-up|${AUDIENCE}|boss|manager|me|us|it|them|${WHEN}|${DAY}|week|month|quarter|year)(?:\\s+(?:meeting|review|call|sync|week|month|session))?$`, 'i');

/** Whether a phrase a reading took for the topic only names the occasion ("friday", "a deck", "the board"). */
export function isOccasion(phrase: string): boolean {
  return OCCASION.test(phrase.trim().replace(/[.!?,;:]+$/, ''));
}

// What a casual request puts right before its topic.
const LEAD = /(?<!\p{L})(?:about|on|regarding|covering|introducing|proposing|pitching|announcing|explaining|presenting|to (?:pitch|present|explain|introduce|announce|propose)|go (?:over|through)|talk about|walk (?:\p{L}+ )?through)\s+(.+?)(?=\s*(?:[.!?;:(\n]|,\s|\s[—–-]\s|$))/giu;
// A topic set off by a colon or a dash after the request's own words ("quick deck for friday: hiring plan 2025, ...").
// (A comma or a point between digits is part of a number: "signups 3,400", "v2.1 release".)
const AFTER_SEPARATOR = /^[^:—–\n]{0,60}?\b(?:deck|slides?|presentation|pls|please|talk)\b[^:—–\n]{0,30}?\s*(?::|—|–|\s-\s)\s*(.+?)(?=\s*(?:(?<!\d)[,.]|[,.](?!\d)|[;!?(\n]|\s[—–-]\s|$))/iu;
// Where the topic ends and the occasion, audience or an aside starts.
const TAIL = new RegExp(`\\s+(?:(?:on|by|for|at|in)\\s+)?(?:${WHEN}|for \\d.*|to ${AUDIENCE}\\b.*|for ${AUDIENCE}\\b.*|(?:and|but|so) (?:i|we|it|they|need|want|make|can|please|maybe|also)\\b.*)$`, 'i');

function clean(candidate: string): string | null {
  let s = candidate.trim();
  // ("agenda deck: 9am welcome, ...": a schedule's first entry is no topic.)
  if (startsWithTime(s)) return null;
  for (let i = 0; i < 3; i++) s = s.replace(TAIL, '').trim();
  s = s.replace(/^(?:(?:the|a|an|our|my|some)\s+)+/i, '').replace(/["“”]/g, '').replace(/[\s,;:–—-]+$/, '').trim();
  const words = s.split(/\s+/);
  if (!s || words.length > 12 || s.length < 3) return null;
  if (/^(?:to|at|for|in|on|with|from|by|of|me|us|you|it|this|that|them|what|which|something|anything|pls|please)\b/i.test(s)) return null;
  if (isOccasion(s) || /^\d+\s*(?:slides?|pages?|minutes?)$/i.test(s)) return null;
  return s;
}

// "We had a really bad outage last Tuesday": the event the request is about, and when it was.
const EVENT = new RegExp(`(?:^|[.!?]\\s+|\\b(?:so|ok|okay|well)\\s+)(?:we|i|they)(?:'ve)?\\s+(?:had|have had)\\s+(?:an?|the|our|some)\\s+(?:(?:really|very|pretty|quite|rather|bad|big|major|huge|serious|rough|terrible|nasty|minor|small|unexpected)\\s+)*((?:\\p{L}[\\p{L}-]*\\s+){0,2}?(?:outage|incident|breach|leak|failure|downtime|delay|accident|quarter|month|year|launch|release|migration|audit|recall))\\b(?:\\s+(${WHEN}|${DAY}))?`, 'iu');

/** "Last Tuesday's outage", "The data breach": the title of an event the request recounts. */
function eventTopic(text: string): string | null {
  const m = EVENT.exec(text);
  if (!m) return null;
  const what = m[1].trim();
  if (!m[2]) return `the ${what}`;
  return `${m[2].trim()}'s ${what}`;
}

// The meeting a deck is for, when it names one: "tomorrow's all hands", "the board meeting", "town hall slides".
const OCCASION_NAME = /\b(all[- ]hands|town[- ]hall|(?:weekly\s+|monthly\s+|team\s+|staff\s+|board\s+|department\s+|company\s+|leadership\s+|sales\s+|product\s+)(?:meeting|sync|offsite|off-site|review|update)|board\s+meeting|stand-?up|off-?site|kick-?off|retro(?:spective)?|sprint\s+(?:review|demo|planning)|quarterly\s+business\s+review|QBR|demo\s+day|lunch\s+and\s+learn)\b/i;

/** "All hands", "Board meeting": the occasion a request names before its content (not inside it), as a title. */
export function occasionOf(prompt: string): string | null {
  const head = prompt.trim().split(/\n|:\s|\s[—–-]\s/)[0];
  const m = OCCASION_NAME.exec(head);
  if (!m) return null;
  const name = m[1].replace(/\s+/g, ' ').replace(/^all hands$/i, 'all-hands').replace(/^town hall$/i, 'town hall');
  return /^QBR$/i.test(name) ? 'QBR' : name[0].toUpperCase() + name.slice(1).toLowerCase();
}

/** The topic of a casually written request, or null when none reads as one. */
export function casualTopic(prompt: string): string | null {
  const opening = prompt.trim().split(/\n\s*\n/)[0];
  const separated = AFTER_SEPARATOR.exec(opening);
  const first = separated ? clean(separated[1]) : null;
  if (first) return first;
  let sentences = opening.split(/(?<=[.!?])\s+/).slice(0, 3).join(' ');
  // "notes from today's standup: Ana finished the login page, Ben is blocked on the API keys, ...": a list
  // after a colon is the content, not a lead to the topic.
  const colon = /:\s/.exec(sentences);
  if (colon && (sentences.slice(colon.index).match(/,\s/g)?.length ?? 0) >= 2) sentences = sentences.slice(0, colon.index);
  // Leads may sit inside a rejected phrase ("to present to the board next week about how ..."): look again from inside it.
  LEAD.lastIndex = 0;
  for (let m = LEAD.exec(sentences); m; m = LEAD.exec(sentences)) {
    const topic = clean(m[1]);
    if (topic) return topic;
    LEAD.lastIndex = m.index + m[0].length - m[1].length;
  }
  return eventTopic(sentences);
}
