// A weekly timesheet (understanding/timesheet.ts). For people: a row each ("[Add employee 1]" where the
// request gives no names), a column of hours per day and each row's total, in an Excel table whose
// totals row adds every day and the week. For one person: a row per day with its date, start, end and
// break to enter, and the hours worked as a live formula; the totals row adds the week's hours.
// No hours are invented: every cell to fill in is empty.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { Timesheet } from '../../agent/understanding/timesheet.ts';
import { columnLetters } from '../a1.ts';
import type { CalculatorPlan } from './calculators.ts';
import type { SheetNamer } from './data-plans.ts';

const DAY_NAMES: Record<string, string> = { Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday', Sun: 'Sunday' };

export function timesheetPlan(t: Timesheet, namer: SheetNamer): CalculatorPlan {
  const title = 'Timesheet';
  const sheet = namer.name(title);
  return t.people === null ? personalWeek(t, sheet, title) : teamWeek(t, sheet, title);
}

function teamWeek(t: Timesheet, sheet: string, title: string): CalculatorPlan {
  const names = Array.isArray(t.people) ? t.people : Array.from({ length: t.people as number }, (_, i) => `[Add employee ${i + 1}]`);
  const last = names.length + 1;
  const firstDay = 'B';
  const lastDay = columnLetters(t.days.length);
  const total = columnLetters(t.days.length + 1);
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title } },
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Employee', ...t.days, 'Total hours']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'A2', rows: names.map((n) => [n]) } },
    { tool: 'set_cells', args: { sheet, start: `${firstDay}2`, rows: names.map(() => t.days.map(() => null)), number_format: '0.0' } },
    { tool: 'set_cells', args: { sheet, start: `${total}2`, rows: names.map((_, i) => [`=SUM(${firstDay}${i + 2}:${lastDay}${i + 2})`]), number_format: '0.0' } },
    { tool: 'add_table', args: { sheet, range: `A1:${total}${last}`, name: 'Timesheet', totals: Object.fromEntries([...t.days, 'Total hours'].map((d) => [d, 'sum'])) } },
    { tool: 'set_layout', args: { sheet, column_widths: { A: 24, [total]: 13 }, freeze_rows: 1, freeze_columns: 1 } },
  ];
  const who = Array.isArray(t.people) ? `${names.join(', ')}` : `${names.length} employees (their names are placeholders to replace)`;
  return {
    calls,
    summary: `Built a weekly timesheet on "${sheet}": a row for ${who}, a column of hours for each day (${t.days.join(' to ')}), each row's total hours and the totals row (each day and the week) as live formulas. No hours were invented: enter them in columns ${firstDay} to ${lastDay}.`,
  };
}

function personalWeek(t: Timesheet, sheet: string, title: string): CalculatorPlan {
  const last = t.days.length + 1;
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title } },
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Day', 'Date', 'Start', 'End', 'Break (min)', 'Hours']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'A2', rows: t.days.map((d) => [DAY_NAMES[d]]) } },
    { tool: 'set_cells', args: { sheet, start: 'B2', rows: t.days.map(() => [null]), number_format: 'yyyy-mm-dd' } },
    { tool: 'set_cells', args: { sheet, start: 'C2', rows: t.days.map(() => [null, null]), number_format: 'h:mm' } },
    { tool: 'set_cells', args: { sheet, start: 'E2', rows: t.days.map(() => [null]), number_format: '0' } },
    // (A day without both times counts nothing: its cell stays empty rather than showing 0 or a negative.)
    { tool: 'set_cells', args: { sheet, start: 'F2', rows: t.days.map((_, i) => [`=IF(OR(C${i + 2}="",D${i + 2}=""),"",(D${i + 2}-C${i + 2})*24-N(E${i + 2})/60)`]), number_format: '0.00' } },
    { tool: 'add_table', args: { sheet, range: `A1:F${last}`, name: 'Timesheet', totals: { Hours: 'sum' } } },
    { tool: 'set_layout', args: { sheet, column_widths: { A: 14, B: 12, C: 9, D: 9, E: 12, F: 9 }, freeze_rows: 1 } },
  ];
  return {
    calls,
    summary: `Built a weekly timesheet on "${sheet}": a row for each day (${DAY_NAMES[t.days[0]]} to ${DAY_NAMES[t.days.at(-1)!]}) with its date, start and end times and break to enter; the hours worked each day (end less start less the break) and the week's total are live formulas. No times were invented.`,
  };
}
