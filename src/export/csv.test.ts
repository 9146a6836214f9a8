import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';
import { formatDate, formatNumber, valueText } from './converters/xlsx-native.ts';

describe('RFC 4180 CSV', () => {
  it('quotes only fields holding a comma, a double quote, CR or LF, and doubles inner quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('')).toBe('');
    expect(csvField(' padded ')).toBe(' padded ');
  });

  it('ends every record with CRLF and pads short records to the same number of fields', () => {
    expect(toCsv([['a', 'b', 'c'], ['1'], []])).toBe('a,b,c\r\n1,,\r\n,,\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('cell values', () => {
  it('prints numbers at Excel precision, dates as ISO 8601, booleans, errors, rich text and formula results', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(-1.5)).toBe('-1.5');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 13, 5, 9)))).toBe('2024-02-29T13:05:09');
    expect(valueText(true)).toBe('TRUE');
    expect(valueText(null)).toBe('');
    expect(valueText({ error: '#DIV/0!' } as any)).toBe('#DIV/0!');
    expect(valueText({ richText: [{ text: 'Bold' }, { text: ' plain' }] } as any)).toBe('Bold plain');
    expect(valueText({ formula: 'A1*2', result: 0.30000000000000004 } as any)).toBe('0.3');
    expect(valueText({ formula: 'A1', result: { error: '#REF!' } } as any)).toBe('#REF!');
    expect(valueText({ text: 'Folio', hyperlink: 'https://example.com' } as any)).toBe('Folio');
  });
});
