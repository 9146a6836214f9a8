// Inline markdown, the one text syntax of the Word model: **bold**, *italic* (or _italic_ between word
// boundaries), ***both***, [label](https://link), [^footnote text], and backslash escapes for the
// marker characters. The parser never fails: markers it cannot pair are kept as literal text.

export interface TextSegment { kind: 'text'; text: string; bold: boolean; italic: boolean; link: string | null }
export interface FootnoteSegment { kind: 'footnote'; text: string }
export type Segment = TextSegment | FootnoteSegment;

const ESCAPABLE = new Set(['\\', '*', '_', '[', ']']);
const LINK = /^\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^)\s]+)\)/;
const FOOTNOTE = /^\[\^([^\]\n]+)\]/;
const alnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** `_` opens or closes italics only at a word boundary (so snake_case stays literal). */
function underscoreMarks(s: string, i: number): boolean {
  return !alnum(s[i - 1]) || !alnum(s[i + 1]);
}

/** Positions of markers that have a partner later in the text; unpaired ones are literal. */
function pairedMarkers(s: string): Set<number> {
  const opens: Record<string, number[]> = { '***': [], '**': [], '*': [], _: [] };
  const paired = new Set<number>();
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && ESCAPABLE.has(s[i + 1])) { i++; continue; }
    let m: string | null = null;
    if (s.startsWith('***', i)) m = '***';
    else if (s.startsWith('**', i)) m = '**';
    else if (c === '*') m = '*';
    else if (c === '_' && underscoreMarks(s, i)) m = '_';
    if (!m) continue;
    const stack = opens[m];
    const opening = s[i + m.length] !== undefined && s[i + m.length] !== ' ';
    const closing = i > 0 && s[i - 1] !== ' ';
    if (stack.length && closing) {
      paired.add(stack.pop()!);
      paired.add(i);
    } else if (opening) stack.push(i);
    i += m.length - 1;
  }
  return paired;
}

export function parseInline(s: string): Segment[] {
  const out: Segment[] = [];
  const paired = pairedMarkers(s);
  let bold = false;
  let italic = false;
  let buf = '';
  const flush = (link: string | null = null, text = buf) => {
    if (text) {
      const last = out.at(-1);
      if (last?.kind === 'text' && last.bold === bold && last.italic === italic && last.link === link) last.text += text;
      else out.push({ kind: 'text', text, bold, italic, link });
    }
    if (text === buf) buf = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && ESCAPABLE.has(s[i + 1])) { buf += s[++i]; continue; }
    if (c === '[') {
      const fn = FOOTNOTE.exec(s.slice(i));
      if (fn) { flush(); out.push({ kind: 'footnote', text: fn[1].trim() }); i += fn[0].length - 1; continue; }
      const link = LINK.exec(s.slice(i));
      if (link) { flush(); flush(link[2], link[1]); i += link[0].length - 1; continue; }
    }
    if (paired.has(i)) {
      flush();
      if (s.startsWith('***', i)) { bold = !bold; italic = !italic; i += 2; } else if (s.startsWith('**', i)) { bold = !bold; i += 1; } else italic = !italic;
      continue;
    }
    buf += c;
  }
  flush();
  return out;
}

/** Escapes text so that parseInline gives it back literally. */
export function escapeInline(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' || c === '*' || c === '[' || c === ']' || (c === '_' && underscoreMarks(text, i))) out += '\\';
    out += c;
  }
  return out;
}

/** Segments back to inline markdown (the reader's output). */
export function toInline(segments: Segment[]): string {
  let out = '';
  for (const seg of segments) {
    if (seg.kind === 'footnote') { out += `[^${seg.text.replace(/[[\]]/g, '')}]`; continue; }
    // Markers hug the text: leading and trailing spaces stay outside them.
    const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(seg.text)!;
    if (!core) { out += seg.text; continue; }
    let t = escapeInline(core);
    if (seg.link) t = `[${t}](${seg.link})`;
    const mark = seg.bold && seg.italic ? '***' : seg.bold ? '**' : seg.italic ? '*' : '';
    out += `${lead}${mark}${t}${mark}${trail}`;
  }
  return out;
}

/** The text without markup, footnotes left out: for outlines, the table of contents and titles. */
export function plainText(s: string): string {
  return parseInline(s).map((seg) => (seg.kind === 'text' ? seg.text : '')).join('');
}
