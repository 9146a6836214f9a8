// Who a document is for, as opposed to what it is about. "A presentation for investors" is a deck for an
// audience, not a deck about investors; "slides for the board about hiring" is about hiring. The subject
// readers (subjectOf, topicOf) skip an audience and read the topic after it, if any.

const GROUP = String.raw`(?:investors?|vcs?|angels?|(?:the\s+)?board(?:\s+of\s+directors|\s+members)?|shareholders|stakeholders|leadership(?:\s+team)?|management(?:\s+team)?|execs?|executives|(?:the\s+)?c-suite|(?:the\s+)?(?:whole\s+|entire\s+|wider\s+)?(?:\p{L}+\s+)?team|staff|employees|colleagues|coworkers|co-workers|everyone|all\s+hands|customers|clients|partners|donors|sponsors|volunteers|members|(?:(?:high|middle|elementary|primary|secondary)\s+school\s+|college\s+|university\s+|(?:under)?grad(?:uate)?\s+|\d{1,2}(?:st|nd|rd|th)[-\s]grade\s+|grade\s+\d{1,2}\s+|year\s+\d{1,2}\s+)?(?:students|pupils)|parents|teachers|learners|classmates|(?:[\p{L}\d-]+\s+){0,2}class(?:es)?|school|new\s+hires|interns|managers|recruiters|hiring\s+managers|(?:the\s+)?(?:ceo|cto|cfo|coo)|my\s+boss|our\s+boss|hr|human\s+resources|(?:the\s+)?hr\s+(?:team|department))`;
const OWNER = String.raw`(?:(?:the|our|my|your|their|all|all\s+(?:the|our)|some|potential|prospective|existing|current|new|future|external|internal|key|early)\s+){0,3}`;

/** A whole phrase that is an audience ("investors", "the board", "our sales team", "potential investors"). */
export const AUDIENCE = new RegExp(String.raw`^${OWNER}${GROUP}$`, 'iu');

/** "for investors", "for the board", "to the team": the lead and the audience, at the start of `text`. */
const LEAD_AUDIENCE = new RegExp(String.raw`^(?:for|to|with)\s+${OWNER}${GROUP}(?!\p{L})`, 'iu');

/**
 * People named by their role ("new cashiers", "nurses", "warehouse workers", "sales reps"): an audience
 * only where a topic follows ("training slides for new cashiers on how to close the register").
 */
const ROLE = String.raw`(?:\p{L}+\s+)?\p{L}+(?:ers|ists|ants|ents|ees|ians|ors|nurses|reps|agents)`;
const TOPIC_LEAD = String.raw`(?:about|on|regarding|covering|to\s+(?:explain|present|introduce|announce|pitch|propose))`;
const LEAD_ROLE = new RegExp(String.raw`^(?:for|to|with)\s+${OWNER}${ROLE}(?=\s+(?:about|on|regarding|covering)\s)`, 'iu');

const AUDIENCE_THEN_TOPIC = new RegExp(String.raw`^${OWNER}(?:${GROUP}|${ROLE})\s+${TOPIC_LEAD}\s+(.+)$`, 'iu');

/**
 * What a "for ..." phrase says the document is about: "the board about hiring" is "hiring"; an audience
 * alone ("investors", "the whole team") is about nothing (null); anything else is itself.
 */
export function topicAfterAudience(phrase: string): string | null {
  const then = AUDIENCE_THEN_TOPIC.exec(phrase.trim());
  if (then) return then[1];
  return isAudience(phrase) ? null : phrase;
}

const TRAILING_AUDIENCE = new RegExp(String.raw`(?<=\S)\s+(?:for|to)\s+${OWNER}${GROUP}$`, 'iu');

/** A topic without the audience after it: "the energy transition for investors" is "the energy transition". */
export function withoutAudience(phrase: string): string {
  return phrase.replace(TRAILING_AUDIENCE, '');
}

/** "new engineers", "junior analysts", "incoming nurses": people by their role, with a word saying which. */
const QUALIFIED_ROLE = new RegExp(String.raw`^(?:(?:the|our|all|all\s+the|new|junior|senior|incoming|future|first-time|our\s+new)\s+)+${ROLE}$`, 'iu');

export function isAudience(phrase: string): boolean {
  const p = phrase.trim().replace(/[.,;:!?]+$/, '');
  return AUDIENCE.test(p) || QUALIFIED_ROLE.test(p);
}

/** The length of an audience phrase ("for the board") at the start of `text`, or 0. */
export function audienceLength(text: string): number {
  return (LEAD_AUDIENCE.exec(text) ?? LEAD_ROLE.exec(text))?.[0].length ?? 0;
}
