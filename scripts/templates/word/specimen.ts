// The specimen report: the template with one of everything in its body (title, subtitle, contents,
// headings 1-4, body text with bold, italic, a link and a footnote, nested bullet and numbered lists,
// a table with its caption, a figure with its caption, a quote and a note), and the header and footer
// filled in, to render (soffice --headless --convert-to pdf; pdftoppm -png -r 60) and look at.
import { noteXml } from './notes-xml.ts';
import { packageParts, zipParts } from './package.ts';
import { Context, figurePlaceholder, heading, pageBreak, para, table, tableOfContents, type TocEntry } from './specimen-blocks.ts';

const TITLE = 'Q3 2026 Business Review';

/** The pages the headings land on (checked against the rendered specimen); the TOC caches them. */
const PAGE = { summary: 2, revenue: 2, costs: 2, operations: 3, outlook: 3 };

function body(ctx: Context, toc: TocEntry[]): string {
  const p = (text: string) => para(undefined, text, ctx);
  // The last item of a list gets a body paragraph's space after it, as the engine writes lists.
  const list = (style: string, items: [number, string][]) => items.map(([level, text], i) => para(`${style}${level ? level + 1 : ''}`, text, ctx,
    i === items.length - 1 ? { spacing: { after: 160 } } : {})).join('');
  return [
    heading(1, 'Executive summary', ctx, toc, PAGE.summary),
    p('Northwind closed the third quarter with revenue of **$10.1 million**, up **9.3%** on the second quarter, while gross margin held at 41%.^1 '
      + 'Growth came from every region, led by Asia Pacific after the opening of the Singapore warehouse.'),
    p('Two enterprise customers renewed for three years, which secures about a fifth of next year\u2019s recurring revenue. The main risks for Q4 are '
      + '*freight costs* and the pace of hiring in support; the full risk register is on the [board portal](https://example.com/board).'),
    para('Note', 'Figures in this review are unaudited management numbers. Revenue is in US dollars, before returns; margin is gross margin after freight.', ctx),
    heading(2, 'Revenue by region', ctx, toc, PAGE.revenue),
    p('All four regions grew in the quarter. Asia Pacific grew fastest as orders moved to the new warehouse and delivery times fell from nine days to four.'),
    para('Caption', 'Table 1. Revenue by region, Q2 and Q3 2026 ($k)', ctx, { keepNext: true }),
    table({
      header: ['Region', 'Q2 2026', 'Q3 2026', 'Change'],
      rows: [['North America', '4,210', '4,630', '+10.0%'], ['Europe', '2,980', '3,105', '+4.2%'], ['Asia Pacific', '1,450', '1,720', '+18.6%'], ['Latin America', '610', '645', '+5.7%']],
      total: ['Total', '9,250', '10,100', '+9.2%'],
      widths: [40, 20, 20, 20], numeric: [false, true, true, true],
    }, ctx),
    heading(3, 'Costs and margin', ctx, toc, PAGE.costs),
    p('Freight costs rose 6% on the quarter, absorbed by a better product mix. Operating expenses were *on budget*, with hiring in support slower than planned.'),
    figurePlaceholder('Figure: quarterly revenue by region'),
    para('Caption', 'Figure 1. Quarterly revenue by region, Q2 and Q3 2026 ($k)', ctx, { align: 'center' }),
    heading(4, 'Freight', ctx, toc, PAGE.costs),
    p('Rates on the two main lanes rose in July and eased in September; the fuel surcharge stayed below its threshold all quarter.'),
    heading(1, 'Operations', ctx, toc, PAGE.operations),
    p('The quarter\u2019s main operational changes:'),
    list('ListBullet', [
      [0, '**Singapore warehouse** opened on 2 September'],
      [1, 'serves all Asia Pacific orders'],
      [2, 'same-day dispatch for orders placed before noon'],
      [1, 'average delivery time down to four days'],
      [0, 'Customer support answered 94% of tickets within one business day'],
      [0, 'Two enterprise renewals signed: Contoso and Fabrikam'],
    ]),
    p('Initiatives for the fourth quarter:'),
    list('ListNumber', [
      [0, 'Hire six support engineers in Europe'],
      [0, 'Move the returns process onto the new order system'],
      [1, 'pilot in the United Kingdom in November'],
      [1, 'all of Europe by the end of January'],
      [2, 'with the partner agency covering peak weeks'],
      [0, 'Renegotiate the two largest freight contracts'],
    ]),
    heading(1, 'Outlook', ctx, toc, PAGE.outlook),
    p('We expect fourth-quarter revenue between **$10.4 million and $10.8 million**, with margin between 40% and 42%.'),
    para('Quote', '\u201CThe quarter shows that investing in delivery speed pays back quickly.\u201D \u2014 Chief Executive Officer', ctx),
    p('The board is asked to approve the hiring plan and the freight negotiation mandate.'),
  ].join('');
}

export function buildReportSpecimen(): Buffer {
  const ctx = new Context();
  const toc: TocEntry[] = [];
  const main = body(ctx, toc);
  const front = [
    para('Title', TITLE, ctx),
    para('Subtitle', 'Northwind Traders \u00B7 Prepared for the Board of Directors \u00B7 October 2026', ctx),
    para('TOCHeading', 'Contents', ctx),
    tableOfContents(toc),
    pageBreak(),
  ].join('');
  ctx.footnotes.push(noteXml('footnote', 1, 'Source: board memo 2026-10, management accounts for July to September.'));
  return zipParts(packageParts({ blocks: front + main, footnotes: ctx.footnotes, rels: ctx.rels, headerText: TITLE, footerText: 'Northwind Traders \u00B7 Confidential' }));
}
