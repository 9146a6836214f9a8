// Reading "add a section" requests as people write them: "Add a section at the end titled Next steps
// with bullets: sign contract, schedule kickoff", "add a new section called "Risks" after Budget:
// <markdown>", "insert a chapter on Hiring before the Timeline section with numbered steps: a; b; c".
// The title, where it goes, and its content (bullets, numbered items, text or markdown) come apart here.

export interface SectionRequest {
  title: string;
  where: 'end' | 'start' | 'after' | 'before';
  /** The section named by "after X" / "before X". */
  anchor: string | null;
  body: { kind: 'bullets' | 'numbered'; items: string[] } | { kind: 'text'; text: string } | null;
}

const START = /\b(?:add|append|insert|create|include|write)\s+(?:a\s+|an\s+|one\s+)?(?:new\s+|short\s+|final\s+)*(?:section|chapter|part)\b/i;
const POSITION = /\s*\b(at the (?:very )?(?:end|bottom)|at the (?:very )?(?:start|beginning|top)|(after|before|below|above|following)\s+(?:the\s+)?["“'‘]?(.+?)["”'’]?(?:\s+(?:section|chapter|heading))?)(?=\s*(?:,|\.|:|;|$|\s+(?:titled|called|named|entitled|with|that|saying|containing|listing)\b))/i;
const TITLE = /\s*\b(?:titled|called|named|entitled|headed|on|about|for)\s+["“'‘]?(.+?)["”'’]?(?=\s*(?:[,.:;]|$|\s+(?:with|that|saying|containing|listing|at the|after|before|below|above|following)\b))/i;
const QUOTED = /^\s*["“'‘](.+?)["”'’]/;
const LIST = /\b(?:with|containing|listing)\s+(?:the\s+|a\s+|some\s+)?(?:(bullet(?:ed)?\s+(?:points?|list)|bullets|bullet|points|items|a list|list)|(numbered(?:\s+(?:list|steps|items|points))?|steps))(?:\s+(?:of|for))?\s*:?\s*([\s\S]+)$/i;
const TEXT = /\b(?:with the text|with text|saying|that says|reading|with)\s*:?\s*["“]?([\s\S]+?)["”]?\s*$/i;

/** Items of "a, b and c", "a; b; c" or one per line ("- a"). */
export function splitItems(text: string): string[] {
  const lines = text.split('\n').map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim()).filter(Boolean);
  const source = lines.length > 1 ? lines : [text.trim()];
  const items = source.length > 1 ? source : source[0].includes(';') ? source[0].split(';') : source[0].split(/,(?!\d{3}(?!\d))\s*(?:and\s+|or\s+)?|\s+and\s+(?=[^,]*$)/i);
  // Items stay as the user wrote them (no change of case).
  return items.map((i) => i.trim().replace(/[.;]+$/, '')).filter(Boolean);
}

/** "Add a Next steps section ...": the title comes before the word section. */
const NAMED_FIRST = /\b(?:add|append|insert|create|include|write)\s+(?:a|an)\s+(?:new\s+)?["“'‘]?([^"”’\n:,.]{1,60}?)["”'’]?\s+(?:section|chapter)\b/i;

export function parseAddSection(prompt: string): SectionRequest | null {
  const named = NAMED_FIRST.exec(prompt);
  const start = named && !/^(new|short|final|brief)$|\b(section|chapter|part|on|about|called|titled|named|before|after|at|below|above)\b/i.test(named[1].trim()) ? named : START.exec(prompt);
  if (!start) return null;
  let rest = prompt.slice(start.index + start[0].length);
  // The content after the first colon is the section's body unless it names the list ("with bullets: ...").
  let where: SectionRequest['where'] = 'end';
  let anchor: string | null = null;
  // ("a short conclusion section" is titled Conclusion: how long it is, or that it is new, is no part of its title.)
  let title: string | null = start === named ? named[1].trim().replace(/^(?:(?:new|short|brief|quick|small|little)\s+)+(?=\S)/i, '') : null;
  for (let i = 0; i < 3; i++) {
    const pos = POSITION.exec(rest);
    if (pos && pos.index < (TITLE.exec(rest)?.index ?? Infinity) + 1 && pos.index <= 1) {
      const phrase = pos[1].toLowerCase();
      if (/end|bottom/.test(phrase) && !pos[2]) where = 'end';
      else if (!pos[2]) where = 'start';
      else { where = /after|below|following/i.test(pos[2]) ? 'after' : 'before'; anchor = pos[3].trim(); }
      rest = rest.slice(pos.index + pos[0].length);
      continue;
    }
    const quoted = title ? null : QUOTED.exec(rest);
    if (quoted) { title = quoted[1].trim(); rest = rest.slice(quoted[0].length); continue; }
    const t = title ? null : TITLE.exec(rest);
    if (t && t.index <= 1) { title = t[1].trim(); rest = rest.slice(t.index + t[0].length); continue; }
    break;
  }
  if (!title) {
    // "Add a section: Risks" / "add a section Risks with ..."
    const m = /^\s*:?\s*([^:\n,.]+?)(?=\s*(?:[,.:]|$|\s+with\b))/i.exec(rest);
    if (!m) return null;
    title = m[1].trim();
    rest = rest.slice(m.index + m[0].length);
  }
  rest = rest.replace(/^\s*[,.]\s*/, ' ');
  const list = LIST.exec(rest);
  let body: SectionRequest['body'] = null;
  if (list) body = { kind: list[2] ? 'numbered' : 'bullets', items: splitItems(list[3]) };
  else {
    const colon = /^\s*:\s*([\s\S]+)$/.exec(rest);
    const text = colon ?? TEXT.exec(rest);
    if (text && text[1].trim()) body = { kind: 'text', text: text[1].trim() };
  }
  if (body?.kind !== 'text' && body && !body.items.length) body = null;
  title = title.replace(/\s+section$/i, '').trim();
  // Typed in lower case ("conclusion"), a heading still starts with a capital.
  if (title === title.toLowerCase()) title = title[0].toUpperCase() + title.slice(1);
  return { title, where, anchor, body };
}
