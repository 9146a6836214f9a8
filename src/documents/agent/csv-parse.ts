// RFC 4180 CSV reading for data sources: quoted fields with doubled quotes and embedded line breaks,
// CRLF or LF records, and a delimiter guessed from the header line (comma, semicolon or tab, as
// spreadsheet exports in many locales use). Numbers are kept as numbers when the whole field is one.

export type CsvCell = string | number | null;

export function detectDelimiter(text: string): string {
  const end = text.search(/\r?\n/);
  const header = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][1] > 0 ? counts[0][0] : ',';
}

export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A field as a typed cell: empty -> null, a plain number -> number, anything else -> the text. */
export function typedCell(raw: string): CsvCell {
  const t = raw.trim();
  if (t === '') return null;
  // Leading zeros (ids, postcodes) stay text so they keep their digits.
  if (NUMBER.test(t) && !/^[-+]?0\d/.test(t)) return Number(t);
  return raw;
}
