// The public evaluation set of the builtin (offline) engine: requests written the way different people
// write them (terse, rambling, with typos, in German, Spanish and French), new documents and edits of a
// generated document or of a real file from the fidelity corpus, each with the structural checks a
// person would use to say "yes, that is what I asked for". Every case also gets a `no_echo` check: the
// request's own sentences must not be pasted into the document. `npm run eval:builtin` runs them.
import type { Check } from '../../src/documents/agent/outcome/checks.ts';
import { USER_CASES } from './user-cases.ts';

export type EvalFormat = 'slides' | 'word' | 'excel';

export interface EvalCase {
  id: string;
  format: EvalFormat;
  prompt: string;
  /** An edit: the document to start from, generated from a prompt or a corpus file (init_file). */
  start?: { prompt: string } | { file: string };
  data_sources?: unknown[];
  checks: Check[];
  /** A request the builtin engine cannot carry out: it must end in this failure (uncharged, no version written), never a hollow success. */
  fails?: { status: number; error: string };
}

const CORPUS = 'test/fixtures/fidelity';

const slides: EvalCase[] = [
  {
    id: 'pitch-deck-six-topics', format: 'slides',
    prompt: 'A 6-slide pitch deck for a startup that makes solar-powered water purifiers for rural villages. Include market size, product, business model, traction, team and the ask.',
    checks: [{ check: 'parts', equals: 7 }, { check: 'titles', include: ['Market size', 'Product', 'Business model', 'Traction', 'Team', 'The ask'], ordered: true }, { check: 'placeholders', min: 6 }],
  },
  { id: 'ten-slides-count', format: 'slides', prompt: 'make me 10 slides on our Q3 customer support results', checks: [{ check: 'parts', equals: 10 }, { check: 'placeholders', min: 3 }] },
  { id: 'typos-five-slides', format: 'slides', prompt: 'pls create a presentaton about remote work polcy for new hires, 5 slides', checks: [{ check: 'parts', equals: 5 }] },
  { id: 'board-deck-topics', format: 'slides', prompt: 'Deck for the board covering revenue, churn, hiring plan and risks', checks: [{ check: 'titles', include: ['Revenue', 'Churn', 'Hiring plan', 'Risks'], ordered: true }] },
  {
    id: 'bar-chart-from-pairs', format: 'slides', prompt: 'Make a slide deck with a bar chart of signups by month: Jan 120, Feb 150, Mar 210, Apr 260',
    checks: [{ check: 'charts', type: 'bar', categories: ['Jan', 'Feb', 'Mar', 'Apr'] }],
  },
  {
    id: 'line-chart-from-csv', format: 'slides', prompt: 'Quarterly revenue deck. Plot this as a line chart:\nquarter,revenue\nQ1,1.2\nQ2,1.5\nQ3,1.9\nQ4,2.4',
    checks: [{ check: 'charts', type: 'line', categories: ['Q1', 'Q2', 'Q3', 'Q4'] }],
  },
  {
    id: 'pie-chart-percentages', format: 'slides', prompt: 'pie chart of our traffic sources - Search 45%, Social 25%, Direct 20%, Email 10%',
    checks: [{ check: 'charts', type: 'pie', categories: ['Search', 'Social', 'Direct', 'Email'] }],
  },
  { id: 'compare-clouds', format: 'slides', prompt: 'Compare AWS, Azure and GCP on price, support and regions', checks: [{ check: 'tables', header: ['AWS', 'Azure', 'GCP'] }, { check: 'text', includes: ['Price', 'Support', 'Regions'] }] },
  {
    id: 'roadmap-dated', format: 'slides', prompt: 'Product roadmap presentation: beta in March, public launch in June, v2 by Q4 2025',
    checks: [{ check: 'tables', header: ['Milestone'] }, { check: 'text', includes: ['Public launch', 'June', 'Q4 2025'] }],
  },
  {
    id: 'slide-with-bullets', format: 'slides', prompt: 'A slide titled Hiring plan with bullets: two backend engineers, one designer, a product manager',
    checks: [{ check: 'titles', include: ['Hiring plan'] }, { check: 'part_text', part: 'Hiring plan', includes: ['two backend engineers', 'one designer', 'a product manager'] }],
  },
  {
    id: 'rambling-all-hands', format: 'slides',
    prompt: "So we have the all-hands next week and I need something to show. Our team shipped the new billing system, we cut support response time, and we're hiring. Can you put together a deck? Maybe sections for wins, metrics, hiring and what's next. Nothing fancy.",
    checks: [{ check: 'titles', include: ['Wins', 'Metrics', 'Hiring', "What's next"], ordered: true }],
  },
  { id: 'german-five-slides', format: 'slides', prompt: 'Erstelle eine Präsentation mit 5 Folien über unsere Nachhaltigkeitsstrategie', checks: [{ check: 'parts', equals: 5 }, { check: 'text', includes: ['Ergänzen'], excludes: ['[Add', 'Thank you'] }] },
  {
    id: 'spanish-topics', format: 'slides', prompt: 'Crea una presentación sobre el lanzamiento del producto que incluya mercado, precio, canales y equipo',
    checks: [{ check: 'titles', include: ['Mercado', 'Precio', 'Canales', 'Equipo'], ordered: true }, { check: 'text', includes: ['Añadir'], excludes: ['[Add'] }],
  },
  { id: 'french-four-slides', format: 'slides', prompt: 'Fais une présentation de 4 diapositives sur notre bilan annuel', checks: [{ check: 'parts', equals: 4 }, { check: 'text', includes: ['Ajouter'], excludes: ['[Add'] }] },
  {
    id: 'markdown-outline', format: 'slides', prompt: '# Launch plan\n\n## Goals\n- Reach 1,000 users\n- Ship the mobile app\n\n## Budget\n| Item | Cost |\n|---|---|\n| Ads | $5,000 |\n| Events | $2,500 |',
    checks: [{ check: 'titles', include: ['Launch plan', 'Goals', 'Budget'], ordered: true }, { check: 'tables', header: ['Item', 'Cost'] }, { check: 'part_text', part: 'Goals', includes: ['Reach 1,000 users'] }],
  },
  { id: 'twelve-slide-update', format: 'slides', prompt: 'I need a twelve slide investor update', checks: [{ check: 'parts', equals: 12 }] },
  { id: 'sprint-review-three', format: 'slides', prompt: 'Three slides for the sprint review: agenda, demo and Q&A', checks: [{ check: 'parts', min: 3, max: 4 }, { check: 'titles', include: ['Agenda', 'Demo', 'Q&A'], ordered: true }] },
  {
    id: 'edit-delete-slide-about', format: 'slides', start: { prompt: 'Deck about our office move covering timeline, costs, seating and parking' },
    prompt: 'Delete the slide about parking', checks: [{ check: 'no_titles', exclude: ['Parking'] }, { check: 'titles', include: ['Timeline', 'Costs', 'Seating'] }],
  },
  {
    id: 'edit-add-slide-bullets', format: 'slides', start: { prompt: 'A pitch deck for a water purifier startup. Include problem, product and team.' },
    prompt: 'add a slide called Competition with bullets: Acme Filters, AquaPure, local NGOs',
    checks: [{ check: 'titles', include: ['Problem', 'Product', 'Team', 'Competition'] }, { check: 'part_text', part: 'Competition', includes: ['Acme Filters', 'AquaPure', 'local NGOs'] }],
  },
  { id: 'edit-rename-slide', format: 'slides', start: { prompt: 'Deck covering goals, risks and budget' }, prompt: 'rename the Risks slide to Open risks', checks: [{ check: 'titles', include: ['Goals', 'Open risks', 'Budget'] }, { check: 'no_titles', exclude: ['Risks'] }] },
  {
    id: 'edit-move-chart', format: 'slides', start: { prompt: '# Review\n\n## Summary\n- Revenue is up\n\n## Sales chart\n| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 80 |\n| East | 100 |' },
    prompt: 'move the sales chart to the summary slide', checks: [{ check: 'charts', on: 'Summary' }],
  },
  {
    id: 'edit-corpus-add-slide', format: 'slides', start: { file: `${CORPUS}/pptx/pp-pie-chart.pptx` },
    prompt: 'Add a slide titled Key takeaways with bullets: sales grew, costs fell',
    checks: [{ check: 'titles', include: ['My Pie Chart', 'Key takeaways'], ordered: true }, { check: 'charts', type: 'pie' }, { check: 'part_text', part: 'Key takeaways', includes: ['sales grew', 'costs fell'] }],
  },
  { id: 'edit-retitle-slide-number', format: 'slides', start: { prompt: 'Deck covering goals, risks and budget' }, prompt: 'change the title of slide 2 to Our goals', checks: [{ check: 'titles', include: ['Our goals', 'Risks', 'Budget'], ordered: true }, { check: 'no_titles', exclude: ['Goals'] }] },
  { id: 'edit-move-slide-to-end', format: 'slides', start: { prompt: 'Deck covering goals, risks and budget' }, prompt: 'move the goals slide to the end', checks: [{ check: 'titles', include: ['Risks', 'Budget', 'Goals'], ordered: true }] },
  {
    id: 'two-series-by-quarter', format: 'slides', prompt: 'Deck with a chart comparing 2023 and 2024 revenue by quarter:\nQuarter,2023,2024\nQ1,10,12\nQ2,11,14\nQ3,13,15\nQ4,12,17',
    checks: [{ check: 'charts', categories: ['Q1', 'Q2', 'Q3', 'Q4'] }, { check: 'text', includes: ['2023', '2024'] }],
  },
  {
    id: 'spanish-pie-chart', format: 'slides', prompt: 'Haz una presentación con un gráfico circular de ventas por canal: Online 60%, Tiendas 30%, Mayoristas 10%',
    checks: [{ check: 'charts', type: 'pie', categories: ['Online', 'Tiendas', 'Mayoristas'] }, { check: 'text', excludes: ['Thank you'] }],
  },
  // The README's demo deck and stated facts: each fact as written, no chart of unlike figures.
  {
    id: 'readme-demo-deck', format: 'slides', prompt: 'A deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets',
    checks: [{ check: 'charts', max: 0 }, { check: 'text', includes: ['Revenue up 12%', 'Churn down to 3%', 'Two new markets'] }, { check: 'no_titles', exclude: ['Results by Item'] }, { check: 'titles', include: ['Q3 results at a glance'] }],
  },
  { id: 'facts-typos', format: 'slides', prompt: 'deck abt our Q2 numbers: revenu up 8%, churn down to 2.5%, 3 new hires', checks: [{ check: 'charts', max: 0 }, { check: 'text', includes: ['Revenu up 8%', 'Churn down to 2.5%', '3 new hires'] }] },
  { id: 'facts-german', format: 'slides', prompt: 'Präsentation zu unseren Q3-Ergebnissen: Umsatz plus 12 %, Churn gesunken auf 3 %, zwei neue Märkte', checks: [{ check: 'charts', max: 0 }, { check: 'text', includes: ['Umsatz plus 12 %', 'Churn gesunken auf 3 %', 'Zwei neue Märkte'], excludes: ['Thank you'] }] },
  { id: 'facts-spanish', format: 'slides', prompt: 'Presentación de resultados del Q3: ventas suben un 12%, la rotación baja al 3%, dos mercados nuevos', checks: [{ check: 'charts', max: 0 }, { check: 'text', includes: ['Ventas suben un 12%', 'La rotación baja al 3%', 'Dos mercados nuevos'] }] },
  { id: 'facts-french', format: 'slides', prompt: "Présentation des résultats du T3 : chiffre d'affaires en hausse de 12 %, churn en baisse à 3 %, deux nouveaux marchés", checks: [{ check: 'charts', max: 0 }, { check: 'text', includes: ["Chiffre d'affaires en hausse de 12 %", 'Churn en baisse à 3 %', 'Deux nouveaux marchés'] }] },
  { id: 'series-still-charted', format: 'slides', prompt: 'Deck with a bar chart of revenue by region: North 120, South 80, East 100', checks: [{ check: 'charts', type: 'bar', categories: ['North', 'South', 'East'] }] },
  // Requests the builtin engine cannot carry out: a clear, uncharged failure with no version written.
  { id: 'unsupported-translate-deck', format: 'slides', start: { prompt: 'A deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets' }, prompt: 'translate this deck to Japanese', checks: [], fails: { status: 502, error: 'upstream_error' } },
  { id: 'unsupported-3d-animated-chart', format: 'slides', start: { prompt: 'Make a slide deck with a bar chart of signups by month: Jan 120, Feb 150, Mar 210, Apr 260' }, prompt: 'make the chart 3D with animations', checks: [], fails: { status: 502, error: 'upstream_error' } },
  { id: 'unsupported-video', format: 'slides', start: { prompt: 'An onboarding deck: welcome, tools, first week' }, prompt: 'add a video of our product demo', checks: [], fails: { status: 400, error: 'preflight_failed' } },
  { id: 'unsupported-youtube-embed', format: 'slides', start: { prompt: 'An onboarding deck: welcome, tools, first week' }, prompt: 'Add an embedded YouTube video on slide 2', checks: [], fails: { status: 502, error: 'upstream_error' } },
];

const word: EvalCase[] = [
  { id: 'edit-change-section-title', format: 'word', start: { prompt: 'Draft a report on Q3 churn covering causes, fixes and next steps' }, prompt: 'change the title of the Fixes section to Remediation', checks: [{ check: 'titles', include: ['Causes', 'Remediation', 'Next steps'], ordered: true }] },
  { id: 'edit-get-rid-of-section', format: 'word', start: { prompt: 'Draft a report on Q3 churn covering causes, fixes and next steps' }, prompt: 'get rid of the Causes section pls', checks: [{ check: 'no_titles', exclude: ['Causes'] }, { check: 'parts', equals: 2 }] },
  {
    id: 'cover-letter-facts', format: 'word', prompt: 'Write a cover letter to Jane Roe at Globex for the Data Analyst role, from Sam Lee (sam@lee.dev)',
    checks: [{ check: 'text', includes: ['Jane Roe', 'Sam Lee', 'sam@lee.dev'] }, { check: 'placeholders', min: 1 }],
  },
  {
    id: 'german-memo-facts', format: 'word', prompt: 'Schreibe eine Aktennotiz an das Team von Anna Weber zum Umzug am 3. März 2025 in die Hauptstraße 5, 10115 Berlin',
    checks: [{ check: 'text', includes: ['Anna Weber', '3. März 2025', 'Hauptstraße 5'], excludes: ['[Add'] }],
  },
  {
    id: 'memo-facts', format: 'word', prompt: 'Write a one-page memo to all staff from Dana Smith about the office move on March 3, 2025 to 12 Harbor Road, Springfield. Contact: facilities@acme.com',
    checks: [{ check: 'text', includes: ['all staff', 'Dana Smith', 'March 3, 2025', '12 Harbor Road', 'facilities@acme.com'] }, { check: 'parts', max: 3 }, { check: 'page_breaks', max: 0 }],
  },
  {
    id: 'report-topics', format: 'word', prompt: 'Draft a report on Q3 churn covering causes, affected segments, fixes and next steps',
    checks: [{ check: 'titles', include: ['Causes', 'Affected segments', 'Fixes', 'Next steps'], ordered: true }, { check: 'placeholders', min: 4 }],
  },
  { id: 'proposal-skeleton', format: 'word', prompt: 'proposal for a new employee onboarding program', checks: [{ check: 'parts', min: 4 }, { check: 'titles', include: ['Overview', 'Timeline', 'Budget'] }, { check: 'placeholders', min: 4 }] },
  { id: 'plan-phases', format: 'word', prompt: 'Project plan with phases, timeline, risks and owners', checks: [{ check: 'titles', include: ['Phases', 'Timeline', 'Risks', 'Owners'], ordered: true }, { check: 'tables', header: ['Milestone'] }] },
  {
    id: 'compare-databases', format: 'word', prompt: 'Write a short document comparing Postgres vs MySQL on performance, licensing and tooling',
    checks: [{ check: 'tables', header: ['Postgres', 'MySQL'] }, { check: 'text', includes: ['Performance', 'Licensing', 'Tooling'] }],
  },
  { id: 'data-table-csv', format: 'word', prompt: 'Report with this data:\nregion,revenue\nNorth,$120\nSouth,$80', checks: [{ check: 'tables', header: ['region', 'revenue'] }, { check: 'text', includes: ['North', '$120', 'South', '$80'] }] },
  {
    id: 'expenses-table-total', format: 'word', prompt: 'Write up our trip expenses with a total: flights $840, hotel $610.50, meals $132',
    checks: [{ check: 'tables', header: ['Item', 'Expenses'] }, { check: 'text', includes: ['Flights', '$840', 'Total', '$1,582.50'] }],
  },
  {
    id: 'new-doc-next-steps', format: 'word', prompt: 'Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff',
    checks: [{ check: 'titles', include: ['Next steps'] }, { check: 'part_text', part: 'Next steps', includes: ['sign contract', 'schedule kickoff'], excludes: ['with bullets'] }],
  },
  { id: 'typos-policy', format: 'word', prompt: 'writ a polcy doc on remote work includng eligibility, equipment, security and expenses', checks: [{ check: 'titles', include: ['Eligibility', 'Equipment', 'Security', 'Expenses'], ordered: true }] },
  { id: 'german-report', format: 'word', prompt: 'Schreibe einen Bericht über die Kundenzufriedenheit mit den Abschnitten Ergebnisse, Ursachen und Maßnahmen', checks: [{ check: 'titles', include: ['Ergebnisse', 'Ursachen', 'Maßnahmen'], ordered: true }, { check: 'text', excludes: ['[Add'] }] },
  { id: 'spanish-report', format: 'word', prompt: 'Redacta un informe sobre las ventas del trimestre', checks: [{ check: 'parts', min: 3 }, { check: 'text', includes: ['Añadir', 'Resumen ejecutivo'], excludes: ['[Add'] }] },
  { id: 'french-minutes', format: 'word', prompt: 'Rédige un compte rendu de réunion avec les décisions et les actions', checks: [{ check: 'titles', include: ['Décisions', 'Actions'] }, { check: 'text', excludes: ['[Add'] }] },
  {
    id: 'invitation-facts', format: 'word', prompt: 'Invitation to our summer party on Friday, July 18 at 6pm in Room 4B, RSVP to events@acme.com',
    checks: [{ check: 'text', includes: ['July 18', '6pm', 'Room 4B', 'events@acme.com'] }],
  },
  {
    id: 'timeline-dated', format: 'word', prompt: 'Write a project timeline: kickoff in January, design review in March, launch in June',
    checks: [{ check: 'tables', header: ['Milestone'] }, { check: 'text', includes: ['Kickoff', 'Design review', 'March', 'Launch', 'June'] }],
  },
  { id: 'three-page-report', format: 'word', prompt: 'a 3-page report on warehouse safety', checks: [{ check: 'page_breaks', min: 2 }, { check: 'parts', min: 3 }] },
  {
    id: 'markdown-guide', format: 'word', prompt: '# Onboarding guide\n\n## First day\n- Get your laptop\n- Meet your buddy\n\n## First week\n1. Set up accounts\n2. Shadow support',
    checks: [{ check: 'titles', include: ['First day', 'First week'], ordered: true }, { check: 'text', includes: ['Get your laptop', 'Shadow support'] }, { check: 'placeholders', max: 0 }],
  },
  {
    id: 'rambling-offsite-brief', format: 'word',
    prompt: "hey, can you help, I'm putting together a brief for the leadership offsite next month. It should talk about where we are, the big bets for next year and what we need from them. Keep it short please, like one page.",
    checks: [{ check: 'titles', include: ['Where we are'] }, { check: 'parts', max: 3 }, { check: 'page_breaks', max: 0 }],
  },
  {
    id: 'edit-add-next-steps', format: 'word', start: { prompt: '# Supplier review\n\n## Findings\n\nThe supplier met every deadline.' },
    prompt: 'Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff',
    checks: [{ check: 'titles', include: ['Findings', 'Next steps'], ordered: true }, { check: 'part_text', part: 'Next steps', includes: ['sign contract', 'schedule kickoff'] }, { check: 'no_titles', exclude: ['Next steps with bullets'] }],
  },
  { id: 'edit-rename-section', format: 'word', start: { prompt: 'Draft a report on Q3 churn covering causes, fixes and next steps' }, prompt: 'Rename the Fixes section to Remediation', checks: [{ check: 'titles', include: ['Causes', 'Remediation', 'Next steps'], ordered: true }, { check: 'no_titles', exclude: ['Fixes'] }] },
  { id: 'edit-delete-section', format: 'word', start: { prompt: 'Draft a report on Q3 churn covering causes, fixes and next steps' }, prompt: 'please remove the Causes section', checks: [{ check: 'no_titles', exclude: ['Causes'] }, { check: 'titles', include: ['Fixes', 'Next steps'] }] },
  { id: 'edit-move-section', format: 'word', start: { prompt: 'Draft a report on Q3 churn covering causes, fixes and next steps' }, prompt: 'Move the Next steps section before Fixes', checks: [{ check: 'titles', include: ['Causes', 'Next steps', 'Fixes'], ordered: true }] },
  {
    id: 'edit-corpus-add-section', format: 'word', start: { file: `${CORPUS}/docx/lo-report-toc-footnotes.docx` },
    prompt: 'Add a section called Limitations after Discussion with bullets: small sample, one season only',
    checks: [{ check: 'titles', include: ['Introduction', 'Results', 'Discussion', 'Limitations'], ordered: true }, { check: 'part_text', part: 'Limitations', includes: ['small sample', 'one season only'] }],
  },
  {
    id: 'edit-corpus-rename-section', format: 'word', start: { file: `${CORPUS}/docx/lo-report-toc-footnotes.docx` },
    prompt: 'Rename the Weekly medians section to Weekly results', checks: [{ check: 'titles', include: ['Results', 'Weekly results', 'Discussion'], ordered: true }, { check: 'no_titles', exclude: ['Weekly medians'] }],
  },
  // Announcements: the news stated in the body, dated the day it is written, labelled placeholders for the rest.
  {
    id: 'memo-office-move', format: 'word', prompt: 'A one-page memo to all staff announcing that the office moves to Berlin on 1 March 2027',
    checks: [{ check: 'text', includes: ['All staff', 'Office move to Berlin', 'The office moves to Berlin on 1 March 2027.', '[Add the new office address]'], excludes: ['Memo to All Staff Announcing'] }, { check: 'placeholders', min: 2 }],
  },
  { id: 'memo-move-typos', format: 'word', prompt: 'pls write a memo to all employes anouncing that the office moves to Berlin on 1 March 2027', checks: [{ check: 'text', includes: ['The office moves to Berlin on 1 March 2027.', 'Where: Berlin'] }] },
  { id: 'memo-kickoff-notice', format: 'word', prompt: 'Memo to the sales team informing them that the Q4 kickoff is on 14 January 2027 in Lisbon', checks: [{ check: 'text', includes: ['Q4 kickoff in Lisbon', 'The Q4 kickoff is on 14 January 2027 in Lisbon.', 'When: 14 January 2027'] }, { check: 'placeholders', min: 1 }] },
  { id: 'memo-closure-notice', format: 'word', prompt: 'Write a memo letting everyone know that the Paris office will close on 24 December for the holidays', checks: [{ check: 'text', includes: ['The Paris office will close on 24 December for the holidays.', '[Add who to contact in the meantime]'] }] },
  { id: 'memo-french-move', format: 'word', prompt: 'Mémo à tout le personnel annonçant que le bureau déménage à Lyon le 1er mars 2027', checks: [{ check: 'text', includes: ['Le bureau déménage à Lyon le 1er mars 2027.', 'Lyon'], excludes: ['[Add'] }] },
  { id: 'unsupported-translate-doc', format: 'word', start: { prompt: 'A one-page memo to all staff announcing that the office moves to Berlin on 1 March 2027' }, prompt: 'translate this document to Japanese', checks: [], fails: { status: 502, error: 'upstream_error' } },
  { id: 'unsupported-voice-over', format: 'word', start: { prompt: 'Write a short report on remote work' }, prompt: 'add a voice-over narration', checks: [], fails: { status: 400, error: 'preflight_failed' } },
  { id: 'unsupported-fillable-form', format: 'word', start: { prompt: 'Write a short report on remote work' }, prompt: 'convert it to a PDF form with fillable fields', checks: [], fails: { status: 502, error: 'upstream_error' } },
];

const excel: EvalCase[] = [
  {
    id: 'sales-total-bar-chart', format: 'excel', prompt: 'Workbook with a sheet Sales from this data and a total row with formulas, and a bar chart of revenue by region:\nregion,revenue\nNorth,120\nSouth,80\nEast,100',
    checks: [{ check: 'titles', include: ['Sales'] }, { check: 'parts', equals: 1 }, { check: 'cell', sheet: 'Sales', cell: 'B2', equals: 120, numeric: true }, { check: 'formulas', min: 1, pattern: '^(SUBTOTAL\\(109|SUM\\()', sheet: 'Sales' }, { check: 'charts', type: 'bar', categories: ['North', 'South', 'East'] }],
  },
  { id: 'new-notes-sheet', format: 'excel', prompt: 'Add a new sheet named Notes with the text Reviewed in cell A1', checks: [{ check: 'titles', include: ['Notes'] }, { check: 'cell', sheet: 'Notes', cell: 'A1', equals: 'Reviewed' }] },
  { id: 'quarters-sheets', format: 'excel', prompt: 'budget workbook with sheets for Q1 to Q4', checks: [{ check: 'titles', include: ['Q1', 'Q2', 'Q3', 'Q4'], ordered: true }, { check: 'formulas', min: 4 }] },
  { id: 'three-named-sheets', format: 'excel', prompt: 'a workbook with three sheets for income, expenses and savings', checks: [{ check: 'parts', equals: 3 }, { check: 'titles', include: ['Income', 'Expenses', 'Savings'], ordered: true }] },
  {
    id: 'tracker-columns', format: 'excel', prompt: 'Project tracker with columns for task, owner, due date and status',
    checks: [{ check: 'cell', cell: 'A1', equals: 'Task' }, { check: 'cell', cell: 'B1', equals: 'Owner' }, { check: 'cell', cell: 'C1', equals: 'Due date' }, { check: 'cell', cell: 'D1', equals: 'Status' }],
  },
  {
    id: 'expenses-currency-average-pie', format: 'excel', prompt: 'Expenses: Rent $1,200, Software $340.50, Travel $980 - add an average and a pie chart',
    checks: [{ check: 'cell', cell: 'B2', equals: 1200, format: 'currency' }, { check: 'formulas', min: 1, pattern: '^AVERAGE\\(' }, { check: 'charts', type: 'pie', categories: ['Rent', 'Software', 'Travel'] }],
  },
  { id: 'percent-rates', format: 'excel', prompt: 'Conversion rates by channel: Email 4.5%, Search 3.2%, Social 1.1%', checks: [{ check: 'cell', cell: 'B2', equals: 0.045, format: 'percent' }, { check: 'numbers', min: 3 }] },
  {
    id: 'tsv-growth', format: 'excel', prompt: 'Monthly revenue, add growth:\nMonth\tRevenue\nJan\t1000\nFeb\t1200\nMar\t1500',
    checks: [{ check: 'numbers', min: 3 }, { check: 'formulas', min: 2, pattern: 'IFERROR\\(B\\d+/B\\d+-1' }, { check: 'charts', type: 'line' }],
  },
  {
    id: 'markdown-products-total', format: 'excel', prompt: '| Product | Units | Price |\n|---|---|---|\n| Widget | 10 | $5 |\n| Gadget | 4 | $12.50 |\n\nAdd a total row',
    checks: [{ check: 'cell', cell: 'C2', equals: 5, format: 'currency' }, { check: 'cell', cell: 'B3', equals: 4, numeric: true }, { check: 'formulas', min: 1, pattern: 'SUBTOTAL|SUM' }],
  },
  {
    id: 'row-per-region-quarters', format: 'excel', prompt: 'sales by region with a row per region (North, South, East, West) and a column for each quarter, plus totals',
    checks: [{ check: 'cell', cell: 'A2', equals: 'North' }, { check: 'cell', cell: 'A5', equals: 'West' }, { check: 'cell', cell: 'B1', equals: 'Q1' }, { check: 'cell', cell: 'E1', equals: 'Q4' }, { check: 'formulas', min: 4 }],
  },
  { id: 'line-chart-weeks', format: 'excel', prompt: 'line chart of website visits per week: W1 500, W2 620, W3 580, W4 700', checks: [{ check: 'charts', type: 'line', categories: ['W1', 'W2', 'W3', 'W4'] }, { check: 'numbers', min: 4 }] },
  { id: 'german-expenses-sum', format: 'excel', prompt: 'Erstelle eine Tabelle mit den Ausgaben: Miete 1200, Strom 90, Internet 40 und eine Summe', checks: [{ check: 'numbers', min: 3 }, { check: 'formulas', min: 1, pattern: 'SUBTOTAL|SUM' }, { check: 'text', includes: ['Miete', 'Strom', 'Internet'] }] },
  { id: 'spanish-three-sheets', format: 'excel', prompt: 'Crea una hoja de cálculo con tres hojas', checks: [{ check: 'parts', equals: 3 }, { check: 'text', excludes: ['[Add'] }] },
  {
    id: 'french-sales-bar', format: 'excel', prompt: 'Crée un classeur avec les ventes par région : Nord 120, Sud 80, Est 100 et un graphique en barres',
    checks: [{ check: 'numbers', min: 3 }, { check: 'charts', type: 'bar', categories: ['Nord', 'Sud', 'Est'] }],
  },
  { id: 'typo-contacts', format: 'excel', prompt: 'make a spredsheet w/ a colum for name, email and phone number', checks: [{ check: 'cell', cell: 'A1', equals: 'Name' }, { check: 'cell', cell: 'B1', equals: 'Email' }, { check: 'cell', cell: 'C1', equals: 'Phone number' }] },
  {
    id: 'invoice-columns', format: 'excel', prompt: 'invoice template with columns for description, quantity, unit price and amount',
    checks: [{ check: 'cell', cell: 'A1', equals: 'Description' }, { check: 'cell', cell: 'D1', equals: 'Amount' }, { check: 'formulas', min: 1 }],
  },
  { id: 'compare-plans-chart', format: 'excel', prompt: 'compare our three plans Basic $10, Pro $25 and Team $60 in a chart', checks: [{ check: 'numbers', min: 3 }, { check: 'charts', categories: ['Basic', 'Pro', 'Team'] }] },
  {
    id: 'rambling-running-log', format: 'excel', prompt: 'ok so I track my running and want a sheet. Distances this week: Mon 5, Tue 3.5, Thu 8, Sat 12. would be nice to see the total and a chart',
    checks: [{ check: 'numbers', min: 4 }, { check: 'formulas', min: 1, pattern: 'SUBTOTAL|SUM' }, { check: 'charts', categories: ['Mon', 'Tue', 'Thu', 'Sat'] }],
  },
  {
    id: 'edit-add-notes-sheet', format: 'excel', start: { prompt: 'Region,Sales\nNorth,10\nSouth,20' },
    prompt: 'Add a new sheet named Notes with the text Reviewed in cell A1', checks: [{ check: 'parts', equals: 2 }, { check: 'cell', sheet: 'Notes', cell: 'A1', equals: 'Reviewed' }],
  },
  { id: 'edit-rename-sheet', format: 'excel', start: { prompt: 'Sales: North 10, South 20, East 15' }, prompt: 'rename the Sales sheet to Revenue 2024', checks: [{ check: 'titles', include: ['Revenue 2024'] }, { check: 'no_titles', exclude: ['Sales'] }] },
  {
    id: 'edit-move-chart-to-new-sheet', format: 'excel', start: { prompt: 'Sales: North 10, South 20, East 15' },
    prompt: 'Add a sheet named Dashboard. Move the chart to the Dashboard sheet', checks: [{ check: 'titles', include: ['Sales', 'Dashboard'] }, { check: 'charts', on: 'Dashboard' }],
  },
  {
    id: 'edit-corpus-notes', format: 'excel', start: { file: `${CORPUS}/xlsx/excel-budget-chart-table-image.xlsx` },
    prompt: 'Add a sheet named Notes with the text Checked in B2', checks: [{ check: 'titles', include: ['Simple Monthly Budget', 'Notes'], ordered: true }, { check: 'cell', sheet: 'Notes', cell: 'B2', equals: 'Checked' }],
  },
  { id: 'edit-corpus-rename', format: 'excel', start: { file: `${CORPUS}/xlsx/excel-autofilter.xlsx` }, prompt: 'Rename Sheet1 to Answers', checks: [{ check: 'titles', include: ['Answers'] }, { check: 'cell', sheet: 'Answers', cell: 'A1', equals: 'Number' }] },
  { id: 'edit-delete-sheet', format: 'excel', start: { prompt: 'a workbook with three sheets for income, expenses and savings' }, prompt: 'delete the Savings tab', checks: [{ check: 'titles', include: ['Income', 'Expenses'] }, { check: 'no_titles', exclude: ['Savings'] }] },
  { id: 'edit-call-tab', format: 'excel', start: { prompt: 'a workbook with three sheets for income, expenses and savings' }, prompt: 'call the Income tab Earnings', checks: [{ check: 'titles', include: ['Earnings', 'Expenses', 'Savings'], ordered: true }] },
  { id: 'edit-move-tab-front', format: 'excel', start: { prompt: 'a workbook with three sheets for income, expenses and savings' }, prompt: 'move the Savings tab to the front', checks: [{ check: 'titles', include: ['Savings', 'Income', 'Expenses'], ordered: true }] },
  {
    id: 'prose-figures-growth', format: 'excel', prompt: 'Revenue was $1.2M in 2023 and $1.5M in 2024, can you put that in a sheet and show the growth',
    checks: [{ check: 'cell', cell: 'A2', equals: '2023' }, { check: 'cell', cell: 'A3', equals: '2024' }, { check: 'cell', cell: 'B2', equals: 1200000, format: 'currency' }, { check: 'cell', cell: 'B3', equals: 1500000 }, { check: 'formulas', min: 1, pattern: 'IFERROR\\(B3/B2-1' }],
  },
  {
    id: 'invoice-lines', format: 'excel', prompt: 'Invoice for Acme: 10 hours of consulting at $150 per hour and 2 licenses at $300 each, with line totals and a grand total',
    checks: [{ check: 'cell', cell: 'B2', equals: 10, numeric: true }, { check: 'cell', cell: 'C2', equals: 150, format: 'currency' }, { check: 'cell', cell: 'D2', formula: '^B2\\*C2$' }, { check: 'cell', cell: 'D3', formula: '^B3\\*C3$' }, { check: 'formulas', min: 1, pattern: '^SUBTOTAL\\(109,D2:D3\\)$' }],
  },
  {
    id: 'german-semicolon-line-chart', format: 'excel', prompt: 'Umsatz pro Monat als Liniendiagramm:\nMonat;Umsatz\nJan;1200\nFeb;1350\nMär;1500',
    checks: [{ check: 'numbers', min: 3 }, { check: 'charts', type: 'line', categories: ['Jan', 'Feb', 'Mär'] }],
  },
  // Loans: inputs as given, a live PMT payment, one row per payment of live formulas.
  {
    id: 'mortgage-schedule', format: 'excel', prompt: 'A repayment schedule for a $300,000 mortgage at 6.5% over 30 years, monthly payments',
    checks: [{ check: 'titles', include: ['Inputs', 'Schedule'], ordered: true }, { check: 'cell', sheet: 'Inputs', cell: 'B2', equals: 300000, format: 'currency' }, { check: 'cell', sheet: 'Inputs', cell: 'B3', equals: 0.065, format: 'percent' }, { check: 'cell', sheet: 'Inputs', cell: 'B7', formula: '^PMT\\(' }, { check: 'cell', sheet: 'Schedule', cell: 'A1', equals: 'Period' }, { check: 'formulas', min: 600, sheet: 'Schedule' }],
  },
  { id: 'car-loan-amortization', format: 'excel', prompt: 'loan amortization table: 25k car loan, 7.9% APR, 5 years', checks: [{ check: 'cell', sheet: 'Inputs', cell: 'B2', equals: 25000 }, { check: 'cell', sheet: 'Inputs', cell: 'B7', formula: '^PMT\\(' }, { check: 'formulas', min: 240, sheet: 'Schedule' }] },
  { id: 'mortgage-typos', format: 'excel', prompt: 'mortage repayment shedule 250000 at 5% for 25 years', checks: [{ check: 'cell', sheet: 'Inputs', cell: 'B3', equals: 0.05, format: 'percent' }, { check: 'formulas', min: 600, sheet: 'Schedule' }] },
  { id: 'tilgungsplan-german', format: 'excel', prompt: 'Tilgungsplan für ein Darlehen über 200.000 € mit 3,8 % Zinsen und 20 Jahren Laufzeit', checks: [{ check: 'titles', include: ['Eingaben', 'Tilgungsplan'] }, { check: 'cell', sheet: 'Eingaben', cell: 'B2', equals: 200000, format: 'currency' }, { check: 'formulas', min: 600, sheet: 'Tilgungsplan' }] },
  { id: 'hipoteca-spanish', format: 'excel', prompt: 'Tabla de amortización de una hipoteca de 150.000 € al 3% a 25 años', checks: [{ check: 'titles', include: ['Datos', 'Amortización'] }, { check: 'cell', sheet: 'Datos', cell: 'B7', formula: '^PMT\\(' }] },
  { id: 'unsupported-translate-sheets', format: 'excel', start: { prompt: 'Region,Sales\nNorth,10\nSouth,20' }, prompt: 'translate the sheet names to Japanese', checks: [], fails: { status: 502, error: 'upstream_error' } },
  { id: 'unsupported-pivot-slicers', format: 'excel', start: { prompt: 'Region,Sales\nNorth,10\nSouth,20' }, prompt: 'add a pivot table with slicers', checks: [], fails: { status: 502, error: 'upstream_error' } },
  { id: 'unsupported-3d-animated-excel-chart', format: 'excel', start: { prompt: 'Region,Sales\nNorth,10\nSouth,20' }, prompt: 'make the chart 3D and animate it', checks: [], fails: { status: 502, error: 'upstream_error' } },
];

export const CASES: EvalCase[] = [...slides, ...word, ...excel, ...USER_CASES];
