// Follow-up instructions on an existing document, read into commands the formats' planners map onto
// their tools: add, rename, move and delete, of a slide, section, sheet, chart, table, row or column,
// named by number ("slide 3") or by words ("the slide about pricing", "the Risks section").
import { bulletsIn, namedAs } from './structure.ts';

export type Part = 'slide' | 'section' | 'sheet' | 'chart' | 'table' | 'row' | 'column' | 'image' | 'paragraph';

/** What an instruction points at: a 1-based number, or words to match against titles and content. */
export interface Ref { index: number | null; phrase: string | null }

export interface Where { kind: 'end' | 'start' | 'before' | 'after' | 'onto' | 'position'; ref: Ref | null; position: number | null }

export type EditCommand =
  | { op: 'add'; part: Part | null; title: string | null; bullets: string[] | null; numbered: boolean; text: string | null; where: Where | null; source: string }
  | { op: 'rename'; part: Part | null; target: Ref; to: string; source: string }
  | { op: 'move'; part: Part | null; target: Ref; to: Where; source: string }
  | { op: 'delete'; part: Part | null; target: Ref; source: string };

const PARTS: [Part, RegExp][] = [
  ['slide', /\b(slides?|folien?|diapositivas?|diapositives?)\b/i],
  ['section', /\b(sections?|chapters?|headings?|abschnitt\w*|kapitel|secci[oó]n\w*|chapitre\w*)\b/i],
  ['sheet', /\b(sheets?|tabs?|worksheets?|tabellenblatt|blatt|hojas?|feuilles?|onglets?)\b/i],
  ['chart', /\b(charts?|graphs?|diagramm\w*|gr[aá]fic[oa]s?|graphiques?)\b/i],
  ['table', /\b(tables?|tabelle|tabla|tableau)\b/i],
  ['row', /\b(rows?|zeilen?|filas?|lignes?)\b/i],
  ['column', /\b(columns?|spalten?|columnas?|colonnes?)\b/i],
  ['image', /\b(images?|pictures?|photos?|logos?|bild|imagen|image)\b/i],
];

export function partOf(text: string): Part | null {
  const hits = PARTS.map(([p, re]) => ({ p, at: text.search(re) })).filter((h) => h.at >= 0).sort((a, b) => a.at - b.at);
  return hits[0]?.p ?? null;
}

const unquote = (s: string) => s.trim().replace(/^["“'‘«]+|["”'’».]+$/g, '').trim();
const PART_WORDS = /\b(?:the|slide|slides|section|sheet|tab|worksheet|chart|graph|table|row|column|image|picture|one|called|titled|named|about|on|for|with|that (?:is|says|covers)|which)\b/gi;

/** "slide 3", "the 3rd slide", "the slide about pricing", "the Risks section" -> a Ref. */
export function refOf(phrase: string): Ref {
  const p = unquote(phrase);
  const num = /^(?:the\s+)?(?:(?:slide|section|sheet|tab|page|folie|diapositiva|diapositive)\s*#?\s*(\d{1,3})|(\d{1,3})(?:st|nd|rd|th)?\s+(?:slide|section|sheet|tab))$/i.exec(p);
  if (num) return { index: Number(num[1] ?? num[2]), phrase: null };
  if (/^(?:the\s+)?(?:last|final)\s+(?:slide|section|sheet|tab)$/i.test(p)) return { index: -1, phrase: null };
  if (/^(?:the\s+)?first\s+(?:slide|section|sheet|tab)$/i.test(p)) return { index: 1, phrase: null };
  const words = unquote(p.replace(PART_WORDS, ' ').replace(/\s+/g, ' '));
  return { index: null, phrase: words || null };
}

export function whereOf(text: string): Where | null {
  let m = /\b(?:at|to)\s+the\s+(?:very\s+)?(end|bottom|back|start|beginning|top|front)\b/i.exec(text);
  if (m) return { kind: /end|bottom|back/i.test(m[1]) ? 'end' : 'start', ref: null, position: null };
  m = /\b(?:to|at|into)\s+position\s+(\d{1,3})\b/i.exec(text) ?? /\bto\s+(?:be\s+)?(?:the\s+)?(\d{1,3})(?:st|nd|rd|th)\b/i.exec(text);
  if (m) return { kind: 'position', ref: null, position: Number(m[1]) };
  m = /\b(after|before|below|above|following|under|behind|vor|nach|antes de|después de|avant|après)\s+(.+)$/i.exec(text);
  if (m) return { kind: /after|below|following|under|behind|nach|después|après/i.test(m[1]) ? 'after' : 'before', ref: refOf(m[2]), position: null };
  m = /\b(?:to|onto|into|on)\s+(.+)$/i.exec(text);
  if (m) return { kind: 'onto', ref: refOf(m[1]), position: null };
  return null;
}

const DELETE = /^(?:please\s+)?(?:delete|remove|drop|get rid of|cut|lösche|entferne|elimina|borra|quita|supprime|supprimez|enlève)\s+(.+)$/i;
const RENAME = /^(?:please\s+)?(?:rename|retitle|change the (?:title|name|heading) of|benenne|renombra|renomme|renommez)\s+(.+?)\s+(?:to|as|into|in|a|en)\s+(.+?)(?:\s+um)?$/i;
const CALL = /^(?:please\s+)?call\s+(.+?\b(?:sheet|tab|worksheet|slide|section|chapter|heading))\s+(.+)$/i;
const MOVE = /^(?:please\s+)?(?:move|put|place|verschiebe|mueve|déplace|déplacez)\s+(.+?)\s+((?:to|onto|into|before|after|below|above|at|behind|vor|nach|a|antes de|después de|avant|après|sur|en)\b.+)$/i;
const ADD = /^(?:please\s+)?(?:also\s+)?(?:add|insert|append|include|create|make|füge|ergänze|añade|agrega|ajoute|ajoutez)\s+(.+)$/i;

/** One instruction sentence as a command, or null when it is none of add / rename / move / delete. */
export function editCommand(sentence: string): EditCommand | null {
  const s = sentence.trim().replace(/[.!]+$/, '').replace(/^(?:(?:and\s+)?then|and|also|now|finally|next|lastly|please|pls|plz|dann|luego|después|puis|ensuite)[,:]?\s+/i, '')
    .replace(/^(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?|i(?:'d| would)? (?:like|want|need) (?:you )?to\s+)/i, '');
  let m: RegExpExecArray | null;
  if ((m = RENAME.exec(s)) || (m = CALL.exec(s))) return { op: 'rename', part: partOf(m[1]), target: refOf(m[1]), to: unquote(m[2]), source: sentence };
  if ((m = MOVE.exec(s))) {
    const to = whereOf(m[2]);
    // "move the support slide so it comes before training": the words after the part say where, not which.
    const what = m[1].replace(/\s+(?:so(?:\s+that)?\s+)?(?:it|they)\s+(?:comes?|goes?|is|are|sits?|appears?|ends? up|lands?)$/i, '');
    if (to) return { op: 'move', part: partOf(what), target: refOf(what), to, source: sentence };
  }
  if ((m = DELETE.exec(s))) return { op: 'delete', part: partOf(m[1]), target: refOf(m[1]), source: sentence };
  if ((m = ADD.exec(s))) {
    const body = m[1];
    const bullets = bulletsIn(body);
    const head = body.replace(/\s+(?:with|containing|listing|saying)\b[\s\S]*$/i, '');
    const where = whereOf(head.replace(/^.*?\b(?:slide|section|sheet|tab|chart|table|row|column)\b/i, ''));
    const about = /\b(?:about|on|covering|for)\s+(?:the\s+)?(.+?)(?=\s+(?:at|after|before|to|with)\b|$)/i.exec(head);
    const text = /\b(?:saying|that says|with the text|with text|reading)\s*:?\s*(.+)$/i.exec(body);
    const title = namedAs(body) ?? (about ? unquote(about[1]) : null);
    return { op: 'add', part: partOf(head), title: title ? title[0].toUpperCase() + title.slice(1) : null, bullets: bullets?.items ?? null, numbered: bullets?.numbered ?? false, text: text ? unquote(text[1]) : null, where, source: sentence };
  }
  return null;
}

/** The instructions of a request, one per sentence or line (list items stay with their sentence). */
export function instructionsOf(prompt: string): string[] {
  const joined = prompt.replace(/:\s*\n((?:\s*(?:[-*•]|\d+[.)])\s+.+\n?)+)/g, (_, list: string) => `: ${list.split('\n').map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim()).filter(Boolean).join('; ')}`);
  return joined.split(/\n+|(?<=[.!?])\s+(?=[A-Z])|;\s+(?=(?:then\s+)?(?:add|delete|remove|rename|move)\b)|\s+(?:and then|then)\s+(?=(?:add|delete|remove|rename|move)\b)|,?\s+and\s+(?=(?:add|insert|delete|remove|rename|move)\s+(?:a|an|the|slide|section|sheet|tab)\b)/i).map((x) => x.trim()).filter(Boolean);
}

export function editCommands(prompt: string): EditCommand[] {
  return instructionsOf(prompt).map(editCommand).filter((c): c is EditCommand => c !== null);
}
