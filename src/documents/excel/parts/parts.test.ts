import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shiftFormula } from '../formula/formula-shift.ts';
import { XlsxWorkbook } from '../workbook.ts';
import { SharedStrings } from './shared-strings.ts';
import { cellXml, newCell, SheetData } from './sheet-data.ts';
import { Worksheet } from './worksheet.ts';

const X = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const CORPUS = path.resolve(import.meta.dirname, '../../../../test/fixtures/fidelity/xlsx');

describe('sheetData as text', () => {
  it('finds rows and cells written pretty-printed, with a prefix and without r attributes, and writes an untouched sheet back as it was', () => {
    const inner = '\n  <x:row>\n    <x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c>\n    <x:c><x:v>2</x:v></x:c>\n  </x:row>\n  <x:row r="3" spans="1:1"/>\n';
    const data = new SheetData(inner, 'x:');
    expect(data.allRows().map((r) => r.r)).toEqual([1, 3]);
    expect(data.cell(1, 1)?.v).toBe('2');
    expect(data.cell(1, 0)?.is).toContain('<x:t>a</x:t>');
    expect(data.serialize()).toBe(inner);
    // An edit makes the positions explicit (a new row between implied ones would shift them otherwise).
    data.put(2, newCell(0, 'x:', { v: '5' }));
    expect(data.serialize()).toContain('<x:row r="1"><x:c t="inlineStr" r="A1"><x:is><x:t>a</x:t></x:is></x:c><x:c r="B1"><x:v>2</x:v></x:c></x:row>');
    expect(data.serialize()).toContain('<x:row r="2"><x:c r="A2"><x:v>5</x:v></x:c></x:row>');
    expect(data.serialize()).toContain('<x:row r="3" spans="1:1"/>');
  });

  it('rewrites only the changed row; its untouched cells keep their bytes, others rows are copied', () => {
    const inner = '<row r="1" spans="1:3" x14ac:dyDescent="0.2"><c r="A1" s="4" t="s"><v>0</v></c><c r="B1" s="2"><f>SUM(C1:C1)</f><v>3</v></c></row><row r="2"><c r="A2"><v>1.5</v></c></row>';
    const data = new SheetData(inner, '');
    const cell = newCell(2, '', { v: '9', s: 2 });
    data.put(1, cell);
    const out = data.serialize();
    expect(out).toBe('<row r="1" x14ac:dyDescent="0.2"><c r="A1" s="4" t="s"><v>0</v></c><c r="B1" s="2"><f>SUM(C1:C1)</f><v>3</v></c><c r="C1" s="2"><v>9</v></c></row><row r="2"><c r="A2"><v>1.5</v></c></row>');
  });

  it('escapes what it writes and refuses rows out of order', () => {
    expect(cellXml(newCell(0, '', { t: 'str', v: 'a<b & "c"' }), 4, '')).toBe('<c r="A4" t="str"><v>a&lt;b &amp; &quot;c&quot;</v></c>');
    expect(() => new SheetData('<row r="3"/><row r="2"/>', '')).toThrow(/out of order/);
  });
});

describe('a worksheet part', () => {
  it('is its own text until changed, then keeps everything around the cells and puts the cells back in place', () => {
    const text = fs.readFileSync(path.join(CORPUS, 'excel-merged-cells.xlsx'));
    const book = XlsxWorkbook.open(text);
    const part = book.sheets()[0].part!;
    const original = book.pkg.text(part);
    const ws = new Worksheet(part, original, X);
    expect(ws.serialize()).toBe(original);
    ws.edit();
    ws.data.put(1, newCell(9, '', { v: '1' }));
    const out = ws.serialize();
    expect(out.slice(out.indexOf('<mergeCells'))).toContain('<mergeCell ref=');
    expect(out.match(/<sheetData>/g)).toHaveLength(1);
    expect(out).toContain('<c r="J1"><v>1</v></c>');
  });
});

describe('shared strings', () => {
  it('reads rich and plain items, reuses equal plain ones and only appends', () => {
    const xml = `<?xml version="1.0"?>\n<sst xmlns="${X}" count="3" uniqueCount="2"><si><t>Plain</t></si><si><r><rPr><b/></rPr><t>Ri</t></r><r><t xml:space="preserve">ch _x000D_</t></r><rPh><t>ignored</t></rPh></si></sst>`;
    const sst = new SharedStrings('xl/sharedStrings.xml', xml, X);
    expect([sst.get(0), sst.get(1)]).toEqual(['Plain', 'Rich \r']);
    expect(sst.add('Plain')).toBe(0);
    expect(sst.add('New')).toBe(2);
    const out = sst.serialize();
    expect(out.startsWith(xml.slice(0, xml.indexOf('<sst')))).toBe(true);
    expect(out).toContain('count="5" uniqueCount="3"');
    expect(out).toContain('<si><r><rPr><b/></rPr><t>Ri</t></r>');
    expect(out.endsWith('<si><t>New</t></si></sst>')).toBe(true);
  });
});

describe('shared formulas moved to their dependents', () => {
  it('moves relative references only, and leaves strings, sheet names, tables and functions alone', () => {
    expect(shiftFormula('SUM(A1:B2)*$C$1+C$1+$D2', 2, 1)).toBe('SUM(B3:C4)*$C$1+D$1+$D4');
    expect(shiftFormula(`"A1"&'Q1 2024'!A1&Sales[Amount]&LOG10(A1)`, 1, 0)).toBe(`"A1"&'Q1 2024'!A2&Sales[Amount]&LOG10(A2)`);
    expect(shiftFormula('SUM(A:A)+SUM(1:1)', 1, 1)).toBe('SUM(B:B)+SUM(2:2)');
    expect(shiftFormula('A1', -1, 0)).toBe('#REF!');
  });
});
