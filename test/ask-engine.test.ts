// One ask engine for the three formats: POST /excel/analyze and `mode: "ask"` on the generation
// endpoints answer the same questions the same way on the builtin engine (structure, aggregates with
// the row's label, lookups, summaries, and what the document holds when it cannot answer), with
// citations, and an ask that gets no answer costs nothing. With a model (a scripted provider at its
// wire protocol) the model is given the same view and the answer keeps its citations.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { fileUpload } from './helpers/multipart.ts';
import { credits, generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile } from './helpers/slides.ts';

let t: TestApp;
let llm: TestApp;
let fake: FakeLlmServer;
let org: { secret: string; org_id: string };
let salesFile: string;

// Q2 totals 390 and averages 97.5, from 75 to 130: the workbook.
async function salesWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('Sales');
  [['Region', 'Q1', 'Q2'], ['North', 100, 130], ['South', 90, 75], ['East', 80, 110], ['West', 120, 75]].forEach((r) => sales.addRow(r));
  const notes = wb.addWorksheet('Notes');
  [['Note'], ['Figures in thousands of euros'], ['Checked by the finance team']].forEach((r) => notes.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(app: TestApp, secret: string, name: string, bytes: Buffer): Promise<string> {
  const form = fileUpload(name, bytes);
  const res = await app.inject({ method: 'POST', url: '/api/v1/files', headers: { ...key(secret), ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

const analyze = async (app: TestApp, secret: string, fileId: string, prompt: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: key(secret), payload: { file_id: fileId, prompt } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const ask = async (app: TestApp, secret: string, format: string, source: { init_file?: string; run_id?: string }, prompt: string) => {
  const res = await generate(app, secret, { prompt, mode: 'ask', ...source }, format);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().download_url).toBeNull();
  return res.json();
};

beforeAll(async () => {
  fake = await startFakeLlmServer();
  [t, llm] = await Promise.all([startTestApp(withRuns({})), startTestApp(withRuns({}), { env: providerEnv(fake) })]);
  org = await t.signup('ask-engine');
  salesFile = await upload(t, org.secret, 'sales.xlsx', await salesWorkbook());
});
afterAll(async () => { await Promise.all([t?.close(), llm?.close()]); await fake?.close(); });

describe('workbooks: /excel/analyze and ask mode give the same answers', () => {
  it.each([
    ['Which region had the highest Q2?', 'The highest Q2 is 130, for North (Sales!C2)', ['Sales!C2:C5', 'Sales!C2', 'Sales!A2']],
    ['What is the lowest Q2?', 'The lowest Q2 is 75, for South (Sales!C3)', ['Sales!C2:C5', 'Sales!C3', 'Sales!A3']],
    ['What is the total Q2?', 'The total of Q2 is 390 over 4 values (Sales!C2:C5)', ['Sales!C2:C5']],
    ['What is the average Q2?', 'The average of Q2 is 97.5 over 4 values (Sales!C2:C5)', ['Sales!C2:C5']],
    ['Top 2 regions by Q1', 'Top 2 by Q1 (Sales!B2:B5): 1. West (120), 2. North (100).', ['Sales!B2:B5', 'Sales!A2:A5']],
    ['What is the Q2 figure for East?', 'Q2 for East is 110 (Sales!C4).', ['Sales!C4', 'Sales!A4']],
    ['How many regions are there?', 'Sheet Sales has 4 data rows (Sales!A2:C5)', ['Sales!A2:C5']],
    ['How many sheets are there?', 'The workbook has 2 sheets: Sales, Notes.', ['sheet "Sales"', 'sheet "Notes"']],
    ['What is on sheet 2?', 'Sheet "Notes" (3 data rows): Note; Figures in thousands of euros; Checked by the finance team.', ['sheet "Notes"']],
  ] as const)('%s', async (question, expected, labels) => {
    const a = await analyze(t, org.secret, salesFile, question);
    const m = await ask(t, org.secret, 'excel', { init_file: salesFile }, question);
    expect(a.answer).toContain(expected);
    expect(m.summary).toContain(expected);
    expect(m.answer.citations.map((c: any) => c.label)).toEqual(labels);
    expect(a.citations).toEqual(m.answer.citations.filter((c: any) => c.range).map((c: any) => ({ sheet: c.sheet, range: c.range })));
    expect(a).toMatchObject({ answered: true, credits_used: 1, model: 'builtin' });
    expect(m).toMatchObject({ credits_used: 1, answer: { answered: true } });
  });

  it('summarises the workbook from each sheet\'s header and first rows, citing each sheet', async () => {
    const a = await analyze(t, org.secret, salesFile, 'Summarise this workbook');
    const m = await ask(t, org.secret, 'excel', { init_file: salesFile }, 'Summarise this workbook');
    for (const text of [a.answer, m.summary]) {
      expect(text).toContain('The workbook has 2 sheets.');
      expect(text).toContain('Sales: 4 data rows, Region | Q1 | Q2; North | 100 | 130 (sheet "Sales").');
      expect(text).toContain('Notes: 3 data rows, Note; Figures in thousands of euros (sheet "Notes").');
    }
    expect(m.answer.citations).toEqual([{ label: 'sheet "Sales"', sheet: 'Sales' }, { label: 'sheet "Notes"', sheet: 'Notes' }]);
  });

  it('names the sheets that have charts, on a real workbook with a chart, a table and a picture', async () => {
    const file = await upload(t, org.secret, 'budget.xlsx', corpusFile('xlsx/excel-budget-chart-table-image.xlsx'));
    const m = await ask(t, org.secret, 'excel', { init_file: file }, 'Which sheets have charts?');
    expect(m.summary).toBe('One sheet has charts: Sheet "Simple Monthly Budget" ("column chart").');
    expect(m.answer.citations).toEqual([{ label: 'sheet "Simple Monthly Budget"', sheet: 'Simple Monthly Budget' }]);
    expect((await analyze(t, org.secret, file, 'How many charts are there?')).answer).toBe('The workbook has 1 chart: Sheet "Simple Monthly Budget".');
  });

  it('says when it cannot answer, what the workbook holds and what it can answer, and charges nothing', async () => {
    const before = await credits(t, org.secret);
    const a = await analyze(t, org.secret, salesFile, 'Will it rain tomorrow?');
    const m = await ask(t, org.secret, 'excel', { init_file: salesFile }, 'Will it rain tomorrow?');
    for (const text of [a.answer, m.summary]) {
      expect(text).toContain('"Sales" (4 data rows; columns Region, Q1, Q2)');
      expect(text).toContain('Without a model, Folio answers questions about: how many sheets, rows, tables or charts there are');
      expect(text).toContain('"What is the Q1 for North?"');
    }
    expect(a).toMatchObject({ answered: false, citations: [], data: null, credits_used: 0 });
    expect(m).toMatchObject({ credits_used: 0, answer: { answered: false, citations: [] } });
    expect((await credits(t, org.secret)).balance).toBe(before.balance);
    const task = (await t.inject({ method: 'GET', url: `/api/v1/tasks/${m.task_id}`, headers: key(org.secret) })).json();
    expect(task).toMatchObject({ credits_used: 0, result: { summary: m.summary, answer: { answered: false } } });
  });
});

describe('decks and documents in ask mode (builtin engine)', () => {
  let deckRun: string;
  let docRun: string;
  beforeAll(async () => {
    const deck = await generate(t, org.secret, { prompt: '# Q3 Review\n\n## Highlights\n\n- Revenue up 12%\n- Two new offices in Lisbon and Porto\n\n## Regional sales\n\n| Region | Q1 | Q2 |\n|---|---|---|\n| North | 100 | 130 |\n| South | 90 | 75 |\n| East | 80 | 110 |\n\n## Next steps\n\n- Hire a sales lead\n- Open the Porto office in May' }, 'slides');
    expect(deck.statusCode, deck.body).toBe(200);
    deckRun = deck.json().run_id;
    const doc = await generate(t, org.secret, { prompt: '# Staff Handbook\n\n## Leave\n\nStaff get 25 days of paid leave a year.\n\n## Travel\n\nBook travel through the portal.\n\n| Class | Budget |\n|---|---|\n| Economy | 400 |\n| Business | 1200 |\n\n## Expenses\n\nReceipts are due within 30 days.' }, 'word');
    expect(doc.statusCode, doc.body).toBe(200);
    docRun = doc.json().run_id;
  });

  it('answers structure, slide content, figures from a slide\'s table, lookups and a summary of a Folio-made deck', async () => {
    const count = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'How many slides are there?');
    expect(count.summary).toMatch(/^The deck has \d+ slides\.$/);
    const n = Number(/(\d+)/.exec(count.summary)![1]);
    expect(count.answer.citations).toEqual([{ label: `slides 1-${n}` }]);
    const highlights = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'What does slide 2 say?');
    expect(highlights.summary).toMatch(/^Slide 2 "Highlights": Revenue up 12%; Two new offices in Lisbon and Porto(; Speaker notes: .*)?\.$/);
    expect(highlights.answer.citations).toEqual([{ label: 'slide 2', slide: 2 }]);
    const highest = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'Which region had the highest Q2?');
    expect(highest.summary).toBe('The highest Q2 is 130, for North (Slide 3, table 1, C2), among 3 values in Slide 3, table 1, C2:C4.');
    expect(highest.answer.citations).toEqual([
      { label: 'slide 3, table 1, C2:C4', slide: 3, table: 1, range: 'C2:C4' }, { label: 'slide 3, table 1, C2', slide: 3, table: 1, range: 'C2' }, { label: 'slide 3, table 1, A2', slide: 3, table: 1, range: 'A2' },
    ]);
    expect((await ask(t, org.secret, 'slides', { run_id: deckRun }, 'What is the Q1 figure for South?')).summary).toBe('Q1 for South is 90 (Slide 3, table 1, B3).');
    const tables = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'How many slides have a table?');
    expect(tables.summary).toBe('The deck has 1 slide with a table (slide 3).');
    const summary = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'What is this deck about?');
    expect(summary.summary).toMatch(/^"Q3 Review" is a deck of \d+ slides\. Slide 1 "Q3 Review": /);
    for (const part of ['Slide 2 "Highlights": Revenue up 12%; Two new offices in Lisbon and Porto (slide 2).', 'Slide 3 "Regional sales": ', 'Hire a sales lead; Open the Porto office in May']) expect(summary.summary).toContain(part);
    expect(summary.answer.citations.length).toBe(n);
  });

  it('answers sections, their content, a sentence, figures from a section\'s table and a summary of a Folio-made document', async () => {
    const sections = await ask(t, org.secret, 'word', { run_id: docRun }, 'How many sections are there?');
    expect(sections.summary).toBe('The document has 3 top-level sections: "Leave", "Travel", "Expenses".');
    expect(sections.answer.citations.map((c: any) => c.label)).toEqual(['section 1 "Leave"', 'section 2 "Travel"', 'section 3 "Expenses"']);
    const second = await ask(t, org.secret, 'word', { run_id: docRun }, 'What does section 2 say?');
    expect(second.summary).toBe('Section 2 "Travel": Book travel through the portal; Class | Budget; Economy | 400; Business | 1200.');
    expect(second.answer.citations).toEqual([{ label: 'section 2 "Travel"', section: 2, heading: 'Travel' }]);
    const days = await ask(t, org.secret, 'word', { run_id: docRun }, 'How many days of paid leave do staff get?');
    expect(days.summary).toBe('Staff get 25 days of paid leave a year. (section 1 "Leave")');
    expect(days.answer).toMatchObject({ answered: true, citations: [{ label: 'section 1 "Leave"', section: 1, heading: 'Leave' }] });
    const budget = await ask(t, org.secret, 'word', { run_id: docRun }, 'What is the total budget?');
    expect(budget.summary).toBe('The total of Budget is 1,600 over 2 values (Section 2 "Travel", table 1, B2:B3).');
    expect(budget.answer.citations).toEqual([{ label: 'section 2 "Travel", table 1, B2:B3', section: 2, heading: 'Travel', table: 1, range: 'B2:B3' }]);
    expect((await ask(t, org.secret, 'word', { run_id: docRun }, 'What is the budget for Business?')).summary).toBe('Budget for Business is 1,200 (Section 2 "Travel", table 1, B3).');
    const summary = await ask(t, org.secret, 'word', { run_id: docRun }, 'Summarise this document');
    expect(summary.summary).toBe('"Staff Handbook" is a document of 3 sections. Section 1 "Leave": Staff get 25 days of paid leave a year (section 1 "Leave"). Section 2 "Travel": Book travel through the portal; Class | Budget (section 2 "Travel"). Section 3 "Expenses": Receipts are due within 30 days (section 3 "Expenses").');
  });

  it('answers on decks and documents users bring', async () => {
    const deck = await upload(t, org.secret, 'shapes.pptx', corpusFile('pptx/pp-shapes-chart-table-smartart.pptx'));
    expect((await ask(t, org.secret, 'slides', { init_file: deck }, 'Which slides have charts?')).summary).toBe('One slide has charts: Slide 1 "shapes[0]" ("shapes[4]").');
    const doc = await upload(t, org.secret, 'toc.docx', corpusFile('docx/word-toc.docx'));
    const sections = await ask(t, org.secret, 'word', { init_file: doc }, 'How many sections are there?');
    expect(sections.summary).toMatch(/^The document has \d+ top-level sections?: "/);
    expect(sections.answer.citations.length).toBeGreaterThan(0);
  });

  it('answers figures from the table of a real report and the data of a real chart, citing them', async () => {
    const report = await upload(t, org.secret, 'report.docx', corpusFile('docx/lo-report-toc-footnotes.docx'));
    const lowest = await ask(t, org.secret, 'word', { init_file: report }, 'Which region had the lowest After?');
    expect(lowest.summary).toBe('The lowest After is 26, for North (Section 2 "Results", table 1, C2), among 4 values in Section 2 "Results", table 1, C2:C5.');
    expect(lowest.answer.citations[1]).toEqual({ label: 'section 2 "Results", table 1, C2', section: 2, heading: 'Results', table: 1, range: 'C2' });
    expect((await ask(t, org.secret, 'word', { init_file: report }, 'What is the After figure for East?')).summary).toBe('After for East is 29 (Section 2 "Results", table 1, C4).');
    expect((await ask(t, org.secret, 'word', { init_file: report }, 'How many tables are there?')).summary).toBe('The document has 2 tables: Section 2 "Results", Section 3 "Weekly medians".');
    expect((await ask(t, org.secret, 'word', { init_file: report }, 'What are the sections?')).summary).toBe('The document has 4 top-level sections: "Introduction", "Results", "Weekly medians", "Discussion".');
    const pie = await upload(t, org.secret, 'pie.pptx', corpusFile('pptx/pp-pie-chart.pptx'));
    const largest = await ask(t, org.secret, 'slides', { init_file: pie }, 'Which category had the highest Sales?');
    expect(largest.summary).toBe('The highest Sales is 8.2, for 1st Qtr (Slide 1, chart "Sales"), among 4 values in Slide 1, chart "Sales".');
    expect(largest.answer.citations).toEqual([{ label: 'slide 1, chart "Sales"', slide: 1 }]);
  });

  it('says what a deck holds when it cannot answer, and charges nothing', async () => {
    const before = await credits(t, org.secret);
    const res = await ask(t, org.secret, 'slides', { run_id: deckRun }, 'Who won the 1998 world cup?');
    expect(res.summary).toContain('It has ');
    expect(res.summary).toContain('1. Q3 Review; 2. Highlights; 3. Regional sales');
    expect(res.summary).toContain('what slide 2 says');
    expect(res).toMatchObject({ credits_used: 0, answer: { answered: false, citations: [] } });
    expect((await credits(t, org.secret)).balance).toBe(before.balance);
  });
});

describe('with a model', () => {
  it('gives the model the same view, and keeps the citations it names that the workbook has', async () => {
    fake.reset();
    const owner = await llm.signup('ask-llm');
    const file = await upload(llm, owner.secret, 'sales.xlsx', await salesWorkbook());
    fake.enqueue({ toolCalls: [{ name: 'finish', args: { summary: 'North had the highest Q2: 130 (Sales!C2).', citations: ['Sales!C2', '[sheet "Sales"]', 'Nowhere!A1', 'slide 4'] } }] });
    const m = await ask(llm, owner.secret, 'excel', { init_file: file }, 'Which region had the highest Q2?');
    expect(m.summary).toBe('North had the highest Q2: 130 (Sales!C2).');
    expect(m.answer).toEqual({ answered: true, citations: [{ label: 'Sales!C2', sheet: 'Sales', range: 'C2' }, { label: 'sheet "Sales"', sheet: 'Sales' }], data: null });
    const sent = JSON.stringify(fake.requests[0].body);
    expect(sent).toContain('[Sales!A2:C2] North | 100 | 130');
    expect(sent).toContain('[sheet \\"Notes\\"] (3 data rows)');
    expect(sent).toContain('The workbook has 2 sheets.');
    expect(fake.requests[0].tools.sort()).toEqual(['aggregate', 'count_rows', 'detect_headers', 'finish', 'get_outline', 'growth', 'list_sheets', 'read_range', 'top_n']);
    expect(m.credits_used).toBeGreaterThanOrEqual(1);
  });

  it('computes figures through the same tools on /excel/analyze, and an answer the model marks as none costs nothing', async () => {
    fake.reset();
    const owner = await llm.signup('ask-llm-2');
    const file = await upload(llm, owner.secret, 'sales.xlsx', await salesWorkbook());
    fake.enqueue(
      { toolCalls: [{ name: 'aggregate', args: { sheet: 'Sales', column: 'Q2', operation: 'max' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'North: 130 (Sales!C2).' } }] },
    );
    const a = await analyze(llm, owner.secret, file, 'Which region had the highest Q2?');
    expect(a).toMatchObject({ answer: 'North: 130 (Sales!C2).', answered: true, data: { operation: 'max', value: 130, label: 'North', cell: 'C2' }, citations: [{ sheet: 'Sales', range: 'C2:C5' }, { sheet: 'Sales', range: 'C2' }, { sheet: 'Sales', range: 'A2' }] });
    const before = await credits(llm, owner.secret);
    fake.enqueue({ toolCalls: [{ name: 'finish', args: { summary: 'The workbook holds sales by region, not weather.', answered: false } }] });
    const none = await analyze(llm, owner.secret, file, 'Will it rain tomorrow?');
    expect(none).toMatchObject({ answered: false, credits_used: 0, citations: [] });
    expect((await credits(llm, owner.secret)).balance).toBe(before.balance);
  });

  it('lets a model name an Excel table of a sheet that holds several', async () => {
    fake.reset();
    const owner = await llm.signup('ask-llm-tables');
    // Two tables on one sheet: tblIncome (B4:C7) and tblExpenses (B10:C23).
    const file = await upload(llm, owner.secret, 'budget.xlsx', corpusFile('xlsx/excel-budget-chart-table-image.xlsx'));
    fake.enqueue(
      { toolCalls: [{ name: 'aggregate', args: { sheet: 'tblExpenses', column: 'Amount', operation: 'sum' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Expenses total 2,336.' } }] },
    );
    const a = await analyze(llm, owner.secret, file, 'What do the expenses add up to?');
    expect(a).toMatchObject({ answered: true, data: { operation: 'sum', value: 2336, count: 13 }, citations: [{ sheet: 'Simple Monthly Budget', range: 'C11:C23' }] });
    // The model is told both tables, by name.
    const sent = JSON.stringify(fake.requests[0].body);
    expect(sent).toContain('Rent/mortgage | 800');
    expect(sent).toContain('Income 1 | 2500');
  });

  it('keeps the slide a model cites on a deck', async () => {
    fake.reset();
    const owner = await llm.signup('ask-llm-3');
    const deck = await upload(llm, owner.secret, 'shapes.pptx', corpusFile('pptx/pp-shapes-chart-table-smartart.pptx'));
    fake.enqueue({ toolCalls: [{ name: 'read_part', args: { number: 2 } }] }, { toolCalls: [{ name: 'finish', args: { summary: 'Slide 2 shows a picture (sonic.gif).', citations: ['slide 2', 'slide 9'] } }] });
    const m = await ask(llm, owner.secret, 'slides', { init_file: deck }, 'What is on slide 2?');
    expect(m.answer.citations).toEqual([{ label: 'slide 2', slide: 2 }]);
    expect(JSON.stringify(fake.requests[1].body)).toContain('Picture: sonic.gif');
  });
});
