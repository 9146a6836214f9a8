// What a part holds when the request names it but gives none of its content: short, clearly labelled
// placeholders that say what belongs there ("[Add the market size ...]"), never the content itself;
// and the usual parts of each kind of document, for requests that name none.
import type { DocKind } from './understand.ts';
import { WORDS, type Lang } from './language.ts';

const HINTS: [RegExp, string[]][] = [
  [/^(market|market size|market opportunity|opportunity|tam)$/i, ['the market size{ for s} (total and serviceable market) with its source', 'who the customers are and how many there are']],
  [/^(the )?(problem|pain points?|challenge)$/i, ['the problem{ s addresses} and who has it', 'evidence that the problem matters']],
  [/^(the )?(solution|offering)$/i, ['what the product is and how it works', 'what makes it different from the alternatives']],
  // (A pitch has both a Solution and a Product slide: the product slide shows it.)
  [/^(product|our product|product overview|the product|demo|product demo)$/i, ['screenshots or a short demo of the product', 'the main features and what each does for the customer']],
  [/^(business model|revenue model|pricing|monetization|monetisation)$/i, ['how the company makes money: pricing and revenue streams', 'the unit economics']],
  [/^traction$/i, ['traction to date: customers, revenue, pilots or partners', 'growth since launch']],
  [/^(the )?team$/i, ['the founders and key team members with their roles', 'the experience that matters for this plan']],
  [/^(the )?(ask|funding|investment|use of funds|funding ask)$/i, ['the amount being raised', 'what the money will fund and the milestones it reaches']],
  [/^(competition|competitors|competitive landscape|the competition)$/i, ['the main competitors and alternatives', 'why customers would choose this instead']],
  [/^(financials|financial plan|projections|financial projections|forecast)$/i, ['revenue and cost projections', 'the assumptions behind them']],
  [/^(risks?|risks and mitigations)$/i, ['the main risks', 'how each risk is reduced']],
  [/^(next steps|action items|actions)$/i, ['the next steps, each with an owner and a date']],
  [/^(goals|objectives|aims)$/i, ['the goals', 'how success is measured']],
  [/^(budget|costs|cost)$/i, ['the budget lines and amounts', 'the total and who approves it']],
  [/^(timeline|schedule|milestones|roadmap|phases)$/i, ['the milestones with their dates', 'what each milestone delivers']],
  [/^(owners|responsibilities|roles)$/i, ['who owns each part of the work']],
  [/^(executive summary|summary|overview|introduction|intro)$/i, ['the main message in one or two sentences']],
  [/^(background|context)$/i, ['the background a reader needs']],
  [/^(findings|results)$/i, ['the findings, each with its evidence']],
  [/^(recommendations?)$/i, ['the recommendations and what they need']],
  [/^(scope)$/i, ['what is in and out of scope']],
  [/^(agenda)$/i, ['the agenda items with times']],
  [/^(key points|highlights|key messages)$/i, ['the first key point', 'a supporting point']],
  [/^(details|discussion)$/i, ['the details that support the key points']],
  [/^(analysis)$/i, ['what the figures or evidence show']],
  [/^(options|alternatives)$/i, ['the options considered, with their pros and cons']],
  [/^(purpose)$/i, ['why this document exists and what it asks of the reader']],
  // A job description's parts.
  [/^(about the role|the role|role)$/i, ['the role in two or three sentences: the team, what it is for, why it matters']],
  [/^(what you(?:'ll| will) do|duties)$/i, ['what the person will do, day to day', 'what they will own']],
  [/^(requirements|qualifications|what we(?:'re| are) looking for)$/i, ['the skills and experience required', 'what would be a plus']],
  [/^(benefits|perks|what we offer)$/i, ['pay, benefits and perks']],
  [/^(how to apply)$/i, ['how to apply, to whom and by when']],
  // A letter's parts.
  [/^(opening)$/i, ['why you are writing']],
  [/^(closing)$/i, ['what you ask of the reader, and how to reach you']],
];

/** Placeholder bullets for a part titled `item` of a document about `subject`; `names`: words the request writes as names. */
export function placeholdersFor(item: string, subject: string | null, lang: Lang, names: string[] = []): string[] {
  const w = WORDS[lang];
  if (lang !== 'en') return [w.add(`${w.keyPoints}: ${item}`)];
  const hints = HINTS.find(([re]) => re.test(item.trim()))?.[1];
  // (An acronym keeps its capitals: "NPS", not "nPS"; so does a name the subject writes with one: "Kubernetes".)
  const first = item.split(/\s+/)[0];
  const named = names.includes(first) || subject !== null && new RegExp(`(?:^|[^\\p{L}])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(subject);
  const lead = /^\p{Lu}{2}/u.test(item) || named ? item : `${item.charAt(0).toLowerCase()}${item.slice(1)}`;
  // ("on Kubernetes for Kubernetes and Docker": a part the subject names needs no "for" the subject.)
  const within = subject !== null && subject.toLowerCase().includes(item.toLowerCase());
  if (!hints) return [w.add(`the key points on ${lead}${subject && !within ? ` for ${subject}` : ''}`)];
  // "{ for s}" takes the subject where it reads naturally, and disappears without one.
  return hints.map((h) => w.add(h.replace(/\{([^}]*)\}/, (_, slot: string) => (subject ? slot.replace(/\bs\b/, subject) : ''))));
}

const PARTS: Partial<Record<DocKind, string[]>> = {
  pitch: ['Problem', 'Solution', 'Market size', 'Product', 'Business model', 'Traction', 'Competition', 'Team', 'Financials', 'The ask'],
  proposal: ['Overview', 'Problem', 'Proposed solution', 'Timeline', 'Budget', 'Next steps'],
  memo: ['Purpose', 'Details', 'Action items'],
  job: ['About the role', "What you'll do", 'Requirements', 'Benefits', 'How to apply'],
  letter: ['Opening', 'Details', 'Closing'],
  invitation: ['Event details', 'Programme', 'How to reply'],
  agenda: ['Welcome', 'Updates', 'Discussion', 'Decisions', 'Next steps'],
  minutes: ['Attendees', 'Agenda', 'Decisions', 'Action items'],
  plan: ['Goals', 'Scope', 'Milestones', 'Risks', 'Owners and next steps'],
  policy: ['Purpose', 'Scope', 'Policy', 'Responsibilities', 'Exceptions'],
  newsletter: ['Highlights', 'News', 'Upcoming', 'Contacts'],
  report: ['Executive summary', 'Background', 'Findings', 'Recommendations', 'Next steps'],
};

/** The usual parts of a kind of document (the language's own generic parts outside English). */
/** The parts of a memo, letter, agenda or minutes in German, Spanish and French (else a report's). */
const PARTS_IN: Record<Exclude<Lang, 'en'>, Partial<Record<DocKind, string[]>>> = {
  de: { memo: ['Anlass', 'Details', 'Nächste Schritte'], letter: ['Einleitung', 'Anliegen', 'Schluss'], agenda: ['Begrüßung', 'Berichte', 'Diskussion', 'Beschlüsse', 'Nächste Schritte'], minutes: ['Teilnehmende', 'Tagesordnung', 'Beschlüsse', 'Aufgaben'] },
  es: { memo: ['Propósito', 'Detalles', 'Acciones'], letter: ['Introducción', 'Detalles', 'Despedida'], agenda: ['Bienvenida', 'Novedades', 'Debate', 'Decisiones', 'Próximos pasos'], minutes: ['Asistentes', 'Orden del día', 'Decisiones', 'Tareas'] },
  fr: { memo: ['Objet', 'Détails', 'Actions'], letter: ['Introduction', 'Détails', 'Conclusion'], agenda: ['Accueil', 'Actualités', 'Discussion', 'Décisions', 'Prochaines étapes'], minutes: ['Participants', 'Ordre du jour', 'Décisions', 'Actions'] },
};

export function partsOf(kind: DocKind, lang: Lang, format: 'deck' | 'document'): string[] {
  if (lang !== 'en') return format === 'deck' ? WORDS[lang].deck : PARTS_IN[lang][kind] ?? WORDS[lang].report;
  return PARTS[kind] ?? (format === 'deck' ? WORDS.en.deck : ['Overview', 'Details', 'Next steps']);
}
