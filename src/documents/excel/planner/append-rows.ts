// "add a row for Internet 60 to the expenses", "add Internet $60 and Gym $35 to the expenses table",
// "add an expense: Internet, 60": rows at the end of an Excel table, or of a sheet's plain data above
// its total row (add_table_rows), read without a model. Each item is a label and its numbers: the label
// goes to the text column, the numbers to the number columns in order, and columns of formulas fill
// themselves. A table is named by its readable name ("expenses" finds tblExpenses) or is the only one
// of the workbook; plain data is on the sheet named, or the only sheet. An item whose numbers do not fit
// the number columns is refused with the reason.
import type { ExcelDocument } from '../excel.document.ts';
import { typedValue } from '../../agent/understanding/inline-data.ts';
import { readCell } from '../view/cells.ts';
import { dataBlockAt, tableBlock, type RowBlock } from '../edits/table-rows.ts';
import { headerRowOf } from '../view/outline.ts';
import { readableTableName, type TableView } from '../view/sheet-parts.ts';
import type { SheetView } from '../view/sheet.view.ts';
import type { RefusedCommand, TableCommand } from './table-commands.ts';

const LEAD = String.raw`\b(?:add|append|insert|put)\s+(?:(?:a|an|another|one\s+more|a\s+new|new|two|three|\d)\s+)?(?:new\s+)?`;
/** "add a row for X 60 to the expenses", "add X 60 to expenses", "add X: 60 to the expenses table". */
const TO_TABLE = new RegExp(`${LEAD}(?:(?:rows?|lines?|entr(?:y|ies)|items?)\\s+(?:for|called|named|with|of)\\s+|(?:rows?|lines?|entr(?:y|ies)|items?)\\s*:\\s*)?(.+?)\\s+(?:to|in|into|on(?:to)?)\\s+(?:the\\s+|my\\s+|our\\s+)?([\\p{L}][\\p{L}\\d ]{0,40}?)(?:\\s+(?:table|list|sheet|tab|section))?\\s*(?=[.;\\n?!]|$)`, 'iu');
/** "add Phone 45 and Gym 30": the whole request, when the workbook has one table or one sheet of data to take it. */
const BARE = new RegExp(`^\\s*(?:please\\s+)?(?:can\\s+you\\s+)?${LEAD}(?:(?:rows?|lines?|entr(?:y|ies)|items?)\\s+(?:for|called|named|with|of)\\s+)?(.+?)\\s*[.!?]?\\s*$`, 'iu');
/** What an item list never starts with: the objects of other commands ("add a chart for 2024"). */
const NOT_ITEMS = /^(?:a\s+|an\s+|the\s+)?(?:sheet|tab|chart|graph|column|row|total|totals|table|title|slide|page|section)s?\b/i;
/** "add an expense: Internet, 60", "add a new expense Internet 60". */
const AS_NOUN = new RegExp(`${LEAD}([\\p{L}]{3,30})\\s*:?\\s+(.+?)\\s*(?=[.;\\n?!]|$)`, 'iu');
const AMOUNT = /^[-+]?[$€£¥]?\s?\d[\d,.\s]*(?:\.\d+)?\s?(?:k|%|[$€£¥]|eur|usd|gbp)?$/i;
const JOINER = /^(?:at|for|of|with|costing|cost|=|:|-|–|—|is|was)$/i;

const words = (s: string) => s.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
const singular = (w: string) => (w.length > 3 && /ies$/.test(w) ? `${w.slice(0, -3)}y` : w.length > 3 && /s$/.test(w) && !/ss$/.test(w) ? w.slice(0, -1) : w);

interface Item { label: string; numbers: string[] }

/** "Internet 60 and Gym $35", "Internet, 60": a label (words) followed by its numbers, item after item. */
export function itemsIn(text: string): Item[] | null {
  // ("Internet 60 a month": how often is the table's business, not a label.)
  const plain = text.replace(/\s+(?:per|a|an|each|every)\s+(?:month|year|week|day)\b|\s+(?:monthly|weekly|yearly|annually)\b/gi, '');
  const tokens = plain.replace(/\s+(?:and|&|plus)\s+/gi, ' , ').split(/(\s*,\s*|\s*;\s*|\s+)/).map((t) => t.trim()).filter(Boolean);
  const items: Item[] = [];
  let label: string[] = [];
  let numbers: string[] = [];
  const close = () => {
    if (label.length && numbers.length) items.push({ label: label.join(' ').replace(/\s*[:(]$/, ''), numbers });
    label = [];
    numbers = [];
  };
  for (const t of tokens) {
    if (t === ',' || t === ';') { if (numbers.length) close(); continue; }
    const clean = t.replace(/[()]/g, '');
    if (AMOUNT.test(clean) && (label.length || items.length)) { numbers.push(clean); continue; }
    if (numbers.length) close();
    if (JOINER.test(t) && label.length) continue;
    label.push(t.replace(/:$/, ''));
  }
  if (label.length && !numbers.length) return null;
  close();
  return items.length ? items : null;
}

/** A table the phrase names by its readable name or its sheet; else the workbook's only table. */
function tableNamed(phrase: string, sheets: SheetView[]): TableView | undefined {
  const want = new Set(words(phrase).map(singular).filter((w) => !['the', 'my', 'our', 'table', 'list'].includes(w)));
  const tables = sheets.flatMap((s) => s.tables);
  const hit = (name: string) => words(name).map(singular).filter((w) => want.has(w)).length;
  const byTable = tables.map((t) => ({ t, n: hit(readableTableName(t.name)) })).filter((h) => h.n > 0).sort((a, b) => b.n - a.n);
  if (byTable.length) return byTable[0].t;
  const bySheet = sheets.filter((s) => s.tables.length === 1 && hit(s.name) > 0);
  if (bySheet.length === 1) return bySheet[0].tables[0];
  // (A sheet of plain data named by the phrase is what it means, not the workbook's only table.)
  return tables.length === 1 && !sheets.some((s) => !s.tables.length && hit(s.name) > 0) ? tables[0] : undefined;
}

const TOTAL_LABEL = /^(?:grand\s+)?totals?:?$|^sum$|^summe$|^total\s+\p{L}+$/iu;

/** The last data row of a sheet's plain data (above its total row), 0-based; null when it has none. */
function lastDataRow(sheet: SheetView, doc: ExcelDocument): number | null {
  const ws = sheet.ws!;
  const filled = (r: number, c: number) => { const cell = readCell(ws, doc, r, c); return !!cell && (cell.formula !== undefined || (cell.value !== null && cell.value !== '')); };
  const cols = Array.from({ length: sheet.extent.cols }, (_, c) => c);
  let header = headerRowOf(sheet);
  if (header === null) header = Array.from({ length: sheet.extent.rows }, (_, r) => r).find((r) => cols.some((c) => filled(r, c))) ?? null;
  if (header === null) return null;
  const c0 = cols.find((c) => filled(header, c)) ?? 0;
  let last = header;
  for (let r = header + 1; r < sheet.extent.rows && cols.some((c) => filled(r, c)); r++) {
    const first = readCell(ws, doc, r, c0)?.value;
    if (typeof first === 'string' && TOTAL_LABEL.test(first.trim())) break;
    last = r;
  }
  return last > header ? last : null;
}

/** Plain data on the sheet the phrase names, else on the workbook's only sheet with something on it (none with a table). */
function plainBlock(phrase: string, sheets: SheetView[], doc: ExcelDocument): { block: RowBlock; last: number } | null {
  const want = new Set(words(phrase).map(singular));
  const used = sheets.filter((s) => s.ws && s.extent.rows > 1 && s.entry.part !== doc.placeholder);
  const named = used.filter((s) => words(s.name).map(singular).some((w) => want.has(w)));
  const sheet = named.length === 1 ? named[0] : used.length === 1 ? used[0] : undefined;
  if (!sheet || sheet.tables.length) return null;
  const last = lastDataRow(sheet, doc);
  return last === null ? null : { block: dataBlockAt(doc, sheet.entry, last), last };
}

export function appendRowsCommand(text: string, sheets: SheetView[], doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const to = TO_TABLE.exec(text);
  if (to && !NOT_ITEMS.test(to[1])) {
    const items = itemsIn(to[1]);
    const table = items ? tableNamed(to[2], sheets) : undefined;
    if (items && table) return rowsFor(tableBlock(table), items, doc, { table: table.name });
    const plain = items && !table ? plainBlock(to[2], sheets, doc) : null;
    if (items && plain) return rowsFor(plain.block, items, doc, { sheet: plain.block.sheet.name, after_row: plain.last + 1 });
  }
  return nounCommand(text, sheets, doc) ?? (to ? null : bareCommand(text, sheets, doc));
}

/** "add an expense: Internet, 60": the noun names a table (or a sheet of plain data). */
function nounCommand(text: string, sheets: SheetView[], doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const noun = AS_NOUN.exec(text);
  if (!noun || NOT_ITEMS.test(noun[1])) return null;
  const kind = singular(noun[1].toLowerCase());
  const named = sheets.flatMap((s) => s.tables).filter((t) => words(readableTableName(t.name)).map(singular).includes(kind));
  const items = itemsIn(noun[2]);
  if (!items) return null;
  if (named.length === 1) return rowsFor(tableBlock(named[0]), items, doc, { table: named[0].name });
  const plain = named.length ? null : plainBlock(noun[1], sheets.filter((s) => words(s.name).map(singular).includes(kind)), doc);
  return plain ? rowsFor(plain.block, items, doc, { sheet: plain.block.sheet.name, after_row: plain.last + 1 }) : null;
}

/** "add Phone 45 and Gym 30": the workbook's only table or sheet of data; with several tables, which one is asked. */
function bareCommand(text: string, sheets: SheetView[], doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const bare = BARE.exec(text);
  if (!bare || NOT_ITEMS.test(bare[1])) return null;
  const items = itemsIn(bare[1]);
  if (!items) return null;
  const tables = sheets.flatMap((s) => s.tables);
  if (tables.length === 1) return rowsFor(tableBlock(tables[0]), items, doc, { table: tables[0].name });
  if (tables.length > 1) return { refused: `say which table to add ${items.map((i) => `"${i.label}"`).join(', ')} to (${tables.map((t) => readableTableName(t.name)).join(', ')})` };
  const plain = plainBlock('', sheets, doc);
  return plain ? rowsFor(plain.block, items, doc, { sheet: plain.block.sheet.name, after_row: plain.last + 1 }) : null;
}

function rowsFor(table: RowBlock, items: Item[], doc: ExcelDocument, where: Record<string, unknown>): TableCommand | RefusedCommand {
  const ws = doc.worksheet(table.sheet);
  const last = table.range.end.row - (table.totalsRow ? 1 : 0);
  const width = table.range.end.col - table.range.start.col + 1;
  if (last <= table.range.start.row) return { refused: `${table.label} has no rows yet to tell its columns apart; give the values column by column` };
  const kinds = Array.from({ length: width }, (_, i) => {
    const cell = readCell(ws, doc, last, table.range.start.col + i);
    return cell?.formula !== undefined ? 'formula' : typeof cell?.value === 'number' ? 'number' : typeof cell?.value === 'string' ? 'text' : 'other';
  });
  const textCol = kinds.indexOf('text');
  const numberCols = kinds.flatMap((k, i) => (k === 'number' ? [i] : []));
  const names = table.columns.map((c) => c.name);
  if (textCol < 0) return { refused: `${table.label} has no text column to hold "${items[0].label}"` };
  // ("add phone 45" to a list of "Rent", "Food": a capital, as its other labels have.)
  const labels = Array.from({ length: last - table.range.start.row }, (_, i) => readCell(ws, doc, last - i, table.range.start.col + textCol)?.value).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const capital = labels.length > 0 && labels.every((v) => /^\p{Lu}/u.test(v.trim()));
  const rows: (string | number | null)[][] = [];
  for (const item of items) {
    if (capital && /^\p{Ll}/u.test(item.label)) item.label = item.label[0].toUpperCase() + item.label.slice(1);
    if (item.numbers.length > numberCols.length || (item.numbers.length < numberCols.length && item.numbers.length !== 1)) {
      return { refused: `"${item.label}" has ${item.numbers.length} numbers and ${table.label} has ${numberCols.length} number columns (${numberCols.map((i) => names[i]).join(', ')}); give one per column` };
    }
    if (item.numbers.length < numberCols.length) return { refused: `${table.label} has ${numberCols.length} number columns (${numberCols.map((i) => names[i]).join(', ')}); say which one ${item.numbers[0]} goes in` };
    const row: (string | number | null)[] = Array.from({ length: width }, () => null);
    // (A label starting with "=" stays text: the apostrophe, as in Excel.)
    row[textCol] = /^[=+\-@]/.test(item.label) ? `'${item.label}` : item.label;
    item.numbers.forEach((n, k) => {
      const v = typedValue(n, false);
      row[numberCols[k]] = typeof v.value === 'number' ? n : `'${n}`;
    });
    rows.push(row);
  }
  const list = items.map((i) => `"${i.label}"`).join(', ');
  const empty = kinds.flatMap((k, i) => (k === 'text' && i !== textCol ? [names[i]] : []));
  return { calls: [{ tool: 'add_table_rows', args: { ...where, rows } }], what: `added ${list} to ${table.label}${empty.length ? ` (${empty.join(', ')} left empty)` : ''}` };
}
