// The ask engine's answer without a model: the question is read with fixed rules, in this order:
// a numbered part ("slide 3", "section 2"), the document's structure (counts, which parts have charts
// or tables, its title), a summary, figures from its tables (growth, top N, a row's value, totals,
// averages, minimum and maximum with the row, counts), a part named by its name, and the lines that
// best match the question's words. Nothing found: it says so, what the document holds and what it can
// answer, and the answer counts as none (not charged).
import { PART_NOUN, type AskView } from '../ask-view.ts';
import { readable } from '../ask-tools.ts';
import type { Answer } from './answer.ts';
import { answerNamedPart, answerStructure } from './structure-answers.ts';
import { AnalysisError, answerFromTables } from './table-answers.ts';
import { answerFromText, summarise, wantsSummary } from './text-answers.ts';
import { tableLabel } from '../tables/workbook.view.ts';

export function builtinAnswer(view: AskView, question: string): Answer {
  const structure = answerStructure(view, question);
  if (structure) return structure;
  if (wantsSummary(question)) return summarise(view);
  try {
    const figure = answerFromTables(question, view.tables);
    if (figure) {
      const { table, computed } = figure;
      return { text: readable(view, table.t, computed.text), answered: true, citations: dedupe(computed.citations.map((c) => table.cite(c.range))), data: computed.data };
    }
  } catch (err) {
    if (!(err instanceof AnalysisError)) throw err;
    return cannotAnswer(view, err.message);
  }
  return answerNamedPart(view, question) ?? answerFromText(view, question) ?? cannotAnswer(view, null);
}

const dedupe = <T extends { label: string }>(list: T[]) => list.filter((c, i) => list.findIndex((x) => x.label === c.label) === i);

/** What the document holds, sheet by sheet or part by part. */
export function describeHoldings(view: AskView): string {
  if (view.format === 'excel') {
    const sheets = view.tables.map(({ t }) => `"${tableLabel(t)}"${t.name ? ` (on "${t.sheet.name}")` : ''} (${t.lastRow - t.firstRow + 1 - t.totalsRows.length} data rows; columns ${t.columns.map((c) => c.header).join(', ')})`);
    const empty = view.parts.length - view.tables.length;
    return `It holds ${view.tables.length} sheet${view.tables.length === 1 ? '' : 's'} with data: ${sheets.join('; ') || 'none'}${empty ? ` (and ${empty} empty)` : ''}.`;
  }
  const parts = view.parts.filter((p) => p.number > 0);
  const noun = PART_NOUN[view.format];
  const names = parts.slice(0, 15).map((p) => `${p.number}. ${p.name || '(untitled)'}`).join('; ');
  const tables = view.tables.length ? ` and figures in ${view.tables.length} table${view.tables.length === 1 ? '' : 's'} or chart${view.tables.length === 1 ? '' : 's'} (${view.tables.slice(0, 6).map((x) => tableLabel(x.t)).join('; ')})` : '';
  return `It has ${parts.length} ${noun}${parts.length === 1 ? '' : 's'}${names ? ` (${names}${parts.length > 15 ? '; ...' : ''})` : ''}${tables}.`;
}

function cannotAnswer(view: AskView, reason: string | null): Answer {
  const noun = PART_NOUN[view.format];
  const column = view.tables[0]?.t.columns.find((c) => c.kind === 'number');
  const label = view.tables[0] && view.tables[0].t.labelCol !== null ? view.tables[0] : undefined;
  const figures = view.tables.length
    ? ` totals, averages, minimums and maximums (with the row), counts and top N of a named column${column ? ` ("What is the total ${column.header}?", "Top 3 by ${column.header}")` : ''}; lookups${label && column ? ` ("What is the ${column.header} for ${label.t.sheet.rows[label.t.firstRow]?.[label.t.labelCol!]?.value ?? 'a row'}?")` : ''};`
    : '';
  const why = reason ? `${reason} ` : `The ${view.noun} does not answer that in a way these rules can find. `;
  return {
    text: `${why}${describeHoldings(view)} Without a model, Folio answers questions about: how many ${noun}s${view.format === 'excel' ? ', rows' : ''}, tables or charts there are; what ${noun} 2 says; which ${noun}s have charts or tables;${figures} and "summarise this ${view.noun}". A configured model answers any question about it.`,
    answered: false, citations: [], data: null,
  };
}
