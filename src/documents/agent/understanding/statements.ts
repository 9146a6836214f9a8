// Facts a request states as a list of short clauses ("revenue up 12%, churn down to 3%, two new
// markets"): each is a statement to show as written, not a data series. A growth rate and a churn rate
// are not one series; only figures that share a unit and a meaning (a value per region, per month)
// become a table or chart (inline-data.ts). These clauses are kept verbatim, only capitalised.
// Two shapes: a list after a colon or a dash (`statementsIn`), and facts told in passing, in a sentence
// of their own or after the request ("..., it was rough at first but adoption is now 80% and support
// tickets dropped, maybe 6 slides?": `claimsIn`, read only when the request holds no data).
import { startsWithTime } from './schedule.ts';

/** Words that make a clause with a figure a statement of change or state rather than a label and its value. */
const CHANGE = /\b(?:up|down|rose|risen|rising|grew|grown|growing|falling|dropping|increasing|decreasing|declining|climbing|shrinking|doubling|tripling|improving|fell|fallen|dropped|increased|decreased|declined|climbed|jumped|gained|lost|improved|reached|hit|doubled|tripled|halved|flat|stable|steady|cut|reduced|raised|added|signed|won|launched|opened|hired|closed|shipped|released|finished|completed|delivered|missed|exceeded|beat|went from|built|led|managed|designed|developed|founded|created|organi[sz]ed|taught|mentored|served|helped|trained|supported|collected|donated|distributed|processed|onboarded|acquired|resolved|handled|sold|produced|published|planted|welcomed|enrolled|recruited|secured|generated|earned|attracted|hosted|answered|fixed|migrated|deployed|automated|expanded|started|began|kicked off|rolled out|merged|refactored|tested|drafted|prepared|blocked|paused|resumed|gestiegen|gesunken|gewachsen|plus|minus|sube|suben|baja|bajan|subió|bajó|creció|cayó|aumentó|hausse|baisse|augmenté|diminué|progressé)\b/iu;
const FIGURE = /[$€£]?\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|a dozen|zwei|drei|vier|fünf|dos|tres|cuatro|cinco|deux|trois|quatre|cinq)\b/iu;
// (Not the comma of a thousands separator: "$12,000".)
const SPLIT = /\s*(?:,(?!\d{3}(?!\d))|;|\band\b|\bund\b|\by\b|\bet\b)\s*/iu;
/** "5 engineers", "we want 5 engineers": a count of something, a fact of a plan (not a document's size). */
const COUNT_LED = /^(?:(?:we|i)\s+(?:want|need|plan|hope|expect|have)\s+(?:to\s+\p{L}+\s+)?)?\d[\d,.]*\s+\p{L}/iu;
const DOC_UNITS = /^\S+\s+(?:slides?|pages?|sheets?|tabs?|charts?|tables?|sections?|columns?|rows?|bullets?|words|paragraphs?|minutes?|mins?|points?)\b/i;
/** A state with a figure: "adoption is now 80%", "satisfaction is at 92%", "headcount stands at 40". */
const STATE_FIGURE = /\b(?:is|are|was|were|stands?|sits?|remains?|now|(?:we|they|it|i)\s+(?:have|has|had))\b[^,;]*?\d|^(?:have|has|had)\s+(?:about|around|over|nearly|almost|more than\s+)?\d/i;
/**
 * A short qualitative statement beside figures: "it was rough at first", "things went well", "new hires
 * were confused", "approvals go through Ramp instead of email": a subject of a word or two and its verb.
 */
const QUALITATIVE = /^(?:it|things|everything|this|that|people|everyone|nobody|(?:the|our|new|most|some|many|all|every)\s+\p{L}+(?:\s+\p{L}+)?|\p{L}+s)\s+(?:(?:now|still|also|all|often|always|never|usually)\s+)?(?:was|were|is|are|went|go|goes|has been|have been|got|get|gets|felt|feel|feels|seemed|seem|seems|kept|keep|keeps|took|take|takes|did not|didn't|don't|doesn't|couldn't|can't|cannot|could not|will|must|need|needs|have to|has to|come|comes|run|runs|start|starts|end|ends|move|moved|moves)\b/iu;
/** Statements about the document itself ("the tone is formal", "the audience is executives") are instructions, not facts. */
const ABOUT_THE_DOCUMENT = /^(?:the|its|our|my)?\s*(?:tone|style|audience|format|length|font|fonts|colou?rs?|theme|layout|design|title|deadline for (?:the|this) (?:deck|doc)|deck|document|doc|slides?|memo|report|letter|email|presentation|spreadsheet|workbook|sheet)\b/i;
/** Clauses that are the request itself, not something it reports. */
const ASKING = String.raw`(?:i|we)\s*(?:need|want|have|'d like|would like|must)\s+to|(?:make|create|build|prepare|draft|write|give|send|do)\s+(?:me|us|a|an|the|something)|can you|could you|would you|pls|please|maybe|should|about how|walk\s+\p{L}+\s+through`;
const REQUEST = new RegExp(String.raw`\b(?:${ASKING}|deck|slides?|presentation|present(?:ing)?|document|doc|report|memo|workbook|spreadsheet|sheet|letter|email)\b`, 'iu');
/** The asking words alone: a qualitative remark may name an email or a report ("approvals go through Ramp instead of email"). */
const ASKS = new RegExp(String.raw`\b(?:${ASKING})\b`, 'iu');
const BARE_VERB = /^(?:have|has|had|are|is|was|were|got|grew|added|signed|won|launched|opened|hired|closed|shipped|cut|raised|reached|lost|doubled|tripled|expect|plan|built|led|managed|designed|developed|founded|created|organi[sz]ed|taught|mentored|worked|spent)\b/i;
const LEAD = /^(?:also|and|but|so|plus|while|then|oh and|btw|however)\s+/i;

export interface Statements {
  items: string[];
  /** The clauses in the request (so the rest of it can be read without them). */
  source: string;
}

const capitalised = (c: string) => c[0].toUpperCase() + c.slice(1);
// Not a line item with a price ("10 hours of consulting at $150 per hour": inline-data.ts reads those).
const countLed = (c: string) => COUNT_LED.test(c) && !/[$€£]|\b(?:each|per|at)\b/i.test(c) && !DOC_UNITS.test(c.replace(/^(?:we|i)\s+\p{L}+\s+(?:to\s+\p{L}+\s+)?/iu, ''));
/** A leading clause that only names the topic: no figure but a year or a quarter ("quarterly results", "hiring plan 2025"). */
const topicOnly = (c: string) => !CHANGE.test(c) && !STATE_FIGURE.test(c) && !FIGURE.test(c.replace(/\b(?:(?:19|20)\d{2}|[QH][1-4]|FY\d{2,4})\b/gi, ''));

/** What people did or felt: "people love the mobile app", "users asked for dark mode". */
const GROUP_DID = /^(?:people|users|customers|clients|everyone|most|many|some|they|we|staff|employees|students|visitors|readers|members|participants|respondents)\s+(?:\p{L}+ly\s+)?(?:love|loved|like|liked|hate|hated|want|wanted|need|needed|prefer|preferred|use|used|ask|asked|complain|complained|say|said|mention|mentioned|report|reported|enjoy|enjoyed|find|found|struggle|struggled|miss|missed|request|requested|praise|praised|expect|expected)\b/iu;
/** A named person's (or the team's) update: "Ana finished the login page", "Ben is blocked on the API keys", "Cara starts QA tomorrow". */
const PERSON_UPDATE = /^(?:\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?|we|they|the\s+team)\s+(?:(?:is|are|was|were)\s+(?:still\s+)?(?:\p{L}+ed|\p{L}+ing|done|out|off|away|back|on|blocked|stuck|waiting)|has|have|had|will|is|are|(?:also\s+)?(?:\p{Ll}+ed|finished|started|starts|begins|began|shipped|fixed|wrote|made|took|left|joined|moved|met|sent|got|went|did|built|ran|found|gave|won|lost|leaves|joins|takes|owns|leads|needs|wants))\b/u;

/** The writer's own update, its subject left out: "completed the API migration", "started load testing". */
const DONE = /^(?:completed|finished|started|began|shipped|launched|fixed|built|wrote|released|deployed|migrated|hired|closed|signed|onboarded|merged|reviewed|tested|delivered|published|sent|met|resolved|updated|added|removed|moved|set up|cleaned up|rolled out)\s+\p{L}/iu;

/** What people like, in German, Spanish and French: "les encanta la app", "sie lieben die App", "ils adorent l'app". */
const LIKED = /\b(?:encanta|encantan|gusta|gustan|odian|aiment|adorent|détestent|lieben|mögen|hassen)\b/iu;

/** A clause that states something: a figure and its noun, a change, a state, or a subject and its verb. */
const statementLike = (c: string) => FIGURE_NOUN.test(c) || CHANGE.test(c) || STATE_FIGURE.test(c) || /\s(?:is|are|was|were|has|have|had|es|son|está|están|fue|era|ist|sind|war|waren|hat|haben|est|sont|était|ont)\s/i.test(c) || GROUP_DID.test(c) || LIKED.test(c);

/**
 * The list of stated facts after a colon or a dash ("Q3 results: revenue up 12%, churn down to 3%,
 * two new markets"; "hiring plan 2025, we want 5 engineers, 2 designers, 1 PM"), when at least two
 * clauses carry a figure and one of them a word of change, or at least two count something. A first
 * clause that is neither ("quarterly results", "hiring plan 2025") is the topic, left to the rest of the reading.
 */
export function statementsIn(text: string): Statements | null {
  for (const m of text.matchAll(/(?::|\s[-–—]\s)\s*([^\n:]{6,400}?)(?=\s*(?:\.\s|\.$|\n|$|:))/gu)) {
    let source = m[1].trim();
    let clauses = clausesOfList(source);
    // "completed the API migration, started load testing, risk: vendor contract expires": the last word
    // before the next colon labels what follows; it is not one of these clauses.
    if (clauses.length >= 3 && text.slice(m.index! + m[0].length).trimStart().startsWith(':') && /^\p{L}+$/u.test(clauses[clauses.length - 1])) {
      const label = clauses.pop()!;
      source = source.slice(0, source.toLowerCase().lastIndexOf(label.toLowerCase())).replace(/[\s,;]+$/, '');
    }
    if (clauses.length >= 3 && topicOnly(clauses[0])) {
      const next = source.toLowerCase().indexOf(clauses[1].toLowerCase(), clauses[0].length);
      if (next > 0) { source = source.slice(next); clauses = clauses.slice(1); }
    }
    if (clauses.length < 2 || clauses.length > 10 || clauses.some((c) => c.split(/\s+/).length > 9)) continue;
    // "9am welcome, 10am strategy review, 12pm lunch": a schedule, not facts.
    if (clauses.filter(startsWithTime).length >= 2) continue;
    const figured = clauses.filter((c) => FIGURE.test(c));
    // ("revenue 4.2M (+12% QoQ)": a signed figure or a period-on-period rate is a change too.)
    const changed = figured.some((c) => (CHANGE.test(c) || SIGNED.test(c)) && /\d/.test(c));
    // "68% satisfied, top complaint is slow support, people love the mobile app": three or more findings,
    // one with a figure, each a statement (a figure and its noun, or a subject and its verb).
    const findings = clauses.length >= 3 && figured.length >= 1 && clauses.every(statementLike);
    // "standup: Ana finished the login page, Ben is blocked on the API keys, Cara starts QA tomorrow":
    // who did what, no figure needed.
    const updates = clauses.every((c) => PERSON_UPDATE.test(c)) || (clauses.length >= 2 && clauses.every((c) => DONE.test(c)));
    if (!findings && !updates && (figured.length < 2 || (!changed && clauses.filter(countLed).length < 2))) continue;
    // "North 120, South 80" is a series: every clause a label and a bare value, no word of change.
    return { items: withChanges(clauses).map(capitalised), source };
  }
  return null;
}

/** "+12%", "-3 pts", "12% QoQ", "up YoY": a figure that is a change. */
const SIGNED = /(?:^|[\s(])[+\-−]\s?\d|\b(?:QoQ|YoY|MoM|WoW)\b/;

/**
 * A list's clauses, split at commas, semicolons and "and"; a bare noun after "and" stays with the
 * clause before it ("shipped SSO and audit logs").
 */
function clausesOfList(source: string): string[] {
  const out: string[] = [];
  for (const piece of source.split(/\s*(?:,(?!\d{3}(?!\d))|;)\s*/u)) {
    const parts = piece.split(/\s+(?:and|und|y|et)\s+/iu).map((c) => c.trim().replace(/[.]$/, '')).filter(Boolean);
    const joined: string[] = [];
    for (const p of parts) {
      const bare = p.split(/\s+/).length <= 3 && !FIGURE.test(p) && !statementLike(p);
      if (joined.length && bare) joined[joined.length - 1] += ` and ${p}`;
      else joined.push(p);
    }
    out.push(...joined);
  }
  return out.map((c) => c.replace(/^(?:and|und|y|et)\s+/i, '')).filter(Boolean);
}

/** "revenue 1.2M, up 15%": a change with no subject of its own is one fact with the figure before it. */
function withChanges(clauses: string[]): string[] {
  const merged: string[] = [];
  for (const c of clauses) {
    if (merged.length && CHANGE_ONLY.test(c) && /\d/.test(merged[merged.length - 1])) merged[merged.length - 1] += `, ${c}`;
    else merged.push(c);
  }
  return merged;
}

/** "up 15%", "down 3 pts", "+12% QoQ", "a rise of 8%": a change and its figure, saying nothing of what changed. */
const CHANGE_ONLY = /^(?:(?:up|down|rising|falling|growing|dropping)(?:\s+by)?|(?:a|an)\s+(?:rise|increase|drop|decrease|fall|gain)\s+of|[+\-−])\s*[$€£]?\d[\d.,]*\s*(?:%|k|m|bn|pts?|points?)?(?:\s+(?:QoQ|YoY|MoM|WoW|year[- ]on[- ]year|from\s+last\s+\p{L}+|vs\.?\s+\p{L}+(?:\s+\p{L}+)?))?$/iu;

interface Clause { text: string; start: number; end: number; elliptical?: boolean }
/** "$3k MRR", "200 users", "40 customers": a figure and its noun, nothing else. */
const FIGURE_NOUN = /^[$€£]?\d[\d.,]*\s*(?:k|m|bn|%)?\s+\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?$/iu;
/** A figure and its noun with where or of what: "1 year at a bank", "3 years of Python". */
const FIGURE_NOUN_AT = /^[$€£]?\d[\d.,]*\s*(?:k|m|bn|%)?\s+\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?(?:\s+(?:at|of|in|with)\s+(?:an?\s+|the\s+)?\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?)?$/iu;
/** What someone has or is: "I have a stats degree", "we have a mobile app". */
const HAVE = /^(?:i|we)\s*(?:\s+have|'ve)\s+(?!to\b|been\b|got\s+to\b)(?:an?\s+)?\p{L}/iu;

/** A sentence's clauses, split at commas, semicolons, colons, "and" and "but", with their places in the sentence. */
function clausesOf(sentence: string): Clause[] {
  const out: Clause[] = [];
  let start = 0;
  // (A colon ends what comes before it too: "annual report for our food bank: served 12,000 families, ...".)
  for (const sep of [...sentence.matchAll(/\s*(?:,(?!\d{3}(?!\d))|;|:(?!\d)|\s(?:and|but)\s)\s*/giu), { index: sentence.length, 0: '' } as RegExpMatchArray]) {
    const raw = sentence.slice(start, sep.index);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim()) out.push({ text: raw.trim().replace(/[.!?]+$/, ''), start: start + lead, end: start + lead + raw.trim().length });
    start = sep.index! + sep[0].length;
  }
  // "research and development grew 5%": a bare noun before "and" belongs to the claim after it.
  return out.reduce<Clause[]>((acc, c) => {
    const prev = acc[acc.length - 1];
    if (prev && prev.text.split(/\s+/).length <= 2 && !/\b(?:is|are|was|were)\b/i.test(prev.text) && !FIGURE.test(prev.text) && !REQUEST.test(prev.text) && (CHANGE.test(c.text) || STATE_FIGURE.test(c.text)) && /^\s+and\s+$/i.test(sentence.slice(prev.end, c.start))) {
      acc[acc.length - 1] = { text: sentence.slice(prev.start, c.end), start: prev.start, end: c.end };
    } else acc.push(c);
    return acc;
  }, []);
}

// ("we need 5 engineers": a count of a plan is one too.)
const isClaim = (c: string) => c.split(/\s+/).length <= 12 && !REQUEST.test(c) && ((CHANGE.test(c) && c.split(/\s+/).length >= 2) || STATE_FIGURE.test(c) || countLed(c));

/**
 * Facts told in passing: the longest run of a sentence's clauses that report something (a change, a
 * state with a figure, a short qualitative remark beside them), with at least two claims and a figure
 * among them. Only the run is taken; the clauses around it (the request, "maybe 6 slides") are not.
 */
export function claimsIn(text: string): Statements | null {
  let best: { clauses: Clause[]; sentence: string } | null = null;
  // Sentences that are facts through and through ("NPS went from 32 to 41."), one claim each or more,
  // in a run of sentences next to each other: the run with the most clauses.
  let whole: { clauses: Clause[]; sentence: string }[] = [];
  let wholeBest: { clauses: Clause[]; sentence: string }[] = [];
  const count = (run: { clauses: Clause[] }[]) => run.reduce((n, r) => n + r.clauses.length, 0);
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const clauses = clausesOf(sentence.replace(LEAD, (m) => ' '.repeat(m.length)));
    const factual = clauses.length > 0 && clauses.some((c) => isClaim(c.text.replace(LEAD, '')) && FIGURE.test(c.text)) && clauses.every((c) => {
      const t = c.text.replace(LEAD, '');
      return isClaim(t) || ((QUALITATIVE.test(t) || HAVE.test(t)) && t.split(/\s+/).length <= 9 && !ASKS.test(t) && !ABOUT_THE_DOCUMENT.test(t));
    });
    // (A sentence of one clause is a short fact, not the story the request tells: "We had a bad outage (payments down 3 hours).")
    const short = clauses.length > 1 || (clauses.length === 1 && clauses[0].text.split(/\s+/).length <= 10 && !/[()]/.test(clauses[0].text));
    if (factual && short) whole.push({ clauses, sentence });
    else whole = [];
    if (count(whole) > count(wholeBest)) wholeBest = [...whole];
    let run: Clause[] = [];
    const consider = (last = false) => {
      const claims = run.filter((c) => c.elliptical || isClaim(c.text.replace(LEAD, '')));
      // (A claim with a figure and a qualitative remark beside it are facts too: "receipts are now required over $25 and approvals go through Ramp".)
      // (One claim with its figure is a fact on its own too: "slides pls - quarterly results, revenue 1.2M up 15%",
      // "... about a late payment, invoice #1042 for $3,400 was due on March 1", "I have 2 years experience at Starbucks".)
      const one = run[0]?.text.replace(LEAD, '') ?? '';
      // (Only after the request's own clause, ending the sentence: not one item of a list, "16 weeks paid, available to all ...".)
      const single = last && clauses.length <= 2 && run.length === 1 && (isClaim(one) || (HAVE.test(one) && FIGURE.test(one))) && /\d/.test(one) && one.split(/\s+/).length >= 3 && one.split(/\s+/).length <= 10 && !/[()]/.test(one);
      if (claims.length >= 1 && (run.length >= 2 || single) && run.some((c) => FIGURE.test(c.text)) && (!best || run.length > best.clauses.length)) best = { clauses: run, sentence };
      run = [];
    };
    for (const c of clauses) {
      const t = c.text.replace(LEAD, '');
      if (isClaim(t) || ((QUALITATIVE.test(t) || HAVE.test(t)) && t.split(/\s+/).length <= 9 && !ASKS.test(t) && !ABOUT_THE_DOCUMENT.test(t))) run.push(c);
      // "we have 200 users and $3k MRR": a figure and its noun after a claim is one more, its verb left out.
      // ("I have a stats degree and 1 year at a bank": after what someone has, too.)
      else if (run.length && (isClaim(run[run.length - 1].text.replace(LEAD, '')) || HAVE.test(run[run.length - 1].text.replace(LEAD, ''))) && FIGURE_NOUN_AT.test(t)) run.push({ ...c, elliptical: true });
      else consider(false);
    }
    consider(true);
  }
  if (wholeBest.length && (!best || count(wholeBest) > (best as { clauses: Clause[] }).clauses.length)) {
    const first = wholeBest[0];
    const last = wholeBest[wholeBest.length - 1];
    const from = text.indexOf(first.sentence);
    const to = text.indexOf(last.sentence, from) + last.sentence.length;
    return { items: wholeBest.flatMap((w) => itemsOf(w.clauses)), source: text.slice(from, to) };
  }
  if (!best) return null;
  const { clauses, sentence } = best as { clauses: Clause[]; sentence: string };
  return {
    items: itemsOf(clauses),
    source: sentence.slice(clauses[0].start, clauses[clauses.length - 1].end),
  };
}

/** The claims of a run as statements, capitalised. */
function itemsOf(clauses: Clause[]): string[] {
  // "we grew revenue 3x and have 40 customers": a clause that starts with its verb shares the subject before it.
  let subject = '';
  return clauses.map((c) => {
    // "we are a B2B payroll startup with 40 customers": who "we" are is the subject; the figure is the fact.
    // (Not when the description holds a figure of its own: "we are a team of 5 with 3 products".)
    const t = c.text.replace(LEAD, '').trim().replace(/^we(?:'re|\s+are)\s+(?:a|an)\s+([^,]+?)\s+with\s+(?=[$€£]?\d)/i, (m, who: string) => (/(?:^|\s)[$€£]?\d/.test(who) ? m : ''));
    const own = /^(we|they|i|it|he|she)\s/i.exec(t);
    if (own) subject = own[1].toLowerCase() === 'i' ? 'I' : own[1].toLowerCase();
    else if (subject && BARE_VERB.test(t)) return capitalised(`${subject} ${t}`);
    return capitalised(t);
  });
}

/**
 * "incident report for the outage on May 3: the API was down for 2 hours because of an expired
 * certificate": one sentence after the request's colon that says what happened (it has a verb) is a
 * fact told with the request, kept as written; not a list of parts or fields.
 */
export function whatHappened(text: string): Statements | null {
  const line = text.trim().split('\n')[0];
  const at = line.indexOf(':');
  if (at < 8) return null;
  const source = line.slice(at + 1).trim().replace(/[.!]\s*$/, '');
  const words = source.split(/\s+/).length;
  if (words < 5 || words > 40 || source.includes(':') || source.split(/,/).length > 2) return null;
  if (!/\b(?:is|was|were|are|has|had|have|went|did|didn't|failed|broke|stopped|crashed|caused|because|after|when|will|won't|can't|couldn't)\b/i.test(source)) return null;
  return { items: [source[0].toUpperCase() + source.slice(1)], source };
}
