// A rate after a request's amounts ("add tax of 8%") is applied to their sum, not read as one more amount.
import { describe, expect, it } from 'vitest';
import { adjustedTotals, adjustmentNamed, adjustmentTitle } from './adjustments.ts';
import { pairsIn } from './inline-data.ts';

describe('adjustments', () => {
  it.each([
    ['add tax of', 'Tax', 1],
    ['plus sales tax', 'Sales tax', 1],
    ['with a tip of', 'Tip', 1],
    ['VAT', 'VAT', 1],
    ['service charge', 'Service charge', 1],
    ['discount of', 'Discount', -1],
    ['less a discount', 'Discount', -1],
  ])('"%s" names %s', (label, name, sign) => {
    expect(adjustmentNamed(label)).toEqual({ label: name, sign });
  });

  it.each(['tax return', 'taxi', 'marketing', 'income tax refund'])('"%s" names none', (label) => {
    expect(adjustmentNamed(label)).toBeNull();
  });

  it('takes trailing rates off the amounts, in the order written', () => {
    const p = pairsIn('food 200, drinks 100, decorations 50, add tax of 8%, tip 15%')!;
    expect(p.pairs).toEqual([['Food', 200], ['Drinks', 100], ['Decorations', 50]]);
    expect(p.format).toBe('integer');
    expect(p.adjustments).toEqual([{ label: 'Tax', sign: 1, rate: 0.08 }, { label: 'Tip', sign: 1, rate: 0.15 }]);
    expect(p.source).toContain('tip 15%'); // the whole run is the data: none of it is read again as prose
  });

  it('keeps shares that are all percentages, and a rate that is not last', () => {
    expect(pairsIn('marketing 40%, sales 35%, tax 25%')!.adjustments).toBeUndefined();
    const between = pairsIn('food 200, tax 8%, drinks 100')!;
    expect(between.adjustments).toBeUndefined();
    expect(between.pairs).toHaveLength(3);
  });

  it('computes the subtotal, each amount and the total', () => {
    const a = adjustedTotals([['Chairs', 120], ['Desk', 300]], [{ label: 'Discount', rate: 0.1, sign: -1 }, { label: 'Tax', rate: 0.08, sign: 1 }]);
    expect(a.subtotal).toBe(420);
    expect(a.lines.map(([, v]) => v)).toEqual([-42, 33.6]);
    expect(a.total).toBeCloseTo(411.6, 10);
    expect(adjustmentTitle({ label: 'Tax', rate: 0.085, sign: 1 })).toBe('Tax (8.5%)');
  });
});
