import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adapter, readWorkbook } from '../excel.adapter.ts';
import { cellAt, excelToolkit, NO_INPUTS, runPlan } from '../excel-test-kit.ts';
import { itemsIn } from './append-rows.ts';

const budget = () => excelToolkit(readWorkbook(fs.readFileSync('test/fixtures/fidelity/xlsx/excel-budget-chart-table-image.xlsx')));
const SHEET = 'Simple Monthly Budget';

describe('rows added to a table without a model', () => {
  it('reads items as a label and its numbers, whatever separates them', () => {
    expect(itemsIn('Internet 60')).toEqual([{ label: 'Internet', numbers: ['60'] }]);
    expect(itemsIn('Internet, $60 and Gym 35.50')).toEqual([{ label: 'Internet', numbers: ['$60'] }, { label: 'Gym', numbers: ['35.50'] }]);
    expect(itemsIn('Water bill at €45 a month; Netflix: 15.99')).toEqual([{ label: 'Water bill', numbers: ['€45'] }, { label: 'Netflix', numbers: ['15.99'] }]);
    expect(itemsIn('Laptop 2 999, Mouse 1 25')).toEqual([{ label: 'Laptop', numbers: ['2', '999'] }, { label: 'Mouse', numbers: ['1', '25'] }]);
    // A label without a number is no item to add.
    expect(itemsIn('Q3 data')).toBeNull();
    expect(itemsIn('5%')).toBeNull();
  });

  it('adds "Internet 60" to the expenses table of Excel\'s budget template, its total following', async () => {
    for (const prompt of ['add a row for Internet 60 to the expenses', 'Add a new expense: Internet, $60', 'add Internet $60 a month to my expenses table']) {
      const kit = budget();
      expect(await runPlan(kit, prompt, undefined, true)).toBe('');
      expect([cellAt(kit.doc, SHEET, 'B24')?.value, cellAt(kit.doc, SHEET, 'C24')?.value]).toEqual(['Internet', 60]);
      expect(cellAt(kit.doc, SHEET, 'F9')).toMatchObject({ formula: 'TotalMonthlyExpenses', value: 2396 });
    }
    // Two tables and none named: which one is asked.
    expect(await runPlan(budget(), 'add Phone 45 and Gym 30', undefined, true)).toBe('Not done: say which table to add "Phone", "Gym" to (Income, Expenses).');
    const kit = budget();
    await runPlan(kit, 'add Side job 500 and Tips 120 to the income', undefined, true);
    // The income table is followed by a merged spacer: the rows below move down.
    expect(['B8', 'B9', 'C9', 'E10'].map((a) => cellAt(kit.doc, SHEET, a)?.value)).toEqual(['Side job', 'Tips', 120, 'Total Monthly Income']);
    expect(cellAt(kit.doc, SHEET, 'E11')).toMatchObject({ formula: 'TotalMonthlyIncome', value: 4370 });
  });

  it('adds to the plain data of a workbook\'s only sheet when no table is named, above its total row', async () => {
    const kit = excelToolkit(readWorkbook(fs.readFileSync('test/fixtures/plain-data/lo-plain-budget-total.xlsx')));
    expect(await runPlan(kit, 'please add phone 45.', undefined, true)).toBe('');
    expect(['A6', 'B6', 'A7'].map((a) => cellAt(kit.doc, 'Expenses', a)?.value)).toEqual(['Phone', 45, 'Total']);
    expect(cellAt(kit.doc, 'Expenses', 'B7')).toMatchObject({ formula: 'SUM(B2:B6)', value: 1920 });
  });

  it('refuses numbers that do not fit the table\'s number columns, and leaves requests that add no item alone', async () => {
    const kit = excelToolkit();
    await kit.call('add_sheet', { name: 'Costs', columns: [{ header: 'Item' }, { header: 'Budget' }, { header: 'Actual' }], rows: [['Rent', 1000, 990]] });
    expect(await runPlan(kit, 'add Internet 60 to the costs', undefined, true)).toBe('Not done: table Costs has 2 number columns (Budget, Actual); say which one 60 goes in.');
    expect(await runPlan(kit, 'add Internet 60 70 80 to the costs', undefined, true)).toMatch(/"Internet" has 3 numbers and table Costs has 2 number columns/);
    await runPlan(kit, 'add Internet 60 65 to the costs', undefined, true);
    expect(['A3', 'B3', 'C3'].map((a) => cellAt(kit.doc, 'Costs', a)?.value)).toEqual(['Internet', 60, 65]);
    for (const prompt of ['add 5% to the prices', 'add Q3 data to the costs', 'add a total row to the costs', 'add 2 rows to the costs table', 'add a column for Notes 2 to the costs']) {
      expect(adapter.plan({ prompt, mode: 'action', editing: true }, kit.doc, NO_INPUTS).calls.map((c) => c.tool)).not.toContain('add_table_rows');
    }
  });
});
