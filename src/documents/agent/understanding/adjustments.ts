// A rate a request applies to its listed amounts ("food 200, drinks 100, add tax of 8%", "tip 15%",
// "discount of 10%"): not one of the amounts but a share of their sum, added (a tax, a tip, a service
// charge) or taken off (a discount). Only a rate named after its amount is read ("15% tip" is not).

/** A table cell as inline-data.ts types it (not imported: inline-data.ts reads adjustments with this module). */
type Cell = string | number | null;

export interface Adjustment {
  /** As a reader names it: "Tax", "Sales tax", "VAT", "Tip", "Service charge", "Discount". */
  label: string;
  /** A share of the sum: 0.08 for 8%. */
  rate: number;
  /** 1 adds it to the sum, -1 takes it off. */
  sign: 1 | -1;
}

const LEAD = String.raw`(?:(?:add|adding|plus|with|incl(?:uding|\.)?|and|minus|less|apply|then)\s+)?(?:(?:a|an|the)\s+)?`;
const WHAT = String.raw`(sales\s+tax|tax|vat|gst|tip|gratuity|service\s+(?:charge|fee)|discount)`;
const ADJUSTMENT = new RegExp(String.raw`^${LEAD}${WHAT}(?:\s+(?:of|at|rate))?$`, 'iu');

const NAMES: Record<string, string> = { vat: 'VAT', gst: 'GST' };

/** The adjustment a pair's label names ("add tax of", "plus tip", "discount"), or null. */
export function adjustmentNamed(label: string): { label: string; sign: 1 | -1 } | null {
  const m = ADJUSTMENT.exec(label.trim());
  if (!m) return null;
  const what = m[1].toLowerCase().replace(/\s+/g, ' ');
  return { label: NAMES[what] ?? what[0].toUpperCase() + what.slice(1), sign: what === 'discount' ? -1 : 1 };
}

/** The sum of a table's value column, each adjustment's amount on it, and the total after them. */
export function adjustedTotals(rows: Cell[][], adjustments: Adjustment[], column = 1): { subtotal: number; lines: [Adjustment, number][]; total: number } {
  const subtotal = rows.reduce((sum, r) => sum + (typeof r[column] === 'number' ? (r[column] as number) : 0), 0);
  const lines = adjustments.map((a) => [a, a.sign * subtotal * a.rate] as [Adjustment, number]);
  return { subtotal, lines, total: subtotal + lines.reduce((sum, [, v]) => sum + v, 0) };
}

/** "Tax (8%)": an adjustment's label with its rate, for documents that show the computed amount. */
export function adjustmentTitle(a: Adjustment): string {
  return `${a.label} (${Number((a.rate * 100).toFixed(4))}%)`;
}
