// The builtin engine's text answers. It does not understand language: it picks and orders sentences
// of the conversation by word weight and overlap with the request (extractive condensing), and lays
// them out as the request asks (one sentence, N bullet points, a summary). The same input always
// gives the same output.
import { extractFacts, shorten, splitSentences } from './prompt-facts.ts';

export interface EngineMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
}

const STOPWORDS = new Set(('a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
  'me my no not of on or our she so than that the their them then there these they this those to too us was we were what when where which ' +
  'who why will with would you your please write give tell make create generate list summarize summarise explain describe about').split(' '));

const INSTRUCTION = /^(please\s+)?(summari[sz]e|condense|shorten|list|give|write|explain|describe|tell|what|who|when|where|why|how|which|is|are|does|do|can|could|should|create|generate|make|draft|extract)\b/i;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? []).filter((w) => !STOPWORDS.has(w) && w.length > 1);
}

/** A crude stem, so "opened" meets "open" and "offices" meets "office". */
export function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '') || word;
}

/** A short title for a request: its first clause, without the leading verb and articles. */
export function titleFrom(request: string): string {
  const first = splitSentences(request)[0] ?? request;
  const clause = first.split(/[:;\n]/)[0]
    .replace(/^(please\s+)?(can you\s+|could you\s+)?(write|create|generate|make|draft|produce|prepare|give me|build|compose)\s+(me\s+)?/i, '')
    .replace(/^(a|an|the|some)\s+/i, '')
    .replace(/[.?!]+$/, '')
    .trim();
  const short = clause.split(/\s+/).slice(0, 10).join(' ');
  return short ? short[0].toUpperCase() + short.slice(1) : 'Untitled';
}

function requestedCount(request: string): { bullets?: number; sentences?: number; words?: number } {
  const num = (raw: string) => NUMBER_WORDS[raw.toLowerCase()] ?? Number(raw);
  const n = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)';
  const bullets = new RegExp(`${n}\\s+(?:bullet(?:\\s+point)?s?|points|items|key points|reasons|ideas|tips|steps)`, 'i').exec(request);
  const sentences = new RegExp(`${n}\\s+sentences?`, 'i').exec(request) ?? (/\bone sentence|a single sentence|a sentence\b/i.test(request) ? ['', '1'] : null);
  const wordCount = new RegExp(`(?:in|under|at most|max(?:imum)?)\\s+${n}\\s+words`, 'i').exec(request);
  return {
    bullets: bullets ? num(bullets[1]) : /bullet|key points|\blist\b/i.test(request) ? 5 : undefined,
    sentences: sentences ? num(sentences[1]) : undefined,
    words: wordCount ? num(wordCount[1]) : undefined,
  };
}

/** Sentences ranked by the weight of their words in the whole text, plus overlap with the focus words. */
export function rankSentences(sentences: string[], focus: string[] = []): { sentence: string; index: number; score: number }[] {
  const freq = new Map<string, number>();
  for (const s of sentences) for (const w of new Set(words(s))) freq.set(w, (freq.get(w) ?? 0) + 1);
  const focusSet = new Set(focus);
  return sentences
    .map((sentence, index) => {
      const ws = words(sentence);
      const weight = ws.reduce((sum, w) => sum + (freq.get(w) ?? 0) + (focusSet.has(w) ? 3 : 0), 0);
      const score = ws.length ? weight / Math.sqrt(ws.length) + (index === 0 ? 0.5 : 0) : 0;
      return { sentence, index, score };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** The `count` most representative sentences, in their original order. */
export function keySentences(text: string, count: number, focus: string[] = []): string[] {
  const sentences = splitSentences(text);
  return rankSentences(sentences, focus).slice(0, count).sort((a, b) => a.index - b.index).map((r) => r.sentence);
}

function limitWords(text: string, max: number): string {
  const ws = text.split(/\s+/);
  return ws.length <= max ? text : `${ws.slice(0, max).join(' ').replace(/[,;:]$/, '')}…`;
}

/** "Summarize this: <text>" or "Summarize the notes. <text>" -> the instruction and the material. */
export function splitInstruction(request: string): { instruction: string; body: string } {
  const colon = /^([^:\n]{1,160}):\s*([\s\S]+)$/.exec(request.trim());
  // "Brief the team on the status: <notes>": a short lead-in before a longer text is the instruction.
  if (colon && (INSTRUCTION.test(colon[1].trim()) || (colon[1].trim().split(/\s+/).length <= 12 && colon[2].length > colon[1].length * 2))) {
    return { instruction: colon[1].trim(), body: colon[2].trim() };
  }
  const sentences = splitSentences(request);
  if (sentences.length > 1 && INSTRUCTION.test(sentences[0])) return { instruction: sentences[0], body: sentences.slice(1).join(' ') };
  return { instruction: '', body: request };
}

/**
 * The text answer to a conversation. The source is what the messages give (earlier messages, and
 * any material in the request after its first sentence); the request's own sentence is the focus.
 */
export function answerText(messages: EngineMessage[]): string {
  const userTurns = messages.filter((m) => m.role === 'user');
  const request = userTurns.at(-1)?.text ?? messages.at(-1)?.text ?? '';
  const { instruction, body } = splitInstruction(request);
  const earlier = messages.filter((m) => m.text !== request && m.role !== 'system').map((m) => m.text);
  const material = [...earlier, body].join('\n').trim();
  const focus = words(instruction || request);
  const counts = requestedCount(request);
  const facts = extractFacts(messages);

  if (/\?\s*$/.test(request.trim()) && earlier.length) {
    const asked = new Set(words(request).map(stem));
    const overlap = (s: string) => words(s).filter((w) => asked.has(stem(w))).length;
    const best = rankSentences(splitSentences(earlier.join('\n')), [...asked])
      .map((r) => ({ ...r, overlap: overlap(r.sentence) }))
      .filter((r) => r.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap || b.score - a.score)
      .slice(0, counts.sentences ?? 1);
    if (best.length) return best.sort((a, b) => a.index - b.index).map((r) => r.sentence).join(' ');
  }
  if (counts.sentences) return limitWords(keySentences(material, counts.sentences, focus).join(' '), counts.words ?? Infinity);
  if (counts.words) return limitWords(keySentences(material, 3, focus).join(' '), counts.words);
  if (counts.bullets) {
    const items = facts.listItems.length >= counts.bullets ? facts.listItems : keySentences(material, counts.bullets, focus);
    return items.slice(0, counts.bullets).map((s) => `- ${shorten(s, 240)}`).join('\n');
  }
  const sentences = splitSentences(material);
  if (sentences.length <= 2) return sentences.join(' ') || titleFrom(request);
  const summary = keySentences(material, Math.min(3, Math.ceil(sentences.length / 4)), focus);
  const points = keySentences(material, Math.min(6, sentences.length), focus).filter((s) => !summary.includes(s));
  // A title only when the request says what the text is about ("Summarize:" alone says nothing).
  const parts = words(instruction).length >= 2 ? [titleFrom(instruction), '', summary.join(' ')] : [summary.join(' ')];
  if (points.length) parts.push('', 'Key points:', ...points.map((p) => `- ${shorten(p, 240)}`));
  return parts.join('\n');
}

/** A JSON answer when no schema is given: the same reading, as a value. */
export function answerJson(messages: EngineMessage[]): Record<string, unknown> {
  const facts = extractFacts(messages);
  if (facts.json.length && typeof facts.json[0] === 'object') return facts.json[0] as Record<string, unknown>;
  const request = messages.filter((m) => m.role === 'user').at(-1)?.text ?? '';
  const fields = Object.fromEntries([...facts.pairs].slice(0, 50));
  return {
    title: titleFrom(request),
    summary: keySentences(facts.text, 2, words(request)).join(' '),
    ...(facts.listItems.length ? { items: facts.listItems.slice(0, 50) } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
  };
}
