// A loan or mortgage repayment schedule (amortisation table) for the builtin engine: an Inputs sheet with
// the figures the request states (principal, annual rate, years, payments per year) and the payment as
// a live PMT formula, and a Schedule sheet with one row per payment (Period, Payment, Interest,
// Principal, Balance) whose formulas all refer to the inputs, so changing an input recomputes it all.
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import type { Lang } from '../../agent/understanding/language.ts';
import type { Loan } from '../../agent/understanding/loan.ts';
import { moneyFormat } from '../number-formats.ts';
import type { SheetNamer } from './data-plans.ts';

const LABELS: Record<Lang, { inputs: string; schedule: string; input: string; value: string; principal: string; rate: string; years: string; perYear: string; count: string; payment: string; totalInterest: string; columns: string[] }> = {
  en: { inputs: 'Inputs', schedule: 'Schedule', input: 'Input', value: 'Value', principal: 'Principal', rate: 'Annual interest rate', years: 'Years', perYear: 'Payments per year', count: 'Number of payments', payment: 'Payment per period', totalInterest: 'Total interest', columns: ['Period', 'Payment', 'Interest', 'Principal', 'Balance'] },
  de: { inputs: 'Eingaben', schedule: 'Tilgungsplan', input: 'Eingabe', value: 'Wert', principal: 'Darlehensbetrag', rate: 'Zinssatz p.a.', years: 'Laufzeit (Jahre)', perYear: 'Raten pro Jahr', count: 'Anzahl Raten', payment: 'Rate', totalInterest: 'Zinsen gesamt', columns: ['Periode', 'Rate', 'Zinsen', 'Tilgung', 'Restschuld'] },
  es: { inputs: 'Datos', schedule: 'Amortización', input: 'Dato', value: 'Valor', principal: 'Capital', rate: 'Tipo de interés anual', years: 'Años', perYear: 'Pagos por año', count: 'Número de pagos', payment: 'Cuota', totalInterest: 'Intereses totales', columns: ['Periodo', 'Cuota', 'Intereses', 'Amortización', 'Saldo'] },
  fr: { inputs: 'Données', schedule: 'Échéancier', input: 'Donnée', value: 'Valeur', principal: 'Capital', rate: 'Taux annuel', years: 'Années', perYear: 'Échéances par an', count: "Nombre d'échéances", payment: 'Échéance', totalInterest: 'Intérêts totaux', columns: ['Période', 'Échéance', 'Intérêts', 'Capital', 'Solde'] },
};

const PERIOD_WORD: Record<number, string> = { 12: 'Monthly payment', 4: 'Quarterly payment', 1: 'Annual payment', 2: 'Semi-annual payment', 26: 'Biweekly payment', 52: 'Weekly payment' };

export interface LoanPlan { calls: PlannedToolCall[]; summary: string; sheets: string[] }

export function loanSchedule(loan: Loan, lang: Lang, namer: SheetNamer): LoanPlan {
  const L = LABELS[lang];
  const inputs = namer.name(L.inputs);
  const schedule = namer.name(L.schedule);
  const money = loan.currency ? `currency` : 'number';
  const moneyFmt = moneyFormat(loan.currency, lang);
  const count = Math.round(loan.years * loan.paymentsPerYear);
  const q = (name: string) => (/^[A-Za-z_][\w.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);
  const I = (cell: string) => `${q(inputs)}!$B$${cell}`;
  const paymentLabel = lang === 'en' ? PERIOD_WORD[loan.paymentsPerYear] ?? L.payment : L.payment;
  const calls: PlannedToolCall[] = [
    { tool: 'add_sheet', args: { name: inputs } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A1', rows: [[L.input, L.value]], style: 'header' } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A2', rows: [[L.principal, loan.principal]], number_format: moneyFmt } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A3', rows: [[L.rate, loan.rate]], number_format: '0.00%' } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A4', rows: [[L.years, loan.years], [L.perYear, loan.paymentsPerYear], [L.count, '=B4*B5']], number_format: '0' } },
    { tool: 'set_cells', args: { sheet: inputs, start: 'A7', rows: [[paymentLabel, '=PMT(B3/B5,B6,-B2)'], [L.totalInterest, '=B7*B6-B2']], number_format: moneyFmt } },
    { tool: 'format_range', args: { sheet: inputs, range: 'A2:A8', style: 'label' } },
  ];
  // One row per payment: interest on the balance before it, the rest of the payment repays principal.
  const rows = Array.from({ length: count }, (_, i) => {
    const r = i + 2;
    const before = i === 0 ? I('2') : `E${r - 1}`;
    return [i + 1, `=${I('7')}`, `=${before}*${I('3')}/${I('5')}`, `=B${r}-C${r}`, `=MAX(0,${before}-D${r})`];
  });
  const columns = L.columns.map((header, i) => (i === 0 ? { header, type: 'integer', total: 'none' } : { header, type: money, ...(loan.currency ? { currency: loan.currency } : {}), number_format: moneyFmt, ...(i === 4 ? { total: 'none' } : { total: 'sum' }) }));
  calls.push({ tool: 'add_sheet', args: { name: schedule, columns, rows, totals: true, as_table: true } });
  calls.push({ tool: 'set_layout', args: { sheet: schedule, freeze_rows: 1 } });
  const pmt = loan.rate === 0 ? loan.principal / count : (loan.principal * (loan.rate / loan.paymentsPerYear)) / (1 - (1 + loan.rate / loan.paymentsPerYear) ** -count);
  const shown = pmt.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    calls, sheets: [inputs, schedule],
    summary: `Built a ${loan.label.toLowerCase()} repayment schedule: "${inputs}" holds the inputs as given (principal, ${Number((loan.rate * 100).toPrecision(10))}% a year, ${loan.years} years, ${loan.paymentsPerYear} payments a year) and the payment as a live PMT formula (${shown} per period); "${schedule}" has ${count} rows of payment, interest, principal and balance, all live formulas over the inputs, with a totals row and a frozen header.`,
  };
}
