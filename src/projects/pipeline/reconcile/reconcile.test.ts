// Small tests of the reconcile rules: disparity severities and rounding tolerance, MinHash and exact
// Jaccard, outliers by modified z-score, sharp changes and missing periods.
import { describe, expect, it } from 'vitest';
import type { ExtractedDoc } from '../../../documents/extract/extracted.ts';
import { disparitySeverity, findDisparities } from './disparity.ts';
import type { FileFact, ReconcileFile } from './insight-draft.ts';
import { findSeriesInsights, modifiedZ } from './series.ts';
import { jaccard, minhash, shingles, findSimilarities } from './similarity.ts';

const doc = (passages: string[] = []): ExtractedDoc => ({ version: 1, kind: 'txt', passages: passages.map((text, i) => ({ text, heading: null, location: { label: `paragraph ${i + 1}`, paragraph: i + 1 } })), tables: [], stats: { characters: 0, passages: passages.length, tables: 0, truncated: 0 } });
const file = (fileId: string, passages: string[] = []): ReconcileFile => ({ fileId, fileName: `${fileId}.txt`, content: doc(passages) });
const fact = (fileId: string, value: number, precision: number, periodKey = '2024-Q1', nameKey = 'revenue'): FileFact =>
  ({ fileId, name: 'Revenue', nameKey, period: periodKey, periodKey, value, unit: 'USD', precision, raw: '', location: { label: 'line 1' } });

describe('disparities', () => {
  it('grade the relative difference', () => {
    expect([0.3, 0.25, 0.111, 0.05, 0.02, 0.01].map(disparitySeverity)).toEqual(['critical', 'critical', 'high', 'medium', 'medium', 'low']);
  });

  it('tolerate rounding and compare only the same fact and period across files', () => {
    const files = [file('a'), file('b'), file('c')];
    expect(findDisparities([fact('a', 1_200_000, 50_000), fact('b', 1_203_000, 0.5)], files)).toEqual([]);
    expect(findDisparities([fact('a', 1_200_000, 50_000), fact('b', 1_350_000, 5_000, '2024-Q2')], files)).toEqual([]);
    const [d] = findDisparities([fact('a', 100, 0.5), fact('b', 100, 0.5), fact('c', 140, 0.5)], files);
    expect(d).toMatchObject({ severity: 'critical', source: { fileId: 'a' }, related: [{ fileId: 'b' }, { fileId: 'c' }], details: { relative_difference: 0.2857 } });
  });
});

describe('similarity', () => {
  const text = 'the quarterly review found steady demand across every region and a healthy pipeline of new contracts for the coming year';
  it('estimates Jaccard with MinHash and confirms it exactly', () => {
    const a = shingles(text).set;
    const b = shingles(text.replace('healthy', 'strong')).set;
    const exact = jaccard(a, b);
    expect(exact).toBeGreaterThan(0.5);
    expect(exact).toBeLessThan(1);
    const [sa, sb] = [minhash(a), minhash(b)];
    const estimate = sa.filter((v, i) => v === sb[i]).length / sa.length;
    expect(Math.abs(estimate - exact)).toBeLessThan(0.15);
  });

  it('reports near-duplicates above the threshold only, the later file as the source', () => {
    const other = 'an entirely different paragraph about warehouse leases and the renegotiation of several supplier agreements this spring';
    expect(findSimilarities([file('a', [text]), file('b', [other])], 0.8)).toEqual([]);
    const [s] = findSimilarities([file('a', [other, text]), file('b', [text])], 0.8);
    expect(s).toMatchObject({ kind: 'similarity', severity: 'medium', source: { fileId: 'b', location: { paragraph: 1 } }, related: [{ fileId: 'a', location: { paragraph: 2 } }] });
  });
});

describe('series', () => {
  it('flags outliers by modified z-score', () => {
    const z = modifiedZ([10, 11, 9, 10, 12, 50])!;
    expect(z.slice(0, 5).every((x) => Math.abs(x) < 3.5)).toBe(true);
    expect(z[5]).toBeGreaterThan(10);
    expect(modifiedZ([5, 5, 5, 5])).toBeNull();
  });

  it('finds sharp changes between consecutive periods and missing periods', () => {
    const facts = [fact('a', 100, 0.5, '2024-Q1'), fact('a', 105, 0.5, '2024-Q2'), fact('a', 230, 0.5, '2024-Q3'), fact('a', 240, 0.5, '2025-Q1')];
    const found = findSeriesInsights([file('a')], facts).map((i) => [i.severity, i.title]);
    expect(found).toEqual([['high', 'Revenue rises 119% from 2024-Q2 to 2024-Q3'], ['medium', 'No Revenue figure for Q4 2024']]);
  });
});
