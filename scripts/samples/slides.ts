// The Slides samples of the gallery: a business review planned by the builtin engine from a markdown
// prompt and a data source; a data-heavy deck built with the tool calls a model would make (charts of
// every kind, split tables, two-column slides); and a branded deck (colours, font, logo, photos).
import type { DataTable } from '../../src/documents/agent/format-adapter.ts';
import { logo, photo } from './png-art.ts';
import { image, type Sample } from './sample.ts';

const inline = (name: string, columns: string[], rows: (string | number)[][]): DataTable => ({ name, columns, rows, source: { kind: 'inline' } });

const revenue = inline('Quarterly revenue', ['Quarter', 'Revenue ($M)', 'Operating cost ($M)'], [['Q1 2025', 3.1, 2.4], ['Q2 2025', 3.4, 2.5], ['Q3 2025', 3.6, 2.5], ['Q4 2025', 4.0, 2.6], ['Q1 2026', 4.2, 2.7], ['Q2 2026', 4.6, 2.8]]);

const business: Sample = {
  name: 'slides-business-report',
  description: 'Quarterly business review from a markdown prompt and one data source, planned by the builtin engine (midnight theme).',
  prompt: `# Quarterly Business Review
Q2 2026 · Prepared for the leadership team

## Agenda
- Highlights of the quarter
- Revenue and cost trend
- Risks and mitigations
- Decisions we need

## Highlights of the quarter
- **Revenue** reached $4.6M, up 15% on Q2 2025
- **Gross margin** improved to 71% after the hosting renegotiation
- Three new regions live: Nordics, Iberia and Benelux
- Net revenue retention held at 112%
Notes: Lead with revenue and margin; the regions are the story of the next two quarters.

## Risks and mitigations
- SMB churn rose to 4.1% this quarter
  - Concentrated in accounts under $5k ARR
  - Onboarding revamp ships in August
- Sales hiring is two heads behind plan
- Currency exposure grows with the new regions

> Folio cut our month-end reporting from three days to one morning. — Maria Lopes, Head of Finance

## Decisions we need
- Approve the Q3 hiring plan (6 roles)
- Fund the onboarding revamp ($180k)
- Agree the Nordic pricing in EUR`,
  dataSources: [revenue],
};

const regions = inline('Regional sales', ['Region', 'Q1 revenue', 'Q2 revenue', 'Growth', 'Accounts', 'Owner'], [
  ['North America', '$1,420,000', '$1,530,000', '7.7%', 412, 'J. Park'], ['United Kingdom', '$610,000', '$655,000', '7.4%', 188, 'A. Reid'],
  ['Germany', '$540,000', '$598,000', '10.7%', 171, 'L. Braun'], ['France', '$388,000', '$402,000', '3.6%', 120, 'C. Martin'],
  ['Nordics', '$140,000', '$231,000', '65.0%', 64, 'E. Lind'], ['Iberia', '$96,000', '$158,000', '64.6%', 51, 'R. Sousa'],
  ['Benelux', '$122,000', '$171,000', '40.2%', 58, 'M. de Vries'], ['Italy', '$201,000', '$214,000', '6.5%', 77, 'G. Rossi'],
  ['Poland', '$74,000', '$88,000', '18.9%', 33, 'K. Nowak'], ['Switzerland', '$165,000', '$172,000', '4.2%', 49, 'S. Keller'],
  ['Austria', '$58,000', '$66,000', '13.8%', 21, 'H. Gruber'], ['Ireland', '$83,000', '$97,000', '16.9%', 30, "S. O'Neill"],
  ['Japan', '$212,000', '$226,000', '6.6%', 70, 'Y. Sato'], ['Australia', '$175,000', '$189,000', '8.0%', 62, 'T. Walsh'],
]);
const users = inline('Monthly active users', ['Month', 'Web', 'Mobile'], [
  ['Jan', 41200, 18300], ['Feb', 42900, 19800], ['Mar', 45100, 22400], ['Apr', 46800, 24900], ['May', 48300, 27600], ['Jun', 51900, 30100],
  ['Jul', 52400, 31800], ['Aug', 53100, 33900], ['Sep', 56800, 36200], ['Oct', 58900, 38800], ['Nov', 61200, 41500], ['Dec', 63900, 44800],
]);
const mix = inline('Revenue mix', ['Plan', 'Share of revenue'], [['Enterprise', 54], ['Business', 27], ['Team', 14], ['Starter', 5]]);
const costs = inline('Cost breakdown', ['Cost line', 'Budget ($k)', 'Actual ($k)'], [['Hosting', 820, 760], ['Salaries', 3100, 3240], ['Marketing', 640, 590], ['Support', 410, 455], ['Tools', 180, 171]]);

const dataHeavy: Sample = {
  name: 'slides-data-heavy',
  description: 'Operations metrics deck built with the tool calls a model makes: line, bar and pie charts from four data sources, a 14-row table split over two slides, two-column slides (evergreen theme).',
  prompt: 'Operations metrics for H1 2026 from the attached data sources.',
  dataSources: [regions, users, mix, costs],
  calls: [
    { tool: 'set_theme', args: { theme: 'evergreen' } },
    { tool: 'add_slide', args: { layout: 'title', title: 'Operations metrics, H1 2026', subtitle: 'Usage, revenue and cost from the operations data warehouse' } },
    { tool: 'add_slide', args: { layout: 'section', title: 'Usage', subtitle: 'Monthly active users by platform' } },
    { tool: 'add_chart', args: { title: 'Mobile is closing the gap on web', chart: { type: 'line', data_source: 'Monthly active users' }, notes: 'Web grew from 41.2k to 63.9k monthly users; mobile more than doubled, from 18.3k to 44.8k.' } },
    { tool: 'add_slide', args: { layout: 'section', title: 'Revenue', subtitle: 'Regions and plans' } },
    { tool: 'add_table', args: { title: 'Regional sales, Q1 to Q2', table: { data_source: 'Regional sales', first_row: 1, row_count: 7 }, notes: 'The first seven regions by size; the Nordics and Iberia grew fastest from a small base.' } },
    { tool: 'add_table', args: { title: 'Regional sales, Q1 to Q2 (continued)', table: { data_source: 'Regional sales', first_row: 8, row_count: 7 }, notes: 'The remaining seven regions.' } },
    { tool: 'add_slide', args: { layout: 'two-column', title: 'Enterprise plans bring over half of revenue', columns: [
      { heading: 'What the mix says', bullets: ['**Enterprise** is 54% of revenue', '**Business** and **Team** together are 41%', 'Starter is 5%: a funnel, not a revenue line'] },
      { heading: 'Share of revenue by plan', chart: { type: 'pie', data_source: 'Revenue mix' } },
    ], notes: 'Enterprise carries the business; Starter matters as the entry point to paid plans.' } },
    { tool: 'add_slide', args: { layout: 'section', title: 'Cost' } },
    { tool: 'add_chart', args: { title: 'Costs against budget', chart: { type: 'bar', data_source: 'Cost breakdown' }, caption: 'Salaries and support ran over budget; hosting and marketing under.', notes: 'Salaries ran $140k over, support $45k over; hosting came in $60k under after the renegotiation.' } },
    { tool: 'add_slide', args: { layout: 'closing', title: 'Questions', subtitle: 'Data: operations warehouse, exported July 2026' } },
  ],
};

const PURPLE = '#5B2A86';
const GOLD = '#F2A541';
const branded: Sample = {
  name: 'slides-branded',
  description: 'A branded launch deck: brand colours, font and logo on every slide, photos placed from image assets, a quote and two-column layouts (ivory theme with brand overrides).',
  prompt: 'Launch deck for Aurora, our new scheduling assistant.',
  images: [
    image('img_sample_team', 'team.png', photo('#5B2A86', '#F2A541'), 1200, 700, 'The Aurora team at the launch offsite'),
    image('img_sample_app', 'app.png', photo('#2E1A47', '#7FB7BE', 900, 900), 900, 900, 'Aurora on the phone: the week at a glance'),
  ],
  brand: { primaryColor: PURPLE.slice(1), secondaryColor: GOLD.slice(1), font: 'Liberation Sans', logo: image('img_sample_logo', 'logo.png', logo(PURPLE, GOLD), 360, 120) },
  calls: [
    { tool: 'set_theme', args: { theme: 'ivory' } },
    { tool: 'add_slide', args: { layout: 'title', title: 'Introducing Aurora', subtitle: 'The scheduling assistant that plans your week for you' } },
    { tool: 'add_slide', args: { layout: 'bullets', title: 'Why we built Aurora', bullets: ['Knowledge workers spend **4.8 hours a week** arranging meetings', 'Calendars know when you are free, not when you can focus', 'Teams across time zones lose a day per decision'], notes: 'Start with the pain: the hours lost, the focus lost, and the time zones.' } },
    { tool: 'add_slide', args: { layout: 'two-column', title: 'What Aurora does', columns: [
      { heading: 'For you', bullets: ['Protects focus blocks automatically', 'Suggests the best slot for every invite', 'Moves low-priority meetings when plans change'] },
      { heading: 'In the app', image: { image_id: 'img_sample_app' }, caption: 'The week at a glance' },
    ], notes: 'Walk through the three behaviours, then show the week view.' } },
    { tool: 'insert_image', args: { title: 'Built by a team that lives in five time zones', image: { image_id: 'img_sample_team' }, caption: 'The Aurora team at the launch offsite', notes: 'The team is the product: five time zones, one calendar.' } },
    { tool: 'add_slide', args: { layout: 'quote', title: 'From the beta', quote: { text: 'Aurora gave my team back Wednesday afternoons. We did not notice the meetings move; we noticed the work get done.', attribution: 'Priya Nair, Engineering Manager, beta customer' } } },
    { tool: 'add_slide', args: { layout: 'table', title: 'Plans and pricing', table: { columns: ['Plan', 'Price per user', 'Best for'], rows: [['Personal', 'Free', 'One calendar, focus blocks'], ['Team', '$8 / month', 'Shared scheduling, up to 50 people'], ['Business', '$15 / month', 'SSO, admin controls, analytics']] }, notes: 'Pricing is per user per month; Business adds the controls IT asks for.' } },
    { tool: 'add_slide', args: { layout: 'closing', title: 'Aurora is live today', subtitle: 'aurora.example.com · launch@aurora.example.com', bullets: ['Free for personal use', 'Team trials open this week'] } },
  ],
};

export const samples: Sample[] = [business, dataHeavy, branded];
