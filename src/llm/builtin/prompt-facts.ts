// What the builtin engine can read out of a prompt without understanding it: `key: value` pairs, JSON
// embedded in the text, list items, sentences, and values with a recognizable shape (emails, URLs,
// dates, numbers). The schema filler and the text engine build their answers from these.

export interface PromptFacts {
  /** Every message's text, joined. */
  text: string;
  /** The last user message (the request itself). */
  request: string;
  /** `key: value` / `key = value` / `"key": value` pairs, by normalized key (first occurrence wins). */
  pairs: Map<string, string>;
  /** `key: a, b and c` enumerations, by normalized key. */
  lists: Map<string, string[]>;
  /** JSON objects and arrays found in the text, parsed. */
  json: unknown[];
  sentences: string[];
  /** Bullet and numbered list items, and the items of the request's comma lists. */
  listItems: string[];
  emails: string[];
  urls: string[];
  dates: string[];
  dateTimes: string[];
  times: string[];
  uuids: string[];
  ipv4s: string[];
  numbers: number[];
  /** Lower-case words of the whole text. */
  words: Set<string>;
}

/** `First Name`, `first_name` and `firstName` all become `firstname`. */
export function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const PAIR = /^[\s>*\-•\d.)]*["'`]?([A-Za-z][\w .\-/]{0,40}?)["'`]?\s*(?::|=|->|—|–)\s*(.+?)\s*,?$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const URL_RE = /\bhttps?:\/\/[^\s<>"'`)\]]+/g;
const DATETIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const TIME = /\b(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g;
const NUMBER = /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g;
const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/;

const unique = <T>(xs: T[]) => [...new Set(xs)];
const stripQuotes = (s: string) => s.replace(/^["'`]+|["'`]+$/g, '').trim();

export function parseNumber(raw: string): number | null {
  const cleaned = raw.replace(/[,$€£%\s]/g, '');
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** JSON objects and arrays embedded in text (balanced brackets that parse). */
function embeddedJson(text: string): unknown[] {
  const found: unknown[] = [];
  for (let i = 0; i < text.length && found.length < 10; i++) {
    const open = text[i];
    if (open !== '{' && open !== '[') continue;
    const close = open === '{' ? '}' : ']';
    let depth = 0;
    let inString = false;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (inString) {
        if (c === '\\') j++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === open) depth++;
      else if (c === close && --depth === 0) {
        try {
          found.push(JSON.parse(text.slice(i, j + 1)));
          i = j;
        } catch { /* not JSON: keep scanning from the next character */ }
        break;
      }
    }
  }
  return found;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Items of an enumeration in the request: "apples, pears and plums" -> three items. */
function commaList(request: string): string[] {
  const m = /(?::|include|including|such as|namely|like)\s+([^.!?\n]+)/i.exec(request);
  const source = m ? m[1] : '';
  const parts = source.split(/\s*,\s*|\s+and\s+|\s*;\s*/).map((p) => p.trim()).filter((p) => p.length > 0 && p.length <= 80);
  return parts.length >= 2 ? parts : [];
}

export function extractFacts(messages: { role: string; text: string }[]): PromptFacts {
  const text = messages.map((m) => m.text).join('\n');
  const request = [...messages].reverse().find((m) => m.role === 'user')?.text ?? text;
  const pairs = new Map<string, string>();
  const listItems: string[] = [];
  // Inline pairs first ("name: Ada, age: 36"): a value ends at a comma or semicolon. A whole-line pair
  // ("Address: 1 Main St, Springfield") only fills keys the inline pass did not find.
  for (const m of text.matchAll(/\b([A-Za-z][\w]{0,30})\s*[:=]\s*("[^"]*"|[^,;\n]+?)(?=\s*(?:[,;\n]|\.(?:\s|$)|$))/g)) {
    const key = normalizeKey(m[1]);
    if (key && !pairs.has(key) && !/^https?$/.test(key)) pairs.set(key, stripQuotes(m[2]));
  }
  for (const line of text.split('\n')) {
    const item = LIST_ITEM.exec(line);
    if (item) listItems.push(item[1]);
    const pair = PAIR.exec(line);
    if (pair && !/^https?$/i.test(pair[1].trim())) {
      const key = normalizeKey(pair[1]);
      if (key && !pairs.has(key)) pairs.set(key, stripQuotes(pair[2]));
    }
  }
  const lists = new Map<string, string[]>();
  for (const m of text.matchAll(/\b([A-Za-z][\w]{0,30})\s*:\s*([^.;\n]+)/g)) {
    const items = m[2].split(/\s*,\s*|\s+and\s+/).map(stripQuotes).filter(Boolean);
    const key = normalizeKey(m[1]);
    if (items.length >= 2 && !lists.has(key)) lists.set(key, items);
  }
  const json = embeddedJson(text);
  const numbers = [...text.matchAll(NUMBER)].map((m) => parseNumber(m[0])).filter((n): n is number => n !== null);
  return {
    text,
    request,
    pairs,
    lists,
    json,
    sentences: splitSentences(text),
    listItems: unique([...listItems, ...commaList(request)]),
    emails: unique(text.match(EMAIL) ?? []),
    urls: unique((text.match(URL_RE) ?? []).map((u) => u.replace(/[.,;:]+$/, ''))),
    dateTimes: unique((text.match(DATETIME) ?? []).map((d) => d.replace(' ', 'T'))),
    dates: unique(text.match(DATE) ?? []),
    times: unique(text.match(TIME) ?? []),
    uuids: unique(text.match(UUID) ?? []),
    ipv4s: unique(text.match(IPV4) ?? []),
    numbers,
    words: new Set(text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? []),
  };
}

/** The value stated for a key: a pair, or a field of embedded JSON (`customerEmail` also finds `email`). */
export function lookup(facts: PromptFacts, key: string): unknown {
  const k = normalizeKey(key);
  if (!k) return undefined;
  if (facts.pairs.has(k)) return facts.pairs.get(k);
  for (const value of facts.json) {
    const found = findKey(value, k, 0);
    if (found !== undefined) return found;
  }
  for (const [pairKey, value] of facts.pairs) {
    if (pairKey.length >= 3 && (k.endsWith(pairKey) || pairKey.endsWith(k))) return value;
  }
  return undefined;
}

function findKey(value: unknown, key: string, depth: number): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) if (normalizeKey(k) === key) return v;
  }
  for (const v of Object.values(value)) {
    const found = findKey(v, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The sentence most about `key` (its words appear in it), shortened to `max` characters. */
export function sentenceAbout(facts: PromptFacts, key: string, max = 200): string | undefined {
  const words = key.toLowerCase().split(/[^a-z0-9]+|(?=[A-Z])/).filter((w) => w.length > 2);
  if (!words.length) return undefined;
  const hit = facts.sentences.find((s) => words.some((w) => s.toLowerCase().includes(w)));
  return hit ? shorten(hit, max) : undefined;
}

export function shorten(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, Math.max(0, max - 1));
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).trimEnd()}…`.slice(0, max);
}
