// Rule-based text helpers of the builtin engine (POST /text/humanize, /text/rewrite, /text/new-content).
// The rules only replace stock phrases, never digits or capitalized words, so numbers, dates and names
// come out exactly as they went in.
import { titleFromRequest } from '../../documents/titles/request-title.ts';
import { extractFacts, splitSentences } from './prompt-facts.ts';
import { keySentences, splitInstruction, titleFrom, words } from './text-engine.ts';

type Replacement = string | ((match: string, ...groups: string[]) => string);

/** A verb's forms by suffix (`e`, `es`, `ed`, `ing`) -> the plain verb's forms. */
const verb = (plain: string, s: string, ed: string, ing: string) => (_m: string, suffix: string) =>
  ({ e: plain, es: s, ed, ing } as Record<string, string>)[suffix.toLowerCase()] ?? plain;

// Stiff or padded phrasing -> what a person would write. Matched case-insensitively at word boundaries.
const PLAIN: [RegExp, Replacement][] = [
  [/\bit is (important|worth|crucial) to (note|mention|remember) that\s+/gi, ''],
  [/\bit should be noted that\s+/gi, ''],
  [/\bplease note that\s+/gi, ''],
  [/\bin conclusion,\s+/gi, ''],
  [/\bin today's (fast-paced|digital|modern) world,\s+/gi, ''],
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bin the event that\b/gi, 'if'],
  [/\bwith regard(s)? to\b/gi, 'about'],
  [/\bprior to\b/gi, 'before'],
  [/\ba (plethora|myriad|multitude) of\b/gi, 'many'],
  [/\b(is|are) able to\b/gi, 'can'],
  [/\bdelve(s)? into\b/gi, 'look$1 at'],
  [/\butiliz(e|es|ed|ing)\b/gi, verb('use', 'uses', 'used', 'using')],
  [/\butilization\b/gi, 'use'],
  [/\bleverag(e|es|ed|ing)\b/gi, verb('use', 'uses', 'used', 'using')],
  [/\bfacilitat(e|es|ed|ing)\b/gi, verb('help', 'helps', 'helped', 'helping')],
  [/\bcommenc(e|es|ed|ing)\b/gi, verb('start', 'starts', 'started', 'starting')],
  [/\bendeavou?r to\b/gi, 'try to'],
  [/\bsubsequently\b/gi, 'then'],
  [/\b(furthermore|moreover|additionally),\s*/gi, 'also, '],
  [/\bseamless(ly)?\s+/gi, ''],
  [/\brobust\b/gi, 'solid'],
];

const CONTRACT: [RegExp, string][] = [
  [/\bdo not\b/g, "don't"], [/\bdoes not\b/g, "doesn't"], [/\bdid not\b/g, "didn't"], [/\bis not\b/g, "isn't"],
  [/\bare not\b/g, "aren't"], [/\bwas not\b/g, "wasn't"], [/\bcannot\b/g, "can't"], [/\bwill not\b/g, "won't"],
  [/\bit is\b/g, "it's"], [/\bthat is\b/g, "that's"], [/\bwe are\b/g, "we're"], [/\bthey are\b/g, "they're"],
  [/\byou are\b/g, "you're"], [/\bI am\b/g, "I'm"], [/\bwe will\b/g, "we'll"], [/\byou will\b/g, "you'll"],
];

function capitalizeSentences(text: string): string {
  return text.replace(/(^|[.!?]\s+|\n\s*)([a-z])/g, (_m, lead: string, c: string) => lead + c.toUpperCase());
}

function tidy(text: string): string {
  return text.replace(/[ \t]+/g, ' ').replace(/ ([,.;:!?])/g, '$1').replace(/,\s*,/g, ',').replace(/^\s+|\s+$/gm, '').trim();
}

/** Splits sentences over 35 words at a `; ` or `, and ` near their middle. */
function splitLong(sentence: string): string {
  const ws = sentence.split(/\s+/);
  if (ws.length <= 35) return sentence;
  const mid = sentence.length / 2;
  const cuts = [...sentence.matchAll(/; |, and |, but /g)].map((m) => m.index!).sort((a, b) => Math.abs(a - mid) - Math.abs(b - mid));
  if (!cuts.length) return sentence;
  const at = cuts[0];
  const sep = /^; /.test(sentence.slice(at)) ? 2 : sentence.slice(at).startsWith(', and ') ? 6 : 6;
  const tail = sentence.slice(at + sep);
  return `${sentence.slice(0, at)}. ${tail[0].toUpperCase()}${tail.slice(1)}`;
}

export function humanize(text: string): string {
  let out = text.replace(/\s*—\s*/g, ', ').replace(/\s*–\s*(?=\D)/g, ', ');
  for (const [re, to] of PLAIN) out = out.replace(re, to as string);
  for (const [re, to] of CONTRACT) out = out.replace(re, to);
  out = out.split('\n').map((line) => splitSentences(line).map(splitLong).join(' ')).join('\n');
  return capitalizeSentences(tidy(out));
}

function formal(text: string): string {
  const expand: [RegExp, string][] = [[/\bdon't\b/gi, 'do not'], [/\bdoesn't\b/gi, 'does not'], [/\bdidn't\b/gi, 'did not'], [/\bisn't\b/gi, 'is not'],
    [/\baren't\b/gi, 'are not'], [/\bcan't\b/gi, 'cannot'], [/\bwon't\b/gi, 'will not'], [/\bit's\b/gi, 'it is'], [/\bwe're\b/gi, 'we are'],
    [/\bthey're\b/gi, 'they are'], [/\byou're\b/gi, 'you are'], [/\bI'm\b/g, 'I am'], [/\bwe'll\b/gi, 'we will'], [/\bgonna\b/gi, 'going to'],
    [/\bwanna\b/gi, 'want to'], [/\bkinda\b/gi, 'somewhat'], [/\bhey\b/gi, 'Hello'], [/\bthanks\b/gi, 'thank you'], [/!+/g, '.']];
  let out = text;
  for (const [re, to] of expand) out = out.replace(re, to);
  return capitalizeSentences(tidy(out));
}

/** Follows the instructions it recognizes (shorter, bullets, formal, casual, case, replace X with Y); otherwise humanizes. */
export function rewrite(text: string, prompt: string): string {
  const p = prompt.toLowerCase();
  let out = text;
  for (const m of prompt.matchAll(/(?:replace|change)\s+["“']?(.+?)["”']?\s+(?:with|to|by)\s+["“']?(.+?)["”']?(?:[.;,]|$)/gi)) {
    out = out.split(m[1]).join(m[2]);
  }
  if (/\b(formal|professional)\b/.test(p)) out = formal(out);
  else if (/\b(casual|friendly|informal|conversational|plain|simple|natural|human)\b/.test(p)) out = humanize(out);
  if (/\b(shorter|shorten|concise|brief|condense|summari[sz]e|tighten|trim)\b/.test(p)) {
    const sentences = splitSentences(out);
    out = keySentences(out, Math.max(1, Math.ceil(sentences.length / 2)), words(prompt)).join(' ');
  }
  if (/\b(bullet|bullets|list)\b/.test(p)) out = splitSentences(out).map((s) => `- ${s}`).join('\n');
  if (/\b(upper ?case|all caps|capital letters)\b/.test(p)) out = out.toUpperCase();
  else if (/\blower ?case\b/.test(p)) out = out.toLowerCase();
  if (out === text) out = humanize(text);
  return out;
}

const OUTLINES: [RegExp, string[]][] = [
  [/\b(e-?mail|letter|memo)\b/i, ['Subject', 'Message', 'Next steps']],
  [/\b(report|analysis|review|assessment)\b/i, ['Summary', 'Findings', 'Recommendations']],
  [/\b(proposal|pitch|plan)\b/i, ['Background', 'Proposal', 'Timeline', 'Budget']],
  [/\b(agenda|meeting)\b/i, ['Purpose', 'Agenda', 'Decisions needed']],
  [/\b(blog|article|post|essay|newsletter)\b/i, ['Introduction', 'Main points', 'Conclusion']],
  [/\b(announcement|press release)\b/i, ['Headline', 'Announcement', 'Contact']],
];

/** A first draft laid out from the request: a title, an opening that restates it, and sections. */
export function newContent(prompt: string, fileName?: string | null): string {
  const facts = extractFacts([{ role: 'user', text: prompt }]);
  const base = fileName?.replace(/\.[A-Za-z0-9]+$/, '').replace(/[_-]+/g, ' ').trim();
  const title = prompt.trim().split(/\s+/).length <= 3 && base ? base : titleFromRequest(prompt) || titleFrom(prompt);
  const { body } = splitInstruction(prompt);
  const sections = facts.listItems.length >= 2 ? facts.listItems.slice(0, 12) : (OUTLINES.find(([re]) => re.test(prompt))?.[1] ?? ['Overview', 'Key points', 'Next steps']);
  const sentences = splitSentences(body);
  const markdown = !/\.(txt|text)$/i.test(fileName ?? '');
  const heading = (level: number, text: string) => (markdown ? `${'#'.repeat(level)} ${text}` : text);
  const out = [heading(1, title), '', sentences.length ? keySentences(body, 2, words(prompt)).join(' ') : `This document covers ${title.toLowerCase()}.`];
  sections.forEach((section, i) => {
    const about = rankRelated(sentences, section);
    out.push('', heading(2, section.replace(/[.:;]+$/, '')), about ?? `[${i === sections.length - 1 ? 'Add the closing points' : 'Add the details'} for ${section.toLowerCase().replace(/[.:;]+$/, '')}.]`);
  });
  return out.join('\n');
}

function rankRelated(sentences: string[], topic: string): string | undefined {
  const topicWords = words(topic);
  return sentences.find((s) => topicWords.some((w) => s.toLowerCase().includes(w)));
}
