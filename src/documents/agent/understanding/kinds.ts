// What kind of document a request asks for (a pitch, a memo, a job description, a budget, ...) and the
// noun phrase naming it ("Project tracker", "Quarterly review 2024"), from the request's own words.
import { AS_LAYOUT } from './inline-data.ts';

export type DocKind = 'pitch' | 'deck' | 'memo' | 'job' | 'letter' | 'report' | 'proposal' | 'plan' | 'budget' | 'tracker' | 'invoice' | 'agenda' | 'minutes' | 'invitation' | 'policy' | 'newsletter' | 'workbook' | 'document';

export const KINDS: [DocKind, RegExp][] = [
  ['pitch', /\b(pitch(?:[- ]deck)?|investor deck|investor presentation|(?:seed|series [a-d]|fundraising|funding|vc) (?:deck|presentation)|(?:deck|presentation|slides?) (?:for|to) (?:(?:potential|prospective|some|our|the|angel)\s+)?(?:investors|vcs|angels|angel investors))\b/i],
  ['memo', /\b(memo|memorandum|aktennotiz|memorándum|note de service)\b/i],
  ['job', /\b(job (?:description|posting|ad|advert(?:isement)?|listing|spec)|stellenanzeige|stellenbeschreibung|oferta de (?:empleo|trabajo)|descripción del puesto|offre d'emploi|fiche de poste)\b/i],
  ['letter', /\b(letter|cover letter|thank[- ]you\s+(?:note|card|email|message)|carta|lettre|anschreiben|brief(?=\s+an\b))\b/i],
  ['invitation', /\b(invitation|invite|einladung|invitación|flyer|poster|leaflet)\b/i],
  ['agenda', /\b(agenda|tagesordnung|orden del día|ordre du jour)\b/i],
  ['minutes', /\b((?<!\d\s?-?\s?)minutes|meeting notes|(?:standup|stand-up|team|sync|call|meeting) (?:notes|recap)|notes from (?:the|today's|yesterday's|our|this|my) \S+|protokoll|acta|compte rendu)\b/i],
  ['proposal', /\b(proposal|angebot|propuesta|proposition)\b/i],
  ['budget', /\b(budget|presupuesto|haushaltsplan|budgetplan|[a-zäöü]+budget)\b/i],
  ['invoice', /\b(invoice|rechnung|factura|facture)\b/i],
  ['tracker', /\b(tracker|tracking sheet|log|checklist|inventory|inventar|inventario|inventaire|(?:(?<=\b(?:to|for|will|can|i|we)\s+)|^\s*(?:please\s+)?)(?:keep\s+)?track(?:ing)?(?:\s+of)?(?=\s+(?!down\b|record\b)\p{L}))\b/iu],
  ['policy', /\b(policy|guideline|handbook|richtlinie|política|politique)\b/i],
  ['newsletter', /\b(newsletter|boletín|bulletin)\b/i],
  ['plan', /\b(project brief|plan|strategy|roadmap|strategie|estrategia|stratégie|projektplan)\b/i],
  ['report', /\b(report|review|analysis|summary|brief|overview|bericht|informe|rapport|analyse|análisis)\b/i],
  ['deck', /\b(deck|presentation|slides?|slideshow|lunch[- ](?:and|&|n)[- ]learn|brown[- ]bag|webinar|keynote|(?<=\b(?:a|an|my|our|the)\s+(?:short\s+|quick\s+|\d+[- ]minute\s+)?)talk|präsentation|folien|presentación|diapositivas|présentation|diapositives)\b/i],
  ['workbook', /\b(workbook|spreadsheet|sheet|excel|tabelle|arbeitsmappe|hoja de cálculo|libro|classeur|tableur)\b/i],
];

/** The kinds that name a format, which a kind of document gives way to ("a 6-slide pitch deck"). */
export const GENERIC = new Set<DocKind>(['deck', 'workbook']);

export function kindOf(text: string): DocKind {
  // The noun of the request's first sentence wins ("a memo about the plan" is a memo).
  // The words naming a format (deck, workbook) give way to a kind of document ("a 6-slide pitch deck").
  const first = text.split(/(?<=[.!?])\s|\n/)[0];
  const hits = KINDS.map(([k, re]) => ({ k, at: first.search(re) })).filter((h) => h.at >= 0)
    .sort((a, b) => Number(GENERIC.has(a.k)) - Number(GENERIC.has(b.k)) || a.at - b.at);
  return hits[0]?.k ?? KINDS.find(([, re]) => re.test(text))?.[0] ?? 'document';
}

const LABEL_STOP = /^(a|an|the|create|make|build|generate|write|draft|prepare|need|want|new|simple|quick|me|us|please|pls|i|we|give|set|up|some|my|our|crea|crear|haz|redacta|escribe|erstelle|erstellen|schreibe|mach|mache|crée|créer|créez|fais|rédige|écris|una|un|unos|eine|ein|einen|une|le|la|el|los|las|die|der|das|des|bitte|por|favor|svp|\d[\w-]*|one|two|three|four|five|six|seven|eight|nine|ten|[\w]+-(?:slide|page|sheet)s?)$/i;

/** A period a document is named by: a year, a quarter or half, a fiscal year ("2025", "Q3", "H1", "FY26", "2024-25"). */
const PERIOD = /^(?:(?:19|20)\d{2}(?:[-–/](?:\d{2}|(?:19|20)\d{2}))?|[QH][1-4]|FY\s?\d{2,4})$/i;

/** The noun phrase naming the document ("Project tracker", "Budget"), without verbs, articles and counts. */
export function labelOf(text: string, kind: DocKind): string | null {
  const first = text.split(/(?<=[.!?:\n])\s/)[0].replace(AS_LAYOUT, '');
  const re = KINDS.find(([k]) => k === kind)?.[1];
  const at = re ? first.search(re) : -1;
  if (at < 0) {
    // "Track these invoices": what is tracked names it.
    const tracked = /^(?:track|log|record|organi[sz]e|keep\s+track\s+of)\s+(?:(?:these|this|my|our|the|all)\s+)?(\p{L}[\p{L}\d &'-]{2,40})$/iu.exec(first.trim());
    if (tracked) return tracked[1][0].toUpperCase() + tracked[1].slice(1);
    // No document noun: a request that starts with its subject ("sales by region with a row per region").
    const head = /^([\p{L}][\p{L}\d &'-]{2,40}?)(?=\s+(?:with|for|including|that|which|mit|con|avec)\b|\s*[:,.(]|$)/u.exec(first.trim());
    return head && head[1].split(/\s+/).length <= 5 && !LABEL_STOP.test(head[1].split(/\s+/)[0]) && !/^(add|delete|remove|rename|move|put|insert|show|plot|chart|compare|list)$/i.test(head[1].split(/\s+/)[0]) ? head[1][0].toUpperCase() + head[1].slice(1) : null;
  }
  const noun = re!.exec(first.slice(at))![0];
  // "a spreadsheet to track my job applications": what is tracked names it ("Job applications").
  if (/track/i.test(noun) && !/tracker|tracking sheet/i.test(noun)) {
    const what = /^\s*(?:(?:my|our|the|all|each|every|these|this|those)\s+)?(\p{L}[\p{L}\d' -]{1,40}?)(?=\s*(?:[-–—:,.;(]|\s(?:with|for|and|in|by|so|to|that|which|including|across)\b|$))/iu.exec(first.slice(at + noun.length));
    return what ? what[1][0].toUpperCase() + what[1].slice(1) : null;
  }
  const all = first.slice(0, at).trim().split(/\s+/).filter(Boolean);
  const before = all.slice(-2);
  while (before.length && LABEL_STOP.test(before[0])) before.shift();
  if (before.some((w) => LABEL_STOP.test(w) || !/^[\p{L}&-]+$/u.test(w))) before.splice(0, before.length);
  // "Q3 2025 board update", "annual report 2024", "our 2025 roadmap": the period it covers is part of its name.
  const periods: string[] = [];
  for (let i = all.length - before.length - 1; i >= 0 && PERIOD.test(all[i]); i--) periods.unshift(all[i]);
  const after = new RegExp(String.raw`^\s+(${PERIOD.source.slice(1, -1)}(?:\s+(?:19|20)\d{2})?)(?=[\s,.:;]|$)`, 'i').exec(first.slice(at + noun.length))?.[1];
  const words = [...periods, ...(GENERIC.has(kind) || kind === 'document' ? before : [...before, noun]), ...(after && !periods.length ? [after] : [])];
  const label = words.join(' ').trim();
  return label ? label[0].toUpperCase() + label.slice(1) : null;
}
