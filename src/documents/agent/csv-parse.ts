// CSV reading for data sources, project files and workbook analysis: UTF-8 or, failing that, Windows-1252
// bytes (decodeCsv); RFC 4180 through papaparse
// (quoted fields with doubled quotes and embedded line breaks, CRLF or LF records, a byte-order mark),
// with the delimiter guessed from the first records (comma, semicolon, tab or pipe, as spreadsheet
// exports in many locales use) or named by Excel's `sep=;` first line. What the fields are (numbers,
// dates, text) is decided per column by csv-typing.ts. papaparse replaced a reader of our own that
// guessed from the header line alone: it misread a semicolon file whose quoted header holds a comma, and
// pipe-separated data.
import Papa from 'papaparse';

const GUESSED = [',', ';', '\t', '|'];

/** Excel's hint line (`sep=;`), which names the delimiter and is not data. */
const SEP_HINT = /^sep=(.)\r?\n/;

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1252 = new TextDecoder('windows-1252');

/**
 * The text of a CSV file's bytes: UTF-8 (a byte-order mark dropped) when they are UTF-8, otherwise
 * Windows-1252, the code page Excel on Windows saves its plain "CSV" in under Western locales (`Région`
 * as `R\xe9gion`).
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    return WINDOWS_1252.decode(bytes);
  }
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function detectDelimiter(text: string): string {
  const clean = withoutBom(text);
  const hint = SEP_HINT.exec(clean);
  if (hint) return hint[1];
  const sample = clean.slice(0, 64 * 1024);
  const found = Papa.parse<string[]>(sample, { delimitersToGuess: GUESSED, preview: 10, skipEmptyLines: true }).meta.delimiter;
  return GUESSED.includes(found) ? found : ',';
}

export function parseCsv(text: string, delimiter?: string): string[][] {
  // Files mix CRLF and LF (a CRLF export with a line appended by hand): one line break, LF, everywhere
  // (inside quoted fields too, where a cell's CRLF becomes LF).
  let clean = withoutBom(text).replace(/\r\n?/g, '\n');
  const hint = SEP_HINT.exec(clean);
  if (hint) clean = clean.slice(hint[0].length);
  const sep = delimiter ?? hint?.[1] ?? detectDelimiter(clean);
  return Papa.parse<string[]>(clean, { delimiter: sep, newline: '\n', skipEmptyLines: true }).data
    .filter((r) => r.length > 1 || r[0] !== '');
}
