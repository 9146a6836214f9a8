import { describe, expect, it } from 'vitest';
import { moneyFormat, parseTypedValue } from './number-formats.ts';

const iso = (raw: string) => {
  const v = parseTypedValue(raw);
  return v.value instanceof Date ? `${v.type} ${v.value.toISOString().slice(0, 10)}` : `${v.type} ${JSON.stringify(v.value)}`;
};

describe('a typed cell value', () => {
  it('reads slash dates month first, as Excel does in the US, unless the first part can only be a day', () => {
    expect(iso('05/03/2024')).toBe('date 2024-05-03');
    expect(iso('25/03/2024')).toBe('date 2024-03-25');
    expect(iso('3/31/2024')).toBe('date 2024-03-31');
    expect(iso('2024-03-15')).toBe('date 2024-03-15');
  });

  it('keeps dates that do not exist, and ids with leading zeros, as text', () => {
    expect(iso('31/31/2024')).toBe('text "31/31/2024"');
    expect(iso('2/30/2024')).toBe('text "2/30/2024"');
    expect(iso('30/02/2024')).toBe('text "30/02/2024"');
    expect(iso('00123')).toBe('text "00123"');
  });
});

describe('money as a language writes it', () => {
  it('puts the symbol before the amount in English and after it in German, Spanish and French', () => {
    expect(moneyFormat('EUR')).toBe('"€"#,##0.00');
    expect(moneyFormat('GBP', 'en')).toBe('"£"#,##0.00');
    expect(moneyFormat('EUR', 'de')).toBe('#,##0.00 "€"');
    expect(moneyFormat('CHF', 'fr', 0)).toBe('#,##0 "CHF"');
    expect(moneyFormat('CHF', 'en')).toBe('"CHF "#,##0.00');
    expect(moneyFormat(null, 'de')).toBe('#,##0.00');
  });
});
