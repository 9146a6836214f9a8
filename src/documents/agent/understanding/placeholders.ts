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
  // A policy's parts.
  [/^(policy|the policy|rules)$/i, ['the rules themselves, one per line', 'what happens when they are not followed']],
  [/^(exceptions)$/i, ['when the policy does not apply, and who approves an exception']],
  // A job description's parts.
  [/^(about the role|the role|role)$/i, ['the role in two or three sentences: the team, what it is for, why it matters']],
  [/^(what you(?:'ll| will) do|duties)$/i, ['what the person will do, day to day', 'what they will own']],
  [/^(requirements|qualifications|what we(?:'re| are) looking for)$/i, ['the skills and experience required', 'what would be a plus']],
  [/^(benefits|perks|what we offer)$/i, ['pay, benefits and perks']],
  [/^(how to apply)$/i, ['how to apply, to whom and by when']],
  // A history's parts (subjectParts below).
  [/^(origins?)$/i, ['where and when it began, and who was behind it']],
  [/^(key milestones)$/i, ['the key dates, each with what happened']],
  [/^(turning points)$/i, ['the changes that shaped what came next, and why they mattered']],
  [/^(legacy)$/i, ['what it left behind and why it still matters']],
  // An incident report's parts.
  [/^(what happened)$/i, ['the events in order, each with its time']],
  [/^(impact)$/i, ['who and what was affected, and for how long']],
  [/^(root cause)$/i, ['why it happened']],
  [/^(resolution)$/i, ['how it was fixed, and when service was back']],
  [/^(follow-up actions)$/i, ['the actions that keep it from happening again, each with an owner and a date']],
  // A training's or a how-to's parts.
  [/^(learning objectives)$/i, ['what the learners will be able to do at the end']],
  [/^(key concepts|key ideas)$/i, ['the ideas to understand first, each in a sentence']],
  [/^(step by step|steps)$/i, ['the steps in order, one line each']],
  [/^(common mistakes)$/i, ['the usual mistakes and how to avoid them']],
  [/^(practice|activity|quiz)$/i, ['an exercise or a few questions to check understanding']],
  [/^(resources|further reading)$/i, ['where to find help and further reading']],
  [/^(what you need|before you start)$/i, ['the tools, access or materials needed before starting']],
  [/^(why it matters)$/i, ['why this matters and when it is used']],
  [/^(examples)$/i, ['examples that show the ideas at work']],
  [/^(recap)$/i, ['the main points to remember']],
  [/^(materials)$/i, ['what the teacher and the learners need']],
  [/^(warm-up)$/i, ['a short opening activity that connects to what they know']],
  [/^(instruction)$/i, ['how the new idea is introduced and explained, step by step']],
  [/^(assessment)$/i, ['how you will check that the objectives were met']],
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
  // ("Q&A", "R&D", "P2P" keep their capitals too: not "q&A".)
  const lead = /^\p{Lu}(?:\p{Lu}|[&\d/]\p{Lu}?)/u.test(item) || named ? item : `${item.charAt(0).toLowerCase()}${item.slice(1)}`;
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

/** The parts of a memo, letter, agenda or minutes in German, Spanish and French (else a report's). */
const PARTS_IN: Record<Exclude<Lang, 'en'>, Partial<Record<DocKind, string[]>>> = {
  de: { memo: ['Anlass', 'Details', 'Nächste Schritte'], letter: ['Einleitung', 'Anliegen', 'Schluss'], agenda: ['Begrüßung', 'Berichte', 'Diskussion', 'Beschlüsse', 'Nächste Schritte'], minutes: ['Teilnehmende', 'Tagesordnung', 'Beschlüsse', 'Aufgaben'] },
  es: { memo: ['Propósito', 'Detalles', 'Acciones'], letter: ['Introducción', 'Detalles', 'Despedida'], agenda: ['Bienvenida', 'Novedades', 'Debate', 'Decisiones', 'Próximos pasos'], minutes: ['Asistentes', 'Orden del día', 'Decisiones', 'Tareas'] },
  fr: { memo: ['Objet', 'Détails', 'Actions'], letter: ['Introduction', 'Détails', 'Conclusion'], agenda: ['Accueil', 'Actualités', 'Discussion', 'Décisions', 'Prochaines étapes'], minutes: ['Participants', 'Ordre du jour', 'Décisions', 'Actions'] },
};

/** What a request says its document is: its subject, the noun phrase naming it, and the request itself. */
export type About = { subject: string | null; label: string | null; request: string };

// ("Our onboarding process", "training costs" are about the thing, not one.)
const ABOUT_IT = String.raw`(?:process|programs?|programmes?|flow|experience|metrics|survey|feedback|results|costs?|budget|rates?|data|completion|attendance)\b`;
const TRAINING = new RegExp(String.raw`^(?:\p{L}+\s+)?(?:training|onboarding|orientation|induction|tutorial|workshop|course)\b(?!\s+${ABOUT_IT})`, 'iu');
// ("incident report for the outage on May 3", "postmortem of yesterday's outage".)
const INCIDENT = /\b(?:incident|outage|post-?mortem|downtime)\b/i;
// A subject that trains someone ("onboarding new sales reps"); "onboarding" alone may be about the process.
const TRAINING_WHOM = new RegExp(String.raw`^(?:training|onboarding)\s+(?!${ABOUT_IT})\p{L}`, 'iu');
// ("a training guide for new cashiers", "onboarding materials for interns": what the document is for.)
const TRAINING_FOR = /\b(?:training|onboarding|orientation|induction)\s+(?:guide|manual|handbook|materials?|deck|slides|presentation|session|course|doc(?:ument)?)\b/i;
const LESSON = /\b(?:lesson|lecture)\b|\bfor\s+(?:(?:my|our|the|a)\s+)?(?:[\p{L}\d-]+\s+){0,2}class\b|\bfor\s+(?:my|our)\s+(?:[\p{L}\d-]+\s+){0,2}(?:students|pupils|learners)\b|\bfor\s+(?:(?:high|middle|elementary|primary|secondary)\s+school|\d{1,2}(?:st|nd|rd|th)[-\s]grade|grade\s+\d{1,2}|year\s+\d{1,2})\s+(?:students|pupils)\b|\bfor\s+school\b/iu;

/**
 * The parts of what a subject is, where the request names no kind of document with parts of its own:
 * "incident report for the outage on May 3" is an incident's; "a presentation on the history of the bicycle" is a history; "training deck for new cashiers" a
 * training; "slides on how to reset a password" a how-to; "photosynthesis for my 5th grade class" a lesson.
 */
function subjectParts({ subject, label, request }: About): string[] | undefined {
  const first = request.split(/(?<=[.!?])\s|\n/)[0];
  if ([label, subject].some((x) => x && INCIDENT.test(x))) return ['Summary', 'What happened', 'Impact', 'Root cause', 'Resolution', 'Follow-up actions'];
  if (subject && /\b(?:history|evolution|origins?)\s+of\b/i.test(subject)) return ['Origins', 'Key milestones', 'Turning points', 'Legacy'];
  if (subject && /^how\s+to\b/i.test(subject)) return ['Why it matters', 'What you need', 'Step by step', 'Common mistakes', 'Checklist'];
  if ((label && TRAINING.test(label)) || (subject && TRAINING_WHOM.test(subject)) || TRAINING_FOR.test(first)) return ['Learning objectives', 'Key concepts', 'Step by step', 'Common mistakes', 'Practice', 'Resources'];
  if (LESSON.test(first)) return ['Learning objectives', 'Key ideas', 'Examples', 'Activity', 'Recap'];
  return undefined;
}

/** The kinds whose parts a subject's own parts replace: the ones that say only the format, and a plain report. */
const BY_SUBJECT = new Set<DocKind>(['deck', 'document', 'report']);

/**
 * The usual parts of a kind of document (the language's own generic parts outside English); `about`, what
 * the request says its document is, can make them an incident report's, a history's, a training's, a how-to's or a lesson's.
 */
export function partsOf(kind: DocKind, lang: Lang, format: 'deck' | 'document', about?: About): string[] {
  if (lang !== 'en') return format === 'deck' ? WORDS[lang].deck : PARTS_IN[lang][kind] ?? WORDS[lang].report;
  // ("a lesson plan on fractions": a lesson's plan, not a project's.)
  if (kind === 'plan' && about?.label && /\blesson\b/i.test(about.label)) return ['Learning objectives', 'Materials', 'Warm-up', 'Instruction', 'Practice', 'Assessment'];
  const own = about && BY_SUBJECT.has(kind) ? subjectParts(about) : undefined;
  return own ?? PARTS[kind] ?? (format === 'deck' ? WORDS.en.deck : ['Overview', 'Details', 'Next steps']);
}
