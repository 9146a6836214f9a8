// A loan or mortgage the request describes ("a repayment schedule for a $300,000 mortgage at 6.5% over
// 30 years, monthly payments", "Tilgungsplan für ein Darlehen von 200.000 € zu 4 % über 20 Jahre"): the
// principal with its currency, the annual rate, the term and the payments per year, as written. Only a
// request that states all three figures is read as a loan; nothing is assumed but monthly payments.
import { typedValue } from './inline-data.ts';

export interface Loan {
  principal: number;
  /** ISO code of the principal's currency (USD for $), null when the request gives none. */
  currency: string | null;
  /** Annual interest rate as a fraction (0.065). */
  rate: number;
  years: number;
  paymentsPerYear: number;
  /** What it is: "Mortgage", "Loan", "Car loan". */
  label: string;
}

const LOAN = /\b(mortgage|mortage|morgage|(?:car |auto |student |personal |business |home |bank )?loan|amorti[sz]ation|amortisation|repayment schedule|repayment plan|tilgungsplan|tilgung|hypothek|darlehen|kredit|baufinanzierung|préstamo|prestamo|hipoteca|amortización|crédito|prêt|emprunt|amortissement|crédit immobilier)\b/iu;
const AMOUNT = /(?:[$€£]\s?\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:\.\d+)?(?:\s?(?:k|m|million|thousand)\b)?|[$€£]\s?\d+(?:[.,]\d+)?(?:\s?(?:k|m|million|thousand)\b)?|\b\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:\s?(?:€|\$|£|USD|EUR|GBP|CHF|dollars|euros?|pounds))?|\b\d+(?:[.,]\d+)?\s?(?:k|m)\b(?:\s?(?:€|\$|£|USD|EUR|GBP|CHF|dollars|euros?|pounds))?|\b\d{4,}(?:\s?(?:€|\$|£|USD|EUR|GBP|CHF|dollars|euros?|pounds))?)/iu;
const RATE = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/u;
const TERM = /(\d{1,2})[\s-]*(?:years?|yrs?|jahre?n?|años|ans|annees|années|-year)\b|(\d{2,3})\s*(?:months|monate|meses|mois)\b/iu;
const PER_YEAR: [RegExp, number][] = [
  [/\b(bi-?weekly|fortnightly|every two weeks)\b/i, 26], [/\bweekly|wöchentlich|semanal|hebdomadaire/i, 52],
  [/\bquarterly|vierteljährlich|quartalsweise|trimestral|trimestriel/i, 4], [/\b(annual(?:ly)? payments?|yearly payments?|jährlich(?:e)? (?:rate|zahlung)|pagos anuales|annuités? annuelles?)\b/i, 1],
  [/\bsemi-?annual|halbjährlich|semestral|semestriel/i, 2],
];

/** "$300,000" -> 300000 USD; "200.000 €" -> 200000 EUR; "250k" -> 250000. */
function amountOf(raw: string): { value: number; currency: string | null } | null {
  let t = raw.replace(/(\d)[\u00a0 ](?=\d{3}\b)/g, '$1,').replace(/\s+(?=\d)/g, '').replace(/\s?(dollars|USD)$/i, ' USD').replace(/\s?(euros?|EUR)$/i, ' EUR').replace(/\s?(pounds|GBP)$/i, ' GBP').trim();
  // "200.000 €" writes thousands with dots (German, Spanish): no decimals in a loan's principal.
  if (/^\D*\d{1,3}(?:\.\d{3})+\D*$/.test(t)) t = t.replace(/\./g, ',');
  t = t.replace(/\s?(million)$/i, 'm').replace(/\s?(thousand)$/i, 'k');
  const v = typedValue(t);
  return typeof v.value === 'number' && v.value > 0 ? { value: v.value, currency: v.currency } : null;
}

export function loanIn(text: string): Loan | null {
  const kind = LOAN.exec(text);
  if (!kind) return null;
  const rate = RATE.exec(text);
  const term = TERM.exec(text);
  if (!rate || !term) return null;
  // The principal: the first amount that is not the rate nor the term.
  const rest = text.replace(rate[0], ' ').replace(term[0], ' ');
  const found = AMOUNT.exec(rest);
  const principal = found ? amountOf(found[0]) : null;
  if (!principal || principal.value < 100) return null;
  const years = term[1] ? Number(term[1]) : Number(term[2]) / 12;
  const ratePct = Number(rate[1].replace(',', '.'));
  if (!(years > 0 && years <= 50 && ratePct >= 0 && ratePct < 40)) return null;
  const paymentsPerYear = PER_YEAR.find(([re]) => re.test(text))?.[1] ?? 12;
  const label = /\b(mortgage|mortage|morgage|hypothek|hipoteca|baufinanzierung|crédit immobilier)\b/iu.test(text) ? 'Mortgage' : /\b(car|auto|student|personal|business|home)\s+loan\b/i.exec(text)?.[0].replace(/^\w/, (c) => c.toUpperCase()) ?? 'Loan';
  return { principal: principal.value, currency: principal.currency, rate: Number((ratePct / 100).toPrecision(10)), years, paymentsPerYear, label };
}
