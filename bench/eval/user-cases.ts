// More of the evaluation set: requests typed by users in the audit of issue 22 (rambling, typos, German,
// Spanish and French, edits through run_id), run through the HTTP API on the builtin engine, rendered
// and looked at before they joined the set with the structural checks of what they ask for.
import type { EvalCase } from './builtin-cases.ts';

export const USER_CASES: EvalCase[] = [
  {
    id: 'rambling-bakery-pitch', format: 'slides',
    prompt: "ok so my sister runs a small bakery in Leeds and she wants to pitch to a local investor next month, could you make like 8 slides? she needs to cover the story of the bakery, the menu, customers, finances, expansion plan and what she's asking for (£40k)",
    checks: [{ check: 'parts', equals: 8 }, { check: 'titles', include: ['Story of the bakery', 'Menu', 'Customers', 'Finances', 'Expansion plan', "What she's asking for (£40k)"], ordered: true }, { check: 'placeholders', min: 6 }],
  },
  {
    id: 'typo-chart-dash', format: 'slides', prompt: 'quartely sales presentaiton w/ a bar chart of sales by region - North 340, South 290, West 410, East 150',
    checks: [{ check: 'charts', type: 'bar', categories: ['North', 'South', 'West', 'East'] }, { check: 'no_titles', exclude: ['Sales by region -'] }],
  },
  {
    id: 'german-themen-kickoff', format: 'slides', prompt: 'Bitte eine Präsentation für das Kick-off-Meeting mit den Themen Ziele, Zeitplan, Budget und Team',
    checks: [{ check: 'titles', include: ['Kick-off-Meeting', 'Ziele', 'Zeitplan', 'Budget', 'Team'], ordered: true }, { check: 'tables', header: ['Meilenstein'] }, { check: 'text', excludes: ['[Add', 'Themen Ziele'] }],
  },
  {
    id: 'french-bar-chart-pairs', format: 'slides', prompt: 'Présentation sur nos ventes 2024 avec un graphique en barres : Janvier 120, Février 135, Mars 160',
    checks: [{ check: 'charts', type: 'bar', categories: ['Janvier', 'Février', 'Mars'] }, { check: 'text', excludes: ['Barres'] }],
  },
  {
    id: 'edit-move-so-it-comes-before', format: 'slides', start: { prompt: 'Deck on the new CRM rollout: why we switch, training, timeline, support' },
    prompt: 'move the support slide so it comes before training', checks: [{ check: 'titles', include: ['Why we switch', 'Support', 'Training', 'Timeline'], ordered: true }],
  },
  {
    id: 'spanish-roadmap-dated', format: 'slides', prompt: 'Presentación de la hoja de ruta del producto: beta en marzo, lanzamiento en junio, versión 2 en Q4 2026',
    checks: [{ check: 'titles', include: ['Hoja de ruta del producto', 'Cronograma'], ordered: true }, { check: 'tables', header: ['Hito', 'Cuándo'] }, { check: 'text', includes: ['Versión 2', 'Q4 2026'] }, { check: 'no_titles', exclude: ['Recomendación', 'Puntos clave'] }],
  },
  { id: 'terse-count-subject', format: 'slides', prompt: '5 slides onboarding new sales reps', checks: [{ check: 'parts', equals: 5 }, { check: 'titles', include: ['Onboarding new sales reps'] }] },
  {
    id: 'rambling-closure-memo', format: 'word',
    prompt: "hey can you write a memo to the whole engineering team from Priya Shah, dated 3 March 2026, letting them know the office at 12 Baker Street is closing for renovations from 10 March to 24 March and we'll all work remote. contact facilities@acme.io with questions",
    checks: [{ check: 'text', includes: ['Priya Shah', '3 March 2026', '10 March to 24 March', '12 Baker Street', 'facilities@acme.io'] }],
  },
  { id: 'report-sections-for', format: 'word', prompt: 'Write a report on customer churn in 2025 with sections for background, findings, root causes and recommendations', checks: [{ check: 'parts', equals: 4 }, { check: 'titles', include: ['Background', 'Findings', 'Root causes', 'Recommendations'], ordered: true }] },
  { id: 'german-letter', format: 'word', prompt: 'Schreibe einen Brief an Herrn Müller wegen der verspäteten Lieferung vom 12. Mai', checks: [{ check: 'titles', include: ['Einleitung', 'Anliegen', 'Schluss'], ordered: true }, { check: 'text', includes: ['Herrn Müller', 'Ergänzen', 'Lieferung vom 12. Mai', 'Wann: 12. Mai'], excludes: ['[Add', 'When:'] }] },
  {
    id: 'spanish-agenda-colon', format: 'word', prompt: 'Orden del día para la reunión del equipo del lunes: revisión de ventas, nuevos clientes, vacaciones de verano',
    checks: [{ check: 'titles', include: ['Revisión de ventas', 'Nuevos clientes', 'Vacaciones de verano'], ordered: true }, { check: 'text', includes: ['Añadir'], excludes: ['[Add'] }],
  },
  {
    id: 'edit-can-u-add-bullets-thousands', format: 'word', start: { prompt: 'A project plan for the website redesign with scope, timeline and risks' },
    prompt: 'can u add a section called Budget with bullets: design $12,000, development $30,000, hosting $1,200/yr',
    checks: [{ check: 'titles', include: ['Scope', 'Timeline', 'Risks', 'Budget'], ordered: true }, { check: 'part_text', part: 'Budget', includes: ['design $12,000', 'development $30,000', 'hosting $1,200/yr'] }],
  },
  { id: 'compare-three-tools', format: 'word', prompt: 'a one-page doc comparing Notion, Confluence and Google Docs on price, search and permissions', checks: [{ check: 'tables', header: ['Notion', 'Confluence', 'Google Docs'] }, { check: 'text', includes: ['Price', 'Search', 'Permissions'] }] },
  { id: 'french-report-sections', format: 'word', prompt: 'Rédige un rapport sur la satisfaction client avec les sections méthode, résultats et actions', checks: [{ check: 'titles', include: ['Méthode', 'Résultats', 'Actions'], ordered: true }, { check: 'text', excludes: ['[Add'] }] },
  {
    id: 'tsv-expenses-by-day', format: 'excel', prompt: 'expense tracker from this, with a total:\nDate\tItem\tAmount\n2026-01-04\tTaxi\t$23.50\n2026-01-05\tHotel\t$189.00\n2026-01-06\tDinner\t$64.20',
    checks: [{ check: 'cell', cell: 'C2', equals: 23.5, format: 'currency' }, { check: 'formulas', min: 1, pattern: 'SUBTOTAL' }, { check: 'text', excludes: ['Amount growth'] }],
  },
  {
    id: 'pairs-pie-split-by', format: 'excel', prompt: 'spreadsheet of our marketing spend split by channel as a pie chart: Google Ads 4200, LinkedIn 2600, Events 5100, Newsletter 800',
    checks: [{ check: 'charts', type: 'pie', categories: ['Google Ads', 'LinkedIn', 'Events', 'Newsletter'] }, { check: 'titles', include: ['Marketing spend'] }, { check: 'cell', cell: 'A1', equals: 'Channel' }, { check: 'numbers', min: 4 }],
  },
  {
    id: 'markdown-years-growth', format: 'excel', prompt: 'Turn this into a workbook and add the growth each year\n\n| Year | Revenue |\n|---|---|\n| 2022 | 410000 |\n| 2023 | 465000 |\n| 2024 | 530000 |',
    checks: [{ check: 'formulas', min: 2, pattern: 'IFERROR' }, { check: 'cell', cell: 'A5', equals: 'Total' }, { check: 'cell', cell: 'B5', equals: 1405000 }],
  },
  { id: 'german-three-sheets-colon', format: 'excel', prompt: 'Arbeitsmappe für das Haushaltsbuch mit drei Blättern: Januar, Februar, März', checks: [{ check: 'parts', equals: 3 }, { check: 'titles', include: ['Januar', 'Februar', 'März'], ordered: true }] },
  {
    id: 'edit-rename-and-add-tab', format: 'excel', start: { prompt: 'Sales sheet with a bar chart of revenue by region: North 120, South 80, East 100' },
    prompt: 'rename the Sales tab to Revenue and add a new tab named Notes with the text Checked by Ana in cell A1',
    checks: [{ check: 'titles', include: ['Revenue', 'Notes'] }, { check: 'cell', sheet: 'Notes', cell: 'A1', equals: 'Checked by Ana' }, { check: 'charts', on: 'Revenue' }],
  },
  {
    id: 'spanish-pairs-average', format: 'excel', prompt: 'Hoja de cálculo con las notas de los alumnos y el promedio: Ana 8.5, Luis 7, Marta 9.2, Pedro 6.8',
    checks: [{ check: 'formulas', min: 1, pattern: 'AVERAGE' }, { check: 'cell', cell: 'B1', equals: 'Notas' }, { check: 'numbers', min: 4 }, { check: 'text', excludes: ['Promedio by'] }],
  },
  // The subject becomes the title: "a pitch deck for X", "a report on Y", "a budget for Z".
  { id: 'subject-title-pitch', format: 'slides', prompt: 'pitch deck for a startup that makes compostable phone cases', checks: [{ check: 'text', includes: ['compostable phone cases'] }, { check: 'placeholders', min: 3 }] },
  { id: 'subject-title-report', format: 'word', prompt: 'a report on warehouse safety incidents in 2025', checks: [{ check: 'text', includes: ['warehouse safety incidents in 2025'] }] },
  { id: 'subject-title-budget', format: 'excel', prompt: 'a budget for the summer team offsite', checks: [{ check: 'text', includes: ['summer team offsite'] }] },
  // Casual requests whose topic is not where a formal request puts it (session 10): the title slide names
  // the topic, never only the occasion ("Friday", "A deck") or "Untitled presentation".
  { id: 'casual-title-crm', format: 'slides', prompt: 'ok so I need to present to the board next week about how the migration to the new CRM went, it was rough at first but adoption is now 80% and support tickets dropped, maybe 6 slides?', checks: [{ check: 'titles', include: ['How the migration to the new CRM went'] }, { check: 'no_titles', exclude: ['Untitled presentation'] }] },
  { id: 'casual-title-pilot', format: 'slides', prompt: "my manager asked me for a deck. we're proposing a 4-day work week pilot for the support team for 3 months, need to cover benefits, risks, how we measure it", checks: [{ check: 'titles', include: ['4-day work week pilot for the support team', 'Benefits', 'Risks'] }, { check: 'no_titles', exclude: ['A deck'] }] },
  { id: 'casual-title-dash', format: 'slides', prompt: 'slides pls — quarterly results, revenue 1.2M up 15%, 3 new clients, churn down', checks: [{ check: 'titles', include: ['Quarterly results'] }, { check: 'no_titles', exclude: ['Untitled presentation'] }] },
  { id: 'casual-title-colon', format: 'slides', prompt: 'quick deck for friday: hiring plan 2025, we want 5 engineers, 2 designers, 1 PM', checks: [{ check: 'titles', include: ['Hiring plan 2025'] }, { check: 'no_titles', exclude: ['Friday'] }] },
  { id: 'casual-title-list', format: 'slides', prompt: 'make me something to train new hires on our customer support tools, zendesk, slack etiquette, escalation paths', checks: [{ check: 'titles', include: ['Customer support tools'] }] },
  { id: 'casual-title-outage', format: 'slides', prompt: "We had a really bad outage last Tuesday (payments down 3 hours) and I need to walk leadership through what happened, root cause, and what we're changing", checks: [{ check: 'titles', include: ["Last Tuesday's outage", 'What happened', 'Root cause', "What we're changing"], ordered: true }] },
  { id: 'casual-title-introducing', format: 'slides', prompt: 'Need a short presentation introducing our new expense policy to employees: what changed, the new limits, and how to submit receipts.', checks: [{ check: 'titles', include: ['New expense policy'] }, { check: 'no_titles', exclude: ['Untitled presentation'] }] },
  // Facts told in passing, without a colon (session 11): they are the deck's or document's content, as written,
  // never lost behind a labelled skeleton; a list's first clause that only names the topic is its title, not a fact.
  { id: 'passing-facts-crm', format: 'slides', prompt: 'ok so I need to present to the board next week about how the migration to the new CRM went, it was rough at first but adoption is now 80% and support tickets dropped, maybe 6 slides?', checks: [{ check: 'parts', equals: 6 }, { check: 'part_text', part: 'Highlights', includes: ['It was rough at first', 'Adoption is now 80%', 'Support tickets dropped'] }] },
  { id: 'passing-facts-all-hands', format: 'slides', prompt: 'Can you make a deck for the all-hands? Sales grew 20% this year and we opened two new offices, also customer satisfaction is at 92%.', checks: [{ check: 'part_text', part: 'Highlights', includes: ['Sales grew 20% this year', 'We opened two new offices', 'Customer satisfaction is at 92%'] }, { check: 'placeholders', max: 0 }] },
  { id: 'passing-facts-shared-subject', format: 'slides', prompt: 'presentation for investors, we grew revenue 3x last year and have 40 customers now, raising a seed round', checks: [{ check: 'text', includes: ['We grew revenue 3x last year', 'We have 40 customers now'] }] },
  { id: 'passing-facts-team-update', format: 'slides', prompt: 'Team update deck. We shipped 3 features, onboarding time dropped from 5 days to 2, and the team grew to 9 people.', checks: [{ check: 'titles', include: ['Team update', 'Highlights'], ordered: true }, { check: 'text', includes: ['We shipped 3 features', 'Onboarding time dropped from 5 days to 2', 'The team grew to 9 people'] }, { check: 'no_echo', allow: ['onboarding time dropped from 5 days to 2'] }] },
  { id: 'colon-counts-hiring', format: 'slides', prompt: 'quick deck for friday: hiring plan 2025, we want 5 engineers, 2 designers, 1 PM', checks: [{ check: 'titles', include: ['Hiring plan 2025'] }, { check: 'no_titles', exclude: ['2 designers', '1 PM', 'We want 5 engineers'] }, { check: 'text', includes: ['Friday', '5 engineers', '2 designers', '1 PM'] }, { check: 'placeholders', max: 0 }] },
  { id: 'dash-topic-not-a-fact', format: 'slides', prompt: 'slides pls — quarterly results, revenue 1.2M up 15%, 3 new clients, churn down', checks: [{ check: 'part_text', part: 'Highlights', includes: ['Revenue 1.2M up 15%', '3 new clients', 'Churn down'], excludes: ['Quarterly results'] }] },
  { id: 'topic-ends-at-clause', format: 'slides', prompt: 'Make a 5 slide deck about our new onboarding process, it was too long before and new hires were confused', checks: [{ check: 'titles', include: ['New onboarding process'] }, { check: 'parts', equals: 5 }] },
  { id: 'chart-deck-named-after-chart', format: 'slides', prompt: 'Deck with a bar chart of revenue by region: North 120, South 80, East 100', checks: [{ check: 'titles', include: ['Revenue by region'] }, { check: 'no_titles', exclude: ['Untitled presentation', 'Key points'] }] },
  { id: 'passing-facts-letter', format: 'word', prompt: 'Draft a letter to our landlord asking to fix the heating, it has been broken for 3 weeks and the temperature is at 15 degrees', checks: [{ check: 'titles', include: ['Opening', 'Details', 'Closing'], ordered: true }, { check: 'part_text', part: 'Details', includes: ['It has been broken for 3 weeks', 'The temperature is at 15 degrees'] }, { check: 'no_titles', exclude: ['Highlights'] }] },
  { id: 'passing-facts-report', format: 'word', prompt: 'Write a short report on our Q3 sales. Revenue rose 12% to $4.2M and we signed 8 new customers.', checks: [{ check: 'titles', include: ['Executive summary', 'Background', 'Findings'], ordered: true }, { check: 'part_text', part: 'Background', includes: ['Revenue rose 12% to $4.2M', 'We signed 8 new customers'], excludes: ['Amounts'] }] },
  { id: 'dash-parts', format: 'slides', prompt: 'deck: why we should switch to Postgres — cost, performance, ecosystem, migration risk', checks: [{ check: 'titles', include: ['Why we should switch to Postgres', 'Cost', 'Performance', 'Ecosystem', 'Migration risk'], ordered: true }] },
  { id: 'talk-on-topic', format: 'slides', prompt: 'I need slides for a 10 minute talk on remote work productivity', checks: [{ check: 'titles', include: ['Remote work productivity'] }] },
  { id: 'pitch-name-traction-ask', format: 'slides', prompt: 'Pitch deck for a dog walking app called Pawtrol, we have 200 users and $3k MRR, raising 250k', checks: [{ check: 'titles', include: ['Pawtrol', 'Traction', 'The ask'], ordered: true }, { check: 'part_text', part: 'Traction', includes: ['We have 200 users', '$3k MRR'] }, { check: 'part_text', part: 'The ask', includes: ['Raising 250k'] }, { check: 'text', excludes: ['called Pawtrol'] }] },
  { id: 'topic-without-form-or-when', format: 'slides', prompt: 'create a presentation about our Q4 marketing plan with a slide for each channel: SEO, paid social, email, events', checks: [{ check: 'titles', include: ['Q4 marketing plan', 'SEO', 'Paid social', 'Email', 'Events'], ordered: true }] },
  { id: 'topic-without-when', format: 'slides', prompt: 'Make a deck for our team offsite next month. Agenda: intros, roadmap review, team building, Q&A', checks: [{ check: 'titles', include: ['Team offsite', 'Intros', 'Roadmap review', 'Team building'], ordered: true }] },
  { id: 'memo-time-is-not-subject', format: 'word', prompt: 'write a memo to staff, the office closes at 3pm on friday and parking is now free', checks: [{ check: 'text', excludes: ['Friday and parking is now free'] }] },
  { id: 'budget-pairs-with-verbs', format: 'excel', prompt: 'Create a budget spreadsheet, rent is 1200 and utilities are 300 and food is 450', checks: [{ check: 'cell', cell: 'A2', equals: 'Rent' }, { check: 'cell', cell: 'B1', equals: 'Amount' }, { check: 'cell', cell: 'B4', equals: 450, numeric: true }] },
  // Who a deck is for is not what it is about (twelfth session).
  { id: 'audience-investors-pitch', format: 'slides', prompt: 'presentation for investors, we are a B2B payroll startup with 40 customers and 1.2M ARR, growing 15% month over month', checks: [{ check: 'titles', include: ['B2B payroll startup', 'Traction', 'The ask'], ordered: true }, { check: 'part_text', part: 'Traction', includes: ['40 customers', '1.2M ARR', 'Growing 15% month over month'] }, { check: 'no_titles', exclude: ['Investors'] }] },
  { id: 'audience-then-topic', format: 'slides', prompt: 'slides for the board about hiring, we need 5 engineers and 2 designers', checks: [{ check: 'titles', include: ['Hiring'] }, { check: 'no_titles', exclude: ['Board about hiring', 'We need 5 engineers', '2 designers'] }, { check: 'text', includes: ['We need 5 engineers', '2 designers'] }] },
  { id: 'passing-remarks-beside-a-figure', format: 'slides', prompt: "deck on our new onboarding process, it was too long before and new hires were confused, now it's 2 weeks with a buddy system", checks: [{ check: 'titles', include: ['New onboarding process'] }, { check: 'text', includes: ['It was too long before', 'New hires were confused', "Now it's 2 weeks with a buddy system"] }, { check: 'placeholders', max: 0 }, { check: 'no_echo', allow: ["now it's 2 weeks with a buddy system"] }] },
  { id: 'memo-facts-and-remark', format: 'word', prompt: 'write a memo to the team about the new expense policy, receipts are now required for anything over $25 and approvals go through Ramp instead of email', checks: [{ check: 'titles', include: ['Purpose', 'Details'], ordered: true }, { check: 'part_text', part: 'Details', includes: ['Receipts are now required for anything over $25', 'Approvals go through Ramp instead of email'] }, { check: 'text', includes: ['New Expense Policy'], excludes: ['Amounts: $25', 'Memo to the Team'] }, { check: 'no_echo', allow: ['receipts are now required for anything over $25', 'approvals go through ramp instead of email'] }] },
  { id: 'tracker-fields-after-dash', format: 'excel', prompt: 'I need a spreadsheet to track my job applications - company, role, date applied, status', checks: [{ check: 'parts', equals: 1 }, { check: 'cell', cell: 'A1', equals: 'Company' }, { check: 'cell', cell: 'C1', equals: 'Date applied' }, { check: 'cell', cell: 'D1', equals: 'Status' }] },
  { id: 'tracker-columns-by-what-it-tracks', format: 'excel', prompt: 'job application tracker', checks: [{ check: 'cell', cell: 'A1', equals: 'Company' }, { check: 'cell', cell: 'B1', equals: 'Role' }, { check: 'cell', cell: 'C1', equals: 'Date applied' }] },
  // Content under the request's own labels, findings after a dash, an occasion's topic (twelfth session).
  { id: 'labelled-groups-deck', format: 'slides', prompt: 'Can you put together slides for our weekly sync? Updates: launched the beta, fixed 12 bugs, hired a designer. Blockers: waiting on legal review', checks: [{ check: 'titles', include: ['Weekly sync', 'Updates', 'Blockers'], ordered: true }, { check: 'part_text', part: 'Updates', includes: ['Launched the beta', 'Fixed 12 bugs', 'Hired a designer'] }, { check: 'no_titles', exclude: ['Agenda', 'Launched the beta'] }, { check: 'placeholders', max: 0 }, { check: 'no_echo', allow: ['launched the beta, fixed 12 bugs, hired a designer', 'waiting on legal review'] }] },
  { id: 'labelled-groups-lines-deck', format: 'slides', prompt: 'Slides for our weekly sync\nUpdates: launched the beta, fixed 12 bugs, hired a designer\nBlockers: waiting on legal review', checks: [{ check: 'titles', include: ['Weekly sync', 'Updates', 'Blockers'], ordered: true }, { check: 'part_text', part: 'Blockers', includes: ['Waiting on legal review'] }, { check: 'no_titles', exclude: ['Executive summary', 'Findings'] }, { check: 'placeholders', max: 0 }, { check: 'no_echo', allow: ['launched the beta, fixed 12 bugs, hired a designer', 'waiting on legal review'] }] },
  { id: 'labelled-groups-notes', format: 'word', prompt: 'Write up notes from our weekly sync. Updates: launched the beta, fixed 12 bugs, hired a designer. Blockers: waiting on legal review. Next steps: ship v1 by Friday', checks: [{ check: 'titles', include: ['Updates', 'Blockers', 'Next steps'], ordered: true }, { check: 'part_text', part: 'Next steps', includes: ['Ship v1 by Friday'] }, { check: 'text', includes: ['Notes from Our Weekly Sync'], excludes: ['When: Friday', 'Up Notes'] }, { check: 'placeholders', max: 0 }, { check: 'no_echo', allow: ['launched the beta, fixed 12 bugs, hired a designer', 'waiting on legal review', 'ship v1 by friday'] }] },
  { id: 'findings-after-dash', format: 'slides', prompt: 'need a quick deck summarizing customer feedback from the survey - 68% satisfied, top complaint is slow support, people love the mobile app', checks: [{ check: 'titles', include: ['Customer feedback from the survey'] }, { check: 'text', includes: ['68% satisfied', 'Top complaint is slow support', 'People love the mobile app'] }, { check: 'placeholders', max: 0 }, { check: 'no_echo', allow: ['top complaint is slow support, people love the mobile app'] }] },
  { id: 'occasion-topic', format: 'slides', prompt: 'make me a deck for my class presentation on climate change, 5 slides', checks: [{ check: 'titles', include: ['Climate change'] }, { check: 'no_titles', exclude: ['Class presentation on climate change, 5 slides'] }, { check: 'parts', equals: 5 }] },
  { id: 'cover-letter-experience', format: 'word', prompt: 'cover letter for a junior frontend developer position at Shopify, I have 2 years of React experience and built a design system at my last job', checks: [{ check: 'titles', include: ['Opening', 'Details', 'Closing'], ordered: true }, { check: 'part_text', part: 'Details', includes: ['I have 2 years of React experience', 'I built a design system at my last job'] }, { check: 'no_echo', allow: ['i have 2 years of react experience'] }] },
  { id: 'thank-you-letter-figures', format: 'word', prompt: 'thank you letter to our volunteers for the charity run, we raised $12,000 and had 300 runners', checks: [{ check: 'part_text', part: 'Details', includes: ['We raised $12,000', 'We had 300 runners'], excludes: ['Amounts'] }] },
  { id: 'project-brief-labelled-facts', format: 'word', prompt: 'Write a one page project brief for migrating our billing system to Stripe. Goal: cut payment failures by half. Owner: Dana. Deadline: end of Q2', checks: [{ check: 'titles', include: ['Goals', 'Scope'], ordered: true }, { check: 'text', includes: ['Goal: cut payment failures by half', 'Owner: Dana', 'Deadline: end of Q2'], excludes: ['One Page', 'Executive summary'] }, { check: 'no_echo', allow: ['cut payment failures by half'] }] },
  { id: 'labelled-facts-deck', format: 'slides', prompt: 'Deck for the Stripe migration kickoff. Goal: cut payment failures by half. Owner: Dana. Deadline: end of Q2', checks: [{ check: 'part_text', part: 'Key facts', includes: ['Goal: cut payment failures by half', 'Owner: Dana', 'Deadline: end of Q2'] }, { check: 'no_titles', exclude: ['Key points'] }, { check: 'no_echo', allow: ['cut payment failures by half'] }] },
  { id: 'budget-amount-column', format: 'excel', prompt: 'A monthly budget: rent 1200, utilities 300, groceries 450', checks: [{ check: 'cell', sheet: 'Monthly budget', cell: 'B1', equals: 'Amount' }, { check: 'formulas', min: 1, pattern: '^SUBTOTAL\\(109,B2:B4\\)$' }] },
];
