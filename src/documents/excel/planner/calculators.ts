// Calculators the builtin engine builds from a request that states how a figure is worked out:
// - tiered rates (commission, tax brackets, royalties): the amount as an input, one row per tier (from,
//   to, rate, the part of the amount in the tier, what it earns), the result and the effective rate,
//   all live formulas, so changing the amount or a tier recomputes everything;
// - a cost split (rent by room size, a bill with a tip, costs by income): the amount as an input, one
//   row per person with their weight, share and amount as live formulas (equal shares until weights
//   are filled in), and totals that check back to the amount.
// - a total shared out by percentages (a wedding budget: venue 40%, catering 30%, the rest misc): the total
//   as an input, one row per part with its share and amount (share x total), the rest 1 less the others.
// Figures are only those the request states; a missing amount is left empty to fill in, and said so.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { Allocation } from '../../agent/understanding/allocation.ts';
import type { CostSplit } from '../../agent/understanding/split.ts';
import type { TieredRates } from '../../agent/understanding/tiers.ts';
import { moneyFormat, moneyText } from '../number-formats.ts';
import type { SheetNamer } from './data-plans.ts';

export interface CalculatorPlan { calls: PlannedToolCall[]; summary: string }


const pct = (r: number) => `${Number((r * 100).toPrecision(10))}%`;
/** An amount in the summary, written as English writes it (the calculators are built for English requests). */
const money = (n: number, currency: string | null) => moneyText(n, currency);

/** A tiered-rate calculator: the amount, the result and effective rate, then the tiers as a table. */
export function tieredCalculator(t: TieredRates, title: string, namer: SheetNamer): CalculatorPlan {
  const sheet = namer.name(title);
  const fmt = moneyFormat(t.currency);
  const rateFmt = t.tiers.some((x) => Math.round(x.rate * 1000) % 10 !== 0) ? '0.0%' : '0%';
  const first = 7;
  const last = first + t.tiers.length - 1;
  const calls: PlannedToolCall[] = [
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Input', 'Value']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'A2', rows: [[t.input, t.amount], [t.result, `=SUM(E${first}:E${last})`]], number_format: fmt } },
    { tool: 'set_cells', args: { sheet, start: 'A4', rows: [['Effective rate', '=IF(B2>0,B3/B2,0)']], number_format: '0.00%' } },
    { tool: 'format_range', args: { sheet, range: 'A2:A4', style: 'label' } },
    { tool: 'set_cells', args: { sheet, start: 'A6', rows: [['From', 'To', 'Rate', `${t.input} in tier`, t.result]], style: 'header' } },
  ];
  // Each tier starts where the one before ends (a formula, so moving a bound moves both); the last is open.
  const bounds = t.tiers.map((x, i) => [i === 0 ? 0 : `=B${first + i - 1}`, x.upTo]);
  calls.push({ tool: 'set_cells', args: { sheet, start: `A${first}`, rows: bounds, number_format: fmt } });
  calls.push({ tool: 'set_cells', args: { sheet, start: `C${first}`, rows: t.tiers.map((x) => [x.rate]), number_format: rateFmt } });
  const rows = t.tiers.map((_, i) => {
    const r = first + i;
    // (MIN skips an empty cell: with no amount entered, the tier holds nothing, not its whole width.)
    return [`=IF($B$2="",0,MAX(0,IF(B${r}="",$B$2,MIN($B$2,B${r}))-A${r}))`, `=D${r}*C${r}`];
  });
  calls.push({ tool: 'set_cells', args: { sheet, start: `D${first}`, rows, number_format: fmt } });
  calls.push({ tool: 'add_table', args: { sheet, range: `A6:E${last}`, name: `${t.result.replace(/\W/g, '')}Tiers`, totals: { [`${t.input} in tier`]: 'sum', [t.result]: 'sum' } } });
  // Named amounts ("for Ana $62,000, Ben $48,500"): a row each below the tiers, its result a live formula over them.
  const people = t.named.length >= 2 ? namedRows(t, sheet, first, last, fmt) : null;
  if (people) calls.push(...people.calls);
  calls.push({ tool: 'set_layout', args: { sheet, column_widths: { A: 18, B: 16, C: 14, D: 18, E: 16 } } });
  const tiers = t.tiers.map((x, i) => (x.upTo === null ? `${pct(x.rate)} above ${money(t.tiers[i - 1].upTo!, t.currency)}` : `${pct(x.rate)} up to ${money(x.upTo, t.currency)}`)).join(', ');
  return {
    calls,
    summary: `Built a ${t.result.toLowerCase()} calculator on "${sheet}": ${tiers}, as a table of tiers whose formulas work out the part of the ${t.input.toLowerCase()} in each tier and what it earns; ${t.result} (B3) and the effective rate (B4) are live formulas. `
      + (people ? people.summary : t.amount === null ? `The request gave no ${t.input.toLowerCase()} figure, so B2 is left empty: enter one there.` : `B2 holds the ${t.input.toLowerCase()} as given (${money(t.amount, t.currency)}).`),
  };
}

/** The named amounts' table (name, amount, result, effective rate), each result the tiers applied to its amount. */
function namedRows(t: TieredRates, sheet: string, first: number, last: number, fmt: string): { calls: PlannedToolCall[]; summary: string } {
  const top = last + 3; // below the tiers' totals row and a blank row
  const rows = t.named.map((n, i) => {
    const r = top + 1 + i;
    const parts = t.tiers.map((x, k) => {
      const tr = first + k;
      return x.upTo === null ? `MAX(0,B${r}-$A$${tr})*$C$${tr}` : `MAX(0,MIN(B${r},$B$${tr})-$A$${tr})*$C$${tr}`;
    });
    return [n.name, n.amount, `=IF(B${r}="",0,${parts.join('+')})`, `=IF(B${r}>0,C${r}/B${r},0)`];
  });
  const end = top + t.named.length;
  const result = (amount: number) => t.tiers.reduce((s, x, k) => {
    const from = k === 0 ? 0 : t.tiers[k - 1].upTo!;
    return s + Math.max(0, Math.min(amount, x.upTo ?? Infinity) - from) * x.rate;
  }, 0);
  const calls: PlannedToolCall[] = [
    { tool: 'set_cells', args: { sheet, start: `A${top}`, rows: [['Name', t.input, t.result, 'Effective rate']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: `A${top + 1}`, rows: rows.map((r) => r.slice(0, 3)), number_format: fmt } },
    { tool: 'set_cells', args: { sheet, start: `D${top + 1}`, rows: rows.map((r) => [r[3]]), number_format: '0.00%' } },
    { tool: 'add_table', args: { sheet, range: `A${top}:D${end}`, name: `${t.result.replace(/\W/g, '')}ByName`, totals: { [t.input]: 'sum', [t.result]: 'sum' } } },
  ];
  return {
    calls,
    summary: `Rows ${top + 1}-${end} apply the tiers to each amount given (${t.named.map((n) => `${n.name} ${money(n.amount, t.currency)}: ${money(Math.round(result(n.amount) * 100) / 100, t.currency)}`).join(', ')}), as live formulas over the tier table; B2 works out any other amount.`,
  };
}

const WEIGHT: Record<Exclude<CostSplit['basis'], 'equal'>, { header: string; format: string }> = {
  'room size': { header: 'Room size (sq ft)', format: '#,##0' },
  income: { header: 'Income', format: '#,##0.00' },
  usage: { header: 'Usage', format: '#,##0.##' },
};

/** A cost split: the amount (and tip) as inputs, then one row per person with their share as a table. */
export function splitCalculator(s: CostSplit, title: string, namer: SheetNamer): CalculatorPlan {
  const sheet = namer.name(title);
  const fmt = moneyFormat(s.currency);
  const calls: PlannedToolCall[] = [
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Input', 'Value']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'A2', rows: [[s.what, s.amount]], number_format: fmt } },
  ];
  let total = '$B$2';
  let next = 3;
  if (s.tip !== null) {
    calls.push({ tool: 'set_cells', args: { sheet, start: 'A3', rows: [['Tip', s.tip]], number_format: '0%' } });
    calls.push({ tool: 'set_cells', args: { sheet, start: 'A4', rows: [['Total with tip', '=B2*(1+B3)']], number_format: fmt } });
    total = '$B$4';
    next = 5;
  }
  calls.push({ tool: 'format_range', args: { sheet, range: `A2:A${next - 1}`, style: 'label' } });
  const head = next + 1;
  const first = head + 1;
  const last = head + s.people;
  const weight = s.basis === 'equal' ? null : WEIGHT[s.basis];
  const headers = ['Name', ...(weight ? [weight.header] : []), 'Share', 'Amount'];
  calls.push({ tool: 'set_cells', args: { sheet, start: `A${head}`, rows: [headers], style: 'header' } });
  // ("Sam has the big room and pays 40%": named people with their share first, the others after them.)
  const fixed = weight ? [] : s.fixed;
  const names = Array.from({ length: s.people }, (_, i) => fixed[i]?.name ?? `${s.person} ${i + 1}`);
  calls.push({ tool: 'set_cells', args: { sheet, start: `A${first}`, rows: names.map((n) => [n]) } });
  // Shares: by the weights once they are filled in, equal until then; amounts follow the shares. A stated
  // share is an input; the others share what is left equally.
  const shareCol = weight ? 'C' : 'B';
  const amountCol = weight ? 'D' : 'C';
  const lastFixed = first + fixed.length - 1;
  const share = (r: number) => (weight ? `=IF(SUM($B$${first}:$B$${last})=0,1/ROWS($B$${first}:$B$${last}),B${r}/SUM($B$${first}:$B$${last}))`
    // ("Ana pays 900": her share is 900 of the total, so she goes on paying 900 when the total changes.)
    : r <= lastFixed ? (fixed[r - first].amount !== undefined ? `=${fixed[r - first].amount}/${total}` : fixed[r - first].share)
      : fixed.length ? `=(1-SUM($B$${first}:$B$${lastFixed}))/ROWS($A$${lastFixed + 1}:$A$${last})` : `=1/ROWS($A$${first}:$A$${last})`);
  if (weight) calls.push({ tool: 'set_cells', args: { sheet, start: `B${first}`, rows: Array.from({ length: s.people }, () => [null]), number_format: weight.format } });
  calls.push({ tool: 'set_cells', args: { sheet, start: `${shareCol}${first}`, rows: Array.from({ length: s.people }, (_, i) => [share(first + i)]), number_format: '0.0%' } });
  calls.push({ tool: 'set_cells', args: { sheet, start: `${amountCol}${first}`, rows: Array.from({ length: s.people }, (_, i) => [`=${shareCol}${first + i}*${total}`]), number_format: fmt } });
  calls.push({ tool: 'add_table', args: { sheet, range: `A${head}:${amountCol}${last}`, name: `${s.what.replace(/\W/g, '')}Split`, totals: { Share: 'sum', Amount: 'sum', ...(weight ? { [weight.header]: 'sum' } : {}) } } });
  calls.push({ tool: 'set_layout', args: { sheet, column_widths: { A: 18, B: weight ? 18 : 12, C: 14, D: 14 } } });
  const stated = fixed.map((f) => `${f.name} ${f.amount !== undefined ? money(f.amount, s.currency) : pct(f.share)}`).join(', ');
  const how = weight ? `by ${s.basis} (column B: enter each ${s.person.toLowerCase()}'s ${weight.header.replace(/ \(.*\)$/, '').toLowerCase()}; until then the shares are equal)` : fixed.length ? `with the shares given (${stated}, in column B) and the rest equally` : 'equally';
  return {
    calls,
    summary: `Built a ${s.what.toLowerCase()} split on "${sheet}" for ${s.people} ${s.person === 'Person' ? 'people' : `${s.person.toLowerCase()}s`}, shared ${how}; ${fixed.length ? 'the other shares and every amount are live formulas' : 'each share and amount is a live formula'}${s.tip !== null ? `, with a tip of ${pct(s.tip)} added to the total` : ''}, and the totals row adds back up to the amount. `
      + (s.amount === null ? `The request gave no amount, so B2 is left empty: enter it there.` : `B2 holds the amount as given (${money(s.amount, s.currency)}).`)
      + (fixed.length < s.people ? ` The names ${fixed.length ? 'of the others ' : ''}are placeholders to replace.` : ''),
  };
}

/** A total shared out by percentages: the total as an input, then one row per part with its share and amount. */
export function allocationCalculator(a: Allocation, title: string, namer: SheetNamer): CalculatorPlan {
  const sheet = namer.name(title);
  const fmt = moneyFormat(a.currency);
  const label = a.totalLabel ?? (a.what === 'Budget' ? 'Total budget' : `Total ${a.what.toLowerCase()}`);
  const head = 4;
  const first = head + 1;
  const last = head + a.parts.length;
  const given = a.parts.filter((p) => p.share !== null).length;
  const calls: PlannedToolCall[] = [
    { tool: 'add_sheet', args: { name: sheet } },
    { tool: 'set_cells', args: { sheet, start: 'A1', rows: [['Input', 'Value']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: 'A2', rows: [[label, a.total]], number_format: fmt } },
    { tool: 'format_range', args: { sheet, range: 'A2', style: 'label' } },
    { tool: 'set_cells', args: { sheet, start: `A${head}`, rows: [['Item', 'Share', 'Amount']], style: 'header' } },
    { tool: 'set_cells', args: { sheet, start: `A${first}`, rows: a.parts.map((p) => [p.label]) } },
    // The part that takes the rest: 1 less the others' shares, so changing one share moves it.
    { tool: 'set_cells', args: { sheet, start: `B${first}`, rows: a.parts.map((p) => [p.share ?? `=1-SUM(B${first}:B${first + given - 1})`]), number_format: '0%' } },
    { tool: 'set_cells', args: { sheet, start: `C${first}`, rows: a.parts.map((_, i) => [`=B${first + i}*$B$2`]), number_format: fmt } },
    { tool: 'add_table', args: { sheet, range: `A${head}:C${last}`, name: `${a.what.replace(/\W/g, '')}Parts`, totals: { Share: 'sum', Amount: 'sum' } } },
    { tool: 'set_layout', args: { sheet, column_widths: { A: 22, B: 10, C: 16 } } },
  ];
  const rest = a.parts.find((p) => p.share === null);
  const restShare = 1 - a.parts.reduce((s, p) => s + (p.share ?? 0), 0);
  return {
    calls,
    summary: `Built a ${a.what.toLowerCase()} on "${sheet}": ${a.parts.length} parts with their shares of the total (${a.parts.filter((p) => p.share !== null).map((p) => `${p.label} ${pct(p.share!)}`).join(', ')}${rest ? `, ${rest.label} the rest: ${pct(Number(restShare.toFixed(10)))}` : ''}); each amount is a live formula (share × total), and the totals row adds back up to the total. `
      + (a.total === null ? 'The request gave no total, so B2 is left empty: enter it there.' : `B2 holds the ${(a.totalLabel ?? 'total').toLowerCase()} as given (${money(a.total, a.currency)}).`),
  };
}
