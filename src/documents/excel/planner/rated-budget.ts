// The builtin engine's budget of costs given at a rate (a trip, an offsite): one sheet with a table of
// each cost, its price, what it is paid per, the quantity (a live formula over the counts) and the total,
// and beside it the counts as inputs (people, nights, days) with the total and the cost per person, so
// changing a count or a price recomputes everything.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { CountName, RatedCosts, RateUnit } from '../../agent/understanding/rated-costs.ts';
import { moneyFormat, moneyText } from '../number-formats.ts';
import type { SheetNamer } from './data-plans.ts';

const COUNT_OF: Record<RateUnit, CountName> = { night: 'nights', day: 'days', week: 'days', person: 'people' };
const LABEL: Record<CountName, string> = { people: 'People', nights: 'Nights', days: 'Days' };
const PER: Record<RateUnit, string> = { night: 'night', day: 'day', week: 'week', person: 'person' };
/** "per person per day", whatever order the request wrote the rate in ("€60 a day each"). */
const perText = (units: RateUnit[]) => (units.length ? `per ${[...units].sort((a, b) => Number(b === 'person') - Number(a === 'person')).map((u) => PER[u]).join(' per ')}` : 'once');

export function ratedBudgetPlan(r: RatedCosts, title: string, namer: SheetNamer): { calls: PlannedToolCall[]; summary: string } {
  const sheet = namer.name(title);
  const fmt = moneyFormat(r.currency);
  const money = { type: r.currency ? 'currency' : 'number', ...(r.currency ? { currency: r.currency } : {}), number_format: fmt };
  // The counts, in a fixed order, beside the table (G:H): each a cell the quantities refer to.
  const names = (['people', 'nights', 'days'] as const).filter((k) => r.counts[k] !== undefined);
  const cellOf = Object.fromEntries(names.map((k, i) => [k, `$H$${i + 2}`])) as Partial<Record<CountName, string>>;
  const valueOf = (c: RatedCosts['costs'][number]) => c.per.reduce((q, u) => q * (c.own[u] ?? (u === 'week' ? r.counts.days! / 7 : r.counts[COUNT_OF[u]]!)), 1);
  const rows = r.costs.map((c, i) => {
    const factors = c.per.map((u) => (c.own[u] !== undefined ? String(c.own[u]) : u === 'week' ? `${cellOf.days}/7` : cellOf[COUNT_OF[u]]!));
    return [c.label, c.price, perText(c.per), factors.length ? `=${factors.join('*')}` : 1, `=B${i + 2}*D${i + 2}`];
  });
  const columns = [
    { header: 'Cost', type: 'text', total: 'none' }, { header: 'Price', ...money, total: 'none' }, { header: 'Per', type: 'text', total: 'none' },
    { header: 'Quantity', type: 'number', number_format: '0.##', total: 'none' }, { header: 'Total', ...money, total: 'sum' },
  ];
  const last = r.costs.length + 1;
  const summaryRow = names.length + 3;
  const calls: PlannedToolCall[] = [
    { tool: 'set_workbook', args: { title } },
    { tool: 'add_sheet', args: { name: sheet, columns, rows, totals: true, as_table: true } },
    { tool: 'set_cells', args: { sheet, start: 'G1', rows: [['Input', 'Value']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'G2', rows: names.map((k) => [LABEL[k], r.counts[k]!]), number_format: '0' } },
    { tool: 'set_cells', args: { sheet, start: `G${summaryRow}`, rows: [['Total', `=SUM(E2:E${last})`], ...(cellOf.people ? [['Per person', `=H${summaryRow}/${cellOf.people}`]] : [])], number_format: fmt } },
    { tool: 'format_range', args: { sheet, range: `G2:G${summaryRow + (cellOf.people ? 1 : 0)}`, style: 'label' } },
    { tool: 'set_layout', args: { sheet, freeze_rows: 1, column_widths: { A: 24, C: 20, G: 14, H: 14 } } },
  ];
  const total = r.costs.reduce((s, c) => s + c.price * valueOf(c), 0);
  const shown = (n: number) => moneyText(n, r.currency, !Number.isInteger(n));
  const counts = names.map((k) => `${r.counts[k]} ${LABEL[k].toLowerCase()}${r.derived[k as 'days' | 'nights'] ? `, as many as the ${r.derived[k as 'days' | 'nights']} since the request gives no ${k}` : ''}`);
  return {
    calls,
    summary: `Built the budget "${sheet}": ${r.costs.length} costs at the prices given (${r.costs.map((c) => `${c.label.toLowerCase()} ${shown(c.price)} ${perText(c.per)}`).join(', ')}), each multiplied by live formulas over the inputs beside the table (${counts.join(', ')}): ${shown(total)} in all${r.counts.people ? `, ${shown(total / r.counts.people)} per person` : ''}. Change a count or a price and the totals follow.`,
  };
}
