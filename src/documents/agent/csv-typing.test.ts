// The typing of CSV fields per column (csv-typing.ts): what becomes a number, a percentage, an amount or
// a date with which number format, how a column's decimal mark and date order are decided, and what
// stays text.
import { describe, expect, it } from 'vitest';
import { portableRows, readTypedCsv, typedColumns } from './csv-typing.ts';

/** One column's kind, format and values. */
function column(values: string[], delimiter = ',', header = 'Value') {
  const t = typedColumns([header], values.map((v) => [v]), delimiter);
  return { ...t.columns[0], values: t.rows.map((r) => r[0]) };
}

describe('numbers', () => {
  it('reads thousands groups, and shows them with their groups and decimals', () => {
    expect(column(['1,200', '1,234,567.89', '5'])).toEqual({ kind: 'number', numFmt: '#,##0.00', values: [1200, 1234567.89, 5] });
    // Plain numbers keep Excel's General format, as written.
    expect(column(['12.5', '3', '-0.25'])).toEqual({ kind: 'number', values: [12.5, 3, -0.25] });
    expect(column(["1'234.50", '12'])).toMatchObject({ kind: 'number', values: [1234.5, 12] });
  });

  it('decides the decimal mark per column: values that read one way only settle it', () => {
    expect(column(['1.234,56', '0,5', '12'], ';')).toEqual({ kind: 'number', numFmt: '#,##0.00', values: [1234.56, 0.5, 12] });
    // The same digits in a tab file: `1.234,56` settles a decimal comma without the delimiter's help.
    expect(column(['1.234,56', '2.000'], '\t').values).toEqual([1234.56, 2000]);
    expect(column(['1.234.567', '12'], '\t').values).toEqual([1234567, 12]);
    expect(column(['1,5', '2,25'], '\t').values).toEqual([1.5, 2.25]);
    // Groups of spaces (French), also the no-break spaces French spreadsheets write.
    expect(column(['1 234,56', '1\u00a0000', '2\u202f500,5'], ';').values).toEqual([1234.56, 1000, 2500.5]);
  });

  it('reads a value that fits both marks (1.234 or 1,234) by the file: its other columns, else its delimiter', () => {
    expect(column(['1.234', '2.500'], ';').values).toEqual([1234, 2500]);
    expect(column(['1.234', '2.500'], ',').values).toEqual([1.234, 2.5]);
    expect(column(['1,234', '2,500'], ',').values).toEqual([1234, 2500]);
    expect(column(['1,234', '2,500'], ';').values).toEqual([1.234, 2.5]);
    const file = typedColumns(['Qty', 'Rate'], [['1.234', '0,5'], ['2.000', '1,25']], '\t');
    expect(file.rows).toEqual([[1234, 0.5], [2000, 1.25]]);
  });

  it('keeps a column text when its values settle different marks, or a value has groups not of three digits', () => {
    expect(column(['1,234.5', '0,5'], '\t')).toEqual({ kind: 'text', values: ['1,234.5', '0,5'] });
    expect(column(['12,34', '1.5'], ',').kind).toBe('text');
    // Alone, `12,34` is no grouped number but reads with a decimal comma (Google Sheets in a German
    // locale writes commas between fields and quotes `"12,34"`).
    expect(column(['12,34', '5'], ',').values).toEqual([12.34, 5]);
    expect(column(['1.2.3', '1.10'], ',')).toEqual({ kind: 'text', values: ['1.2.3', '1.10'] });
    expect(column(['192.168.1.1', '10.0.0.1']).kind).toBe('text');
  });

  it('reads percentages as fractions with a percent format', () => {
    expect(column(['12%', '-3.5 %', '0.1%'])).toEqual({ kind: 'percent', numFmt: '0.0%', decimals: 1, values: [0.12, -0.035, 0.001] });
    expect(column(['12,5 %', '3 %'], ';')).toMatchObject({ kind: 'percent', values: [0.125, 0.03] });
    expect(column(['12%', '7%']).numFmt).toBe('0%');
    // A bare number among percentages is 12 or 12%: the column stays text.
    expect(column(['12%', '5']).kind).toBe('text');
  });

  it('reads currency amounts, the symbol before or after, with a currency format', () => {
    expect(column(['$1,234.50', '-$5', '$-5', '0.00'])).toEqual({ kind: 'currency', numFmt: '"$"#,##0.00', symbol: '$', decimals: 2, values: [1234.5, -5, -5, 0] });
    expect(column(['1.234,56 €', '-12,00 €', '€ 3,5'], ';')).toMatchObject({ kind: 'currency', numFmt: '#,##0.00 "€"', symbol: '€', values: [1234.56, -12, 3.5] });
    expect(column(['£12.99', '£1,000.00'])).toMatchObject({ numFmt: '"£"#,##0.00', values: [12.99, 1000] });
    expect(column(['¥1,000', '¥250'])).toMatchObject({ numFmt: '"¥"#,##0', values: [1000, 250] });
    // Amounts in two currencies do not add up: text.
    expect(column(['$5', '€5']).kind).toBe('text');
    expect(column(['USD 5', 'USD 7']).kind).toBe('text');
  });

  it('reads accounting negatives in parentheses and shows negatives the same way', () => {
    expect(column(['(1,200)', '3,400'])).toEqual({ kind: 'number', numFmt: '#,##0;(#,##0)', values: [-1200, 3400] });
    expect(column(['($1,200.00)', '$15.00'])).toMatchObject({ kind: 'currency', numFmt: '"$"#,##0.00;("$"#,##0.00)', values: [-1200, 15] });
    expect(column(['-(5)', '3']).kind).toBe('text');
  });

  it('lets "no value" marks sit in a typed column as text, and leaves empty fields empty', () => {
    expect(column(['12', 'N/A', '-', '', '7.5'])).toEqual({ kind: 'number', values: [12, 'N/A', '-', null, 7.5] });
    expect(column(['n/a', '-']).kind).toBe('text');
  });
});

describe('what stays text', () => {
  it('leading zeros, integers of more than 15 digits, phone numbers, versions', () => {
    expect(column(['007', '12']).values).toEqual(['007', '12']);
    expect(column(['02134', '90210'], ',', 'Postcode').values).toEqual(['02134', '90210']);
    // An 18-digit order id and a 16-digit card-like number keep every digit: a number would keep 15.
    expect(column(['123456789012345678', '5']).values).toEqual(['123456789012345678', '5']);
    expect(column(['4111111111111111', '4012888888881881']).values).toEqual(['4111111111111111', '4012888888881881']);
    // 12 to 15 digits fit a number exactly; they show in full ('0'), not as 1.23457E+11.
    expect(column(['123456789012345', '5'])).toEqual({ kind: 'number', numFmt: '0', values: [123456789012345, 5] });
    for (const phones of [['+15551234567', '+4930123456'], ['(555) 123-4567', '(555) 987-6543'], ['555-123-4567', '555-987-6543'], ['+1 555 123 4567', '+44 20 7946 0958']]) {
      expect(column(phones).kind, phones[0]).toBe('text');
    }
    expect(column(['5551234567', '5559876543'], ',', 'Phone').kind).toBe('text');
    expect(column(['5551234567', '5559876543'], ',', 'Mobile sessions').kind).toBe('number');
  });

  it('anything starting with =, +, -, @ that is not a number, which also keeps its column text', () => {
    const t = typedColumns(['a', 'b', 'c', 'd'], [['=SUM(A1:A2)', '@cmd', '+cmd', '-cmd'], ['=1+2', '5', '6', '7']]);
    expect(t.columns.map((c) => c.kind)).toEqual(['text', 'text', 'text', 'text']);
    expect(t.rows).toEqual([['=SUM(A1:A2)', '@cmd', '+cmd', '-cmd'], ['=1+2', '5', '6', '7']]);
    expect(column(['+12.50', '-8.00']).values).toEqual([12.5, -8]);
  });
});

describe('dates', () => {
  it('reads ISO dates and date-times (no zone), with a matching format', () => {
    expect(column(['2024-03-01', '2024-12-31'])).toEqual({ kind: 'date', numFmt: 'yyyy-mm-dd', values: ['2024-03-01', '2024-12-31'] });
    expect(column(['2024-03-01 14:30', '2024-03-02T08:05'])).toEqual({ kind: 'datetime', numFmt: 'yyyy-mm-dd hh:mm', values: ['2024-03-01T14:30:00', '2024-03-02T08:05:00'] });
    expect(column(['2024-03-01 14:30:05', '2024-03-02'])).toMatchObject({ numFmt: 'yyyy-mm-dd hh:mm:ss', values: ['2024-03-01T14:30:05', '2024-03-02'] });
    // A zone or offset cannot be kept by a cell, and applying it would show another time: text.
    expect(column(['2024-03-01T10:00:00Z', '2024-03-01T10:00:00+02:00']).kind).toBe('text');
  });

  it('reads slash dates day-first or month-first as the column settles it', () => {
    expect(column(['15/03/2024', '01/04/2024'])).toEqual({ kind: 'date', numFmt: 'dd/mm/yyyy', values: ['2024-03-15', '2024-04-01'] });
    expect(column(['03/15/2024', '04/01/2024'])).toEqual({ kind: 'date', numFmt: 'mm/dd/yyyy', values: ['2024-03-15', '2024-04-01'] });
    expect(column(['3/15/2024 2:30 PM', '3/16/2024 11:05 AM'])).toEqual({ kind: 'datetime', numFmt: 'm/d/yyyy h:mm AM/PM', values: ['2024-03-15T14:30:00', '2024-03-16T11:05:00'] });
    // 13/01 and 01/13 in one column: no order reads both.
    expect(column(['13/01/2024', '01/13/2024']).kind).toBe('text');
    expect(column(['15.03.2024', '01.04.2024'])).toEqual({ kind: 'date', numFmt: 'dd.mm.yyyy', values: ['2024-03-15', '2024-04-01'] });
  });

  it('reads a column that does not settle its order like the file\'s other slash dates, else day-first in a decimal-comma file, else as text', () => {
    expect(column(['01/02/2024', '03/04/2024'], ',')).toEqual({ kind: 'text', values: ['01/02/2024', '03/04/2024'] });
    expect(column(['01/02/2024', '03/04/2024'], ';').values).toEqual(['2024-02-01', '2024-04-03']);
    const us = typedColumns(['Ordered', 'Shipped'], [['01/02/2024', '01/13/2024'], ['03/04/2024', '03/05/2024']]);
    expect(us.rows).toEqual([['2024-01-02', '2024-01-13'], ['2024-03-04', '2024-03-05']]);
    const uk = typedColumns(['Ordered', 'Shipped'], [['01/02/2024', '13/01/2024'], ['03/04/2024', '05/03/2024']]);
    expect(uk.rows).toEqual([['2024-02-01', '2024-01-13'], ['2024-04-03', '2024-03-05']]);
  });

  it('keeps impossible dates, and years a workbook cannot hold, as text', () => {
    expect(column(['2024-02-30', '2024-03-01']).kind).toBe('text');
    expect(column(['2023-02-29']).kind).toBe('text');
    expect(column(['2024-02-29']).kind).toBe('date');
    expect(column(['1899-12-31', '1900-01-01']).kind).toBe('text');
    expect(column(['31/04/2024', '15/04/2024']).kind).toBe('text');
    expect(column(['2024-03-01 25:00']).kind).toBe('text');
  });
});

describe('reading a file', () => {
  it('types a bank export as Excel saves it in a decimal-comma locale', () => {
    const csv = readTypedCsv('sep=;\r\nBuchungstag;Verwendungszweck;Betrag;Saldo;Anteil\r\n15.03.2024;Miete;-850,00;1.234,56;12,5 %\r\n01.04.2024;Gehalt;2.500,00;3.734,56;3 %\r\n\r\n;;;;\r\n')!;
    expect(csv.header).toEqual(['Buchungstag', 'Verwendungszweck', 'Betrag', 'Saldo', 'Anteil']);
    expect(csv.columns.map((c) => c.kind)).toEqual(['date', 'text', 'number', 'number', 'percent']);
    expect(csv.rows).toEqual([['2024-03-15', 'Miete', -850, 1234.56, 0.125], ['2024-04-01', 'Gehalt', 2500, 3734.56, 0.03]]);
    expect(readTypedCsv('\n\n')).toBeNull();
  });

  it('gives data sources and prompt tables amounts and percentages in one notation every format reads', () => {
    const csv = readTypedCsv('Name;Betrag;Anteil;Datum;Menge\nA;1.234,56 €;12,5 %;15.03.2024;1.000\nB;-5,00 €;3 %;16.03.2024;2\n')!;
    expect(portableRows(csv)).toEqual([['A', '€1,234.56', '12.5%', '2024-03-15', 1000], ['B', '-€5.00', '3.0%', '2024-03-16', 2]]);
  });
});
