import { describe, expect, it } from 'vitest';
import { adapter } from '../excel.adapter.ts';
import { cellAt, excelToolkit, rowValues, runPlan, sheetsOf } from '../excel-test-kit.ts';
import { allCharts, viewOf } from '../view/sheet.view.ts';
import { answerQuestion } from './ask-answer.ts';
import { looksLikePeriods, planChart } from './data-plans.ts';
import { readPromptData } from './prompt-data.ts';
import type { ColumnType } from '../number-formats.ts';

describe('reading a prompt', () => {
  it('finds the title, markdown and CSV tables (named by their section), loose comma lines, facts and list items', () => {
    const data = readPromptData(`# Ops review

## Costs
| Item | Amount |
|---|---|
| Rent | 1000 |

\`\`\`csv
Team,Heads
Sales,4
\`\`\`

Week,Tickets
W1,40
W2,52

Budget owner: Ana
Deadline: 2025-01-31

- Hire a second analyst
- Owners: 3 people`);
    expect(data.title).toBe('Ops review');
    expect(data.tables.map((t) => [t.name, t.header, t.rows])).toEqual([
      ['Costs', ['Item', 'Amount'], [['Rent', '1000']]],
      [null, ['Team', 'Heads'], [['Sales', 4]]],
      [null, ['Week', 'Tickets'], [['W1', '40'], ['W2', '52']]],
    ]);
    expect(data.facts).toEqual([['Budget owner', 'Ana'], ['Deadline', '2025-01-31'], ['Owners', '3 people']]);
    expect(data.listItems).toEqual(['Hire a second analyst']);
  });

  it('recognises period columns', () => {
    expect(looksLikePeriods(['Jan', 'Feb', 'Mar'])).toBe(true);
    expect(looksLikePeriods(['Q1 2024', 'Q2 2024'])).toBe(true);
    expect(looksLikePeriods([2022, 2023, 2024])).toBe(true);
    expect(looksLikePeriods(['North', 'South'])).toBe(false);
  });
});

describe('the builtin plan', () => {
  it('builds data sheets with growth and totals, a Summary of cross-sheet formulas and facts, and charts, all through the tools', async () => {
    const kit = excelToolkit();
    const summary = await runPlan(kit, '# Revenue 2024\n\n| Month | Revenue |\n|---|---|\n| Jan | 100 |\n| Feb | 125 |\n| Mar | 150 |\n\nTarget: $500\nOwner: Ana\n');
    expect(summary).toMatch(/Built the workbook "Revenue 2024"/);
    expect(sheetsOf(kit.doc).map((s) => s.name)).toEqual(['Summary', 'Revenue 2024']);
    expect(rowValues(kit.doc, 'Revenue 2024', 1, 3)).toEqual(['Month', 'Revenue', 'Revenue growth']);
    expect(cellAt(kit.doc, 'Revenue 2024', 'C3')).toMatchObject({ formula: 'IFERROR(B3/B2-1,"")', value: 0.25 });
    expect(cellAt(kit.doc, 'Revenue 2024', 'B5')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B4)', value: 375 });
    const cells = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((r) => ['A', 'B'].map((c) => cellAt(kit.doc, 'Summary', `${c}${r}`))).filter(Boolean).map((c) => c!.formula ?? c!.value);
    expect(cells).toEqual(expect.arrayContaining(['Revenue 2024', 'Target', 500, 'Owner', 'Ana', "SUM('Revenue 2024'!B2:B4)", "AVERAGE('Revenue 2024'!B2:B4)"]));
    expect(viewOf(kit.doc, 'Summary').charts).toEqual([expect.objectContaining({ kind: 'line', categories: "'Revenue 2024'!$A$2:$A$4" })]);
  });

  it('edits: renames, deletes, moves a chart, adds a named sheet, and leaves the rest alone', async () => {
    const kit = excelToolkit();
    await runPlan(kit, '| Region | Sales |\n|---|---|\n| North | 10 |\n| South | 20 |\n| East | 5 |');
    await kit.call('add_sheet', { name: 'Scratch' });
    const chart = allCharts(kit.doc)[0];
    const before = kit.changes.length;
    const said = await runPlan(kit, 'Rename sheet Scratch to Notes\nMove the sales chart to the Notes sheet', undefined, true);
    // The plan adds no claims of its own: what changed is what the tools recorded.
    expect(said).toBe('');
    expect(kit.changes.slice(before)).toEqual([expect.stringMatching(/Scratch.*Notes/), expect.stringMatching(/chart/i)]);
    expect(viewOf(kit.doc, 'Notes').charts.map((c) => c.id)).toEqual([chart.id]);
    await runPlan(kit, 'add a forecast tab', undefined, true);
    expect(cellAt(kit.doc, 'Forecast', 'A2')?.value).toMatch(/^\[Add the forecast figures here/);
    await runPlan(kit, 'delete the Notes sheet', undefined, true);
    // One table and nothing else: no Summary sheet (it would only repeat the totals row).
    expect(sheetsOf(kit.doc).map((s) => s.name)).toEqual(['Data', 'Forecast']);
    await runPlan(kit, 'Add a new sheet named Review with the text Checked by Ana in cell B2', undefined, true);
    expect(cellAt(kit.doc, 'Review', 'B2')?.value).toBe('Checked by Ana');
    expect(cellAt(kit.doc, 'Review', 'A1')).toBeUndefined();
    const none = adapter.plan({ prompt: 'make it nicer', mode: 'action', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(none.calls).toEqual([]);
    expect(none.summary).toMatch(/this request holds none of them/);
  });

  it('adds a column and a total row as users ask, to a table or to plain data', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Costs', columns: [{ header: 'Item' }, { header: 'Amount', type: 'currency' }], rows: [['Rent', 1200], ['Food', 450]] });
    await runPlan(kit, 'add a column for notes', undefined, true);
    expect(viewOf(kit.doc, 'Costs').tables[0].columns.map((c) => c.name)).toEqual(['Item', 'Amount', 'Notes']);
    await runPlan(kit, 'can you add a total row at the bottom?', undefined, true);
    expect(viewOf(kit.doc, 'Costs').tables[0]).toMatchObject({ totalsRow: true });
    expect(cellAt(kit.doc, 'Costs', 'A4')?.value).toBe('Total');
    expect(cellAt(kit.doc, 'Costs', 'B4')).toMatchObject({ formula: 'SUBTOTAL(109,B2:B3)', value: 1650 });
    // Plain data (no table): a Total row of SUM formulas right under it.
    await kit.call('add_sheet', { name: 'Plain' });
    await kit.call('set_cells', { sheet: 'Plain', start: 'A1', rows: [['Region', 'Q1', 'Q2'], ['North', 10, 20], ['South', 30, 40]] });
    await runPlan(kit, 'add totals to the plain sheet', undefined, true);
    expect(cellAt(kit.doc, 'Plain', 'A4')?.value).toBe('Total');
    expect(cellAt(kit.doc, 'Plain', 'C4')).toMatchObject({ formula: 'SUM(C2:C3)', value: 60 });
    // "... to the plain sheet" names where the totals go: it adds no sheet.
    expect(sheetsOf(kit.doc).map((x) => x.name)).toEqual(['Costs', 'Plain']);
    // A second request finds the totals there and adds none.
    const again = adapter.plan({ prompt: 'add a total row to the plain sheet', mode: 'action', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(again.calls).toEqual([]);
    expect(again.summary).toBe('Not done: the data on "Plain" already has a total row.');
    const table = adapter.plan({ prompt: 'add a total row to the costs table', mode: 'action', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(table).toEqual({ calls: [], summary: 'Not done: table Costs on "Costs" already has a totals row.' });
  });

  it('sorts a table or plain data by a column the request names, a Total row staying at the bottom', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Costs', columns: [{ header: 'Item' }, { header: 'Amount', type: 'currency' }], rows: [['Rent', 1200], ['Food', 450], ['Ads', 250]], totals: true });
    await runPlan(kit, 'sort the costs table by amount, smallest first', undefined, true);
    expect(['A2', 'A3', 'A4', 'A5'].map((a) => cellAt(kit.doc, 'Costs', a)?.value)).toEqual(['Ads', 'Food', 'Rent', 'Total']);
    await runPlan(kit, 'Can you sort it alphabetically by item?', undefined, true);
    expect(['A2', 'A3', 'A4'].map((a) => cellAt(kit.doc, 'Costs', a)?.value)).toEqual(['Ads', 'Food', 'Rent']);
    await kit.call('add_sheet', { name: 'Plain' });
    await kit.call('set_cells', { sheet: 'Plain', start: 'A1', rows: [['Region', 'Sales'], ['North', 10], ['South', 30], ['East', 20], ['Total', '=SUM(B2:B4)']] });
    await runPlan(kit, 'sort the plain sheet by sales, highest first', undefined, true);
    expect([2, 3, 4, 5].map((r) => cellAt(kit.doc, 'Plain', `A${r}`)?.value)).toEqual(['South', 'East', 'North', 'Total']);
    expect(cellAt(kit.doc, 'Plain', 'B5')).toMatchObject({ formula: 'SUM(B2:B4)', value: 60 });
    expect(sheetsOf(kit.doc).map((x) => x.name)).toEqual(['Costs', 'Plain']);
    const missing = adapter.plan({ prompt: 'sort the costs table by date', mode: 'action', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(missing).toEqual({ calls: [], summary: 'Not done: table Costs has no column "date" (its columns: Item, Amount).' });
  });

  it('titles a chart of period columns by the measure the sheet names, else by the columns', () => {
    const sheet = { headers: ['Region', 'Q1', 'Q2'], types: ['text', 'integer', 'integer'] as ColumnType[], rows: 2, periods: false, source: 'the request' };
    expect(planChart({ ...sheet, name: 'Sales' }, { sheet: 'Sales' })?.args.title).toBe('Sales by Region');
    expect(planChart({ ...sheet, name: 'Data' }, { sheet: 'Data' })?.args.title).toBe('Q1, Q2 by Region');
  });

  it('adds computed columns and deletes a row by its label, or says why not', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Sales', columns: [{ header: 'Region' }, { header: 'Q1', type: 'number' }, { header: 'Q2', type: 'number' }], rows: [['North', 120, 140], ['South', 90, 95]], totals: true });
    await runPlan(kit, 'add a total column', undefined, true);
    expect(cellAt(kit.doc, 'Sales', 'D1')?.value).toBe('Total');
    expect(cellAt(kit.doc, 'Sales', 'D3')).toMatchObject({ formula: 'SUM(B3,C3)', value: 185 });
    expect(cellAt(kit.doc, 'Sales', 'D4')).toMatchObject({ formula: 'SUBTOTAL(109,D2:D3)', value: 445 });
    await runPlan(kit, 'add a growth column from Q1 to Q2', undefined, true);
    expect(cellAt(kit.doc, 'Sales', 'E2')).toMatchObject({ formula: 'IFERROR(C2/B2-1,"")' });
    const plan = (prompt: string) => adapter.plan({ prompt, mode: 'action', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(plan('add a total column that sums Q1 and Q3').summary).toBe('Not done: no column of "Sales" is named "Q3".');
    expect(plan('delete the West row').summary).toBe('Not done: no row of "Sales" is labelled "West".');
    // A row that also holds cells beside the table is not deleted whole.
    await kit.call('set_cells', { sheet: 'Sales', start: 'H3', rows: [['a note']] });
    expect(plan('delete the South row').summary).toMatch(/^Not done: row 3 of "Sales" also holds cells outside table Sales/);
    await runPlan(kit, 'delete the North row', undefined, true);
    expect(['A2', 'A3'].map((a) => cellAt(kit.doc, 'Sales', a)?.value)).toEqual(['South', 'Total']);
    // "change X to N": the one number of the row; with several, or only formulas, it says why not.
    expect(plan('change South to 100').summary).toBe('Not done: the row "South" of "Sales" holds 2 numbers; say which column to change.');
    await kit.call('add_sheet', { name: 'Costs', columns: [{ header: 'Item' }, { header: 'Amount', type: 'currency' }], rows: [['Rent', 1200], ['Power', 90]], totals: true });
    await runPlan(kit, 'set Power to 95 and rename Rent to "Rent and parking"', undefined, true);
    expect(['A2', 'B3', 'B4'].map((a) => cellAt(kit.doc, 'Costs', a)?.value)).toEqual(['Rent and parking', 95, 1295]);
  });

  it('builds a budget of costs at a rate as live formulas over the counts, which recompute when a count changes', async () => {
    const kit = excelToolkit();
    const summary = await runPlan(kit, 'budget for our Lisbon trip: 4 people, 5 nights, hotel €180 a night, food €60 a day each, flights €220 each, car rental €45 a day');
    expect(sheetsOf(kit.doc).map((x) => x.name)).toEqual(['Lisbon trip budget']);
    const s = 'Lisbon trip budget';
    expect(rowValues(kit.doc, s, 1, 5)).toEqual(['Cost', 'Price', 'Per', 'Quantity', 'Total']);
    expect(rowValues(kit.doc, s, 3, 5)).toEqual(['Food', 60, 'per person per day', 20, 1200]);
    expect(cellAt(kit.doc, s, 'D3')?.formula).toBe('$H$4*$H$2');
    expect(cellAt(kit.doc, s, 'E6')).toMatchObject({ value: 3205 });
    expect(['G2', 'H2', 'G4', 'H4', 'G6', 'H6', 'G7', 'H7'].map((a) => cellAt(kit.doc, s, a)?.value)).toEqual(['People', 4, 'Days', 5, 'Total', 3205, 'Per person', 801.25]);
    expect(summary).toContain('€3,205 in all, €801.25 per person');
    expect(summary).toContain('5 days, as many as the nights since the request gives no days');
    await kit.call('set_cells', { sheet: s, start: 'H2', rows: [[2]] });
    expect(cellAt(kit.doc, s, 'E3')?.value).toBe(600);
    expect(cellAt(kit.doc, s, 'H6')?.value).toBe(900 + 600 + 440 + 225);
  });

  it('splits a cost with the shares named people pay, the others sharing the rest, as live formulas', async () => {
    const kit = excelToolkit();
    const summary = await runPlan(kit, 'I need a spreadsheet to split the rent between 3 roommates, rent is 2400, Sam has the big room and pays 40%');
    const s = 'Rent split';
    expect(['A5', 'A6', 'A7'].map((a) => cellAt(kit.doc, s, a)?.value)).toEqual(['Sam', 'Roommate 2', 'Roommate 3']);
    expect(['C5', 'C6', 'C7', 'C8'].map((a) => cellAt(kit.doc, s, a)?.value)).toEqual([960, 720, 720, 2400]);
    expect(summary).toContain('with the shares given (Sam 40%, in column B) and the rest equally; the other shares and every amount are live formulas');
    await kit.call('set_cells', { sheet: s, start: 'B5', rows: [[0.5]] });
    expect(cellAt(kit.doc, s, 'C6')?.value).toBe(600);
    // Shares named as pairs of a bill: the split, not a table of pairs.
    const bill = excelToolkit();
    await runPlan(bill, 'split a $300 dinner bill between 4 friends, Ana pays 40% and Ben pays 30%');
    expect(['A5', 'A6', 'A7', 'C5'].map((a) => cellAt(bill.doc, 'Bill split', a)?.value)).toEqual(['Ana', 'Ben', 'Friend 3', 120]);
    expect(cellAt(bill.doc, 'Bill split', 'C7')?.value).toBeCloseTo(45, 9);
  });

  it('leaves a first column of dates empty, as dates, and labels the rows in the first text column', async () => {
    const kit = excelToolkit();
    const summary = await runPlan(kit, 'expense log with date, description, category and amount');
    expect(rowValues(kit.doc, 'Expense log', 1, 4)).toEqual(['Date', 'Description', 'Category', 'Amount']);
    expect(rowValues(kit.doc, 'Expense log', 2, 2)).toEqual([null, '[Add description 1]']);
    expect(cellAt(kit.doc, 'Expense log', 'A2')?.numFmt).toBe('yyyy-mm-dd');
    expect(summary).toContain('the Date, Category, Amount cells are left empty to fill in and the rows are labelled placeholders');
    // With no text column to label, the rows are left empty and the summary does not say they are labelled.
    const miles = excelToolkit();
    const said = await runPlan(miles, 'mileage log with date and miles');
    expect(rowValues(miles.doc, 'Mileage log', 2, 2)).toEqual([null, null]);
    expect(said).toContain('the Date, Miles cells are left empty to fill in; the totals update themselves');
  });

  it('answers questions from the cells, with the range each figure comes from', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Sales', columns: [{ header: 'Region' }, { header: 'Revenue', type: 'currency' }, { header: 'Margin', type: 'percent' }], rows: [['North', 100, 0.2], ['South', 300, 0.4]], totals: true });
    expect(answerQuestion('What is the total revenue?', kit.doc)).toBe('Revenue (Sales!B2:B3): total 400 (its totals row), average 200 over 2 values, from 100 to 300.');
    expect(answerQuestion('average margin?', kit.doc)).toBe('Margin (Sales!C2:C3): average 30% over 2 values, from 20% to 40%.');
    expect(answerQuestion('Who is the CEO?', kit.doc)).toMatch(/does not name what the question asks about.*"Sales" \(4 rows x 3 columns; columns Region, Revenue, Margin\)/);
    const plan = adapter.plan({ prompt: 'total revenue?', mode: 'ask', editing: true }, kit.doc, { contextFiles: [], dataSources: [], images: [], brand: null });
    expect(plan.calls).toEqual([]);
  });
});

describe('row and column commands', () => {
  it('reads insertions and deletions as users phrase them, with the sheet they name', async () => {
    const { lineCommands } = await import('./line-commands.ts');
    const read = (p: string) => lineCommands(p).commands;
    expect(read('Insert a row after row 3')).toEqual([{ tool: 'insert_rows', at: 4, count: 1, sheet: null }]);
    expect(read('add a column before C')).toEqual([{ tool: 'insert_columns', at: 'C', count: 1, sheet: null }]);
    expect(read('Add two columns after column B on the Data sheet and delete rows 4 to 6')).toEqual([
      { tool: 'insert_columns', at: 'C', count: 2, sheet: 'Data' }, { tool: 'delete_rows', at: 4, count: 3, sheet: null },
    ]);
    expect(read('Remove column D from Summary. Then insert 3 empty rows above row 10 in "Q1 Plan"')).toEqual([
      { tool: 'delete_columns', at: 'D', count: 1, sheet: 'Summary' }, { tool: 'insert_rows', at: 10, count: 3, sheet: 'Q1 Plan' },
    ]);
    // What is left is read by the other commands: no sheet named "row 5 on the Data" is deleted.
    expect(lineCommands('delete row 5 on the Data sheet, then put Total in A5')).toEqual({ commands: [{ tool: 'delete_rows', at: 5, count: 1, sheet: 'Data' }], rest: ' , then put Total in A5' });
  });
});
