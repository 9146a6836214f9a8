// The fixture set of the projects tests, generated here: two financial summaries (a Word document and
// a PDF) that disagree on Q1 2024 revenue ($1.2M vs $1.35M, 11.1% apart: a `high` disparity) and share
// one paragraph verbatim (a `medium` similarity), and a workbook whose monthly revenue has one outlier
// (July 2024: 980 against a median of about 126, a `high` insight) and whose quarterly bookings skip Q3
// (a `medium` missing-period insight). Also used by the pipeline bench to build larger documents.
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import { makePdf } from './pdf-writer.ts';

export const SHARED_PARAGRAPH = 'Our customer base continued to broaden across all regions, with particular strength among mid-sized manufacturers and logistics firms that adopted the new scheduling module during the quarter, while churn remained in line with our long term expectations for the business.';

export const MONTHLY_REVENUE = [120, 125, 118, 130, 127, 122, 980, 128, 131, 126, 124, 129];
export const MONTHLY_UNITS = [40, 41, 39, 42, 43, 41, 44, 42, 45, 43, 42, 44];
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Acme Corp - Financial Summary Q1 2024": revenue $1.2M, operating costs $800k, headcount 120. */
export async function summaryDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [{
      children: [
        new Paragraph({ text: 'Acme Corp - Financial Summary Q1 2024', heading: HeadingLevel.HEADING_1 }),
        new Paragraph('Revenue: $1.2M'),
        new Paragraph('Operating costs: $800k'),
        new Paragraph('Headcount: 120'),
        new Paragraph(SHARED_PARAGRAPH),
        new Paragraph('The board approved the budget for the coming year and asked management to report on hiring plans at the next meeting, together with an update on the warehouse lease negotiations.'),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

/** "Acme Corp Quarterly Report Q1 2024": revenue $1.35 million, operating costs $800k. */
export function reportPdf(): Buffer {
  const wrap = (text: string, width = 90) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && (line + ' ' + word).length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    return lines;
  };
  return makePdf([[
    'Acme Corp Quarterly Report Q1 2024', '',
    ...wrap('In Q1 2024, revenue was $1.35 million, driven by new contracts in the northern region.'), '',
    'Operating costs: $800k', '',
    ...wrap(SHARED_PARAGRAPH), '',
    ...wrap('Management expects the second quarter to benefit from the product launch planned for May, subject to the usual supply chain risks described in the annual filing.'),
  ]]);
}

/** Sheet "Monthly" (Month | Revenue | Units, Jan-Dec 2024; July is the outlier) and sheet "Quarterly" (Bookings for Q1, Q2 and Q4 2024). */
export async function salesXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const monthly = wb.addWorksheet('Monthly');
  monthly.addRow(['Month', 'Revenue', 'Units']);
  MONTHS.forEach((m, i) => monthly.addRow([`${m} 2024`, MONTHLY_REVENUE[i], MONTHLY_UNITS[i]]));
  monthly.addRow(['Total', { formula: 'SUM(B2:B13)', result: MONTHLY_REVENUE.reduce((a, b) => a + b, 0) }, { formula: 'SUM(C2:C13)', result: MONTHLY_UNITS.reduce((a, b) => a + b, 0) }]);
  const quarterly = wb.addWorksheet('Quarterly');
  quarterly.addRow(['Quarter', 'Bookings']);
  quarterly.addRow(['Q1 2024', 100]);
  quarterly.addRow(['Q2 2024', 105]);
  quarterly.addRow(['Q4 2024', 112]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A long Word document for the bench: `pages` pages of numbered sections with figures and a table. */
export async function longDocx(seed: number, pages: number): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [new Paragraph({ text: `Division ${seed} - Annual Review 2023`, heading: HeadingLevel.HEADING_1 })];
  for (let p = 1; p <= pages; p++) {
    children.push(new Paragraph({ text: `Section ${p}: Operations in Q${(p % 4) + 1} 2023`, heading: HeadingLevel.HEADING_2 }));
    for (let k = 0; k < 5; k++) children.push(new Paragraph(benchSentence(seed, p, k)));
    children.push(new Paragraph(`Revenue: $${(1 + ((seed * 7 + p) % 13) / 10).toFixed(1)}M`));
    if (p % 5 === 0) {
      children.push(new Table({
        rows: [['Region', 'Revenue', 'Costs'], ...['North', 'South', 'East', 'West', 'Central'].map((r, i) => [r, String(100 + seed + i * 7 + p), String(60 + i * 3)])]
          .map((cells) => new TableRow({ children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })) })),
      }));
    }
    if (p < pages) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** A long PDF for the bench: `pages` pages of paragraphs with figures. */
export function longPdf(seed: number, pages: number): Buffer {
  return makePdf(Array.from({ length: pages }, (_, p) => [
    `Division ${seed} report, part ${p + 1} (FY2023)`, '',
    ...Array.from({ length: 5 }, (_, k) => [benchSentence(seed, p, k).slice(0, 95), benchSentence(seed, p, k).slice(95, 190), '']).flat(),
    `Operating costs: $${(500 + ((seed * 11 + p) % 17) * 10)}k`,
  ]));
}

const WORDS = ['market', 'customers', 'regional', 'growth', 'margin', 'supply', 'contracts', 'delivery', 'pricing', 'inventory', 'logistics', 'service', 'quality',
  'partners', 'demand', 'capacity', 'staff', 'training', 'systems', 'orders', 'returns', 'suppliers', 'freight', 'warehouse', 'forecast', 'budget', 'audit', 'risk',
  'compliance', 'software', 'hardware', 'retail', 'wholesale', 'exports', 'imports', 'energy', 'costs', 'savings', 'projects', 'planning'];

/** A deterministic, varied sentence of about 40 words (near-duplicates across seeds are rare). */
export function benchSentence(seed: number, page: number, k: number): string {
  const words: string[] = [];
  let x = seed * 7919 + page * 104729 + k * 1299709;
  for (let i = 0; i < 40; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat with a short period.
    words.push(WORDS[Math.floor(x / 65536) % WORDS.length]);
  }
  return `In section ${page} the ${words.join(' ')} improved.`;
}
