// The Excel samples of the gallery: a quarterly business review planned by the builtin engine from a
// markdown prompt; a data-heavy workbook built with the tool calls a model would make over 600 order
// lines (a live net-revenue column, a SUMIF summary by region, a column and a doughnut chart); and a
// branded budget (teal and amber, Liberation Sans, logo), the builtin plan plus a model's finishing calls.
import type { DataTable, PlannedToolCall } from '../../src/documents/agent/format-adapter.ts';
import { adapter } from '../../src/documents/excel/excel.adapter.ts';
import { logo } from './png-art.ts';
import { image, type Sample } from './sample.ts';

const business: Sample = {
  name: 'excel-business-report',
  description: 'Quarterly business review from a markdown prompt, planned by the builtin engine: a Summary of live cross-sheet formulas and facts with a trend chart, typed data sheets with growth and totals, a pie of segments.',
  prompt: `# Quarterly business review 2024

## Quarterly results
| Quarter | Revenue | Operating cost | New customers |
|---|---|---|---|
| Q1 2024 | $1,240,000 | $910,000 | 182 |
| Q2 2024 | $1,385,500 | $968,000 | 204 |
| Q3 2024 | $1,512,250 | $1,002,500 | 231 |
| Q4 2024 | $1,698,000 | $1,071,000 | 266 |

## Revenue by segment
| Segment | Revenue |
|---|---|
| Enterprise | $2,910,000 |
| Mid-market | $1,840,250 |
| Small business | $1,085,500 |

Headcount: 148
Offices: 4
Net promoter score: 47
`,
};

/** A deterministic pseudo-random sequence, so the sample data is the same on every run. */
function sequence(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** 600 order lines of a made-up shop, named as sample data. */
function sampleOrders(rows = 600): DataTable {
  const next = sequence(7);
  const regions = ['North', 'South', 'East', 'West', 'Central'];
  const products = ['Desk', 'Chair', 'Lamp', 'Shelf', 'Monitor arm', 'Cable tray'];
  const prices = [420, 180, 45, 260, 95, 30];
  const data = Array.from({ length: rows }, (_, i) => {
    const p = Math.floor(next() * products.length);
    const units = 1 + Math.floor(next() * 12);
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor((i / rows) * 365) * 86_400_000);
    return [`SO-${10_000 + i}`, day.toISOString().slice(0, 10), regions[Math.floor(next() * regions.length)], products[p], units, prices[p], Math.round(next() * 15) / 100];
  });
  return { name: 'Sample orders 2024', columns: ['Order', 'Date', 'Region', 'Product', 'Units', 'Unit price', 'Discount'], rows: data, source: { kind: 'inline' } };
}

const orders = sampleOrders();
const last = orders.rows.length + 1;
const regions = ['North', 'South', 'East', 'West', 'Central'];

const dataHeavy: Sample = {
  name: 'excel-data-heavy',
  description: '600 sample order lines imported as an Excel table with a live net-revenue column, a SUMIF summary by region as a table, and a column and a doughnut chart over it.',
  prompt: 'Analyse the 2024 orders by region',
  dataSources: [orders],
  calls: [
    { tool: 'import_data_source', args: { source: orders.name, sheet_name: 'Orders', totals: true, columns: [{ header: 'Order' }, { header: 'Date', type: 'date' }, { header: 'Region' }, { header: 'Product' }, { header: 'Units', type: 'integer' }, { header: 'Unit price', type: 'currency' }, { header: 'Discount', type: 'percent' }] } },
    { tool: 'set_cells', args: { sheet: 'Orders', start: 'H1', rows: [['Net revenue']], style: 'header', number_format: 'currency' } },
    { tool: 'set_cells', args: { sheet: 'Orders', start: 'H2', rows: Array.from({ length: orders.rows.length }, (_, i) => [`=E${i + 2}*F${i + 2}*(1-G${i + 2})`]), number_format: 'currency' } },
    { tool: 'add_sheet', args: { name: 'By region', position: 1, title: 'Net revenue by region', subtitle: `SUMIF formulas over the Orders sheet (${orders.rows.length} sample order lines).` } },
    { tool: 'set_cells', args: { sheet: 'By region', start: 'A4', rows: [['Region', 'Orders', 'Units', 'Net revenue', 'Share']], style: 'header' } },
    {
      tool: 'set_cells',
      args: {
        sheet: 'By region', start: 'A5',
        rows: regions.map((r, i) => [r, `=COUNTIF(Orders!C2:C${last},A${i + 5})`, `=SUMIF(Orders!C2:C${last},A${i + 5},Orders!E2:E${last})`, `=SUMIF(Orders!C2:C${last},A${i + 5},Orders!H2:H${last})`, `=D${i + 5}/SUM($D$5:$D$9)`]),
      },
    },
    { tool: 'set_cells', args: { sheet: 'By region', start: 'A10', rows: [['Total', '=SUM(B5:B9)', '=SUM(C5:C9)', '=SUM(D5:D9)', '=SUM(E5:E9)']], style: 'total' } },
    { tool: 'format_range', args: { sheet: 'By region', range: 'B5:C10', number_format: 'integer' } },
    { tool: 'format_range', args: { sheet: 'By region', range: 'D5:D10', number_format: 'currency' } },
    { tool: 'format_range', args: { sheet: 'By region', range: 'E5:E10', number_format: 'percent' } },
    { tool: 'add_table', args: { sheet: 'By region', range: 'A4:E9', name: 'RegionSummary' } },
    { tool: 'add_chart', args: { sheet: 'By region', kind: 'column', categories: 'A5:A9', series: [{ name: 'Net revenue', values: 'D5:D9' }], title: 'Net revenue by region', position: 'G2', width_columns: 9 } },
    { tool: 'add_chart', args: { sheet: 'By region', kind: 'doughnut', categories: 'A5:A9', series: [{ name: 'Share', values: 'D5:D9' }], title: 'Share of net revenue', position: 'G19', width_columns: 9 } },
    { tool: 'set_layout', args: { sheet: 'By region', show_gridlines: false } },
    { tool: 'finish', args: { summary: 'Imported the 600 orders as a table with a net-revenue column, and summarised them by region with SUMIF formulas, a column chart and a doughnut chart.' } },
  ],
};

const brandedPrompt = `# Northwind Traders budget 2025

## Budget by department
| Department | Budget 2024 | Budget 2025 |
|---|---|---|
| Sales | $820,000 | $905,000 |
| Marketing | $410,000 | $468,000 |
| Operations | $655,000 | $672,500 |
| Research | $390,000 | $445,000 |
| Support | $215,000 | $228,000 |

Approved by: Finance committee
Approval date: 2024-12-12
`;

const brandLogo = image('logo', 'northwind-logo.png', logo('#0F766E', '#F59E0B'), 360, 120, 'Northwind Traders');
const brand = { primaryColor: '0F766E', secondaryColor: 'F59E0B', font: 'Liberation Sans', logo: brandLogo };
const brandInputs = { contextFiles: [], dataSources: [], images: [], brand };
// The builtin plan for the prompt, then the calls a model would add: a change column, the logo, a tab colour.
const brandedPlan: PlannedToolCall[] = adapter.plan({ prompt: brandedPrompt, mode: 'action', editing: false }, adapter.create(), brandInputs).calls;

const branded: Sample = {
  name: 'excel-branded',
  description: 'A budget in the Northwind brand: teal and amber theme, brand font and logo, live year-on-year change column and a chart in brand colours.',
  prompt: brandedPrompt,
  brand,
  calls: [
    ...brandedPlan,
    { tool: 'set_cells', args: { sheet: 'Budget by department', start: 'D1', rows: [['Change']], style: 'header', number_format: 'percent' } },
    { tool: 'set_cells', args: { sheet: 'Budget by department', start: 'D2', rows: [2, 3, 4, 5, 6].map((r) => [`=C${r}/B${r}-1`]), number_format: 'percent' } },
    { tool: 'insert_image', args: { sheet: 'Summary', image_id: 'logo', position: 'J1', width: 150 } },
    { tool: 'set_layout', args: { sheet: 'Summary', tab_color: '#0F766E' } },
    { tool: 'finish', args: { summary: 'Built the Northwind budget 2025 in the brand: Summary of live totals with a chart, the department budget with a change column, and the logo.' } },
  ],
};

export const samples: Sample[] = [business, dataHeavy, branded];
