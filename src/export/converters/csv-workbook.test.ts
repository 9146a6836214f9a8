// A CSV as a workbook (csv-workbook.ts): typed cells with their number formats reach the .xlsx, dates
// are Excel serial numbers whatever the server's time zone (and right around Excel's 1900 leap-year
// bug), and no field becomes a formula.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvWorkbook, excelSerial } from './csv-workbook.ts';

async function sheetOf(xlsx: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** The raw `<v>` of each cell of a row, as the file stores it. */
async function storedValues(xlsx: Buffer, row: number): Promise<Record<string, string>> {
  const xml = await (await JSZip.loadAsync(xlsx)).file('xl/worksheets/sheet1.xml')!.async('string');
  const cells = [...xml.matchAll(new RegExp(`<c r="([A-Z]+)${row}"[^>]*>(?:<f>[^<]*</f>)?<v>([^<]*)</v>`, 'g'))];
  return Object.fromEntries(cells.map((m) => [m[1], m[2]]));
}

// The process's time zone is changed per case with vi.stubEnv (TZ is read by Date on each use) and put back after.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('csvWorkbook', () => {
  it('writes typed columns as numbers and dates with their number formats, and keeps the rest text', async () => {
    const csv = [
      'Order id,Date,Customer,Postcode,Quantity,Amount,Discount,Net',
      '100000000000000001,03/15/2024,Ann,02134,"1,200",$1234.50,12%,(1200)',
      '100000000000000002,04/01/2024,=HYPERLINK("http://x"),90210,5,-$5.00,-3.5%,3400',
    ].join('\r\n');
    const ws = await sheetOf(await csvWorkbook(Buffer.from(csv), 'orders.csv'));
    expect(ws.name).toBe('orders');
    expect(ws.getRow(1).values).toEqual([undefined, 'Order id', 'Date', 'Customer', 'Postcode', 'Quantity', 'Amount', 'Discount', 'Net']);
    const [id, date, customer, postcode, qty, amount, discount, net] = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => ws.getRow(3).getCell(c));
    expect([id.value, customer.value, postcode.value]).toEqual(['100000000000000002', '=HYPERLINK("http://x")', '90210']);
    expect(customer.type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(2).getCell(1).value).toBe('100000000000000001');
    expect([date.value, date.numFmt]).toEqual([new Date(Date.UTC(2024, 3, 1)), 'mm/dd/yyyy']);
    expect([qty.value, qty.numFmt]).toEqual([5, '#,##0']);
    expect(ws.getRow(2).getCell(5).value).toBe(1200);
    expect([amount.value, amount.numFmt]).toEqual([-5, '"$"#,##0.00']);
    expect([discount.value, discount.numFmt]).toEqual([-0.035, '0.0%']);
    expect([ws.getRow(2).getCell(8).value, net.numFmt]).toEqual([-1200, '#,##0;(#,##0)']);
    // The header row keeps no number format.
    expect(ws.getRow(1).getCell(6).numFmt).toBeUndefined();
  });

  it('gives dates the same serial numbers in every time zone', async () => {
    const csv = Buffer.from('When,At\n2024-03-15,2024-03-15 14:30\n2024-12-31,2024-12-31T23:59:59\n');
    const seen: Record<string, string>[] = [];
    const offsets = new Set<number>();
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']) {
      vi.stubEnv('TZ', tz);
      offsets.add(new Date(Date.UTC(2024, 2, 15)).getTimezoneOffset());
      seen.push(await storedValues(await csvWorkbook(csv, 'times.csv'), 2));
    }
    // (The zones did take effect: four different offsets.)
    expect(offsets.size).toBe(4);
    expect(seen[0]).toEqual({ A: '45366', B: String(45366 + 14.5 / 24) });
    for (const s of seen) expect(s).toEqual(seen[0]);
  });

  it('counts Excel\'s serials around the 29 February 1900 that Excel has and the calendar has not', () => {
    expect(excelSerial('1900-01-01')).toBe(1);
    expect(excelSerial('1900-02-28')).toBe(59);
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2024-03-15')).toBe(45366);
    expect(excelSerial('2024-03-15T06:00:00')).toBe(45366.25);
    expect(excelSerial('9999-12-31')).toBe(2958465);
  });

  it('refuses a file with no rows', async () => {
    await expect(csvWorkbook(Buffer.from('\n\n'), 'empty.csv')).rejects.toMatchObject({ kind: 'empty' });
  });
});
