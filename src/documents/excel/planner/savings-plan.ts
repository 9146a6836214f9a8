// The builtin engine's savings plan: the goal, what is already saved, the months and an annual interest
// rate as inputs; the monthly deposit that reaches the goal as a live formula (with interest, Excel's PMT;
// without, what is left divided by the months); and a month-by-month schedule of deposit, interest and
// balance, all formulas over the inputs, so changing one recomputes everything.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { SavingsGoal } from '../../agent/understanding/savings.ts';
import { moneyFormat, moneyText } from '../number-formats.ts';
import type { SheetNamer } from './data-plans.ts';

export function savingsPlan(s: SavingsGoal, namer: SheetNamer): { calls: PlannedToolCall[]; summary: string; title: string } {
  const title = s.purpose ? `Savings plan: ${s.purpose}`.slice(0, 60) : 'Savings plan';
  const inputs = namer.name('Savings plan');
  const schedule = namer.name('Schedule');
  const fmt = moneyFormat(s.currency);
  const I = (cell: string) => `'${inputs.replace(/'/g, "''")}'!$B$${cell}`;
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title } },
    { tool: 'add_sheet', args: { name: inputs } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A1', rows: [['Input', 'Value']], style: 'header' } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A2', rows: [['Goal', s.goal], ['Already saved', s.saved]], number_format: fmt } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A4', rows: [['Annual interest rate', s.rate]], number_format: '0.00%' } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A5', rows: [['Months', s.months]], number_format: '0' } },
    // With interest, the deposit that grows the savings to the goal (PMT); without, what is left over the months.
    { tool: 'set_cells', args: { sheet: inputs, start: 'A6', rows: [['Monthly deposit', '=IF(B4=0,(B2-B3)/B5,-PMT(B4/12,B5,-B3,B2))'], ['Total deposited', '=B6*B5']], number_format: fmt } },
    { tool: 'format_range', args: { sheet: inputs, range: 'A2:A7', style: 'label' } },
    { tool: 'set_layout', args: { sheet: inputs, column_widths: { A: 22, B: 16 } } },
  ];
  const rows = Array.from({ length: s.months }, (_, i) => {
    const r = i + 2;
    const before = i === 0 ? I('3') : `E${r - 1}`;
    return [i + 1, `=${before}`, `=${I('6')}`, `=B${r}*${I('4')}/12`, `=B${r}+C${r}+D${r}`];
  });
  const money = { type: s.currency ? 'currency' : 'number', ...(s.currency ? { currency: s.currency } : {}), number_format: fmt };
  const columns = [
    { header: 'Month', type: 'integer', total: 'none' }, { header: 'Start balance', ...money, total: 'none' },
    { header: 'Deposit', ...money, total: 'sum' }, { header: 'Interest', ...money, total: 'sum' }, { header: 'End balance', ...money, total: 'none' },
  ];
  calls.push({ tool: 'add_sheet', args: { name: schedule, columns, rows, totals: true, as_table: true } });
  calls.push({ tool: 'set_layout', args: { sheet: schedule, freeze_rows: 1 } });
  const left = s.goal - s.saved;
  const monthly = s.rate === 0 ? left / s.months : (() => {
    const r = s.rate / 12;
    const g = (1 + r) ** s.months;
    return (s.goal - s.saved * g) / ((g - 1) / r);
  })();
  const shown = (n: number) => moneyText(n, s.currency, true);
  return {
    calls, title,
    summary: `Built a savings plan: "${inputs}" holds the inputs as given (a goal of ${shown(s.goal)}, ${shown(s.saved)} already saved, ${s.months} months${s.rate ? `, ${Number((s.rate * 100).toPrecision(10))}% a year` : ', no interest'}) and the monthly deposit as a live formula (${shown(monthly)} a month); "${schedule}" has ${s.months} rows of start balance, deposit, interest and end balance, all live formulas, ending at the goal.`,
  };
}
