import { describe, expect, it } from 'vitest';
import { dateToSerial, serialToDate } from './formula-values.ts';

const iso = (n: number) => serialToDate(n).toISOString().slice(0, 10);

describe("Excel's 1900 date serials", () => {
  it('reads serials before and after the 29 February 1900 that Excel counts', () => {
    expect(iso(1)).toBe('1900-01-01');
    expect(iso(31)).toBe('1900-01-31');
    expect(iso(59)).toBe('1900-02-28');
    expect(iso(61)).toBe('1900-03-01');
    expect(iso(45366)).toBe('2024-03-15');
  });

  it('writes dates back to the same serials', () => {
    for (const n of [1, 2, 31, 59, 61, 62, 366, 45366]) expect(dateToSerial(serialToDate(n))).toBe(n);
    expect(dateToSerial(new Date(Date.UTC(1900, 0, 1)))).toBe(1);
    expect(dateToSerial(new Date(Date.UTC(1900, 2, 1)))).toBe(61);
  });

  it('keeps a time of day alone under 1, from either base date', () => {
    expect(dateToSerial(serialToDate(0.5))).toBe(0.5);
    expect(dateToSerial(new Date(Date.UTC(1899, 11, 30, 12)))).toBe(0.5);
    expect(serialToDate(0.75).getUTCHours()).toBe(18);
  });
});
