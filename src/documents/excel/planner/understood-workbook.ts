// A new workbook from the shared reading of the request (agent/understanding): the data typed into it
// as typed sheets (numbers as numbers, $ and % kept) with the totals, averages and growth it asks for as
// live formulas, the chart it names over those cells, text put in the cells it names, and for a request
// without data a skeleton of the sheets, columns and rows it describes, with labelled placeholders.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { InlineTable } from '../../agent/understanding/inline-data.ts';
import type { Adjustment } from '../../agent/understanding/adjustments.ts';
import { WORDS } from '../../agent/understanding/language.ts';
import { countFor, type Understanding } from '../../agent/understanding/understand.ts';
import { columnLetters } from '../a1.ts';
import { moneyFormat, numberFormatFor, type ColumnType } from '../number-formats.ts';
import { planChart, planTableSheet, valueColumns, type PlannedSheet, type SheetNamer } from './data-plans.ts';
import { trackerColumns } from './tracker-columns.ts';

export interface UnderstoodSheets {
  calls: PlannedToolCall[];
  sheets: PlannedSheet[];
  charts: string[];
  remarks: string[];
  /** Sheets no chart is made for unless one is asked (an invoice's lines). */
  unchartable?: string[];
}

/** Rows of a budget that bring money in ("income 6500", "salary", "freelance income"). */
const INCOME = /^(?:(?:net\s+|monthly\s+|side\s+|freelance\s+|take[- ]home\s+)?(?:income|salary|salaries|wages?|pay|paycheck|earnings)|revenue|allowance|pension|child benefit|benefits)$/i;

const chartKind = (u: Understanding): 'column' | 'bar' | 'line' | 'pie' | undefined => {
  const t = u.intents.chart?.type;
  if (t === 'bar') return /\bhorizontal\b/i.test(JSON.stringify(u.intents)) ? 'bar' : 'column';
  return t ?? undefined;
};

/** Columns of a tracker whose sum means something: costs, amounts, hours, quantities. */
const SUMMABLE = /\b(?:amount|cost|costs|spent|spend|spending|price|hours|budget|expenses?|paid|payment|quantity|qty|total|value|fee|fees|miles|km|distance|calories|units|sales|revenue)\b/i;

/** Sheets for the tables typed into the request, with the formulas and chart it asks for. */
export function inlineTableSheets(u: Understanding, tables: InlineTable[], namer: SheetNamer, fallbackName: string): UnderstoodSheets {
  const out: UnderstoodSheets = { calls: [], sheets: [], charts: [], remarks: [] };
  tables.forEach((t, i) => {
    // A sheet is named as the request names it, else by what the figures are ("Revenue"), else by the workbook.
    const valueName = t.inferredHeader && t.header[1] && !/^value$/i.test(t.header[1]) ? t.header[1] : null;
    const lines = t.name === 'Line items';
    const wanted = u.sheetNames[i] ?? (lines ? (fallbackName === 'Data' ? 'Invoice' : fallbackName) : t.name) ?? (i === 0 ? (fallbackName === 'Data' && valueName ? valueName : fallbackName) : `Table ${i + 1}`);
    // Amounts show as the request wrote them ("1.200,00 €"), else as its language writes money.
    const formats = t.formats.map((f, c) => ({
      type: (f === 'date' ? 'date' : f) as ColumnType, currency: t.currencies[c],
      numberFormat: t.numFmts?.[c] ?? (f === 'currency' && u.language !== 'en' ? moneyFormat(t.currencies[c], u.language) : null),
    }));
    // Headers typed all in lower case ("region,revenue") read as the labels they are ("Region").
    let header = t.header.every((h) => h === h.toLowerCase()) ? t.header.map((h) => (h ? h[0].toUpperCase() + h.slice(1) : h)) : t.header;
    let rows = t.rows as (string | number | null)[][];
    let totalColumns: number[] | undefined;
    if (lines) {
      // Invoice lines: each line's amount is quantity x unit price, live; the totals row is the grand total.
      header = [...header, 'Amount'];
      rows = rows.map((r, i) => [...r, `=B${i + 2}*C${i + 2}`]);
      formats.push({ type: 'currency', currency: t.currencies[2], numberFormat: formats[2]?.numberFormat ?? null });
      totalColumns = [3];
    }
    // A budget's income is not one of its costs: the table sums what goes out, and what is left is income less that.
    const income = u.kind === 'budget' && t.inferredHeader && header.length === 2 ? rows.filter((r) => typeof r[0] === 'string' && INCOME.test(r[0].trim())) : [];
    if (income.length && income.length < rows.length) rows = rows.filter((r) => !income.includes(r));
    // "..., add tax of 8%": the table's sum is a subtotal; each rate is a cell of its own under it, its amount a formula on the subtotal.
    const adjusted = t.adjustments?.length && !income.length && header.length === 2 && t.totals !== false && rows.length > 1 ? t.adjustments : null;
    const totalsLabel = adjusted ? { en: 'Subtotal', de: 'Zwischensumme', es: 'Subtotal', fr: 'Sous-total' }[u.language] : WORDS[u.language].total;
    const p = planTableSheet(namer.name(wanted), header, rows, 'the request', { formats, growth: u.intents.growth, totalColumns, totalsLabel, ...(t.totals === false ? { totals: false } : {}) });
    out.calls.push(p.call);
    if (adjusted) adjustmentRows(u, p.sheet, adjusted, formats[1]?.numberFormat ?? numberFormatFor(p.sheet.types[1], t.currencies[1]) ?? null, out);
    if (income.length && rows.length) {
      // (A blank row after the totals row, and after the averages row when there is one.)
      const first = p.sheet.rows + 4 + (u.intents.average ? 1 : 0);
      const format = (p.sheet.types[1] === formats[1]?.type ? formats[1].numberFormat : null) ?? numberFormatFor(p.sheet.types[1], t.currencies[1]) ?? p.sheet.types[1];
      const incomeRows = income.map((r) => [r[0], r[1]]);
      const last = first + incomeRows.length - 1;
      const left: (string | number | null)[] = [{ en: 'Left over', de: 'Verbleibend', es: 'Restante', fr: 'Reste' }[u.language], `=SUM(B${first}:B${last})-B${p.sheet.rows + 2}`];
      out.calls.push({ tool: 'set_cells', args: { sheet: p.sheet.name, start: `B${first}`, rows: incomeRows.map((r) => [r[1]]), number_format: format } });
      out.calls.push({ tool: 'set_cells', args: { sheet: p.sheet.name, start: `A${first}`, rows: incomeRows.map((r) => [r[0]]) } });
      out.calls.push({ tool: 'set_cells', args: { sheet: p.sheet.name, start: `A${last + 1}`, rows: [[left[0]]], style: 'total' } });
      out.calls.push({ tool: 'set_cells', args: { sheet: p.sheet.name, start: `B${last + 1}`, rows: [[left[1]]], style: 'total', number_format: format } });
      out.remarks.push(`${income.map((r) => r[0]).join(', ')} ${income.length === 1 ? 'is' : 'are'} shown below the costs, not summed with them; "${left[0]}" is ${income.length === 1 ? 'it' : 'their sum'} less the total, as a live formula.`);
    }
    out.sheets.push(p.sheet);
    // (Nor quantities in different units, "flour 20 kg, eggs 120": one bar per item would compare kilograms with eggs.)
    if (lines || (t.totals === false && header.includes('Unit'))) (out.unchartable ??= []).push(p.sheet.name);
    const values = valueColumns(p.sheet);
    if (u.intents.average && values.length && p.sheet.rows > 1) {
      // The totals row sits right under the data; the averages go on the row after it, as live formulas.
      const row = p.sheet.rows + 3;
      const cells: (string | null)[] = p.sheet.headers.map((_, c) => (c === 0 ? 'Average' : values.includes(c) ? `=AVERAGE(${columnLetters(c)}2:${columnLetters(c)}${p.sheet.rows + 1})` : null));
      out.calls.push({ tool: 'set_cells', args: { sheet: p.sheet.name, start: `A${row}`, rows: [cells], style: 'total' } });
    }
  });
  return out;
}

/**
 * Under a table's subtotal (its totals row), a blank row, then per adjustment its rate (an input) and its
 * amount (a formula on the subtotal), and the total after them: "Tax rate 8%", "Tax =B5*B7", "Total =B5+B8".
 */
function adjustmentRows(u: Understanding, sheet: PlannedSheet, adjustments: Adjustment[], amountFormat: string | null, out: UnderstoodSheets): void {
  const subtotal = sheet.rows + 2;
  let row = subtotal + 2;
  const amounts: string[] = [];
  for (const a of adjustments) {
    out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `A${row}`, rows: [[`${a.label} rate`]] } });
    out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `B${row}`, rows: [[a.rate]], number_format: Number.isInteger(Math.round(a.rate * 1e6) / 1e4) ? '0%' : '0.0#%' } });
    out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `A${row + 1}`, rows: [[a.label]] } });
    out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `B${row + 1}`, rows: [[`=${a.sign < 0 ? '-' : ''}B${subtotal}*B${row}`]], ...(amountFormat ? { number_format: amountFormat } : {}) } });
    amounts.push(`B${row + 1}`);
    row += 2;
  }
  out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `A${row}`, rows: [[WORDS[u.language].total]], style: 'total' } });
  out.calls.push({ tool: 'set_cells', args: { sheet: sheet.name, start: `B${row}`, rows: [[`=B${subtotal}+${amounts.join('+')}`]], style: 'total', ...(amountFormat ? { number_format: amountFormat } : {}) } });
  const named = adjustments.map((a) => `${a.label} (B${subtotal + 2 + 2 * adjustments.indexOf(a)})`).join(', ');
  out.remarks.push(`${named} ${adjustments.length === 1 ? 'is a rate' : 'are rates'} of the subtotal, not ${adjustments.length === 1 ? 'an item' : 'items'}: ${adjustments.length === 1 ? 'its amount is a live formula' : 'their amounts are live formulas'}, and the total under ${adjustments.length === 1 ? 'it' : 'them'} includes ${adjustments.length === 1 ? 'it' : 'them'}.`);
}

/** The chart the request names ("a bar chart of revenue by region"), beside its data. */
export function requestedChart(u: Understanding, sheets: PlannedSheet[]): PlannedToolCall | null {
  if (!u.intents.chart) return null;
  const y = u.intents.chart.y?.toLowerCase();
  const target = sheets.find((s) => y && s.headers.some((h) => h.toLowerCase() === y)) ?? sheets[0];
  return target ? planChart(target, { sheet: target.name, kind: chartKind(u), value: u.intents.chart.y, language: u.language }) : null;
}

const TYPE_BY_NAME: [RegExp, ColumnType][] = [
  // Identifiers are text, whatever their digits ("Serial number", "SKU", "Phone").
  [/\b(serial|sku|id|ids|phone|zip|postcode|postal|email|invoice|iban|account number)\b/i, 'text'],
  [/\b(date|due|deadline|start|end|when|datum|fecha|échéance)\b/i, 'date'],
  [/\b(rate|percent|share|margin|%|quote|tasa|taux)\b/i, 'percent'],
  [/\b(amount|cost|costs|price|budget|revenue|sales|total|salary|rent|fee|spend|income|expense|expenses|betrag|kosten|preis|importe|coste|precio|montant|prix|coût)\b/i, 'currency'],
  [/\b(qty|quantity|count|units|hours|minutes|mins|sets|reps|number|headcount|miles|mileage|km|kilomet(?:er|re)s|distance|calories|steps|kg|lbs|menge|anzahl|cantidad|quantité|q[1-4]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b/i, 'number'],
];

const KIND_COLUMNS: Partial<Record<Understanding['kind'], string[]>> = {
  budget: ['Item', 'Amount', 'Notes'],
  tracker: ['Task', 'Owner', 'Status', 'Due date'],
  invoice: ['Description', 'Quantity', 'Unit price', 'Amount'],
  plan: ['Milestone', 'Start date', 'End date', 'Owner', 'Status'],
};

const typeOf = (name: string): ColumnType => TYPE_BY_NAME.find(([re]) => re.test(name))?.[1] ?? 'text';

/** A request without data: the sheets, columns and rows it describes, empty where the request gives nothing. */
export function skeletonSheets(u: Understanding, namer: SheetNamer, fallbackName: string, listItems: string[] = []): UnderstoodSheets {
  const w = WORDS[u.language];
  const out: UnderstoodSheets = { calls: [], sheets: [], charts: [], remarks: [] };
  const count = countFor(u, 'sheet');
  const sheetWord = { en: 'Sheet', de: 'Blatt', es: 'Hoja', fr: 'Feuille' }[u.language];
  // Several sheets the request only counts are numbered in its language.
  let names = u.sheetNames.length ? [...u.sheetNames] : u.items.length ? [...u.items] : count && count > 1 && fallbackName === 'Data' ? [`${sheetWord} 1`] : [fallbackName];
  while (count && names.length < count) names.push(`${sheetWord} ${names.length + 1}`);
  names = names.slice(0, 30);
  // Only cells to write ("a sheet named Notes with Reviewed in A1"): plain sheets, no table.
  const plain = u.cells.length > 0 && !u.columns.length && !u.rowsPer && !u.items.length;
  const label = u.rowsPer?.per ?? null;
  const given = u.columns.filter((c) => c.toLowerCase() !== label?.toLowerCase());
  const kindColumns = u.kind === 'tracker' && u.language === 'en' ? trackerColumns(u) : KIND_COLUMNS[u.kind];
  // "comparing iPhone 16, Pixel 9 and Galaxy S25 on price, battery and camera": a column per thing compared, a row per criterion.
  const comparison = u.compared.length >= 2 && !given.length && !label;
  const criterion = { en: 'Criterion', de: 'Kriterium', es: 'Criterio', fr: 'Critère' }[u.language];
  const columns = comparison ? [criterion, ...u.compared] : given.length ? (label ? [label, ...given] : given) : label ? [label, ...(kindColumns ?? ['Item', 'Amount', 'Notes']).slice(1)] : kindColumns ?? [w.items, w.amount, w.notes];
  // Rows: the ones the request names ("a row per region: North, South", or a list of items), else placeholders.
  const named = comparison && u.criteria.length ? u.criteria : u.rowsPer?.items.length ? u.rowsPer.items : listItems.length ? listItems.slice(0, 200) : null;
  // "expense log with date, description, ...": a first column of dates stays empty (a date cell holds a
  // date, not a placeholder), and the placeholders go in the first text column after it.
  const dated = !named && !comparison && typeOf(columns[0]) === 'date';
  const labelled = dated ? columns.findIndex((c, i) => i > 0 && typeOf(c) === 'text') : 0;
  const rowLabels = named ?? [1, 2, 3].map((i) => w.add(`${columns[Math.max(labelled, 0)].toLowerCase()} ${i}`));
  for (const name of names) {
    const sheet = namer.name(name);
    if (plain) {
      out.calls.push({ tool: 'add_sheet', args: { name: sheet } });
      out.sheets.push({ name: sheet, headers: [], types: [], rows: 0, periods: false, source: 'the request' });
      continue;
    }
    // Money in a request in another language than English has no currency Folio may assume: plain amounts.
    // (What is compared is named, not typed: "Galaxy S25" holds whatever each criterion needs.)
    const types = columns.map((c, i) => ((i === 0 && !dated) || comparison ? 'text' : typeOf(c) === 'currency' && u.language !== 'en' ? 'number' : typeOf(c)));
    // A tracker's records are summed only where a sum means something (costs, hours), not a salary or a score.
    // (Nor where things are compared side by side: "comparing 3 apartments: rent, size" has no total rent.)
    const summed = types.map((t, i) => (t === 'currency' || t === 'number') && !u.intents.compare && (u.kind !== 'tracker' || SUMMABLE.test(columns[i])));
    const spec = columns.map((header, i) => ({ header, type: types[i], ...(summed[i] ? { total: 'sum' } : types[i] === 'currency' || types[i] === 'number' ? { total: 'none' } : {}) }));
    const rows = rowLabels.map((l) => columns.map((_, i) => (i === labelled ? l : null)));
    out.calls.push({ tool: 'add_sheet', args: { name: sheet, columns: spec, rows, totals: summed.some(Boolean), ...(summed.some(Boolean) && u.language !== 'en' ? { totals_label: WORDS[u.language].total } : {}), as_table: true } });
    out.sheets.push({ name: sheet, headers: columns, types, rows: rows.length, periods: false, source: 'the request' });
    out.calls.push({ tool: 'set_layout', args: { sheet, column_widths: Object.fromEntries(columns.map((c, i) => [columnLetters(i), i === 0 ? 30 : Math.max(14, c.length + 4)])) } });
  }
  const totalled = columns.some((c, i) => i > 0 && ['currency', 'number'].includes(typeOf(c)) && (u.kind !== 'tracker' || SUMMABLE.test(c)));
  if (!plain) out.remarks.push(`No figures were invented: the ${columns.filter((_, i) => i !== labelled).join(', ')} cells are left empty to fill in${labelled >= 0 && rowLabels[0].startsWith('[') ? ' and the rows are labelled placeholders' : ''}${totalled ? '; the totals update themselves' : ''}.`);
  return out;
}

/** set_cells for "put X in B2" / "Reviewed in cell A1", on the sheet named with the cell or the first one. */
export function cellCalls(u: Understanding, sheets: PlannedSheet[]): PlannedToolCall[] {
  return u.cells.map((c) => ({ tool: 'set_cells', args: { sheet: (c.sheet && sheets.find((s) => s.name.toLowerCase() === c.sheet!.toLowerCase())?.name) ?? sheets[0]?.name, start: c.cell, rows: [[c.text]] } }))
    .filter((c) => c.args.sheet);
}

