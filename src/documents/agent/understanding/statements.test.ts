// Facts a request states, listed after a colon or told in passing; and what is not a fact (the request
// itself, a document's size, line items with prices, a series of one unit).
import { describe, expect, it } from 'vitest';
import { claimsIn, statementsIn, whatHappened } from './statements.ts';
import { askedAmount } from './facts.ts';
import { understand } from './understand.ts';

describe('facts told in passing', () => {
  it.each([
    ['ok so I need to present to the board next week about how the migration to the new CRM went, it was rough at first but adoption is now 80% and support tickets dropped, maybe 6 slides?', ['It was rough at first', 'Adoption is now 80%', 'Support tickets dropped']],
    ['Can you make a deck for the all-hands? Sales grew 20% this year and we opened two new offices, also customer satisfaction is at 92%.', ['Sales grew 20% this year', 'We opened two new offices', 'Customer satisfaction is at 92%']],
    ['presentation for investors, we grew revenue 3x last year and have 40 customers now, raising a seed round', ['We grew revenue 3x last year', 'We have 40 customers now']],
    ['Write a short report on our Q3 sales. Research and development grew 5% and headcount is now 40.', ['Research and development grew 5%', 'Headcount is now 40']],
    ['Pitch deck for a dog walking app called Pawtrol, we have 200 users and $3k MRR, raising 250k', ['We have 200 users', '$3k MRR']],
    // Remarks without a figure beside one that has it; a plan's counts; who "we" are is not the fact.
    ["deck on our new onboarding process, it was too long before and new hires were confused, now it's 2 weeks with a buddy system", ['It was too long before', 'New hires were confused', "Now it's 2 weeks with a buddy system"]],
    ['write a memo to the team about the new expense policy, receipts are now required for anything over $25 and approvals go through Ramp instead of email', ['Receipts are now required for anything over $25', 'Approvals go through Ramp instead of email']],
    ['slides for the board about hiring, we need 5 engineers and 2 designers', ['We need 5 engineers', '2 designers']],
    ['presentation for investors, we are a B2B payroll startup with 40 customers and 1.2M ARR, growing 15% month over month', ['40 customers', '1.2M ARR', 'Growing 15% month over month']],
    // What the request says about the document itself is an instruction, not a fact.
    ['a deck about Q3, revenue grew 12% and margins improved, the audience is executives and the tone is formal', ['Revenue grew 12%', 'Margins improved']],
    // What the writer has, with a figure after it.
    ['write a cover letter for a junior data analyst position at Spotify, I have a stats degree and 1 year at a bank', ['I have a stats degree', '1 year at a bank']],
    // Facts in sentences of their own after the request, one or more claims each; one change with its figure alone.
    ['3 slide summary of our customer survey. NPS went from 32 to 41. top complaint: shipping times', ['NPS went from 32 to 41']],
    ['Write a thank-you letter to the team. We grew 20% this year. Churn fell to 3%.', ['We grew 20% this year', 'Churn fell to 3%']],
    ['slides pls - quarterly results, revenue 1.2M up 15%', ['Revenue 1.2M up 15%']],
    ['draft a polite email to a client about a late payment, invoice #1042 for $3,400 was due on March 1', ['Invoice #1042 for $3,400 was due on March 1']],
    ['write a cover letter for a barista job at Blue Bottle, I have 2 years experience at Starbucks', ['I have 2 years experience at Starbucks']],
  ])('%s', (prompt, items) => {
    expect(claimsIn(prompt)?.items).toEqual(items);
    expect(understand(prompt)).toMatchObject({ statements: items, statementsInPassing: true });
  });

  it.each([
    // After a colon (a list of what was done), with verbs of service and figures with thousands.
    ['annual report 2024 for our food bank: served 12,000 families, opened a second pantry, 85 volunteers', ['Served 12,000 families', 'Opened a second pantry', '85 volunteers']],
    ['impact report for our donors: trained 240 teachers, donated 3,000 books, planted 500 trees', ['Trained 240 teachers', 'Donated 3,000 books', 'Planted 500 trees']],
    ['weekly status report: shipped the new checkout, fixed 14 bugs, started the mobile redesign, blocked on legal review of the terms', ['Shipped the new checkout', 'Fixed 14 bugs', 'Started the mobile redesign', 'Blocked on legal review of the terms']],
  ])('after a colon: %s', (prompt, items) => {
    expect(claimsIn(prompt)?.items).toEqual(items);
    expect(understand(prompt).statements).toEqual(items);
  });

  it.each([
    // The story a request tells is its subject, not a fact to list (in its sentence or one of its own).
    "We had a really bad outage last Tuesday (payments down 3 hours) and I need to walk leadership through what happened, root cause, and what we're changing",
    "We had a bad outage last Tuesday (payments down 3 hours). I need to walk leadership through what happened, root cause, and what we're changing.",
    'Write a report on why revenue dropped and costs increased',
    'Create a 5 slide deck about our product launch',
    'Write a memo to staff about the new parking rules',
    'Make me a deck about growth: 3 slides, then a closing one',
    'I need a 10 page report on the market, please make it detailed',
    'Make a 5 slide deck about our new onboarding process, it was too long before and new hires were confused',
  ])('none in "%s"', (prompt) => {
    expect(claimsIn(prompt)).toBeNull();
    expect(understand(prompt).statements).toEqual([]);
  });

  it('leaves data to the data readers: figures by period are a table, not facts', () => {
    const u = understand('A deck on revenue: it was $1.2M in 2023 and $1.5M in 2024');
    expect(u.tables).toHaveLength(1);
    expect(u.statements).toEqual([]);
  });
});

describe('facts listed after a colon', () => {
  it('a first clause that only names the topic is not a fact', () => {
    expect(statementsIn('slides pls — quarterly results, revenue 1.2M up 15%, 3 new clients, churn down')?.items).toEqual(['Revenue 1.2M up 15%', '3 new clients', 'Churn down']);
    expect(statementsIn('quick deck for friday: hiring plan 2025, we want 5 engineers, 2 designers, 1 PM')?.items).toEqual(['We want 5 engineers', '2 designers', '1 PM']);
    // ("revenue 1.2M, up 15%": the change is the revenue's, one fact.)
    expect(statementsIn('a report on our Q3 sales: revenue 1.2M, up 15%, best region EMEA')?.items).toEqual(['Revenue 1.2M, up 15%', 'Best region EMEA']);
    expect(statementsIn('Q2 update: churn 2.1%, down 0.3 pts YoY, NPS 41, +6 from last quarter, 2 new markets')?.items).toEqual(['Churn 2.1%, down 0.3 pts YoY', 'NPS 41, +6 from last quarter', '2 new markets']);
    // A first clause with a figure is a fact (Spanish "suben").
    expect(statementsIn('Presentación de resultados del Q3: ventas suben un 12%, la rotación baja al 3%, dos mercados nuevos')?.items).toEqual(['Ventas suben un 12%', 'La rotación baja al 3%', 'Dos mercados nuevos']);
  });

  it.each([
    'A slide titled Hiring plan with bullets: two backend engineers, one designer, a product manager',
    'Invoice for Acme: 10 hours of consulting at $150 per hour and 2 licenses at $300 each',
    'Make a deck: 5 slides, 2 charts, dark theme',
    'Deck with a bar chart of revenue by region: North 120, South 80, East 100',
  ])('no facts in "%s"', (prompt) => {
    expect(statementsIn(prompt)).toBeNull();
  });
});

describe('what a pitch asks for', () => {
  it.each([
    ['raising 250k', '250k'],
    ['we are raising a $2M seed round to grow', '$2M seed round'],
    ['asking for €500k', '€500k'],
    ['revenue up 20%', null],
    ['raising awareness of the brand', null],
  ])('%s', (text, amount) => expect(askedAmount(text)).toBe(amount));
});

describe('listed facts without a word of change', () => {
  it('reads who did what, a signed figure as a change, and keeps a bare noun after "and" with its verb', () => {
    expect(statementsIn("meeting notes from today's standup: Ana finished the login page, Ben is blocked on the API keys, Cara starts QA tomorrow. Next standup Thursday.")?.items)
      .toEqual(['Ana finished the login page', 'Ben is blocked on the API keys', 'Cara starts QA tomorrow']);
    expect(statementsIn('make a deck for our quarterly business review: revenue 4.2M (+12% QoQ), NPS 47, churn 2.1%, shipped SSO and audit logs, hiring 3 engineers next quarter')?.items)
      .toEqual(['Revenue 4.2M (+12% QoQ)', 'NPS 47', 'Churn 2.1%', 'Shipped SSO and audit logs', 'Hiring 3 engineers next quarter']);
    // The writer's own updates, the subject left out; the label of what follows the list is not one of them.
    expect(statementsIn('weekly status report: completed the API migration, started load testing, risk: vendor contract expires next month'))
      .toEqual({ items: ['Completed the API migration', 'Started load testing'], source: 'completed the API migration, started load testing' });
    // A schedule is not a list of facts; a bare noun after "and" stays with its clause.
    expect(statementsIn('team offsite agenda deck: 9am welcome, 10am strategy review, 12pm lunch')).toBeNull();
    expect(statementsIn("sales kickoff deck for 2026: last year we hit 112% of quota, this year's target is $18M, new territories in Germany and France")?.items)
      .toEqual(['Last year we hit 112% of quota', "This year's target is $18M", 'New territories in Germany and France']);
    // Findings in Spanish: a figure and its noun, a copula, what people like.
    expect(statementsIn('Crea un informe sobre la encuesta de clientes: 68% satisfechos, el soporte es lento, les encanta la app')?.items)
      .toEqual(['68% satisfechos', 'El soporte es lento', 'Les encanta la app']);
    // Topics named in a list are not updates.
    expect(statementsIn('deck on the CRM rollout: why, training, support')).toBeNull();
    expect(statementsIn('A 6-slide pitch deck for a startup. Include market size, product, business model, traction, team and the ask.')).toBeNull();
  });
});

describe('one sentence after the colon that says what happened', () => {
  it('is a fact kept as written', () => {
    expect(whatHappened('incident report for the outage on May 3: the API was down for 2 hours because of an expired certificate')?.items).toEqual(['The API was down for 2 hours because of an expired certificate']);
    expect(whatHappened('memo to staff: the office will be closed on Friday because of the storm')?.items).toEqual(['The office will be closed on Friday because of the storm']);
  });

  it('is not a list of parts, fields or data, nor a short label', () => {
    expect(whatHappened('Deck on the CRM rollout: why we switch, training, timeline, support')).toBeNull();
    expect(whatHappened('a tracker for my job applications: company, role, date applied, status')).toBeNull();
    expect(whatHappened('sales by region: North 120, South 80')).toBeNull();
    expect(whatHappened('Title: Q3 review')).toBeNull();
  });
});
