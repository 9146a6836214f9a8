// The Word samples of the gallery: a board-level business report written the way a model drives the
// tools, a data-heavy pack built by the builtin engine from data sources, and a branded proposal.
import type { DataTable } from '../../src/documents/agent/format-adapter.ts';
import { barChart, logo, photo } from './png-art.ts';
import { contextFile, image, type Sample } from './sample.ts';

const regions: DataTable = {
  name: 'Revenue by region', columns: ['Region', 'Q2 2026 ($k)', 'Q3 2026 ($k)', 'Change'],
  rows: [['North America', 4210, 4630, '+10.0%'], ['Europe', 2980, 3105, '+4.2%'], ['Asia Pacific', 1450, 1720, '+18.6%'], ['Latin America', 610, 645, '+5.7%']],
  source: { kind: 'inline' },
};

const memo = contextFile(1, 'board-memo-2026-10.txt', 'Q3 revenue reached $10.1 million, 9.3% above Q2. Gross margin held at 41%. The Singapore warehouse opened on 2 September and now serves all Asia Pacific orders. Two enterprise renewals (Contoso and Fabrikam) were signed for three years.');

const businessReport: Sample = {
  name: 'word-business-report',
  description: 'A board business review as a provider model builds it: title page, contents, KPI table, a regional table from a data source, a chart, lists, a risk register and cited figures.',
  prompt: 'Write the Q3 2026 business review for the board',
  contextFiles: [memo],
  dataSources: [regions],
  images: [image('img_chart', 'revenue-chart.png', barChart([[4210, 2980, 1450, 610], [4630, 3105, 1720, 645]], ['#9FB3C8', '#1F3A5F']), 1200, 600, 'Quarterly revenue by region, Q2 (light) and Q3 (dark), $k')],
  calls: [
    { tool: 'set_document', args: { title: 'Q3 2026 Business Review', subtitle: 'Northwind Traders · Prepared for the Board of Directors · October 2026', footer_text: 'Northwind Traders · Confidential' } },
    { tool: 'add_table_of_contents', args: { title: 'Contents', max_level: 2 } },
    { tool: 'add_content', args: { markdown: `# Executive summary

Northwind closed the third quarter with revenue of **$10.1 million**, up **9.3%** on the second quarter, while gross margin held at **41%** [^1]. Growth came from every region, led by Asia Pacific after the opening of the Singapore warehouse.

Two enterprise customers renewed for three years, which secures about a fifth of next year's recurring revenue. The main risks for Q4 are freight costs and the pace of hiring in support.

| Indicator | Q2 2026 | Q3 2026 | Trend |
|---|--:|--:|---|
| Revenue | $9.25m | $10.10m | Up 9.3% |
| Gross margin | 41.2% | 41.0% | Stable |
| Active customers | 1,842 | 1,967 | Up 6.8% |
| Net promoter score | 46 | 51 | Up 5 points |

# Financial performance

## Revenue by region

All four regions grew in the quarter. Asia Pacific grew fastest as orders moved to the new warehouse and delivery times fell from nine days to four.` } },
    { tool: 'add_table', args: { data_source: 'Revenue by region', caption: 'Revenue by region, Q2 and Q3 2026' } },
    { tool: 'insert_image', args: { image_id: 'img_chart', width_percent: 90 } },
    { tool: 'add_content', args: { markdown: `## Costs and margin

Freight costs rose 6% on the quarter, absorbed by a better product mix. Operating expenses were *on budget*.

# Operations

- **Singapore warehouse** opened on 2 September [^1]
  - serves all Asia Pacific orders
  - average delivery time down to four days
- Customer support answered 94% of tickets within one business day
- Two enterprise renewals signed: Contoso and Fabrikam

Initiatives for the fourth quarter:

1. Hire six support engineers in Europe
2. Move the returns process onto the new order system
3. Renegotiate the two largest freight contracts

# Risks and mitigations

| Risk | Likelihood | Impact | Mitigation |
|---|---|---|---|
| Freight rates rise again in Q4 | Medium | High | Fix rates for the two main lanes until March; pass on a fuel surcharge above a set threshold. |
| Support hiring falls behind plan | Medium | Medium | Use the partner agency for up to four contract engineers while recruiting continues. |
| Currency moves against EUR revenue | Low | Medium | Hedge 60% of expected EUR receipts for the next two quarters. |

# Outlook

We expect fourth-quarter revenue between **$10.4 million and $10.8 million**, with margin between 40% and 42%.

(note) The outlook assumes freight rates stay within 5% of their September level and no further change in the EUR/USD rate.

> "The quarter shows that investing in delivery speed pays back quickly." Chief Executive Officer` } },
    { tool: 'finish', args: { summary: 'Wrote the Q3 2026 business review: executive summary with KPIs, regional revenue table and chart, operations, risks and outlook, citing the board memo.' } },
  ],
};

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthly: DataTable = {
  name: 'Monthly sales FY2025-FY2026', columns: ['Month', 'Orders', 'Units', 'Revenue ($)', 'Returns', 'Margin %'],
  rows: Array.from({ length: 24 }, (_, i) => {
    const orders = 1800 + ((i * 137) % 600) + i * 25;
    return [`${months[i % 12]} ${2025 + Math.floor(i / 12)}`, orders, orders * 3 + ((i * 71) % 200), orders * 54 + ((i * 997) % 5000), 40 + ((i * 13) % 35), 38 + ((i * 7) % 6) + 0.5];
  }),
  source: { kind: 'inline' },
};
const stores: DataTable = {
  name: 'Store performance', columns: ['Store', 'City', 'Manager', 'Opened', 'Staff', 'Area m²', 'Revenue ($k)', 'Visits (k)', 'Conversion %'],
  rows: ['Harbour Point', 'Leith Walk', 'Old Town', 'Riverside', 'Market Cross', 'Castle Gate', 'Northgate', 'Station Square', 'Canal Street', 'Hillhead', 'Westfield', 'Southbank']
    .map((s, i) => [s, ['Edinburgh', 'Glasgow', 'Leeds', 'York', 'Manchester', 'Bristol'][i % 6], ['A. Patel', 'J. Moreno', 'K. Osei', 'L. Chen', 'M. Novak', 'R. Silva'][i % 6], `20${14 + (i % 10)}-0${1 + (i % 9)}-15`, 9 + (i % 7), 240 + i * 35, 820 + ((i * 173) % 900), 41 + ((i * 29) % 60), 14 + ((i * 3) % 9) + 0.4]),
  source: { kind: 'inline' },
};

const skus: DataTable = {
  name: 'Product catalogue', columns: ['SKU', 'Product', 'Category', 'Unit price ($)', 'Units sold', 'Stock'],
  rows: Array.from({ length: 80 }, (_, i) => {
    const cat = ['Kitchen', 'Garden', 'Lighting', 'Storage', 'Textiles'][i % 5];
    const item = ['Oak shelf', 'Steel planter', 'Desk lamp', 'Linen throw', 'Glass jar', 'Bamboo tray', 'Wall hook', 'Floor cushion'][i % 8];
    return [`NW-${String(1000 + i * 7)}`, `${item} ${['S', 'M', 'L', 'XL'][i % 4]}`, cat, 4.5 + ((i * 37) % 120) + 0.99, 120 + ((i * 211) % 2400), (i * 53) % 400];
  }),
  source: { kind: 'inline' },
};

const dataPack: Sample = {
  name: 'word-data-pack',
  description: 'A data-heavy pack from the builtin engine: the structured prompt as written, then every data source as a captioned table with computed totals and ranges (including a nine-column table and an 80-row catalogue), and a table of contents.',
  prompt: ['Create the retail data pack:', '# Retail Data Pack FY2026', '## About this pack', 'This pack collects the monthly sales series and the store table used in the annual plan. Figures are unaudited management numbers.',
    '## How to read the tables', '- Revenue is in US dollars, before returns', '- Margin is gross margin after freight', '- Conversion is orders divided by store visits'].join('\n'),
  dataSources: [monthly, stores, skus],
};

const green = '0B6E4F';
const amber = 'F2A541';
const proposal: Sample = {
  name: 'word-branded-proposal',
  description: 'A branded proposal from the builtin engine: brand font and colours, the logo in every page header, key facts, a pricing table, a timeline and a captioned photo.',
  prompt: ['Create this proposal:', '# Greenline Facilities: Energy Retrofit Proposal', 'Client: Harbour City Council', 'Prepared by: Greenline Facilities Ltd', 'Date: 14 November 2026', 'Reference: GL-2026-118',
    '## Summary', 'Greenline proposes to retrofit the four council office buildings with heat pumps, LED lighting and building controls. The work cuts energy use by an estimated **38%** and pays back in under seven years.',
    '## Scope of work', '- Air-source heat pumps for the Civic Centre and the Library', '- LED lighting with daylight sensors in all four buildings', '- A single building management system with remote monitoring',
    '## Pricing', '| Item | Buildings | Cost (£) |', '|---|---|--:|', '| Heat pumps | 2 | 1,240,000 |', '| LED lighting | 4 | 310,000 |', '| Building controls | 4 | 185,000 |', '| **Total** | | **1,735,000** |',
    '## Timeline', '1. Surveys and design: January to February 2027', '2. Installation: March to August 2027', '3. Commissioning and handover: September 2027',
    '## Next steps', 'On approval, Greenline will start the building surveys within two weeks.'].join('\n'),
  images: [image('img_site', 'civic-centre.png', photo('#0B6E4F', '#F2A541'), 1200, 700, 'Civic Centre, the first building in the programme')],
  brand: { primaryColor: green, secondaryColor: amber, font: 'Arial', logo: image('img_logo', 'greenline-logo.png', logo(`#${green}`, `#${amber}`), 360, 120) },
};

export const samples: Sample[] = [businessReport, dataPack, proposal];
