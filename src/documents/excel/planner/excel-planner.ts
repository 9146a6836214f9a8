// The builtin engine's plan for a workbook. From a structured prompt and the request's data sources:
// one typed sheet per table (Excel table, frozen header, totals, growth for period series), a native
// chart per chartable table, and a Summary sheet of key figures that are live cross-sheet formulas,
// plus the prompt's key/value facts. A free-form prompt gets a clearly labelled skeleton with
// placeholders. Editing a workbook: new data becomes new sheets, and plain commands (add a sheet,
// rename, delete, move a chart, add a chart) are carried out; everything else is left as it is.
import type { AgentPlan, PlannedToolCall, PlanRequest, ResolvedInputs } from '../../agent/format-adapter.ts';
import { columnLetters, quoteSheetName } from '../a1.ts';
import type { ExcelDocument } from '../excel-document.ts';
import { answerQuestion } from './ask-answer.ts';
import { planChart, planDataSource, planTableSheet, SheetNamer, valueColumns, type PlannedSheet } from './data-plans.ts';
import { planEdits } from './edit-commands.ts';
import { readPromptData, type PromptData } from './prompt-data.ts';

function dataSheets(data: PromptData, inputs: ResolvedInputs, namer: SheetNamer): { calls: PlannedToolCall[]; sheets: PlannedSheet[] } {
  const calls: PlannedToolCall[] = [];
  const sheets: PlannedSheet[] = [];
  for (const table of inputs.dataSources) {
    const p = planDataSource(namer.name(table.name), table);
    calls.push(p.call);
    sheets.push(p.sheet);
  }
  data.tables.forEach((t, i) => {
    const wanted = t.name ?? (i === 0 ? (data.title ?? 'Data') : `Table ${i + 1}`);
    const p = planTableSheet(namer.name(wanted), t.header, t.rows, 'the request');
    calls.push(p.call);
    sheets.push(p.sheet);
  });
  return { calls, sheets };
}

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

/** A free-form request: a labelled skeleton to fill in, built from the request's list items when it has some. */
function skeleton(title: string, data: PromptData, namer: SheetNamer): { calls: PlannedToolCall[]; summary: string } {
  const name = namer.name('Plan');
  const items = data.listItems.slice(0, 40);
  const rows = (items.length ? items : ['[Item 1]', '[Item 2]', '[Item 3]']).map((item) => [item, null, '[Add details]']);
  const calls: PlannedToolCall[] = [
    {
      tool: 'add_sheet',
      args: {
        name, title, subtitle: 'Outline built from the request. Amounts are left empty: fill in the cells of the Amount column; the total updates itself.',
        columns: [{ header: 'Item', type: 'text' }, { header: 'Amount', type: 'number', total: 'sum' }, { header: 'Notes', type: 'text' }],
        rows, totals: true, as_table: true,
      },
    },
    { tool: 'set_layout', args: { sheet: name, column_widths: { A: 36, B: 16, C: 40 } } },
  ];
  const request = data.paragraphs.join(' ').slice(0, 250);
  if (request) calls.push({ tool: 'set_cells', args: { sheet: name, start: `A${rows.length + 6}`, rows: [[`Request: ${request}`]], style: 'note' } });
  return { calls, summary: `Created a workbook outline "${title}" with a "${name}" sheet listing ${items.length ? `the ${items.length} items of the request` : 'placeholder items'}, an empty Amount column and a live total; no figures were invented, so the amounts are left for you to fill in.` };
}

export function planWorkbook(request: PlanRequest, doc: ExcelDocument, inputs: ResolvedInputs): AgentPlan {
  if (request.mode === 'ask') return { calls: [], summary: answerQuestion(request.prompt, doc) };
  const data = readPromptData(request.prompt);
  const namer = new SheetNamer(doc);
  if (request.editing) return planEdits(request.prompt, doc, inputs, data, namer);
  const title = data.title ?? inputs.dataSources[0]?.name ?? 'Workbook';
  const { calls, sheets } = dataSheets(data, inputs, namer);
  if (!sheets.length && !data.facts.length) return skeleton(title, data, namer);
  const summary = summarySheet(title, sheets, data.facts, namer);
  calls.push(...summary.calls);
  const charts: string[] = [];
  // One chart sits on the Summary sheet next to the key figures (a trend when there is one); the others beside their data.
  const featured = sheets.find((s) => s.periods && planChart(s, { sheet: s.name })) ?? sheets.find((s) => planChart(s, { sheet: s.name }));
  sheets.forEach((s) => {
    const chart = planChart(s, s === featured ? { sheet: summary.name, position: 'D4' } : { sheet: s.name });
    if (chart) {
      calls.push(chart);
      charts.push(`${chart.args.kind} chart "${chart.args.title}"`);
    }
  });
  const parts = [`Built the workbook "${title}": a Summary sheet of key figures (live formulas${data.facts.length ? ' and the facts given' : ''})`];
  if (sheets.length) parts.push(`${sheets.length} data sheet(s) (${sheets.map((s) => `"${s.name}", ${s.rows} rows`).join('; ')}) as Excel tables with typed columns, frozen headers and totals`);
  if (charts.length) parts.push(`native ${charts.join(', ')}`);
  return { calls, summary: `${parts.join('; ')}.` };
}
