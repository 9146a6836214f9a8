// References to sheets by name inside formulas (cells, defined names, charts, validations, conditional
// formats, hyperlinks, pivot sources): renaming a sheet rewrites them as Excel does; deleting one turns
// references to it into #REF!, and finds the sheets that still pointed at it.
import { quoteSheetName } from '../a1.ts';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for `Name!` and `'Name'!` that does not match inside a longer sheet name. */
export function referencePattern(name: string): RegExp {
  const quoted = `'${escapeRe(name.replace(/'/g, "''"))}'!`;
  const bare = `(?<![A-Za-z0-9_.'])${escapeRe(name)}!`;
  return new RegExp(`${quoted}|${bare}`, 'gi');
}

/** Text outside string literals ("..."), so a label that happens to contain `Sales!` is left alone. */
function replaceOutsideStrings(formula: string, re: RegExp, replace: (m: string) => string): string {
  return formula.split(/("(?:[^"]|"")*")/).map((part, i) => (i % 2 ? part : part.replace(re, replace))).join('');
}

export function renameInFormula(formula: string, from: string, to: string): string {
  return replaceOutsideStrings(formula, referencePattern(from), () => `${quoteSheetName(to)}!`);
}

/** References to a deleted sheet become #REF! (the whole `Sheet!A1:B2` reference, as Excel writes it). */
export function deleteInFormula(formula: string, name: string): string {
  const sheet = referencePattern(name).source;
  const ref = new RegExp(`(?:${sheet})(?:\\$?[A-Za-z]{1,3}\\$?\\d+(?::\\$?[A-Za-z]{1,3}\\$?\\d+)?|\\$?[A-Za-z]{1,3}:\\$?[A-Za-z]{1,3}|\\$?\\d+:\\$?\\d+|[A-Za-z_][\\w.]*)`, 'gi');
  return replaceOutsideStrings(formula, ref, () => '#REF!');
}

export function refersTo(formula: string, name: string): boolean {
  return referencePattern(name).test(formula.replace(/"(?:[^"]|"")*"/g, ''));
}
