// The columns of a tracker the request does not spell out, by what it tracks: a job search is tracked by
// company, role and status, expenses by date, category and amount. Column headings are the structure a
// person expects, never data: every cell below them stays empty (or a labelled placeholder).
import type { Understanding } from '../../agent/understanding/understand.ts';

const TRACKERS: [RegExp, string[]][] = [
  [/\b(job|jobs|job search|applications?|job hunt)\b/i, ['Company', 'Role', 'Date applied', 'Status', 'Next step', 'Notes']],
  [/\b(candidates?|applicants?|recruiting|hiring|interviews?)\b/i, ['Candidate', 'Role', 'Stage', 'Interview date', 'Notes']],
  [/\b(expenses?|spending|receipts?|purchases)\b/i, ['Date', 'Description', 'Category', 'Amount', 'Notes']],
  [/\b(subscriptions?|renewals?)\b/i, ['Service', 'Cost', 'Billing cycle', 'Renewal date', 'Notes']],
  [/\b(invoices?|payments?|billing)\b/i, ['Invoice', 'Client', 'Amount', 'Due date', 'Status']],
  [/\b(inventory|stock|supplies|inventar|inventario|inventaire)\b/i, ['Item', 'SKU', 'Quantity', 'Location', 'Notes']],
  [/\b(assets?|equipment|devices?|laptops?|hardware)\b/i, ['Asset', 'Serial number', 'Assigned to', 'Location', 'Purchase date']],
  [/\b(bugs?|issues?|defects?|tickets?)\b/i, ['Issue', 'Severity', 'Status', 'Assignee', 'Date reported']],
  [/\b(leads?|prospects?|sales pipeline|pipeline|deals?|crm|contacts?)\b/i, ['Contact', 'Company', 'Email', 'Stage', 'Next step']],
  [/\b(sales|orders?|shop|store|etsy|ebay)\b/i, ['Date', 'Order', 'Item', 'Quantity', 'Amount', 'Customer']],
  [/\b(bills?)\b/i, ['Bill', 'Amount', 'Due date', 'Paid', 'Notes']],
  [/\b(mileage|miles|trips?|driving)\b/i, ['Date', 'From', 'To', 'Purpose', 'Miles']],
  [/\b(donations?|donors?|fundrais\w*)\b/i, ['Date', 'Donor', 'Amount', 'Method', 'Notes']],
  [/\b(attendance)\b/i, ['Date', 'Name', 'Present', 'Notes']],
  [/\b(goals?)\b/i, ['Goal', 'Target date', 'Progress', 'Status', 'Notes']],
  [/\b(reading list|books?|reading)\b/i, ['Title', 'Author', 'Status', 'Date finished', 'Notes']],
  [/\b(content calendar|content|posts?|social media|editorial)\b/i, ['Publish date', 'Title', 'Channel', 'Owner', 'Status']],
  [/\b(hours|timesheets?|time tracking|time)\b/i, ['Date', 'Person', 'Project', 'Hours', 'Notes']],
  [/\b(workouts?|training log|exercises?|gym)\b/i, ['Date', 'Exercise', 'Sets', 'Reps', 'Notes']],
  [/\b(habits?)\b/i, ['Date', 'Habit', 'Done', 'Notes']],
];

/** Columns for a tracker of what the request names (its label or subject), or the task tracker's. */
export function trackerColumns(u: Understanding): string[] {
  const what = [u.label, u.subject].filter(Boolean).join(' ');
  return TRACKERS.find(([re]) => re.test(what))?.[1] ?? ['Task', 'Owner', 'Status', 'Due date'];
}
