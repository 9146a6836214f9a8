// Small tests of the fact rules: quantities with scales, currencies and precision; periods; facts
// from lines, sentences and tables in both orientations.
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../documents/extract/text.ts';
import { extractFactsByRules } from './fact-rules.ts';
import { findPeriods, periodLabel } from './periods.ts';
import { findQuantities, formatQuantity, headerScale } from './quantities.ts';

describe('quantities', () => {
  it.each([
    ['$1.2M', 1_200_000, 'USD', 50_000],
    ['1.35 million', 1_350_000, null, 5_000],
    ['€800k', 800_000, 'EUR', 500],
    ['1,203,000', 1_203_000, null, 0.5],
    ['(1,200)', -1_200, null, 0.5],
    ['12.5%', 12.5, '%', 0.05],
    ['USD 3bn', 3e9, 'USD', 5e8],
  ])('%s', (text, value, unit, precision) => {
    expect(findQuantities(`x ${text} y`)[0]).toMatchObject({ value, unit, precision });
  });

  it('skips digits inside words and reads header scales', () => {
    expect(findQuantities('Q1 and H2 and A4 paper')).toEqual([]);
    expect(headerScale('Revenue ($m)')).toEqual({ scale: 1e6, unit: 'USD' });
    expect(headerScale('Costs (EUR thousands)')).toEqual({ scale: 1e3, unit: 'EUR' });
    expect(formatQuantity(1_350_000, 'USD')).toBe('$1.35M');
  });
});

describe('periods', () => {
  it('normalizes the ways documents write them', () => {
    const keys = (s: string) => findPeriods(s).map((p) => p.key);
    expect(keys('Q1 2024, 2024-Q2, third quarter of 2024, Q4 FY24')).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4']);
    expect(keys('H1 2023 then March 2024 and 2024-05, FY2022, 2021')).toEqual(['2023-H1', '2024-03', '2024-05', '2022', '2021']);
    expect(keys('$2024 and 2024.5 and 2024%')).toEqual([]);
    expect(periodLabel('2024-Q3')).toBe('Q3 2024');
    expect(periodLabel('2024-07')).toBe('Jul 2024');
  });
});

describe('fact rules', () => {
  const facts = (md: string) => extractFactsByRules(extractText(md, true, 1e6)).map((f) => `${f.nameKey}|${f.periodKey}|${f.value}|${f.unit}`);

  it('read key/value lines and labelled numbers in sentences, dated by the line, the heading or the title', () => {
    expect(facts('# Results Q1 2024\n\nRevenue: $1.2M\nTotal headcount = 120\n\nIn Q2 2024, gross margin stood at 42.5% and revenue was $1.4 million.')).toEqual([
      'revenue|2024-Q1|1200000|USD', 'headcount|2024-Q1|120|null', 'gross margin|2024-Q2|42.5|%', 'revenue|2024-Q2|1400000|USD',
    ]);
  });

  it('read tables with periods across the header or down the first column, with the header scale', () => {
    expect(facts('| Metric | Q1 2024 | Q2 2024 |\n|---|---|---|\n| Revenue ($m) | 1.2 | 1.4 |')).toEqual(['revenue|2024-Q1|1200000|USD', 'revenue|2024-Q2|1400000|USD']);
    expect(facts('| Month | Sales (EUR k) |\n|---|---|\n| Jan 2024 | 100 |\n| Feb 2024 | 110 |')).toEqual(['sale|2024-01|100000|EUR', 'sale|2024-02|110000|EUR']);
    expect(facts('# Regions 2023\n\n| Region | Revenue |\n|---|---|\n| North | 10 |\n| South | 12 |')).toEqual(['north revenue|2023|10|null', 'south revenue|2023|12|null']);
  });

  it('ignore prose without figures and labels that are only periods', () => {
    expect(facts('The board met in March 2024 to discuss the plan.\n\nQ1 2024: 5')).toEqual([]);
  });
});
