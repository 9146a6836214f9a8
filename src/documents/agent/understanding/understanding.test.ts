// The shared reading of requests: counts, enumerations, explicit structure, inline data, intents, facts
// and follow-up edits, written the way different people write them.
import { describe, expect, it } from 'vitest';
import { editCommands } from './edits.ts';
import { pairsIn, tablesIn, typedValue } from './inline-data.ts';
import { languageOf } from './language.ts';
import { countsIn } from './numbers.ts';
import { partsOf, placeholdersFor } from './placeholders.ts';
import { understand } from './understand.ts';

describe('counts', () => {
  it.each([
    ['A 6-slide pitch deck', { n: 6, unit: 'slide' }],
    ['make me 10 slides on churn', { n: 10, unit: 'slide' }],
    ['a one-page memo to staff', { n: 1, unit: 'page' }],
    ['a workbook with three sheets', { n: 3, unit: 'sheet' }],
    ['twelve slides please', { n: 12, unit: 'slide' }],
    ['Erstelle sechs Folien', { n: 6, unit: 'slide' }],
    ['una presentación de cinco diapositivas', { n: 5, unit: 'slide' }],
    ['un rapport de deux pages', { n: 2, unit: 'page' }],
    ['a report with 4 sections', { n: 4, unit: 'section' }],
    ['a one-pager on pricing', { n: 1, unit: 'page' }],
  ])('%s', (text, count) => {
    expect(countsIn(text)).toContainEqual(count);
  });
});

describe('enumerations', () => {
  it.each([
    ['A 6-slide pitch deck for a startup. Include market size, product, business model, traction, team and the ask.', ['Market size', 'Product', 'Business model', 'Traction', 'Team', 'The ask']],
    ['Project plan with phases, timeline, risks and owners', ['Phases', 'Timeline', 'Risks', 'Owners']],
    ['budget workbook with sheets for Q1 to Q4', ['Q1', 'Q2', 'Q3', 'Q4']],
    ['one tab per quarter', ['Q1', 'Q2', 'Q3', 'Q4']],
    ['a report covering pricing, churn & hiring', ['Pricing', 'Churn', 'Hiring']],
    ['deck with sections: Market; Product; Team', ['Market', 'Product', 'Team']],
    ['sheets for January to March', ['January', 'February', 'March']],
    ['Erstelle eine Präsentation über unser neues Produkt mit Markt, Produkt und Team', ['Markt', 'Produkt', 'Team']],
    ['Crea una presentación que incluya mercado, producto y equipo', ['Mercado', 'Producto', 'Equipo']],
    ['Fais une présentation avec le marché, le produit et l’équipe', ['Marché', 'Produit', 'L’équipe']],
  ])('%s', (text, items) => {
    expect(understand(text).items).toEqual(items);
  });

  it('does not read instructions about form as topics', () => {
    expect(understand('Workbook with a sheet Sales from this data and a total row with formulas, and a bar chart of revenue by region').items).toEqual([]);
    expect(understand('Write a memo about the move. Thanks!').items).toEqual([]);
  });
});

describe('explicit structure', () => {
  it('reads names, bullets, cells, columns and rows', () => {
    expect(understand('Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff')).toMatchObject({ named: 'Next steps', bullets: { items: ['sign contract', 'schedule kickoff'], numbered: false } });
    expect(understand('a slide called "Hiring plan" with bullet points two engineers, one designer and a PM').bullets?.items).toEqual(['two engineers', 'one designer', 'a PM']);
    expect(understand('Add a new sheet named Notes with the text Reviewed in cell A1')).toMatchObject({ named: 'Notes', cells: [{ text: 'Reviewed', cell: 'A1', sheet: null }] });
    expect(understand('put "Checked by Ana" in Summary!B2').cells).toEqual([{ text: 'Checked by Ana', cell: 'B2', sheet: 'Summary' }]);
    expect(understand('Project tracker with columns for task, owner, due date and status').columns).toEqual(['Task', 'Owner', 'Due date', 'Status']);
    expect(understand('a sheet with a row per region (North, South, East) and a column for each quarter')).toMatchObject({ rowsPer: { per: 'Region', items: ['North', 'South', 'East'] }, columns: ['Q1', 'Q2', 'Q3', 'Q4'] });
    expect(understand('Workbook with a sheet Sales from this data').sheetNames).toEqual(['Sales']);
  });

  it('reads the kind of document, its subject and its label', () => {
    expect(understand('A 6-slide pitch deck for a startup that makes solar-powered water purifiers for rural villages.')).toMatchObject({ kind: 'pitch', subject: 'solar-powered water purifiers for rural villages' });
    expect(understand('Write a memo to all staff about the office move on March 3, 2025')).toMatchObject({ kind: 'memo', subject: 'office move' });
    expect(understand('Project tracker with columns for task and owner')).toMatchObject({ kind: 'tracker', subject: null, label: 'Project tracker' });
    expect(understand('a report on Q3 churn for the board').kind).toBe('report');
  });

  it('tells who a document is for from what it is about', () => {
    // An audience is not a subject; the topic after it is.
    expect(understand('presentation for investors, we are a B2B payroll startup with 40 customers and 1.2M ARR, growing 15% month over month'))
      .toMatchObject({ kind: 'pitch', subject: 'B2B payroll startup', statements: ['40 customers', '1.2M ARR', 'Growing 15% month over month'] });
    expect(understand('slides for the board about hiring, we need 5 engineers and 2 designers')).toMatchObject({ kind: 'deck', subject: 'hiring', items: [], statements: ['We need 5 engineers', '2 designers'] });
    expect(understand('a report on Q3 churn for the board').subject).toBe('Q3 churn');
    expect(understand('deck for our sales team on the new pricing').subject).toBe('new pricing');
    expect(understand('a presentation for the whole team').subject).toBeNull();
    expect(understand('slides about our Q3 results').subject).toBe('Q3 results');
    expect(understand('a deck for potential investors about our dog walking app').kind).toBe('pitch');
    // A document made for a group keeps the group when nothing else names it.
    expect(understand('onboarding checklist for new hires').label).toBe('Onboarding checklist');
    // The period it covers is part of its name, before or after its noun; a count is not.
    expect(['annual report 2024', 'Q3 2025 board update deck', 'deck for our 2025 roadmap', 'FY26 budget with a row per department', 'quarterly review 2024 deck with a chart', 'make 5 slides for the team offsite']
      .map((p) => understand(p).label)).toEqual(['Annual report 2024', 'Q3 2025 board update', '2025 roadmap', 'FY26 budget', 'Quarterly review 2024', null]);
  });
});

describe('inline data', () => {
  it('types numbers and keeps their currency and percent formats', () => {
    expect(typedValue('$1,200')).toEqual({ value: 1200, format: 'currency', currency: 'USD' });
    expect(typedValue('12.5%')).toEqual({ value: 0.125, format: 'percent', currency: null });
    // An 18-digit order number is an identifier: a float would round it (100000000000000001 became 100000000000000000).
    expect(typedValue('100000000000000001')).toEqual({ value: '100000000000000001', format: 'text', currency: null });
    expect(typedValue('1,000,000,000')).toEqual({ value: 1e9, format: 'integer', currency: null });
    expect(typedValue('€3.5k')).toEqual({ value: 3500, format: 'currency', currency: 'EUR' });
    // Dots between thousands and a decimal comma: always with both or with several groups, else in euros.
    expect(['1.200 €', '1.200,50 €', '2.500.000', '12,50 €', '1.200', '12,50', '$1.200', '1,200 €'].map((v) => typedValue(v).value)).toEqual([1200, 1200.5, 2500000, 12.5, 1.2, '12,50', 1.2, 1200]);
    expect(typedValue('1,250')).toEqual({ value: 1250, format: 'integer', currency: null });
    expect(typedValue('00123')).toMatchObject({ format: 'text' });
  });

  it('names the columns of pairs whose label names the things listed by them and what they cost', () => {
    expect(understand('track my monthly subscriptions: netflix 15.99, spotify 10.99, icloud 2.99, gym 45').tables[0].header).toEqual(['Subscription', 'Monthly cost']);
    expect(understand('our software licenses: Figma 540, Slack 960').tables[0].header).toEqual(['License', 'Cost']);
    // ("Trip expenses" names the values themselves.)
    expect(understand('Trip expenses: flights 800, hotel 600').tables[0].header).toEqual(['Item', 'Trip expenses']);
  });

  it('reads CSV after a colon, TSV lines, markdown tables and label/value pairs', () => {
    const [csv] = tablesIn('Make a sheet from this:\nregion,revenue\nNorth,120\nSouth,80');
    expect(csv).toMatchObject({ header: ['region', 'revenue'], rows: [['North', 120], ['South', 80]], formats: ['text', 'integer'] });
    const [tsv] = tablesIn('Month\tSignups\tChurn\nJan\t120\t2%\nFeb\t150\t1.5%');
    expect(tsv).toMatchObject({ header: ['Month', 'Signups', 'Churn'], rows: [['Jan', 120, 0.02], ['Feb', 150, 0.015]], formats: ['text', 'integer', 'percent'] });
    const [md] = tablesIn('## Costs\n| Item | Cost |\n|---|---|\n| Rent | $1,000 |\n| Ads | $250.50 |');
    expect(md).toMatchObject({ name: 'Costs', rows: [['Rent', 1000], ['Ads', 250.5]], formats: ['text', 'currency'], currencies: [null, 'USD'] });
    expect(pairsIn('chart of sales by region: North 120, South 80 and East 100')).toMatchObject({ pairs: [['North', 120], ['South', 80], ['East', 100]] });
    expect(pairsIn('Expenses: Rent $1,200, Software $340.50, Travel $980 - add an average')).toMatchObject({ label: 'Expenses', format: 'currency', pairs: [['Rent', 1200], ['Software', 340.5], ['Travel', 980]] });
    expect(tablesIn('We met on Monday, talked, and left.')).toEqual([]);
    // What a table is of names its values: "un tableau des dépenses du mois" is "Dépenses".
    expect(pairsIn('Fais un tableau des dépenses du mois : loyer 900 €, courses 350 €')?.label).toBe('Dépenses');
    // "launch date June 1" is a date, not the label "Launch date June" and the value 1.
    expect(pairsIn('product launch plan, launch date June 1, budget $50k')).toBeNull();
    // Commas inside a markdown table's cells do not make a second, CSV table of its rows.
    expect(tablesIn('| Quarter | Revenue | Cost |\n|---|---|---|\n| Q1 | $120,000 | $80,000 |\n| Q2 | $135,500 | $86,000 |')).toHaveLength(1);
  });

  it('reads decimal commas, amounts with the symbol after them and dotted dates in a table, as a CSV file is read', () => {
    const [de] = tablesIn('Umsatz nach Region:\n| Region | Umsatz | Marge | Stichtag | PLZ |\n|---|---|---|---|---|\n| Nord | 1.234,50 € | 12,5 % | 15.03.2024 | 01067 |\n| Süd | 987,00 € | 9,8 % | 16.03.2024 | 80331 |');
    expect(de).toMatchObject({ formats: ['text', 'currency', 'percent', 'date', 'text'], currencies: [null, 'EUR', null, null, null] });
    expect(de.rows).toEqual([['Nord', 1234.5, 0.125, '2024-03-15', '01067'], ['Süd', 987, 0.098, '2024-03-16', '80331']]);
    // Day and month that the values do not settle stay as written.
    expect(tablesIn('| Task | Due |\n|---|---|\n| A | 05/03/2024 |\n| B | 06/04/2024 |')[0]).toMatchObject({ formats: ['text', 'text'], rows: [['A', '05/03/2024'], ['B', '06/04/2024']] });
    // The display they were written in goes with them where the type's own would differ.
    expect(de.numFmts).toEqual([null, '#,##0.00 "€"', null, 'dd.mm.yyyy', null]);
  });

  it('reads a semicolon table with its header when only the CSV reading finds its figures', () => {
    const [t] = tablesIn('Monatsbudget als Tabelle:\nPosten;Betrag;Fällig am\nMiete;1.200,00 €;01.03.2025\nStrom;85,50 €;15.03.2025');
    expect(t).toMatchObject({ header: ['Posten', 'Betrag', 'Fällig am'], inferredHeader: false, formats: ['text', 'currency', 'date'], rows: [['Miete', 1200, '2025-03-01'], ['Strom', 85.5, '2025-03-15']] });
  });

  it('reads amounts typed with unquoted thousands commas in a comma table, only where that gives the header\'s width', () => {
    const [t] = tablesIn('Client,Amount,Due\nAcme,$1,200.00,03/25/2025\nGlobex,$850.00,04/15/2025\nInitech,-$2,300,000.50,05/01/2025');
    expect(t).toMatchObject({ header: ['Client', 'Amount', 'Due'], formats: ['text', 'currency', 'date'], numFmts: [null, null, 'mm/dd/yyyy'] });
    expect(t.rows.map((r) => r[1])).toEqual([1200, 850, -2300000.5]);
    // A row that does not come to the header's width that way ends the table.
    expect(tablesIn('Item,Qty,Price\nPens,12,30,5,9\nPads,2,3')).toEqual([]);
  });

  it('names pair columns from the chart the request asks for', () => {
    expect(understand('bar chart of sales by region: North 120, South 80, East 100').tables[0]).toMatchObject({ header: ['Region', 'Sales'], inferredHeader: true });
  });
});

describe('intents', () => {
  it.each([
    ['a bar chart of revenue by region', { chart: { type: 'bar', y: 'Revenue', x: 'Region' } }],
    ['plot signups by month as a line graph', { chart: { type: 'line' } }],
    ['pie chart please', { chart: { type: 'pie' } }],
    ['with a total row', { total: true }],
    ['show the average and the growth', { average: true, growth: true }],
    ['compare AWS and Azure', { compare: true }],
    ['a product roadmap', { timeline: true }],
    ['ein Balkendiagramm der Umsätze', { chart: { type: 'bar' } }],
    ['un gráfico circular', { chart: { type: 'pie' } }],
  ])('%s', (text, intents) => {
    expect(understand(text).intents).toMatchObject(intents);
  });

  it('reads what a comparison compares and on what, and the dates of a timeline', () => {
    expect(understand('Compare AWS, Azure and GCP on price and support')).toMatchObject({ compared: ['AWS', 'Azure', 'GCP'], criteria: ['Price', 'Support'] });
    expect(understand('slides on Postgres vs MySQL').compared).toEqual(['Postgres', 'MySQL']);
    expect(understand('roadmap: beta in March, public launch in June and GA by Q4 2025').milestones).toEqual([{ what: 'Beta', when: 'March' }, { what: 'Public launch', when: 'June' }, { what: 'GA', when: 'Q4 2025' }]);
  });
});

describe('facts', () => {
  it('takes dates, places, people and contacts as written', () => {
    const u = understand('Write a one-page memo to all staff from Dana Smith about the office move on March 3, 2025 to 12 Harbor Road, Springfield. Contact: facilities@acme.com');
    expect(u.facts).toMatchObject({ dates: ['March 3, 2025'], places: ['12 Harbor Road, Springfield'], to: 'all staff', from: 'Dana Smith', contact: 'facilities@acme.com' });
    expect(understand('Party at Room 4B on Friday at 5pm, call +1 555 010 2030').facts).toMatchObject({ places: ['Room 4B'], times: ['5pm'], phones: ['+1 555 010 2030'] });
    // A time range as one; the venue of an event (one with a date or time); not "at Google" in a cover letter.
    expect(understand('a flyer for our bake sale on Saturday May 10 from 10am to 2pm at Lincoln Elementary').facts).toMatchObject({ times: ['10am to 2pm'], places: ['Lincoln Elementary'] });
    expect(understand('a cover letter, I worked at Google for 3 years').facts.places).toEqual([]);
    expect(understand('a cover letter, I worked at Google until March 2024').facts.places).toEqual([]);
    expect(understand('a flyer for our spring fair on May 3 at Riverside Park').facts.places).toEqual(['Riverside Park']);
  });
});

describe('language and placeholders', () => {
  it('tells the language and labels placeholders in it', () => {
    expect(languageOf('Erstelle bitte eine Präsentation über die Quartalszahlen mit den Ergebnissen')).toBe('de');
    expect(languageOf('Crea una hoja con los gastos del mes para el equipo')).toBe('es');
    expect(languageOf('Créez une présentation sur les résultats du trimestre pour le comité')).toBe('fr');
    expect(languageOf('Create a deck about the quarter for the board')).toBe('en');
    expect(placeholdersFor('Market size', 'rural water purifiers', 'en')[0]).toBe('[Add the market size for rural water purifiers (total and serviceable market) with its source]');
    expect(placeholdersFor('Markt', null, 'de')).toEqual(['[Ergänzen: die Kernpunkte: Markt]']);
    expect(placeholdersFor('Roadblocks', null, 'en')).toEqual(['[Add the key points on roadblocks]']);
    // A name keeps its capital (written so in the subject, or anywhere in the request); a part the subject names needs no "for" it.
    expect(placeholdersFor('Kubernetes', 'Kubernetes and Docker for beginners', 'en')).toEqual(['[Add the key points on Kubernetes]']);
    const u = understand('a deck for the team about our frontend choices, with slides on React and Vue');
    expect(u.names).toEqual(['React', 'Vue']);
    expect(placeholdersFor('React', u.subject, 'en', u.names)).toEqual([`[Add the key points on React for ${u.subject}]`]);
    expect(placeholdersFor('React', u.subject, 'en')[0]).toMatch(/on react for/);
    // What a request lists after its colon that is not parts, data or facts: its specifics, as written.
    const jd = understand('write a job description for a senior backend engineer: remote, Python and Postgres, 5+ years, salary $150-180k, reports to the CTO');
    expect(jd).toMatchObject({ kind: 'job', items: [], specifics: ['Remote', 'Python and Postgres', '5+ years', 'Salary $150-180k', 'Reports to the CTO'] });
    expect(jd.facts.amounts).toEqual(['$150-180k']);
    expect(partsOf('job', 'en', 'document')).toEqual(['About the role', "What you'll do", 'Requirements', 'Benefits', 'How to apply']);
    // (A deck's list after its colon is its parts, unless a price or a count of years says they are specifics.)
    expect(understand('a short deck introducing the role we are hiring for: remote, Python and Postgres, 5+ years, salary $150-180k')).toMatchObject({ items: [], specifics: ['Remote', 'Python and Postgres', '5+ years', 'Salary $150-180k'] });
    expect(understand('Deck on the CRM rollout: why, training, support').items).toEqual(['Why', 'Training', 'Support']);
    // A parenthesis is part of its item; the subject of parts listed after a colon is named before it.
    expect(understand('onboarding deck for new support agents: our tools (Zendesk, Slack), response time goals, escalation path, who to ask for help')).toMatchObject({
      items: ['Tools (Zendesk, Slack)', 'Response time goals', 'Escalation path', 'Who to ask for help'], subject: null,
    });
    // A length in minutes is how long a talk is, not minutes of a meeting; a lunch and learn is a deck.
    expect(understand('lunch and learn on password managers, 15 minutes, for non-technical staff')).toMatchObject({ kind: 'deck', subject: 'password managers' });
    expect(understand('minutes of the board meeting').kind).toBe('minutes');
    // "slides about A and B for beginners": a slide each, without "about" and without for whom.
    expect(understand('5 slides about Kubernetes and Docker for beginners').items).toEqual(['Kubernetes', 'Docker']);
  });
});

describe('follow-up edits', () => {
  it.each([
    ['Delete the slide about pricing', { op: 'delete', part: 'slide', target: { index: null, phrase: 'pricing' } }],
    ['remove slide 3', { op: 'delete', part: 'slide', target: { index: 3 } }],
    ['please drop the last slide', { op: 'delete', part: 'slide', target: { index: -1 } }],
    ['Rename the Risks section to Open risks', { op: 'rename', part: 'section', target: { phrase: 'Risks' }, to: 'Open risks' }],
    ['call the Income tab Earnings', { op: 'rename', part: 'sheet', target: { phrase: 'Income' }, to: 'Earnings' }],
    ['get rid of the Causes section', { op: 'delete', part: 'section', target: { phrase: 'Causes' } }],
    ['put the Next steps section at the start', { op: 'move', part: 'section', target: { phrase: 'Next steps' }, to: { kind: 'start' } }],
    ['change the title of slide 2 to Our market', { op: 'rename', part: 'slide', target: { index: 2 }, to: 'Our market' }],
    ['rename sheet Data to "Sales 2024"', { op: 'rename', part: 'sheet', target: { phrase: 'Data' }, to: 'Sales 2024' }],
    ['Move the chart to the Summary sheet', { op: 'move', part: 'chart', to: { kind: 'onto', ref: { phrase: 'Summary' } } }],
    ['move the revenue chart onto slide 2', { op: 'move', part: 'chart', target: { phrase: 'revenue' }, to: { kind: 'onto', ref: { index: 2 } } }],
    ['Move the Budget section before Timeline', { op: 'move', part: 'section', to: { kind: 'before', ref: { phrase: 'Timeline' } } }],
    ['move slide 5 to the end', { op: 'move', part: 'slide', target: { index: 5 }, to: { kind: 'end' } }],
    ['Add a slide titled Hiring plan with bullets: two engineers, one designer', { op: 'add', part: 'slide', title: 'Hiring plan', bullets: ['two engineers', 'one designer'] }],
    ['Add a section on competitors after Market', { op: 'add', part: 'section', title: 'Competitors', where: { kind: 'after', ref: { phrase: 'Market' } } }],
  ])('%s', (text, command) => {
    expect(editCommands(text)[0]).toMatchObject(command);
  });

  it('reads several instructions in one request', () => {
    expect(editCommands('Rename sheet Data to Sales. Then delete the Scratch tab').map((c) => [c.op, c.part])).toEqual([['rename', 'sheet'], ['delete', 'sheet']]);
  });
});

describe('checklists', () => {
  it('reads the list after a checklist as its rows: tasks, or items to pack', () => {
    expect(understand('an onboarding checklist for new engineers: laptop setup, repo access, first PR').rowsPer).toEqual({ per: 'Task', items: ['Laptop setup', 'Repo access', 'First PR'] });
    expect(understand('packing checklist for a camping trip: tent, sleeping bag, stove').rowsPer).toEqual({ per: 'Item', items: ['Tent', 'Sleeping bag', 'Stove'] });
    // "for new engineers" is who it is for.
    expect(understand('an onboarding checklist for new engineers: laptop setup, repo access').subject).toBeNull();
  });
});

describe("a tracker's fields", () => {
  it.each([
    ['project tracker with tasks, owners, due dates and status', ['Task', 'Owner', 'Due date', 'Status']],
    ['a spreadsheet to track my job applications - companies, roles, dates applied, notes', ['Company', 'Role', 'Date applied', 'Notes']],
    ['workout tracker with exercises, sets, reps and weights', ['Exercise', 'Sets', 'Reps', 'Weight']],
  ])('%s: one thing per column', (prompt, columns) => {
    expect(understand(prompt).columns).toEqual(columns);
  });
});
