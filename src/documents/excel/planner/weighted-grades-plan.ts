// A weighted grade calculator: one row per part of the grade with its weight (as the request gives it),
// the score to enter, and its weighted points; the weights' total (which should be 100%), and the grade
// so far over the parts with a score, all live formulas. No score is invented: the Score column is empty.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { WeightedGrades } from '../../agent/understanding/weighted-grades.ts';
import type { CalculatorPlan } from './calculators.ts';
import type { SheetNamer } from './data-plans.ts';

export function weightedGradesPlan(g: WeightedGrades, namer: SheetNamer): CalculatorPlan {
  const title = 'Grade calculator';
  const sheet = namer.name(title);
  const first = 2;
  const last = first + g.parts.length - 1;
  const weights = `$B$${first}:$B$${last}`;
  const scores = `$C$${first}:$C$${last}`;
  const grade = last + 3;
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title } },
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Part', 'Weight', 'Score (out of 100)', 'Weighted points']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: `A${first}`, rows: g.parts.map((p) => [p.label]) } },
    { tool: 'set_cells', args: { sheet, start: `B${first}`, rows: g.parts.map((p) => [p.weight]), number_format: '0%' } },
    { tool: 'set_cells', args: { sheet, start: `C${first}`, rows: g.parts.map(() => [null]), number_format: '0.0' } },
    // (A part without a score yet counts for nothing, not for zero points: its cell stays empty.)
    { tool: 'set_cells', args: { sheet, start: `D${first}`, rows: g.parts.map((_, i) => [`=IF(C${first + i}="","",B${first + i}*C${first + i})`]), number_format: '0.0' } },
    { tool: 'add_table', args: { sheet, range: `A1:D${last}`, name: 'GradeParts', totals: { Weight: 'sum', 'Weighted points': 'sum' } } },
    { tool: 'set_cells', args: { sheet, start: `A${grade}`, rows: [['Grade so far (parts with a score)', `=IF(SUMIF(${scores},"<>",${weights})=0,"",SUMPRODUCT(${weights},${scores})/SUMIF(${scores},"<>",${weights}))`]], number_format: '0.0' } },
    { tool: 'format_range', args: { sheet, range: `A${grade}`, style: 'label' } },
    { tool: 'set_layout', args: { sheet, column_widths: { A: 34, B: 10, C: 20, D: 18 } } },
  ];
  const sum = g.parts.reduce((s, p) => s + p.weight, 0);
  const weightsText = g.parts.map((p) => `${p.label} ${Number((p.weight * 100).toPrecision(10))}%`).join(', ');
  return {
    calls,
    summary: `Built a grade calculator on "${sheet}" with the parts and weights given (${weightsText}): enter each score out of 100 in column C; each part's weighted points and the grade so far (over the parts with a score) are live formulas, and the totals row adds the weights${Math.abs(sum - 1) < 1e-9 ? ' (100%)' : ` (${Number((sum * 100).toPrecision(10))}%: they do not add up to 100%, so the grade so far is weighted over what they do add up to)`}. No score was invented: the Score column is empty.`,
  };
}
