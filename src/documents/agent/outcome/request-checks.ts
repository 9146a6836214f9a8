// The structural checks a request spells out, for the outcome check of every run (a model's or the
// builtin engine's): the slides or sheets it counts, the sheets it names, the chart and the totals it
// asks for over the data it gives, the cell text it dictates, and the follow-up edits it names (a title
// renamed or added must be there, a deleted one gone). Only what the request says outright becomes a
// check, read by the same understanding the builtin planners use and run by the same checks
// (checks.ts) as the evaluation set.
import type { Format } from '../format-adapter.ts';
import { editCommands, type Part } from '../understanding/edits.ts';
import { countFor, understand } from '../understanding/understand.ts';
import { runChecks, type Check } from './checks.ts';
import type { DocumentSnapshot } from './snapshot.ts';

/** A check and what the request asks, in words for the model (and for the caller when no model gets it right). */
export interface RequestCheck { check: Check; asks: string }

const PART: Record<Format, Part> = { slides: 'slide', word: 'section', excel: 'sheet' };
const NOUN: Record<Format, string> = { slides: 'deck', word: 'document', excel: 'workbook' };
/** Counts beyond this are not held to the letter (the builtin engine caps a deck or workbook). */
const MAX_COUNTED = 30;

export function requestChecks(format: Format, prompt: string, editing: boolean): RequestCheck[] {
  const out: RequestCheck[] = [];
  const part = PART[format];
  if (editing) {
    for (const c of editCommands(prompt)) {
      if (c.part !== part) continue;
      if (c.op === 'rename' && c.to) out.push({ check: { check: 'titles', include: [c.to] }, asks: `the request renames a ${part} to "${c.to}"` });
      if (c.op === 'add' && c.title) out.push({ check: { check: 'titles', include: [c.title] }, asks: `the request adds a ${part} titled "${c.title}"` });
      if (c.op === 'delete' && c.target.phrase) out.push({ check: { check: 'no_titles', exclude: [c.target.phrase] }, asks: `the request deletes the ${part} "${c.target.phrase}"` });
    }
  }
  const u = understand(prompt);
  if (!editing) {
    const count = countFor(u, format === 'slides' ? 'slide' : 'sheet');
    // A deck "of 6 slides" may or may not count its title slide: one less is still what was asked.
    if (format !== 'word' && count && count <= MAX_COUNTED) {
      out.push({ check: { check: 'parts', min: format === 'slides' ? Math.max(1, count - 1) : count }, asks: `the request asks for ${count} ${part}s` });
    }
    if (format === 'excel') {
      for (const name of u.sheetNames) out.push({ check: { check: 'titles', include: [name] }, asks: `the request names a sheet "${name}"` });
    }
    if (format !== 'word' && u.intents.chart && u.tables.length) out.push({ check: { check: 'charts', min: 1 }, asks: 'the request asks for a chart of the data it gives' });
    if (format === 'excel' && u.intents.total && u.tables.length) out.push({ check: { check: 'formulas', min: 1 }, asks: 'the request asks for a total of the data it gives, as a formula' });
  }
  if (format === 'excel') {
    // "a sheet named Notes with the text Reviewed in cell A1": the sheet is the one named, the only one named, or given with the cell.
    const added = editing ? editCommands(prompt).filter((c) => c.op === 'add' && c.part === 'sheet' && c.title).map((c) => (c.op === 'add' ? c.title! : '')) : u.sheetNames;
    for (const cell of u.cells) {
      const sheet = cell.sheet ?? (added.length === 1 ? added[0] : null);
      if (sheet) out.push({ check: { check: 'cell', sheet, cell: cell.cell, equals: cell.text }, asks: `the request puts "${cell.text}" in ${sheet}!${cell.cell}` });
    }
  }
  return out;
}

/** What the document does not yet hold of what the request spells out: one sentence per unmet check. */
export function unmetRequestChecks(format: Format, snapshot: DocumentSnapshot, checks: RequestCheck[], prompt: string): string[] {
  if (!checks.length) return [];
  const results = runChecks(snapshot, checks.map((c) => c.check), prompt);
  return checks.flatMap((c, i) => (results[i].pass ? [] : [`${c.asks}, which the ${NOUN[format]} does not have yet (${results[i].detail})`]));
}
