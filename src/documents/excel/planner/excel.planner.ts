// The builtin engine's plan for a workbook. From the request (read by agent/understanding) and its
// data sources: one typed sheet per table (Excel table, frozen header, totals, growth for period series
// or when asked), the chart it asks for (else one per chartable table), and, with several tables or
// key/value facts or when asked, a Summary sheet of key figures that are live cross-sheet formulas. A
// request without data gets the sheets, columns and rows it describes, with labelled placeholders. Editing a workbook: new data becomes new sheets, and plain commands (add a sheet,
// rename, delete, move a chart, add a chart) are carried out; everything else is left as it is.
import type { AgentPlan, PlannedToolCall, PlanRequest, ResolvedInputs } from '../../agent/format-adapter.ts';
import { columnLetters, quoteSheetName } from '../a1.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { answerQuestion } from './ask-answer.ts';
import { planChart, planDataSource, SheetNamer, valueColumns, type PlannedSheet } from './data-plans.ts';
import { planEdits } from './edit-commands.ts';
import { readPromptData, type PromptData } from './prompt-data.ts';
import { parseMarkdown } from '../../agent/markdown.ts';
import { understand, type Understanding } from '../../agent/understanding/understand.ts';
import { cellCalls, inlineTableSheets, requestedChart, skeletonSheets } from './understood-workbook.ts';
import { loanIn } from '../../agent/understanding/loan.ts';
import { loanSchedule } from './loan-schedule.ts';
import { splitIn } from '../../agent/understanding/split.ts';
import { tiersIn } from '../../agent/understanding/tiers.ts';
import { allocationCalculator, splitCalculator, tieredCalculator } from './calculators.ts';
import { allocationIn } from '../../agent/understanding/allocation.ts';
import { gradebookIn } from '../../agent/understanding/gradebook.ts';
import { gradebookPlan } from './gradebook.ts';
import { savingsIn } from '../../agent/understanding/savings.ts';
import { savingsPlan } from './savings-plan.ts';
import { weightedGradesPlan } from './weighted-grades-plan.ts';
import { timesheetPlan } from './timesheet-plan.ts';
import { timesheetIn } from '../../agent/understanding/timesheet.ts';
import { weightedGradesIn } from '../../agent/understanding/weighted-grades.ts';
import { ratedCostsIn } from '../../agent/understanding/rated-costs.ts';
import { ratedBudgetPlan } from './rated-budget.ts';
import { laidOutName } from '../../agent/understanding/counted-comparison.ts';

/**
 * The calculator a request spells out, titled by what it works out ("Commission calculator", "Rent
 * split", "Wedding budget"). A total shared out by percentages is read even where its parts also read as
 * label/value pairs (`pairsOnly`: the request holds no table of its own).
 */
function calculatorFor(prompt: string, namer: SheetNamer, pairsOnly: boolean): AgentPlan | null {
  const grades = pairsOnly ? null : gradebookIn(prompt);
  if (grades) return gradebookPlan(grades, namer);
  // ("grade calculator: homework 20%, midterm 30%, final 50%": read before the pairs they also are.)
  const weighted = weightedGradesIn(prompt);
  if (weighted) return weightedGradesPlan(weighted, namer);
  const timesheet = pairsOnly ? null : timesheetIn(prompt);
  if (timesheet) return timesheetPlan(timesheet, namer);
  const savings = pairsOnly ? null : savingsIn(prompt);
  if (savings) return savingsPlan(savings, namer);
  const allocation = allocationIn(prompt);
  if (allocation) {
    const plan = allocationCalculator(allocation, allocation.what, namer);
    return { calls: [{ tool: 'set_workbook', args: { title: allocation.what } }, ...plan.calls], summary: plan.summary };
  }
  // ("split a $300 bill between 4 friends, Ana pays 40% and Ben pays 30%": the pairs are the named shares.)
  if (pairsOnly && !splitIn(prompt)?.fixed.length) return null;
  const tiers = pairsOnly ? null : tiersIn(prompt);
  const split = tiers ? null : splitIn(prompt);
  const title = tiers ? `${tiers.result} calculator` : split ? `${split.what} split` : null;
  if (!title) return null;
  const plan = tiers ? tieredCalculator(tiers, title, namer) : splitCalculator(split!, title, namer);
  return { calls: [{ tool: 'set_workbook', args: { title } }, ...plan.calls], summary: plan.summary };
}

const SCHEDULE_TITLE = { de: 'Tilgungsplan', es: 'Cuadro de amortización', fr: "Tableau d'amortissement" } as const;

/** Summary sheet: title, where the figures come from, then key figures as formulas and the prompt's facts. */
function summarySheet(title: string, sheets: PlannedSheet[], facts: [string, string][], namer: SheetNamer): { calls: PlannedToolCall[]; name: string; lastRow: number } {
  const name = namer.name('Summary');
  const sources = [...new Set(sheets.map((s) => s.source))];
  const note = sources.length ? `Key figures are live formulas over the data sheets (${sheets.map((s) => s.name).join(', ')}), built from ${sources.join(' and ')}.` : 'Figures as given in the request.';
  const calls: PlannedToolCall[] = [{ tool: 'add_sheet', args: { name, position: 1, title, subtitle: note } }];
  calls.push({ tool: 'set_cells', args: { sheet: name, start: 'A4', rows: [['Measure', 'Value']], style: 'header' } });
  let row = 5;
  for (const [label, value] of facts.slice(0, 30)) {
    calls.push({ tool: 'set_cells', args: { sheet: name, start: `A${row}`, rows: [[label, value]] } });
    row++;
  }
  for (const s of sheets) {
    const q = quoteSheetName(s.name);
    for (const c of valueColumns(s).slice(0, 3)) {
      const col = columnLetters(c);
      const range = `${q}!${col}2:${col}${s.rows + 1}`;
      const format = s.types[c];
      calls.push({ tool: 'set_cells', args: { sheet: name, start: `A${row}`, rows: [[`Total ${s.headers[c]} (${s.name})`, `=SUM(${range})`]], number_format: format } });
      calls.push({ tool: 'set_cells', args: { sheet: name, start: `A${row + 1}`, rows: [[`Average ${s.headers[c]} (${s.name})`, `=AVERAGE(${range})`]], number_format: format } });
      row += 2;
    }
  }
  calls.push({ tool: 'format_range', args: { sheet: name, range: `A5:A${Math.max(5, row - 1)}`, style: 'label' } });
  calls.push({ tool: 'set_layout', args: { sheet: name, show_gridlines: false } });
  return { calls, name, lastRow: row - 1 };
}

/** A workbook's name when the request gives nothing better. */
const DATA: Record<Understanding['language'], string> = { en: 'Data', de: 'Daten', es: 'Datos', fr: 'Données' };

/** The name of the first sheet and the workbook's title: a heading, a given name, else the subject. */
function nameFor(u: Understanding, inputs: ResolvedInputs): string {
  const subject = u.subject && u.subject.length <= 31 ? u.subject[0].toUpperCase() + u.subject.slice(1) : null;
  const label = u.label && u.label.length <= 31 ? u.label : null;
  // "Marketing budget for the product launch": the kind of workbook names it before its subject.
  const specific = u.kind !== 'workbook' && u.kind !== 'document' ? label : null;
  // "a budget for the summer team offsite": the bare kind takes its subject ("Summer team offsite budget").
  const bare = specific && u.subject && !/\s/.test(specific) ? `${u.subject} ${specific.toLowerCase()}` : null;
  if (bare && bare.length <= 31) return u.named ?? u.sheetNames[0] ?? bare[0].toUpperCase() + bare.slice(1);
  // ("chore chart for the kids", "study planner for finals week": a plan laid out by the day is named by what it is.)
  // ("comparing 3 apartments: rent, size": what is compared names it, "Apartment comparison".)
  const laidOut = laidOutName(u)?.slice(0, 31) ?? null;
  if (laidOut) return u.named ?? u.sheetNames[0] ?? laidOut;
  // "comparing AWS, Azure and GCP": what is compared names it.
  const compared = u.compared.length >= 2 ? (u.compared.join(' vs ').length <= 31 ? u.compared.join(' vs ') : u.language === 'en' ? 'Comparison' : null) : null;
  return u.named ?? u.sheetNames[0] ?? specific ?? subject ?? label ?? compared ?? inputs.dataSources[0]?.name ?? DATA[u.language];
}

export function planWorkbook(request: PlanRequest, doc: ExcelDocument, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return { calls: [], summary: answerQuestion(request.prompt, doc) };
  const data = readPromptData(request.prompt);
  const namer = new SheetNamer(doc);
  if (request.editing) return planEdits(request.prompt, doc, inputs, data, namer);
  const u = understand(request.prompt);
  // A loan or mortgage the request states in full: its repayment schedule, all live formulas over the inputs.
  const loan = inputs.dataSources.length || u.tables.some((t) => !t.inferredHeader) ? null : loanIn(request.prompt);
  if (loan) {
    const plan = loanSchedule(loan, u.language, namer);
    // The workbook is titled by what it is ("Mortgage repayment schedule"), in its file properties: no title row.
    const title = u.language === 'en' ? `${loan.label} repayment schedule` : SCHEDULE_TITLE[u.language];
    return { calls: [{ tool: 'set_workbook', args: { title } }, ...plan.calls], summary: plan.summary };
  }
  // A calculator the request spells out: tiered rates (commission, tax brackets) or a cost split.
  const calculator = inputs.dataSources.length || u.tables.some((t) => !t.inferredHeader) || u.language !== 'en' ? null : calculatorFor(request.prompt, namer, u.tables.length > 0);
  if (calculator) return calculator;
  // Costs at a rate with the counts they multiply (a trip: people, nights, days): a budget of live formulas.
  const rated = inputs.dataSources.length || u.tables.some((t) => !t.inferredHeader) || u.language !== 'en' ? null : ratedCostsIn(request.prompt);
  if (rated) {
    const name = nameFor(u, inputs);
    const plan = ratedBudgetPlan(rated, name === DATA.en ? 'Budget' : name, namer);
    return { calls: plan.calls, summary: plan.summary };
  }
  const heading = parseMarkdown(request.prompt).find((b) => b.type === 'heading');
  const title = (heading?.type === 'heading' ? heading.text.replace(/\*\*|__|`/g, '').trim() : null) ?? nameFor(u, inputs);
  const calls: PlannedToolCall[] = [];
  const sheets: PlannedSheet[] = [];
  for (const table of inputs.dataSources) {
    const p = planDataSource(namer.name(table.name), table);
    calls.push(p.call);
    sheets.push(p.sheet);
  }
  const typed = inlineTableSheets(u, u.tables, namer, title);
  calls.push(...typed.calls);
  sheets.push(...typed.sheets);
  const remarks: string[] = [];
  if (!sheets.length && !data.facts.length) {
    const skeleton = skeletonSheets(u, namer, title, data.listItems);
    calls.push(...skeleton.calls, ...cellCalls(u, skeleton.sheets));
    const chart = requestedChart(u, skeleton.sheets.filter((s) => s.rows));
    if (chart) calls.push(chart);
    return { calls, summary: skeleton.remarks.join(' ') };
  }
  // A Summary sheet earns its place with several tables, facts to list, or when asked for.
  const summary = sheets.length >= 2 || data.facts.length || /\b(summary|dashboard|overview|key figures|zusammenfassung|resumen|synthèse)\b/i.test(request.prompt)
    ? summarySheet(title, sheets, data.facts, namer) : null;
  if (summary) calls.push(...summary.calls);
  calls.push(...cellCalls(u, sheets));
  const charts: string[] = [];
  const asked = requestedChart(u, sheets);
  if (asked) {
    calls.push(asked);
    charts.push(`${asked.args.kind} chart "${asked.args.title}"`);
  } else {
    // One chart sits on the Summary sheet next to the key figures (a trend when there is one); the others beside their data.
    const featured = summary ? sheets.find((s) => s.periods && planChart(s, { sheet: s.name })) ?? sheets.find((s) => planChart(s, { sheet: s.name })) : undefined;
    for (const s of sheets.filter((x) => !typed.unchartable?.includes(x.name))) {
      const chart = planChart(s, { ...(s === featured ? { sheet: summary!.name, position: 'D4' } : { sheet: s.name }), language: u.language });
      if (chart) {
        calls.push(chart);
        charts.push(`${chart.args.kind} chart "${chart.args.title}"`);
      }
    }
  }
  const named = title === DATA[u.language] && sheets[0] ? sheets[0].name : title;
  const parts = [`Built the workbook "${named}"${summary ? `: a Summary sheet of key figures (live formulas${data.facts.length ? ' and the facts given' : ''})` : ''}`];
  // (Things compared by their specs have no totals row: the summary says which sheets have one.)
  const totalled = sheets.filter((s) => calls.some((c) => (c.tool === 'add_sheet' && c.args.name === s.name && c.args.totals) || (c.tool === 'import_data_source' && (c.args.sheet_name ?? c.args.source) === s.name && c.args.totals)));
  const totalsText = totalled.length === sheets.length ? ' and totals' : totalled.length ? `, and totals on ${totalled.map((s) => `"${s.name}"`).join(', ')}` : '';
  if (sheets.length) parts.push(`${sheets.length} data sheet${sheets.length === 1 ? '' : 's'} (${sheets.map((s) => `"${s.name}", ${s.rows} row${s.rows === 1 ? '' : 's'}`).join('; ')}) as Excel tables with typed columns, frozen headers${totalsText}`);
  if (charts.length) parts.push(`native ${charts.join(', ')}`);
  return { calls, summary: [`${parts.join('; ')}.`, ...typed.remarks, ...remarks].join(' ') };
}
