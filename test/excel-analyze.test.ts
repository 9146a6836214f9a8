// POST /excel/analyze on the builtin engine: aggregate questions answered deterministically, checked
// against values computed by hand from the workbook below, with the cells used as citations; errors,
// tenancy, billing, and the file left untouched.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { fileUpload } from './helpers/multipart.ts';
import { download } from './helpers/storage.ts';
import { setBalance } from './helpers/runs.ts';

const REVENUE = [1200, 1350, 1100, 1500, 1620, 1480, 1700, 1650, 1580, 1720, 1800, 2100]; // total 18800
const COSTS = [800, 820, 790, 900, 950, 940, 1010, 990, 970, 1000, 1050, 1200]; // highest: Dec 2024
const UNITS = [40, 45, 38, 50, 52, 49, 55, 54, 51, 56, 58, 65];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Prices average 14, median 10.25; units sold: lowest 60 (Manual), top 3 Bracket 1200, Sprocket 910, Flange 600.
const PRODUCTS: [string, string, number, number][] = [
  ['Widget', 'Hardware', 12.5, 340], ['Gadget', 'Hardware', 25, 120], ['Sprocket', 'Parts', 3.75, 910], ['Gizmo', 'Hardware', 40, 75],
  ['Doohickey', 'Parts', 8, 410], ['Flange', 'Parts', 5.25, 600], ['Bracket', 'Parts', 2.5, 1200], ['Manual', 'Services', 15, 60],
];

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const monthly = wb.addWorksheet('Monthly');
  monthly.addRow(['Month', 'Revenue', 'Costs', 'Units']);
  MONTHS.forEach((m, i) => monthly.addRow([`${m} 2024`, REVENUE[i], COSTS[i], UNITS[i]]));
  // A totals row whose formulas have no cached results: Folio computes them, and aggregates leave the row out.
  monthly.addRow(['Total', { formula: 'SUM(B2:B13)' }, { formula: 'SUM(C2:C13)' }, { formula: 'SUM(D2:D13)' }]);
  const products = wb.addWorksheet('Products');
  products.addRow(['Product', 'Category', 'Price', 'Units Sold']);
  PRODUCTS.forEach((p) => products.addRow(p));
  const summary = wb.addWorksheet('Summary');
  summary.addRow(['Metric', '2023', '2024']);
  summary.addRow(['Revenue', 15000, 18800]);
  summary.addRow(['Costs', 10500, 11420]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

let t: TestApp;
let a: { secret: string; org_id: string };
let b: { secret: string };
let fileId: string;
let original: Buffer;
const auth = (key: string) => ({ 'x-api-key': key });

async function upload(key: string, name: string, bytes: Buffer): Promise<any> {
  const form = fileUpload(name, bytes);
  return (await t.inject({ method: 'POST', url: '/api/v1/files', headers: { ...auth(key), ...form.headers }, payload: form.payload })).json();
}

const ask = (prompt: string, key = a.secret, id = fileId) => t.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: auth(key), payload: { file_id: id, prompt } });

beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await Promise.all([t.signup('analyze-a'), t.signup('analyze-b')]);
  original = await workbook();
  fileId = (await upload(a.secret, 'sales.xlsx', original)).file_id;
});
afterAll(async () => t?.close());

describe('POST /excel/analyze (builtin engine)', () => {
  it.each([
    ['What is the total revenue?', { operation: 'sum', sheet: 'Monthly', column: 'Revenue', value: 18800, count: 12 }, [['Monthly', 'B2:B13']], '18,800'],
    ['What is the average price?', { operation: 'average', sheet: 'Products', column: 'Price', value: 14, count: 8 }, [['Products', 'C2:C9']], '14'],
    ['What is the median price?', { operation: 'median', sheet: 'Products', column: 'Price', value: 10.25 }, [['Products', 'C2:C9']], '10.25'],
    ['Which month had the highest costs?', { operation: 'max', column: 'Costs', value: 1200, label: 'Dec 2024', cell: 'C13' }, [['Monthly', 'C2:C13'], ['Monthly', 'C13'], ['Monthly', 'A13']], 'Dec 2024'],
    ['What is the lowest number of units sold?', { operation: 'min', sheet: 'Products', column: 'Units Sold', value: 60, label: 'Manual' }, [['Products', 'D2:D9'], ['Products', 'D9'], ['Products', 'A9']], '60'],
    ['How many products are there?', { operation: 'count_rows', sheet: 'Products', value: 8 }, [['Products', 'A2:D9']], '8'],
    ['Top 3 products by units sold', { operation: 'top', column: 'Units Sold', n: 3, rows: [{ label: 'Bracket', value: 1200, cell: 'D8' }, { label: 'Sprocket', value: 910, cell: 'D4' }, { label: 'Flange', value: 600, cell: 'D7' }] }, [['Products', 'D2:D9'], ['Products', 'A2:A9']], 'Bracket (1,200)'],
    ['How did revenue grow from Mar 2024 to Jun 2024?', { operation: 'growth', column: 'Revenue', from: { label: 'Mar 2024', value: 1100, cell: 'B4' }, to: { label: 'Jun 2024', value: 1480, cell: 'B7' }, change: 380, percent: 34.545455 }, [['Monthly', 'B4'], ['Monthly', 'B7'], ['Monthly', 'A4'], ['Monthly', 'A7']], '+34.55%'],
    ['What was the revenue growth over the year?', { operation: 'growth', from: { value: 1200 }, to: { value: 2100 }, change: 900, percent: 75 }, [['Monthly', 'B2'], ['Monthly', 'B13'], ['Monthly', 'A2'], ['Monthly', 'A13']], '+75%'],
    ['What was the growth of Costs between 2023 and 2024?', { operation: 'growth', sheet: 'Summary', row: 'Costs', change: 920, percent: 8.761905 }, [['Summary', 'B3'], ['Summary', 'C3'], ['Summary', 'A3']], '+8.76%'],
  ] as const)('%s', async (prompt, data, citations, inAnswer) => {
    const res = await ask(prompt);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject(data);
    expect(body.citations).toEqual(citations.map(([sheet, range]) => ({ sheet, range })));
    expect(body.answer).toContain(inAnswer);
    expect(body).toMatchObject({ credits_used: 1, model: 'builtin' });
  });

  // A real template (Excel's "Simple monthly budget", from the fidelity corpus): two Excel tables on one
  // sheet, tblIncome (B4:C7) and tblExpenses (B10:C23), under title rows and beside a summary block.
  it('reads each Excel table of a sheet that holds several, and finds one by its name', async () => {
    const bytes = fs.readFileSync('test/fixtures/fidelity/xlsx/excel-budget-chart-table-image.xlsx');
    const id = (await upload(a.secret, 'budget.xlsx', bytes)).file_id;
    const cases: [string, Record<string, unknown>, string][] = [
      ['What is the biggest expense?', { operation: 'max', column: 'Amount', value: 800, label: 'Rent/mortgage', cell: 'C11' }, 'Rent/mortgage'],
      ['What are the total expenses?', { operation: 'sum', column: 'Amount', value: 2336, count: 13 }, '2,336'],
      ['How much income in total?', { operation: 'sum', column: 'Amount', value: 3750, count: 3 }, '3,750'],
      ['What is the Amount for Groceries?', { operation: 'lookup', row: 'Groceries', value: 500, cell: 'C15' }, '500'],
    ];
    for (const [prompt, data, inAnswer] of cases) {
      const res = await ask(prompt, a.secret, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, prompt).toMatchObject(data);
      expect(res.json().answer).toContain(inAnswer);
    }
  });

  it('says what the workbook holds when a question names none of its columns', async () => {
    const body = (await ask('Will it rain tomorrow?')).json();
    expect(body).toMatchObject({ citations: [], data: null });
    expect(body.answer).toContain('"Monthly" (12 data rows; columns Month, Revenue, Costs, Units)');
  });

  it('refuses what it cannot read, and other organizations\' files', async () => {
    const text = (await upload(a.secret, 'notes.txt', Buffer.from('Revenue: 5'))).file_id;
    const notWorkbook = await ask('What is the total?', a.secret, text);
    expect(notWorkbook.statusCode).toBe(422);
    expect(notWorkbook.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'unsupported_file_type' });
    expect((await ask('What is the total revenue?', b.secret)).statusCode).toBe(404);
    expect((await ask('What is the total revenue?', a.secret, 'file_missing')).statusCode).toBe(404);
    const invalid = await t.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: auth(a.secret), payload: { file_id: fileId, prompt: '', extra: true } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail.map((d: any) => d.loc.join('.')).sort()).toEqual(['body.extra', 'body.prompt']);
  });

  it('charges the organization and answers 402 without credits', async () => {
    const broke = await t.signup('analyze-broke');
    const own = (await upload(broke.secret, 'sales.xlsx', original)).file_id;
    await setBalance(t, broke.org_id, 0);
    const res = await ask('What is the total revenue?', broke.secret, own);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('insufficient_credits');
  });

  it('never modifies the file', async () => {
    await ask('What is the total revenue?');
    const file = (await t.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers: auth(a.secret) })).json();
    expect((await download(t, file.download_url)).body.equals(original)).toBe(true);
  });
});
