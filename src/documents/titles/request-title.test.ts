// The title and the download name of the document a request asks for, on requests as users type them
// (English, German, Spanish, French): instructions and containers are taken off, the subject stays,
// and nothing is cut inside a number, an amount, a percentage, an abbreviation or a URL.
import { describe, expect, it } from 'vitest';
import { asciiFileName, displayName, downloadName, MAX_DOWNLOAD_NAME } from './download-name.ts';
import { titleCase, titleFromRequest } from './request-title.ts';

const REQUESTS: [string, string][] = [
  // The example: cut neither at "6." nor inside "$300,000"; the trailing detail goes.
  ['A repayment schedule for a $300,000 mortgage at 6.5% over 30 years, monthly payments', 'Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years'],
  ['Make me a deck on the energy transition for investors', 'Energy Transition for Investors'],
  ['A deck on Q3 results', 'Q3 Results'],
  // A flyer is a container; when and where it happens are details.
  ['a one-page flyer for our bake sale on Saturday May 10 from 10am to 2pm at Lincoln Elementary', 'Bake Sale'],
  ['Monthly budget as a table:', 'Monthly Budget'],
  // A clause of its own after a comma is no list item: the subject ends there.
  ['write a resignation letter to my manager Sarah, my last day is December 15, thank her for the mentoring', 'Resignation Letter to My Manager Sarah'],
  ['Create a quarterly business review covering revenue and churn', 'Quarterly Business Review'],
  // Who it is for, said as the writer's own, is not part of the title; a group named as such is.
  ['lesson plan on fractions for my 4th grade class', 'Lesson Plan on Fractions'],
  ['onboarding guide for our new hires', 'Onboarding Guide'],
  ['quiz on the solar system for high school students', 'Quiz on the Solar System for High School Students'],
  ['I need a budget for a 3-day offsite in Lisbon for 25 people', 'Budget for a 3-Day Offsite in Lisbon for 25 People'],
  ['Can you write a memo to staff about the new parking policy?', 'New Parking Policy'],
  ['Write a one-page summary of Acme Inc. earnings for Q2 2024.', 'Summary of Acme Inc. Earnings for Q2 2024'],
  ['one pager on our new parental leave policy: 16 weeks paid, starts January 1', 'New Parental Leave Policy'],
  ['write a one-pager about the Q3 roadmap', 'Q3 Roadmap'],
  ['Please create a spreadsheet tracking my monthly expenses, with categories', 'Monthly Expenses'],
  ['Make a 10-slide deck about our v2.1 release. Include a roadmap.', 'v2.1 Release'],
  ['Compare e.g. AWS, Azure and GCP pricing for a startup', 'Comparison of e.g. AWS, Azure and GCP Pricing for a Startup'],
  ['Summarize https://example.com/report.pdf for the board', 'Summary of https://example.com/report.pdf for the Board'],
  ['A sales report for North, South, East and West regions', 'Sales Report for North, South, East and West Regions'],
  ['Project plan for the website redesign: phases, owners, risks', 'Project Plan for the Website Redesign'],
  ['Give me a 5-year revenue forecast growing 12% per year', '5-Year Revenue Forecast Growing 12% per Year'],
  ['Build an onboarding checklist for new engineers', 'Onboarding Checklist for New Engineers'],
  ['Write a cover letter for a senior data analyst role at Spotify', 'Cover Letter for a Senior Data Analyst Role at Spotify'],
  ['hey can you make me a slide deck about why cats are great', 'Why Cats Are Great'],
  ['Prepare a board update for FY2025 with revenue of $4.2M (up 18%) and EBITDA of 1.1M', 'Board Update for FY2025'],
  ['I\'d like a presentation about the history of the Roman Empire', 'History of the Roman Empire'],
  ['Create an invoice template for Smith & Co. consulting services', 'Invoice Template for Smith & Co. Consulting Services'],
  ['Draft a press release announcing our Series A of $12.5 million.', 'Press Release Announcing Our Series A of $12.5 Million'],
  ['Could you please put together a training plan for a half marathon in 12 weeks', 'Training Plan for a Half Marathon in 12 Weeks'],
  ['Generate a workbook comparing 2023 vs. 2024 sales by region', '2023 vs. 2024 Sales by Region'],
  ['Weekly meal plan for a family of four, vegetarian', 'Weekly Meal Plan for a Family of Four'],
  ['Create a loan amortization table: $25,000 at 4.9% APR, 60 months', 'Loan Amortization Table'],
  ['Write an employee handbook for a 50-person startup. It should cover leave, travel and expenses.', 'Employee Handbook for a 50-Person Startup'],
  ['A pitch deck for a coffee subscription startup', 'Pitch Deck for a Coffee Subscription Startup'],
  ['Make a spreadsheet to track our marketing budget per channel', 'Marketing Budget per Channel'],
  ['Quarterly OKR review for the platform team (Q4 2024)', 'Quarterly OKR Review for the Platform Team (Q4 2024)'],
  ['Analyze churn by cohort for the last 12 months', 'Analysis of Churn by Cohort for the Last 12 Months'],
  ['We need a risk register for the data center migration, e.g. outages and delays', 'Risk Register for the Data Center Migration'],
  ['Create a 3-slide intro to our product, with a title slide', 'Intro to Our Product'],
  ['Write meeting minutes for the 14.03.2025 board meeting', 'Meeting Minutes for the 14.03.2025 Board Meeting'],
  ['# Northwind FY26 Plan\n\n- revenue\n- hiring', 'Northwind FY26 Plan'],
  ['Write a report titled "State of the Market 2025" for the board', 'State of the Market 2025'],
  ['Title: Vendor comparison\nCompare three vendors on price and support.', 'Vendor comparison'],
  ['Q3 2024 sales report', 'Q3 2024 Sales Report'],
  ['Slides about our product roadmap for 2025 and beyond', 'Product Roadmap for 2025 and Beyond'],
  ['An Excel file with monthly sales by region', 'Monthly Sales by Region'],
  ['I want a presentation for my team about the new CRM', 'New CRM'],
  ['A spreadsheet for Q3 sales of our shops', 'Q3 Sales of Our Shops'],
  ['Write a blog post about remote work', 'Blog Post About Remote Work'],
  // German
  ['Erstelle eine Präsentation über die Energiewende in Deutschland', 'Energiewende in Deutschland'],
  ['Erstelle mir bitte eine Tabelle mit den Quartalsumsätzen 2024', 'Quartalsumsätzen 2024'],
  ['Schreibe einen Bericht über die Umsatzentwicklung 2024, z.B. nach Regionen', 'Bericht über die Umsatzentwicklung 2024'],
  ['Ich brauche einen Tilgungsplan für ein Darlehen über 250.000 € zu 3,5 %', 'Tilgungsplan für ein Darlehen über 250.000 € zu 3,5 %'],
  // Spanish
  ['Crea una presentación sobre la transición energética en España', 'Transición energética en España'],
  ['Necesito un presupuesto mensual para un restaurante pequeño', 'Presupuesto mensual para un restaurante pequeño'],
  ['Hazme una hoja de cálculo de gastos del viaje a Madrid', 'Gastos del viaje a Madrid'],
  // French
  ['Fais-moi une présentation sur la transition énergétique', 'Transition énergétique'],
  ["J'ai besoin d'un budget prévisionnel pour une boulangerie", 'Budget prévisionnel pour une boulangerie'],
  ['Rédige un compte rendu de la réunion du 3 mars', 'Compte rendu de la réunion du 3 mars'],
  // A German ordinal day before its month ("vom 12. Mai") ends no sentence.
  ['Schreibe einen Brief an Herrn Müller wegen der verspäteten Lieferung vom 12. Mai', 'An Herrn Müller wegen der verspäteten Lieferung vom 12. Mai'],
];

describe('titleFromRequest', () => {
  it.each(REQUESTS)('%s', (request, title) => {
    expect(titleFromRequest(request)).toBe(title);
  });

  it('holds at least 40 requests', () => expect(REQUESTS.length).toBeGreaterThanOrEqual(40));

  it('never cuts a long request inside a token, and never ends on a small word', () => {
    const long = 'Create a detailed financial model for the acquisition of Globex Corporation by Initech at $12.75 per share with synergies of 8.5% and a 3.2x multiple';
    const title = titleFromRequest(long);
    expect(title.length).toBeLessThanOrEqual(80);
    for (const word of title.split(' ')) expect(long).toMatch(new RegExp(`(^|\\s)${word.replace(/[$.*+?()[\]{}|\\^]/g, '\\$&')}(\\s|$)`, 'i'));
    expect(title).not.toMatch(/\s(for|of|by|at|a|the|and)$/i);
  });

  it('title-cases English words but keeps acronyms, amounts, versions and URLs as written', () => {
    expect(titleCase('the q3 review of iPhone sales at 6.5% via www.example.com')).toBe('The Q3 Review of iPhone Sales at 6.5% via www.example.com');
    expect(titleCase('year-over-year growth of $1,200')).toBe('Year-over-Year Growth of $1,200');
  });
});

describe('downloadName', () => {
  const names = REQUESTS.map(([request]) => downloadName(titleFromRequest(request), 'xlsx', 'Excel'));

  it('is a short readable slug of the title, without $, % or ,', () => {
    expect(downloadName('Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years', 'xlsx', 'Excel')).toBe('repayment-schedule-for-300000-mortgage-at-6.5pct.xlsx');
    expect(downloadName('Energiewende in Deutschland', 'pptx', 'Slides')).toBe('energiewende-in-deutschland.pptx');
    expect(downloadName('Transición energética en España', 'pptx', 'Slides')).toBe('transicion-energetica-en-espana.pptx');
    expect(downloadName('Budget für Straße & Brücke', 'docx', 'Word')).toBe('budget-fur-strasse-and-brucke.docx');
    expect(downloadName('v2.1 Release', 'pptx', 'Slides')).toBe('v2.1-release.pptx');
    expect(downloadName('', 'docx', 'Word')).toBe('word-document.docx');
    expect(downloadName('!!!', 'docx', 'Word')).toBe('word-document.docx');
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(MAX_DOWNLOAD_NAME);
      expect(name).toMatch(/^[\p{Ll}\p{Lo}\d]+(?:[.-][\p{Ll}\p{Lo}\d]+)*\.xlsx$/u);
      expect(name).not.toMatch(/[$%,]/);
    }
  });

  it('keeps the full title for filename*, with only what file systems refuse replaced', () => {
    expect(displayName('Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years', 'xlsx')).toBe('Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years.xlsx');
    expect(displayName('Plan: Q3 / Q4?', 'docx')).toBe('Plan - Q3 Q4.docx');
    expect(displayName('...', 'docx')).toBeNull();
  });

  it('gives any name an ASCII fallback: itself when plain, else its slug', () => {
    expect(asciiFileName('Q3 report.xlsx')).toBe('Q3 report.xlsx');
    expect(asciiFileName('Repayment Schedule for a $300,000 Mortgage at 6.5% over 30 Years.xlsx')).toBe('repayment-schedule-for-300000-mortgage-at-6.5pct.xlsx');
    expect(asciiFileName('Übersicht "neu".docx')).toBe('ubersicht-neu.docx');
    expect(asciiFileName('年度报告.pptx')).toBe('download.pptx');
  });
});
