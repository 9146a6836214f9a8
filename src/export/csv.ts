// RFC 4180 CSV: fields separated by commas, records by CRLF. A field holding a comma, a double quote,
// CR or LF is enclosed in double quotes, and its double quotes are doubled.

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Every record gets the same number of fields (RFC 4180 section 2.4), padded with empty ones. */
export function toCsv(rows: string[][]): string {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  return rows.map((r) => Array.from({ length: width }, (_, i) => csvField(r[i] ?? '')).join(',') + '\r\n').join('');
}
