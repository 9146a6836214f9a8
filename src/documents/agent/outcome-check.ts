// Whether a task's document holds what was asked, checked before a run may complete: a model (or the
// builtin planner) that ends without building anything must not produce a hollow success. The checks
// read what the tools recorded and the document itself, never what the model claims.
//
// Extending: push a check onto OUTCOME_CHECKS (structural checks of the request: counts, titles, sheet
// names...), or give an adapter `outcomeProblems` for checks of its own format. Each returns problems
// written for the model (they are sent back to it as the reason its work is not done) and for the API
// caller (the task's error message when no model gets it right).
import type { AnyFormatAdapter, PlanRequest } from './format-adapter.ts';
import { requestChecks, unmetRequestChecks } from './outcome/request-checks.ts';

export interface OutcomeInput {
  adapter: AnyFormatAdapter;
  doc: unknown;
  /** The request as the planner sees it (prompt, mode, editing). */
  request: PlanRequest;
  origin: 'new' | 'run' | 'init_file';
  /** What the tools recorded as changed, in words, in order. */
  changes: readonly string[];
  /** The starting document is already a result the request asked for (a template whose content it keeps). */
  startsComplete?: boolean;
}

export interface OutcomeCheck {
  name: string;
  /** Problems of the outcome (empty: fine). */
  check(input: OutcomeInput): string[];
}

/** The adapters' own checks (a new deck with no slide, a workbook with no data...). */
const formatCheck: OutcomeCheck = {
  name: 'format',
  check: (o) => o.adapter.outcomeProblems?.(o.doc, o.changes, o.origin) ?? [],
};

/** Something must have changed: an action that changes nothing did not do what was asked. */
const changedCheck: OutcomeCheck = {
  name: 'changed',
  check: (o) => (o.changes.length || o.startsComplete ? [] : [o.origin === 'new'
    ? 'nothing has been built: the document is still the empty starting document'
    : 'nothing in the document has been changed yet']),
};

/**
 * What the request spells out (counts, named sheets, the chart and totals over its data, dictated
 * cells, titles renamed, added or deleted) is in the document: the structural checks of the
 * evaluation set, derived from the request (outcome/request-checks.ts).
 */
const requestCheck: OutcomeCheck = {
  name: 'request',
  check: (o) => {
    const checks = requestChecks(o.adapter.format, o.request.prompt, o.request.editing);
    return checks.length ? unmetRequestChecks(o.adapter.format, o.adapter.snapshot(o.doc), checks, o.request.prompt) : [];
  },
};

export const OUTCOME_CHECKS: OutcomeCheck[] = [changedCheck, formatCheck, requestCheck];

/** The problems of a task's outcome; none in ask mode, which writes no document. */
export function outcomeProblems(input: OutcomeInput): string[] {
  if (input.request.mode === 'ask') return [];
  const problems: string[] = [];
  for (const c of OUTCOME_CHECKS) {
    problems.push(...c.check(input));
    if (problems.length) break; // the first failing check says enough; later ones assume it passed
  }
  return problems;
}
