// The builtin engine's grade book: a row per student (names to fill in), a column per assessment
// (scores to enter), each student's average as a live formula, and the class average of every column in
// the totals row. Scores are left empty: no figure is invented.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { Gradebook } from '../../agent/understanding/gradebook.ts';
import { columnLetters } from '../a1.ts';
import type { SheetNamer } from './data-plans.ts';

export function gradebookPlan(g: Gradebook, namer: SheetNamer): { calls: PlannedToolCall[]; summary: string } {
  const sheet = namer.name('Grade book');
  const last = g.students + 1;
  const firstScore = 'B';
  const lastScore = columnLetters(g.assessments.length);
  const average = columnLetters(g.assessments.length + 1);
  const rows = Array.from({ length: g.students }, (_, i) => [
    `Student ${i + 1}`, ...g.assessments.map(() => null),
    `=IFERROR(AVERAGE(${firstScore}${i + 2}:${lastScore}${i + 2}),"")`,
  ]);
  const columns = [{ header: 'Student' }, ...g.assessments.map((header) => ({ header, type: 'number' })), { header: 'Average', type: 'number' }];
  // The class average under the table (not a totals row: its AVERAGE shows #DIV/0! until scores are in).
  const classRow = last + 1;
  const classAverage = ['Class average', ...[...g.assessments, 'Average'].map((_, i) => `=IFERROR(AVERAGE(${columnLetters(i + 1)}2:${columnLetters(i + 1)}${last}),"")`)];
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title: 'Grade book' } },
    { tool: 'add_sheet', args: { name: sheet, columns, rows, totals: false, as_table: true } },
    { tool: 'set_cells', args: { sheet, start: `A${classRow}`, rows: [classAverage], style: 'total', number_format: '0.0' } },
    { tool: 'set_layout', args: { sheet, freeze_rows: 1, freeze_columns: 1 } },
  ];
  const given = [g.studentsGiven ? null : `${g.students} students (the request gave no number)`, g.assessmentsGiven ? null : '3 assignments (the request named none)'].filter(Boolean);
  return {
    calls,
    summary: `Built a grade book on "${sheet}": ${g.students} students by ${g.assessments.length} assessments (${g.assessments.join(', ')}), each student's average in column ${average} and the class average of every column on row ${classRow}, all live formulas. `
      + `The scores are left empty to enter (rows 2-${last}) and the student names are placeholders; averages skip empty cells.${given.length ? ` Defaults used: ${given.join(' and ')}.` : ''}`,
  };
}
