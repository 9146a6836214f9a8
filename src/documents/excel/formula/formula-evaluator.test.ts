import { describe, expect, it } from 'vitest';
import { parseCell, type RangePos } from '../a1.ts';
import { WorkbookEvaluator, type FormulaBook, type FormulaCellValue, type FormulaSheet } from './formula-evaluator.ts';
import { FormulaSyntaxError, parseFormula } from './formula-parser.ts';

interface TestBook extends FormulaBook { tables: { name: string; sheet: string; range: RangePos; columns: { name: string }[]; totalsRow: boolean }[] }

/** A workbook of sheets given as `{ Sheet: { A1: value or "=formula" } }`, as the evaluator reads one. */
function book(sheets: Record<string, Record<string, FormulaCellValue>>): TestBook {
  const made = new Map<string, FormulaSheet>();
  for (const [name, cells] of Object.entries(sheets)) {
    const grid = new Map<string, { value: FormulaCellValue; formula?: string }>();
    let rows = 0;
    for (const [addr, v] of Object.entries(cells)) {
      const pos = parseCell(addr)!;
      rows = Math.max(rows, pos.row + 1);
      grid.set(`${pos.row}:${pos.col}`, typeof v === 'string' && v.startsWith('=') ? { value: null, formula: v.slice(1) } : { value: v });
    }
    made.set(name.toLowerCase(), { key: name, name, cell: (r, c) => grid.get(`${r}:${c}`), usedRows: () => rows });
  }
  const wb: TestBook = {
    tables: [],
    sheet: (name) => made.get(name.toLowerCase()),
    table: (name) => {
      const t = wb.tables.find((x) => x.name.toLowerCase() === name.toLowerCase());
      return t ? { ...t, sheet: made.get(t.sheet.toLowerCase())! } : undefined;
    },
  };
  return wb;
}

const value = (wb: FormulaBook, sheet: string, addr: string) => {
  const pos = parseCell(addr)!;
  return new WorkbookEvaluator(wb).resultAt(wb.sheet(sheet)!, pos.row, pos.col);
};

describe('formula evaluation', () => {
  it('computes sums, averages, growth rates and cross-sheet references', () => {
    const wb = book({
      Sales: { A1: 'Month', B1: 'Revenue', B2: 100, B3: 120, B4: 150, B5: '=SUM(B2:B4)', B6: '=AVERAGE(B2:B4)', C3: '=B3/B2-1', C4: '=IFERROR(B4/B3-1,"")' },
      "Q1 Plan": { A1: "=Sales!B5*2", A2: "='Q1 Plan'!A1+1", A3: '=MAX(Sales!B2:B4)-MIN(Sales!B2:B4)', A4: '=COUNT(Sales!A1:B4)', A5: '=COUNTA(Sales!A1:B4)' },
    });
    expect(value(wb, 'Sales', 'B5')).toBe(370);
    expect(value(wb, 'Sales', 'B6')).toBeCloseTo(123.333, 3);
    expect(value(wb, 'Sales', 'C3')).toBeCloseTo(0.2, 10);
    expect(value(wb, 'Sales', 'C4')).toBeCloseTo(0.25, 10);
    expect(value(wb, 'Q1 Plan', 'A1')).toBe(740);
    expect(value(wb, 'Q1 Plan', 'A2')).toBe(741);
    expect(value(wb, 'Q1 Plan', 'A3')).toBe(50);
    expect(value(wb, 'Q1 Plan', 'A4')).toBe(3);
    expect(value(wb, 'Q1 Plan', 'A5')).toBe(5);
  });

  it("follows Excel's operator precedence and coercions", () => {
    const wb = book({ S: { A1: '=-2^2', A2: '=2+3*4', A3: '=50%*10', A4: '="a"&1&TRUE', A5: '=1/0', A6: '=IF(2>1,"yes","no")', A7: '=(1+2)*3', A8: '="10"+5', A9: '=ROUND(2.675,2)', A10: '=3<>"3"' } });
    expect(value(wb, 'S', 'A1')).toBe(4);
    expect(value(wb, 'S', 'A2')).toBe(14);
    expect(value(wb, 'S', 'A3')).toBe(5);
    expect(value(wb, 'S', 'A4')).toBe('a1TRUE');
    expect(value(wb, 'S', 'A5')).toBe('#DIV/0!');
    expect(value(wb, 'S', 'A6')).toBe('yes');
    expect(value(wb, 'S', 'A7')).toBe(9);
    expect(value(wb, 'S', 'A8')).toBe(15);
    expect(value(wb, 'S', 'A9')).toBe(2.68);
    expect(value(wb, 'S', 'A10')).toBe(true);
  });

  it('computes conditional aggregates, lookups and structured table references', () => {
    const wb = book({ T: { A1: 'Region', B1: 'Sales', A2: 'North', B2: 10, A3: 'South', B3: 20, A4: 'North', B4: 5, D1: '=SUMIF(A2:A4,"North",B2:B4)', D2: '=COUNTIF(B2:B4,">=10")', D3: '=VLOOKUP("South",A2:B4,2,FALSE)', D4: '=INDEX(B2:B4,MATCH("South",A2:A4,0))', D5: '=SUM(Sales[Sales])', D6: '=SUMPRODUCT(B2:B4,B2:B4)', D7: '=AVERAGEIF(A2:A4,"N*",B2:B4)' } });
    wb.tables.push({ name: 'Sales', sheet: 'T', range: { start: { row: 0, col: 0 }, end: { row: 3, col: 1 } }, columns: [{ name: 'Region' }, { name: 'Sales' }], totalsRow: false });
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => value(wb, 'T', `D${r}`))).toEqual([15, 2, 20, 20, 35, 525, 7.5]);
  });

  it('computes loan and savings payments as Excel does (PMT, FV), with their optional arguments', () => {
    const wb = book({ S: {
      A1: '=PMT(0.05/12,360,-200000)', A2: '=-PMT(0.03/12,18,0,6000)', A3: '=PMT(0,12,-1500,10000)', A4: '=PMT(0.04/12,12,-1000,0,1)',
      A5: '=FV(0.03/12,18,-A2)', A6: '=FV(0,12,-100,-50)', A7: '=PMT(0.05,0,100)',
    } });
    // (Values from LibreOffice Calc for the same formulas.)
    expect(value(wb, 'S', 'A1')).toBeCloseTo(1073.6432, 4);
    expect(value(wb, 'S', 'A2')).toBeCloseTo(326.306, 3);
    expect(value(wb, 'S', 'A3')).toBeCloseTo(-708.3333, 4);
    expect(value(wb, 'S', 'A4')).toBeCloseTo(84.867, 3);
    expect(value(wb, 'S', 'A5')).toBeCloseTo(6000, 6);
    expect(value(wb, 'S', 'A6')).toBe(1250);
    expect(String(value(wb, 'S', 'A7'))).toBe('#NUM!');
  });

  it('counts the rows and columns of a range, empty cells included (ROWS, COLUMNS)', () => {
    const wb = book({ S: { A1: 'Name', A2: 'Ann', B1: '=ROWS(A2:A5)', B2: '=COLUMNS(A1:D1)', B3: '=1/ROWS($A$2:$A$5)', B4: '=ROWS(A1)' } });
    expect(value(wb, 'S', 'B1')).toBe(4);
    expect(value(wb, 'S', 'B2')).toBe(4);
    expect(value(wb, 'S', 'B3')).toBe(0.25);
    expect(value(wb, 'S', 'B4')).toBe(1);
  });

  it('computes defined names: a sheet\'s own name before the workbook\'s, ranges and constants, not one that leads back to itself', () => {
    const wb = book({ S: { A1: 5, A2: 7, B1: '=TaxRate*A1', B2: '=SUM(Amounts)', B3: '=Loop+1', B4: '=Total' }, T: { A1: 2, B1: '=TaxRate*A1' } });
    const names: Record<string, { sheet: string | null; text: string }[]> = {
      taxrate: [{ sheet: null, text: '0.2' }, { sheet: 'T', text: 'T!$A$1' }],
      amounts: [{ sheet: null, text: 'S!$A$1:$A$2' }],
      total: [{ sheet: null, text: 'SUM(tblX[Amount])' }],
      loop: [{ sheet: null, text: 'Loop*2' }],
    };
    wb.name = (name, from) => {
      const list = names[name.toLowerCase()];
      return (list?.find((n) => n.sheet !== null && n.sheet === from?.name) ?? list?.find((n) => n.sheet === null))?.text;
    };
    wb.tables.push({ name: 'tblX', sheet: 'S', range: { start: { row: 0, col: 0 }, end: { row: 1, col: 0 } }, columns: [{ name: 'Amount' }], totalsRow: false });
    expect(value(wb, 'S', 'B1')).toBe(1);
    expect(value(wb, 'T', 'B1')).toBe(4);
    expect(value(wb, 'S', 'B2')).toBe(12);
    expect(value(wb, 'S', 'B3')).toBeNull();
    expect(value(wb, 'S', 'B4')).toBe(7);
  });

  it('leaves unknown functions, defined names and circular references without a result (Excel computes them)', () => {
    const wb = book({ S: { A1: 5, A2: '=XIRR(A1:A1,A1:A1)', A3: '=A2+1', A4: '=TaxRate*A1', A5: '=A6', A6: '=A5', A7: '=A1*2' } });
    expect(['A2', 'A3', 'A4', 'A5', 'A6'].map((a) => value(wb, 'S', a))).toEqual([null, null, null, null, null]);
    expect(value(wb, 'S', 'A7')).toBe(10);
  });

  it("falls back to a formula's cached result when it cannot compute it, and computes the rest from it", () => {
    const cached = book({ S: { A1: 5 } });
    const base = cached.sheet('S')!;
    const sheet: FormulaSheet = { ...base, cell: (r, c) => (r === 1 && c === 0 ? { value: 42, formula: 'XIRR(A1:A1,A1:A1)' } : r === 2 && c === 0 ? { value: 0, formula: 'A2+1' } : base.cell(r, c)) };
    const wb: FormulaBook = { sheet: () => sheet, table: () => undefined };
    expect(value(wb, 'S', 'A2')).toBe(42);
    expect(value(wb, 'S', 'A3')).toBe(43);
  });

  it('takes the cached results past a chain of 10,000 formulas instead of running out of stack (SheetJS large_strings.xlsx)', () => {
    const cells: Record<string, FormulaCellValue> = { A1: 'a' };
    for (let r = 2; r <= 10_000; r++) cells[`A${r}`] = `=CONCATENATE(A${r - 1},"a")`;
    const base = book({ S: cells });
    const s = base.sheet('S')!;
    const sheet: FormulaSheet = { ...s, cell: (r, c) => { const x = s.cell(r, c); return x?.formula ? { ...x, value: 'a'.repeat(r + 1) } : x; } };
    const wb: FormulaBook = { sheet: () => sheet, table: () => undefined };
    expect(value(wb, 'S', 'A10000')).toBe('a'.repeat(10_000));
  });

  it('gives #REF! for a missing sheet and treats dates as serial numbers', () => {
    const wb = book({ S: { A1: '=Nowhere!A1', A2: new Date(Date.UTC(2024, 0, 31)), A3: '=A2+1', A4: '=YEAR(A2)' } });
    expect(value(wb, 'S', 'A1')).toBe('#REF!');
    expect(value(wb, 'S', 'A3')).toBe(45323);
    expect(value(wb, 'S', 'A4')).toBe(2024);
  });

  it('rejects malformed formulas with a position', () => {
    expect(() => parseFormula('SUM(A1:A3')).toThrow(FormulaSyntaxError);
    expect(() => parseFormula('1+')).toThrow(/unexpected end/);
    expect(() => parseFormula('"open')).toThrow(/unterminated string/);
    expect(parseFormula("SUM('My Sheet'!$A$1:B2)")).toMatchObject({ k: 'fn', name: 'SUM', args: [{ k: 'ref', sheet: 'My Sheet' }] });
  });
});
