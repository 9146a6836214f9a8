// Data a person types into a request: markdown tables, CSV or TSV (fenced, or as lines after a colon),
// and "North 120, South 80" pairs. Cells come back typed: numbers as numbers, with the column's format
// (currency with its code, percent as a fraction, plain numbers) kept, so a sheet or chart can show them
// as the person wrote them.
import { parseCsv } from '../csv-parse.ts';
import { typedColumns } from '../csv-typing.ts';
import { parseMarkdown } from '../markdown.ts';
import { adjustmentNamed, type Adjustment } from './adjustments.ts';

export type CellFormat = 'text' | 'integer' | 'number' | 'currency' | 'percent' | 'date';
export type Cell = string | number | null;

export interface InlineTable {
  header: string[];
  rows: Cell[][];
  /** One per column: what the values are. */
  formats: CellFormat[];
  /** ISO code of a currency column's symbol (USD for $), per column; null elsewhere. */
  currencies: (string | null)[];
  /**
   * Per column, the Excel number format that shows the values as the request wrote them where the
   * type's own format would not (dotted, day-first or month-first dates; an amount with its symbol after
   * it, "1.200,00 €"); null elsewhere.
   */
  numFmts?: (string | null)[];
  /** The header came from the request's words ("revenue by region"), not from the data. */
  inferredHeader: boolean;
  /** The heading above the table, when the request gives one (## Costs). */
  name: string | null;
  /** false: a totals row means nothing for these rows (things compared by their specs). */
  totals?: boolean;
  /** Rates applied to the sum of the values ("add tax of 8%"), in the request's order (adjustments.ts). */
  adjustments?: Adjustment[];
  /** The source lines of the table in the request (so the rest of the text can be read without them). */
  source: string;
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };
const CODES = /^(USD|EUR|GBP|CHF|JPY|CAD|AUD|INR)$/i;

/**
 * A number written with dots between thousands and a decimal comma, as in much of Europe, rewritten
 * with a decimal point: "1.200,50 €" and "2.500.000" always; "1.200 €" and "12,50 €" when in euros (without
 * a currency saying so, "1.200" stays 1.2 and "12,50" text, as an English reader takes them).
 */
function decimalPoint(t: string): string {
  const m = /^(-?\s*[$€£¥₹]?\s*-?)(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d{1,2})(\s*(?:[kKmM]|bn)?\s*(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|INR|€|\$)?)$/i.exec(t);
  if (!m) return t;
  const core = m[2];
  const euro = /€|EUR/i.test(t);
  const sure = core.includes('.') && (core.includes(',') || core.split('.').length > 2);
  return sure || euro ? `${m[1]}${core.replace(/\./g, '').replace(',', '.')}${m[3]}` : t;
}

/** "$1,200" -> 1200 currency USD; "1.200 €" -> 1200 currency EUR; "12%" -> 0.12 percent; "1.5k" -> 1500; "2024-03-01" stays a date string. */
export function typedValue(raw: string, european = true): { value: Cell; format: CellFormat; currency: string | null } {
  const t = european ? decimalPoint(raw.trim()) : raw.trim();
  if (!t) return { value: null, format: 'text', currency: null };
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return { value: t, format: 'date', currency: null };
  if (/^0\d+$/.test(t)) return { value: t, format: 'text', currency: null };
  // More than 15 significant digits is an identifier (an order number), which a float would round.
  if ((t.replace(/[^\d]/g, '').replace(/^0+/, '').replace(/0+$/, '').length > 15) && !/[kKmM%]|bn/i.test(t)) return { value: t, format: 'text', currency: null };
  const m = /^(-)?\s*([$€£¥₹])?\s*(-)?(\d{1,3}(?:[,\s]\d{3})+|\d+)?(\.\d+)?\s*(%)?\s*([kKmM]|bn|BN)?\s*(USD|EUR|GBP|CHF|JPY|CAD|AUD|INR|€|\$)?$/i.exec(t);
  if (!m || (m[4] === undefined && m[5] === undefined)) return { value: t, format: 'text', currency: null };
  let n = Number(`${(m[4] ?? '0').replace(/[,\s]/g, '')}${m[5] ?? ''}`);
  const suffix = m[7]?.toLowerCase();
  if (suffix === 'k') n *= 1e3;
  else if (suffix === 'm') n *= 1e6;
  else if (suffix === 'bn') n *= 1e9;
  if (m[1] || m[3]) n = -n;
  if (m[6]) return { value: Number((n / 100).toPrecision(12)), format: 'percent', currency: null };
  const code = m[2] ? SYMBOLS[m[2]] : m[8] ? (SYMBOLS[m[8]] ?? (CODES.test(m[8]) ? m[8].toUpperCase() : null)) : null;
  if (code) return { value: n, format: 'currency', currency: code };
  return { value: n, format: Number.isInteger(n) && !m[5] ? 'integer' : 'number', currency: null };
}

/** Types the cells of header + raw rows, column by column (a column is numeric when most of its cells are). */
export function typedTable(header: string[], raw: string[][], extra: Partial<InlineTable> = {}, delimiter = ','): InlineTable {
  const width = header.length;
  // (Decimal commas are left to the CSV reading below, which decides them per column and keeps their display.)
  const cells = raw.map((r) => Array.from({ length: width }, (_, i) => typedValue(r[i] ?? '', false)));
  const formats: CellFormat[] = [];
  const currencies: (string | null)[] = [];
  for (let c = 0; c < width; c++) {
    const present = cells.map((r) => r[c]).filter((v) => v.value !== null);
    const numeric = present.filter((v) => typeof v.value === 'number');
    const kind = present.length && numeric.length / present.length >= 0.8 ? (['currency', 'percent', 'number', 'integer'] as CellFormat[]).find((f) => numeric.some((v) => v.format === f))! : present.length && present.every((v) => v.format === 'date') ? 'date' : 'text';
    formats.push(kind);
    currencies.push(kind === 'currency' ? numeric.find((v) => v.currency)?.currency ?? null : null);
  }
  const rows = cells.map((r) => r.map((v, c) => (formats[c] === 'text' || formats[c] === 'date' ? (v.value === null ? null : String(raw[cells.indexOf(r)][c] ?? '').trim()) : v.value)));
  // Columns left as text get the CSV reading, which knows decimal commas ("1.234,50 €", "12,5 %") and
  // day-first and dotted dates ("15.03.2024"), decided per column as a CSV file's are; such a column keeps
  // the display it was written in where the type's own would differ (a date's order, a symbol after).
  const numFmts: (string | null)[] = header.map(() => null);
  if (formats.includes('text')) {
    const csv = typedColumns(header, raw.map((r) => r.map((x) => x ?? '')), delimiter);
    csv.columns.forEach((col, c) => {
      if (c >= width || formats[c] !== 'text' || col.kind === 'text' || col.kind === 'datetime') return;
      const values = csv.rows.map((r) => r[c]);
      formats[c] = col.kind === 'number' ? (values.every((x) => x === null || Number.isInteger(x)) ? 'integer' : 'number') : col.kind;
      currencies[c] = col.kind === 'currency' ? SYMBOLS[col.symbol ?? ''] ?? null : null;
      if ((col.kind === 'date' && col.numFmt && col.numFmt !== 'yyyy-mm-dd') || (col.kind === 'currency' && col.numFmt && /^#/.test(col.numFmt))) numFmts[c] = col.numFmt;
      rows.forEach((r, i) => { r[c] = values[i] ?? null; });
    });
  }
  return { header: header.map((h) => h.trim()), rows, formats, currencies, ...(numFmts.some(Boolean) ? { numFmts } : {}), inferredHeader: false, name: null, source: '', ...extra };
}

const looksLikeHeader = (cells: string[]) => cells.every((c) => c.trim() && c.trim().split(/\s+/).length <= 5 && typedValue(c).format === 'text');

/**
 * Comma-split fields where amounts were typed with unquoted thousands commas ("Acme,$1,200.00,03/25/2025"):
 * a field of 1-3 digits (after a sign or currency symbol) and the 3-digit groups after it are one amount.
 * Only when that gives exactly `width` fields (the header's); otherwise the fields as they were.
 */
function rejoinThousands(fields: string[], width: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < fields.length; k++) {
    let f = fields[k];
    if (/^\s*[-+]?[$€£¥₹]?\s*[-+]?\d{1,3}$/.test(f)) {
      while (k + 1 < fields.length && /^\d{3}(?:\.\d+)?(?:\s*(?:[$€£¥₹]|[A-Z]{3}))?\s*$/.test(fields[k + 1]) && out.length + 1 + (fields.length - k - 2) >= width) f += `,${fields[++k]}`;
    }
    out.push(f);
  }
  return out.length === width ? out : fields;
}

/** Runs of at least two lines that split into the same number (>= 2) of fields by one delimiter. */
function delimitedRuns(text: string): InlineTable[] {
  const out: InlineTable[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i])) { fenced = !fenced; if (!/^\s*(```|~~~)\s*(csv|tsv)?\s*$/i.test(lines[i])) continue; }
    for (const d of ['\t', ';', ',']) {
      // Lines of a markdown table (pipes) belong to it, whatever commas their cells hold ("$120,000").
      const split = (l: string) => (l.trim() && !l.trim().endsWith(':') && !l.includes('|') ? parseCsv(l.trim(), d)[0] ?? [] : []);
      const w = split(lines[i]).length;
      if (w < 2) continue;
      const fit = (l: string) => { const f = split(l); return d === ',' && f.length > w ? rejoinThousands(f, w) : f; };
      let j = i + 1;
      while (j < lines.length && fit(lines[j]).length === w) j++;
      if (j - i < 2) continue;
      const records = lines.slice(i, j).map(fit);
      // A run whose first line is a sentence (many words) is prose with commas, not data.
      if (records[0].some((c) => c.trim().split(/\s+/).length > 6)) continue;
      // A first line of labels over lines with figures is the header; figures are what either reading
      // finds ("$1,200", or the CSV reading's "1.200,00 €" and "15.03.2025").
      const figures = (rows: string[][]) => rows.some((r) => r.some((c) => typedValue(c).format !== 'text'))
        || typedColumns(records[0], rows, d).columns.some((col) => col.kind !== 'text');
      const header = looksLikeHeader(records[0]) && figures(records.slice(1)) ? records[0] : null;
      const body = header ? records.slice(1) : records;
      out.push(typedTable(header ?? records[0].map((_, k) => `Column ${k + 1}`), body, { inferredHeader: !header, source: lines.slice(i, j).join('\n') }, d));
      i = j - 1;
      break;
    }
  }
  return out;
}

const PAIR = /([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9 .&'/-]{0,40}?)\s*(?::|=|\s-\s|\s)\s*(-?[$€£]?\s?\d[\d,.]*\s?(?:%|[kKmM]\b|bn\b|USD|EUR|€)?)(?=\s*(?:[,;]|\band\b|\bund\b|\by\b|\bet\b|$|\.(?:\s|$)|\s[-–—]\s|\(|\s+(?:in|as|on|for|with|to|into)\s))/g;

const CHART_WORD = '(?:chart|graph|plot|graphique|gr[aá]fic[oa]|diagramm\\p{L}*|camembert)';
const ARTICLES = '(?:a|an|the|our|my|un|une|el|la|las|los|le|les|nos|ein|eine|einem|einer|die|der|das|den|unsere[nm]?)';
const INTENT_WORD = '(?:totals?|sum|average|mean|promedio|media|moyenne|durchschnitt|growth|crecimiento|croissance|wachstum)';

/** "as a table", "als Tabelle", "como tabla", "sous forme de tableau": how it is to be laid out, not what it is. */
export const AS_LAYOUT = /\s+(?:(?:as|als|como|en|in)\s+|sous\s+forme\s+d(?:e\s+|'))(?:(?:a|an|one|eine?r?|una?|une?)\s+)?(?:tables?|tabla|tableau|tabelle|spreadsheet|sheet|workbook|excel|hoja(?:\s+de\s+c[aá]lculo)?|charts?|graphs?)\b[\s\S]*$/i;

/**
 * What the values of pairs are, from the words before their colon: "Expenses", "our trip expenses with
 * a total" -> expenses, "marketing spend split by channel as a pie chart" -> marketing spend,
 * "las notas de los alumnos y el promedio" -> notas. The chart and computations asked for are not it.
 */
export function valuesLabel(raw: string): string | null {
  // ("trip costs as a table", "Gastos del viaje como tabla": how they are laid out is not what they are.)
  let s = raw.trim().replace(AS_LAYOUT, '');
  // "a bar chart of signups by month": the values are what the chart is of.
  const of = new RegExp(`${CHART_WORD}\\s+(?:of|showing|for|de|des|du|der|von)\\s+(?:${ARTICLES}\\s+)?(\\p{L}[\\p{L}\\d ]*?)(?:\\s+(?:by|per|por|par|nach|pro|across|over)\\s+\\p{L}+)?\\s*$`, 'iu').exec(s);
  if (of) s = of[1];
  s = s.replace(new RegExp(`(?:\\s*,|\\s+(?:as|in|into|with|and|plus|y|et|und|avec|con|mit|en))\\s+(?:${ARTICLES}\\s+)?(?:\\p{L}+\\s+){0,2}?${CHART_WORD}\\b.*$|\\s*\\b(?:${CHART_WORD})\\b.*$`, 'iu'), '');
  s = s.replace(new RegExp(`\\s*\\b(?:and|with|plus|y|et|und|avec|con|mit)\\s+(?:${ARTICLES}\\s+)?${INTENT_WORD}\\b.*$`, 'iu'), '');
  // "marketing spend split by channel": the values are the spend, the labels the channels.
  s = s.replace(/\s+(?:split\s+|broken down\s+)?(?:by|per|por|par|nach|pro)\s+\p{L}+$/iu, '');
  // "a household budget for the month", "für den Monat": a period after "for" says when, not what the values are.
  s = s.replace(/\s+(?:for|für|para|pour)\s+(?:(?:the|this|next|last|each|every|den|diesen|nächsten|el|este|le|ce|chaque)\s+)?(?:month|week|year|quarter|monat|woche|jahr|quartal|mes|semana|año|mois|semaine|année|january|february|march|april|may|june|july|august|september|october|november|december|\d{4})\b.*$/iu, '');
  // "Create a household budget: ...": the request's verb is not part of the name.
  s = s.replace(/^(?:(?:please|bitte|por\s+favor)\s+)?(?:create|make|build|generate|prepare|draft|erstelle|erstellen|mache?|crea|crear|haz|prepara|crée|créer|fais|prépare)\s+(?:(?:me|mir|moi)\s+)?/iu, '');
  // "un tableau des dépenses du mois", "a list of expenses": what the table is of.
  s = s.replace(/^(?:(?:a|an|the|un|une|el|la|le|ein|eine)\s+)?(?:table|tableau|tabla|tabelle|list|liste|lista|breakdown|overview|summary)\s+(?:of|de|des|du|de\s+la|de\s+los|de\s+las|der|von)\s+(?:(?:the|our|my|nos|mes|nuestros|nuestras|mis)\s+)?(.+)$/iu, '$1');
  // "a spreadsheet of our marketing spend", "hoja de cálculo con las notas de los alumnos": what follows the last lead.
  const lead = new RegExp(`^.*\\b(?:of|with|on|about|for|con|avec|mit|über|sobre|sur)\\s+(?:${ARTICLES}\\s+)?`, 'iu');
  if (lead.test(s)) s = s.replace(lead, '');
  s = s.replace(/\s+(?:of|de|des|du|der|von)\s+.*$/iu, '').trim();
  // "A monthly budget: rent 1200, ...": the article is not part of the name.
  s = s.replace(new RegExp(`^(?:${ARTICLES})\\s+`, 'iu'), '');
  const words = s.split(/\s+/).filter(Boolean);
  if (!words.length || new RegExp(`^${INTENT_WORD}$`, 'iu').test(s)) return null;
  return words.length <= 3 ? s : words.at(-1)!;
}

/** "North 120, South 80, East 100" (or "North: 120; South: 80"): label/value pairs, at least two in one run. */
/** Words that cannot be a value's whole label: "in" and "of" are prose ("Revenue was $1.2M in 2023", "a family of 4"). */
const validLabel = (label: string) => !/^(in|and|at|on|of|was|were|is|to|for|the|by|from|with|about|around|und|im|y|en|et|de)$/i.test(label);

const withoutVerb = (label: string) => label.replace(/\s+(?:is|are|was|were|costs?|comes? to|came to|=|ist|sind|es|son|est|sont)$/i, '');

export function pairsIn(text: string): { label: string | null; pairs: [string, Cell][]; source: string; format: CellFormat; currency: string | null; adjustments?: Adjustment[] } | null {
  for (const segment of text.split(/\n|(?<=[.!?])\s+(?=[A-Z])|:\s+/)) {
    const all = [...segment.matchAll(PAIR)];
    // The first label may carry the sentence before it ("pie chart of our traffic sources - Search"): keep its own words.
    const labelOf = (raw: string, first: boolean): string => {
      let l = raw.trim().replace(/^(and|und|y|et)\s+/i, '');
      if (!first) return l;
      l = l.split(/\s[-–—:]\s|:\s/).pop()!.trim();
      const words = l.split(/\s+/);
      if (words.length <= 3) return l;
      const tail: string[] = [];
      for (let i = words.length - 1; i >= 0 && /^[\p{Lu}\d]/u.test(words[i]); i--) tail.unshift(words[i]);
      return (tail.length ? tail : words.slice(-1)).join(' ');
    };
    // "monthly budget for a family of 4, income 6500, mortgage 1800, ...": a first "pair" whose label is
    // the request's own prose ("of") is not data; the pairs after it are.
    const prose = all.length >= 3 && !validLabel(withoutVerb(labelOf(all[0][1], true)));
    const found = prose ? all.slice(1) : all;
    if (found.length < 2) continue;
    // Consecutive pairs only: what lies between them is a separator.
    const gaps = found.slice(1).map((m, i) => segment.slice(found[i].index! + found[i][0].length, m.index).trim());
    if (gaps.some((g) => !/^(,|;|and|und|y|et|,\s*and)?$/i.test(g))) continue;
    // "rent is 1200 and utilities are 300": the verb joins a label to its value; it is not part of the label.
    const typed = found.map((m, i) => [withoutVerb(labelOf(m[1], i === 0)), typedValue(m[2])] as const);
    // "Revenue was $1.2M in 2023 and ...": words like "in" and "and" are not labels; that is prose.
    if (typed.some(([label]) => !validLabel(label))) continue;
    // "launch date June 1": a month and a day are a date, not a label and its value.
    if (typed.some(([label, v]) => /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i.test(label) && v.format === 'integer' && typeof v.value === 'number' && v.value >= 1 && v.value <= 31)) continue;
    if (typed.some(([label]) => /^\d/.test(label) || label.split(/\s+/).length > 4)) continue;
    // "development grew 5% and headcount is now 40": a label that ends in a verb of change or a "now" is a stated fact (statements.ts).
    if (typed.some(([label]) => /(?:^|\s)(?:grew|rose|fell|dropped|increased|decreased|declined|climbed|jumped|gained|lost|improved|reached|hit|up|down|by|now)$/i.test(label))) continue;
    // "food 200, drinks 100, add tax of 8%": a rate after the amounts applies to their sum; it is not one of them.
    const adjustments: Adjustment[] = [];
    while (typed.length > 2 && typed.at(-1)![1].format === 'percent' && !typed.slice(0, -1).every(([, v]) => v.format === 'percent')) {
      const named = adjustmentNamed(typed.at(-1)![0]);
      if (!named) break;
      adjustments.unshift({ ...named, rate: typed.pop()![1].value as number });
    }
    const format = (['currency', 'percent', 'number', 'integer'] as CellFormat[]).find((f) => typed.some(([, v]) => v.format === f)) ?? 'integer';
    // "Expenses: Rent $1,200, ..." names the values: the words before the colon.
    const before = text.slice(0, text.indexOf(segment)).replace(/\s+with\b[^:]*:\s*$/i, ':');
    const named = /([A-Za-zÀ-ÿ][\p{L}\w ]{1,80}?):\s*$/u.exec(before);
    const label = named ? valuesLabel(named[1]) : null;
    const cap = (l: string) => (l ? l[0].toUpperCase() + l.slice(1) : l);
    const start = found[0].index! + found[0][0].indexOf(typed[0][0]);
    return { label: label && !/^(data|this|these|numbers|figures|values)$/i.test(label) ? cap(label) : null, pairs: typed.map(([l, v]) => [cap(l), v.value]), source: segment.slice(start, found.at(-1)!.index! + found.at(-1)![0].length), format, currency: typed.find(([, v]) => v.currency)?.[1].currency ?? null, ...(adjustments.length ? { adjustments } : {}) };
  }
  return null;
}

/** Every table of the request: markdown tables (named by the heading above), CSV/TSV blocks and runs of delimited lines. */
export function tablesIn(text: string): InlineTable[] {
  const out: InlineTable[] = [];
  let heading: string | null = null;
  for (const b of parseMarkdown(text)) {
    if (b.type === 'heading') heading = b.text.replace(/\*\*|__|`/g, '').trim();
    if (b.type === 'table') {
      const strip = (s: string) => s.replace(/\*\*|__|`/g, '').trim();
      out.push(typedTable(b.header.map(strip), b.rows.map((r) => r.map(strip)), { name: heading, source: [b.header.join('|'), ...b.rows.map((r) => r.join('|'))].join('\n') }));
      heading = null;
    }
  }
  for (const t of delimitedRuns(text)) {
    if (!out.some((o) => o.header.join('|') === t.header.join('|'))) out.push(t);
  }
  return out;
}

const PERIOD = '((?:19|20)\\d{2}|Q[1-4](?:\\s+(?:19|20)\\d{2})?|H[12](?:\\s+(?:19|20)\\d{2})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\\s+(?:19|20)\\d{2})?)';
const FIGURE = '([$€£]?\\s?\\d[\\d,.]*\\s?(?:%|[kKmM]\\b|bn\\b)?)';

/** "Revenue was $1.2M in 2023 and $1.5M in 2024": figures by period, in the request's order (at least two). */
export function periodFigures(text: string): InlineTable | null {
  const re = new RegExp(`${FIGURE}\\s+(?:in|for|during|im|en|durante|pour)\\s+${PERIOD}\\b`, 'gi');
  const found = [...text.matchAll(re)];
  if (found.length < 2) return null;
  const label = /(?:^|[.!?]\s+)(?:our\s+|the\s+)?([A-Za-z][\w ]{1,30}?)\s+(?:was|were|is|of|grew|went|came in at|reached|:)\s/i.exec(text.slice(0, found[0].index));
  const name = label ? label[1][0].toUpperCase() + label[1].slice(1) : 'Value';
  const period = found.every((m) => /^(19|20)\d{2}$/.test(m[2])) ? 'Year' : found.every((m) => /^Q/i.test(m[2])) ? 'Quarter' : 'Period';
  const t = typedTable([period, name], found.map((m) => [m[2], m[1]]));
  return { ...t, rows: t.rows.map((r) => [String(r[0]), r[1]]), formats: ['text', t.formats[1]], inferredHeader: true, source: text.slice(found[0].index, found.at(-1)!.index! + found.at(-1)![0].length) };
}

/** An amount's text with its currency ("$1,200", "€80", "1,200 CHF"); bare when the request showed none: no currency is invented. */
export function withCurrency(text: string, currency: string | null): string {
  if (!currency) return text;
  const symbol = ({ USD: '$', EUR: '€', GBP: '£' } as Record<string, string>)[currency];
  return symbol ? `${symbol}${text}` : `${text} ${currency}`;
}
