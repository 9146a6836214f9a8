// References to sheets by name inside formulas and chart ranges: renaming a sheet rewrites them (as
// Excel does), and deleting one finds the sheets that still point at it.
import { quoteSheetName } from './a1.ts';
import { xmlEscape } from './chart-xml.ts';
import type { WorkbookModel } from './model.ts';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for `Name!` and `'Name'!` that does not match inside a longer sheet name. */
function referencePattern(name: string): RegExp {
  const quoted = `'${escapeRe(name.replace(/'/g, "''"))}'!`;
  const bare = `(?<![A-Za-z0-9_.'])${escapeRe(name)}!`;
  return new RegExp(`${quoted}|${bare}`, 'gi');
}

/** Text outside string literals ("..."), so a label that happens to contain `Sales!` is left alone. */
function replaceOutsideStrings(formula: string, re: RegExp, replacement: string): string {
  return formula.split(/("(?:[^"]|"")*")/).map((part, i) => (i % 2 ? part : part.replace(re, replacement))).join('');
}

export function renameInFormula(formula: string, from: string, to: string): string {
  return replaceOutsideStrings(formula, referencePattern(from), `${quoteSheetName(to)}!`);
}

export function renameSheetReferences(wb: WorkbookModel, from: string, to: string): void {
  const re = referencePattern(from);
  for (const sheet of wb.sheets) {
    for (const row of sheet.rows) row?.forEach((cell) => {
      if (cell?.formula !== undefined) cell.formula = replaceOutsideStrings(cell.formula, re, `${quoteSheetName(to)}!`);
    });
    for (const chart of sheet.charts) {
      const fix = (ref: string) => ref.replace(re, `${quoteSheetName(to)}!`);
      chart.categories = fix(chart.categories);
      chart.series = chart.series.map((s) => ({ ...s, values: fix(s.values), ...(s.nameRef ? { nameRef: fix(s.nameRef) } : {}) }));
      // A chart read from a file names its ranges in its own XML too: rename them there, keep the rest as read.
      if (chart.verbatim?.chartXml) {
        chart.verbatim.chartXml = chart.verbatim.chartXml.replace(/<c:f>([^<]*)<\/c:f>/g, (_, f: string) => `<c:f>${xmlEscape(fix(f.replace(/&apos;/g, "'").replace(/&amp;/g, '&')))}</c:f>`);
      }
    }
  }
}

/** Names of the sheets whose formulas or charts refer to the sheet `name`. */
export function sheetsReferring(wb: WorkbookModel, name: string): string[] {
  const re = referencePattern(name);
  const found = new Set<string>();
  for (const sheet of wb.sheets) {
    const test = (t: string) => { re.lastIndex = 0; return re.test(t); };
    if (sheet.charts.some((c) => test(c.categories) || c.series.some((s) => test(s.values)))) found.add(sheet.name);
    for (const row of sheet.rows) row?.forEach((cell) => { if (cell?.formula !== undefined && test(cell.formula)) found.add(sheet.name); });
  }
  return [...found];
}
