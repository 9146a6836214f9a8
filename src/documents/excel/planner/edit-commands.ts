// The builtin planner on an existing workbook (a resumed run or an init_file): new tables and data
// sources become new sheets with charts, and plain commands are carried out: add a sheet ("add a
// forecast tab"), rename or delete a sheet, move a chart to a sheet, add a chart, insert or delete rows
// and columns ("insert a row after row 3", "add a column before C"). Anything it cannot
// read is left alone, and the summary says so.
import type { AgentPlan, PlannedToolCall, ResolvedInputs } from '../../agent/format-adapter.ts';
import { attr, child, children } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from '../view/cells.ts';
import { allCharts, sheetViews, type SheetView } from '../view/sheet.view.ts';
import { columnTypes, looksLikePeriods, planChart, planDataSource, planTableSheet, type PlannedSheet, type SheetNamer } from './data-plans.ts';
import type { PromptData } from './prompt-data.ts';
import { lineCommands } from './line-commands.ts';
import { addColumnCommand, addTotalsCommand, sortCommand, withoutTableCommands } from './table-commands.ts';
import { asksComputedColumn, computedColumnCommand } from './computed-columns.ts';
import { deleteLabelledRowCommand, setLabelledCellCommands } from './row-commands.ts';
import { appendRowsCommand } from './append-rows.ts';
import { addSheetCommand, cellTextCommands } from './sheet-commands.ts';
import { understoodSheetEdits } from './understood-edits.ts';

const clean = (s: string) => s.trim().replace(/^["'“‘]|["'”’.]$/g, '').replace(/["'”’]$/, '').trim();
const words = (s: string): string[] => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The sheet a phrase names: exact name, else the one sharing the most words. */
function sheetNamed(doc: ExcelDocument, phrase: string): SheetView | undefined {
  const sheets = sheetViews(doc);
  const exact = doc.findSheet(clean(phrase));
  if (exact) return sheets.find((s) => s.entry.el === exact.el);
  const want = new Set(words(phrase).filter((w) => !['the', 'sheet', 'tab', 'a', 'an'].includes(w)));
  let best: SheetView | undefined;
  let score = 0;
  for (const s of sheets) {
    const n = words(s.name).filter((w) => want.has(w)).length;
    if (n > score) { best = s; score = n; }
  }
  return best;
}

/** A planned view of an existing sheet whose first row is a header: what planChart needs. */
function existingSheet(doc: ExcelDocument, sheet: SheetView): PlannedSheet | null {
  if (!sheet.ws || !sheet.extent.rows || sheet.extent.rows > 200) return null;
  const ws = sheet.ws;
  const at = (r: number, c: number) => readCell(ws, doc, r, c)?.value ?? null;
  const header = Array.from({ length: sheet.extent.cols }, (_, c) => at(0, c));
  if (!header.length || !header.every((v) => v === null || typeof v === 'string')) return null;
  const headers = header.map((v) => String(v ?? ''));
  const rows = [];
  for (let r = 1; r < sheet.extent.rows; r++) {
    if (at(r, 0) === 'Total') continue;
    rows.push(headers.map((_, i) => {
      const v = at(r, i);
      return v instanceof Date ? v.toISOString().slice(0, 10) : v;
    }));
  }
  return { name: sheet.name, headers, types: columnTypes(headers, rows), rows: rows.length, periods: looksLikePeriods(rows.map((r) => r[0])), source: `sheet "${sheet.name}"` };
}

export function planEdits(prompt: string, doc: ExcelDocument, inputs: ResolvedInputs, data: PromptData, namer: SheetNamer): AgentPlan {
  const calls: PlannedToolCall[] = [];
  const done: string[] = [];
  // Row and column commands are read first and taken out, so "delete row 5 on the Data sheet" is not
  // read as deleting a sheet, nor "add a column before C on the Data sheet" as adding one.
  const lines = lineCommands(prompt.trim());
  const text = lines.rest.trim();
  const rename = /rename (?:the )?(?:(?:sheet|tab)\b)?\s*(.+?) (?:sheet |tab )?to (.+)$/im.exec(text);
  let renamed = null as { from: string; to: string } | null;
  if (rename) {
    const sheet = sheetNamed(doc, rename[1]);
    if (sheet) {
      // "rename the Sales tab to Revenue and add a tab named Notes": the name ends where the next command starts.
      const to = rename[2].replace(/(?:,\s*|\s+)(?:and\s+)?(?:then\s+)?(?:add|insert|delete|remove|move|put|rename|create)\b[\s\S]*$/i, '');
      renamed = { from: sheet.name, to: clean(to).slice(0, 31) };
      calls.push({ tool: 'rename_sheet', args: { sheet: sheet.name, new_name: renamed.to } });
      done.push(`renamed "${sheet.name}" to "${renamed.to}"`);
    }
  }
  // Later commands may name a sheet by the name this request gives it.
  const targetName = (phrase: string): string | undefined => {
    if (renamed && words(renamed.to).every((w) => words(phrase).includes(w))) return renamed.to;
    return sheetNamed(doc, phrase)?.name;
  };
  const del = /(?:delete|remove) (?:the )?(.+?) (?:sheet|tab)\b/i.exec(text) ?? /(?:delete|remove) (?:the )?(?:sheet|tab) (.+)$/im.exec(text);
  if (del) {
    const sheet = sheetNamed(doc, del[1]);
    if (sheet) { calls.push({ tool: 'delete_sheet', args: { sheet: sheet.name } }); done.push(`deleted "${sheet.name}"`); }
  }
  const addSheet = addSheetCommand(withoutTableCommands(text));
  const firstName = addSheet?.name ?? null;
  const move = /move (?:the )?(?:(.+?) )?chart (?:to|onto|into) (?:the )?(.+?)(?: sheet| tab)?\.?$/im.exec(text);
  let added: string | null = null;
  if (move) {
    // "Add a sheet named Dashboard. Move the chart to the Dashboard sheet": the new sheet first.
    if (firstName && words(move[2]).join(' ') === words(firstName).join(' ') && !data.tables.length) {
      added = namer.name(firstName);
      calls.push({ tool: 'add_sheet', args: { name: added } });
    }
    const target = added ?? targetName(move[2]);
    const want = new Set(words(move[1] ?? ''));
    const charts = allCharts(doc);
    const chart = charts.map((c) => ({ c, n: words(`${c.title} ${c.series.map((s) => s.name).join(' ')}`).filter((w) => want.has(w)).length }))
      .sort((a, b) => b.n - a.n)[0];
    // "the chart" with one chart in the workbook names it.
    if (target && chart && (chart.n > 0 || (!want.size && charts.length === 1))) {
      calls.push({ tool: 'move_chart', args: { chart_id: chart.c.id, sheet: target } });
      done.push(`moved chart "${chart.c.title || chart.c.id}" to "${target}"`);
    }
  }
  // Without a sheet named, the sheet the workbook opens on (its active tab), else the first visible one.
  const x = doc.book.ns.x;
  const tab = Number(attr(children(child(doc.book.root(), x, 'bookViews'), x, 'workbookView')[0], 'activeTab') ?? 0);
  const views = sheetViews(doc);
  const active = views[tab]?.ws && views[tab].entry.state === 'visible' ? views[tab] : views.find((v) => v.ws && v.entry.state === 'visible');
  for (const c of lines.commands) {
    const sheet = c.sheet ? targetName(c.sheet) : active?.name;
    if (sheet) calls.push({ tool: c.tool, args: { sheet, at: c.at, count: c.count } });
  }
  const planned: PlannedSheet[] = [];
  for (const table of inputs.dataSources) {
    const p = planDataSource(namer.name(table.name), table);
    calls.push(p.call);
    planned.push(p.sheet);
  }
  const cellTexts = cellTextCommands(text);
  data.tables.forEach((t, i) => {
    const p = planTableSheet(namer.name(t.name ?? (i === 0 && firstName ? firstName : `Table ${i + 1}`)), t.header, t.rows, 'the request');
    calls.push(p.call);
    planned.push(p.sheet);
  });
  if (planned.length) done.push(`added ${planned.map((s) => `"${s.name}"`).join(', ')} with the new data`);
  // "rename the Sales tab to Revenue and add a tab named Notes": a sheet named outright is added alongside.
  if (firstName && !added && !data.tables.length && ((!rename && !del) || addSheet?.explicit)) {
    const name = namer.name(firstName);
    added = name;
    calls.push({ tool: 'add_sheet', args: { name } });
    if (!cellTexts.length && !addSheet?.explicit) {
      calls.push({ tool: 'set_cells', args: { sheet: name, start: 'A1', rows: [[firstName]], style: 'title' } });
      calls.push({ tool: 'set_cells', args: { sheet: name, start: 'A2', rows: [[`[Add the ${firstName.toLowerCase()} figures here: the request gave none.]`]], style: 'note' } });
    }
  }
  for (const c of cellTexts) {
    const sheet = c.sheet ? targetName(c.sheet) : added;
    if (sheet) calls.push({ tool: 'set_cells', args: { sheet, start: c.cell, rows: [[c.text]] } });
  }
  for (const s of planned) {
    const chart = planChart(s, { sheet: s.name });
    if (chart) calls.push(chart);
  }
  if (/\badd (?:a |an )?(?:\w+ )?chart\b/i.test(text) && !planned.length) {
    const views = sheetViews(doc);
    const target = views.map((v) => (v.charts.length ? null : existingSheet(doc, v))).find((s) => s);
    const chart = target ? planChart(target, { sheet: target.name }) : null;
    if (chart) { calls.push(chart); done.push(`added a ${chart.args.kind} chart of "${target!.name}"`); }
  }
  // "add a column for notes": at the right edge of the table or the data (not "add a column before C", read above).
  // ("add a total column that sums Q1 and Q2", "add a growth column": computed, see computed-columns.ts.)
  const column = lines.commands.some((c) => c.tool === 'insert_columns') || asksComputedColumn(text) ? null : addColumnCommand(text, views, active, doc);
  if (column) { calls.push(...column.calls); done.push(column.what); }
  const refused: string[] = [];
  for (const command of [computedColumnCommand(text, views, active, doc), addTotalsCommand(text, views, active, doc), sortCommand(text, views, active, doc), deleteLabelledRowCommand(text, views, active, doc), ...setLabelledCellCommands(text, views, active, doc), appendRowsCommand(text, views, doc)]) {
    if (command && 'refused' in command) refused.push(command.refused);
    else if (command) { calls.push(...command.calls); done.push(command.what); }
  }
  if (!calls.length) calls.push(...understoodSheetEdits(text, doc, (phrase) => sheetNamed(doc, phrase)?.name));
  if (!calls.length && refused.length) return { calls, summary: `Not done: ${refused.join('; ')}.` };
  if (!calls.length) {
    return { calls, summary: 'Without a language model, Folio understands tables, CSV blocks, data sources and plain commands (add a <name> sheet, rename sheet X to Y, delete sheet X, move the X chart to Y, add a chart, insert a row after row N, add a column before C, add a column for X, add a total column, add a growth column, add a total row, sort the X table by Y, delete the X row, change X to N, delete rows N to M, delete column C); this request holds none of them.' };
  }
  // What was done is told from the edits themselves (the run summary); what was refused is said.
  return { calls, summary: refused.length ? `Not done: ${refused.join('; ')}.` : '' };
}
