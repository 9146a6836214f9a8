// Follow-up instructions on a workbook that the planner's own commands (edit-commands.ts) did not
// recognise, read by the shared edit reader (agent/understanding/edits.ts): "call the Sales tab
// Revenue", "get rid of the Scratch sheet", "move the Notes tab to the front", "move the chart to Summary".
import type { PlannedToolCall } from '../../agent/format-adapter.ts';
import { editCommands } from '../../agent/understanding/edits.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { allCharts } from '../view/sheet.view.ts';

export function understoodSheetEdits(prompt: string, doc: ExcelDocument, sheetNamed: (phrase: string) => string | undefined): PlannedToolCall[] {
  const calls: PlannedToolCall[] = [];
  const sheets = doc.sheets().map((s) => s.name);
  const sheetOf = (ref: { index: number | null; phrase: string | null } | null) => (!ref ? undefined : ref.index !== null ? (ref.index < 0 ? sheets.at(ref.index) : sheets[ref.index - 1]) : ref.phrase ? sheetNamed(ref.phrase) : undefined);
  for (const c of editCommands(prompt)) {
    if (c.op === 'rename' && (c.part === 'sheet' || c.part === null)) {
      const sheet = sheetOf(c.target);
      if (sheet) calls.push({ tool: 'rename_sheet', args: { sheet, new_name: c.to.slice(0, 31) } });
    } else if (c.op === 'delete' && c.part === 'sheet') {
      const sheet = sheetOf(c.target);
      if (sheet) calls.push({ tool: 'delete_sheet', args: { sheet } });
    } else if (c.op === 'move' && c.part === 'sheet') {
      const sheet = sheetOf(c.target);
      const anchor = sheetOf(c.to.ref);
      const position = c.to.kind === 'end' ? sheets.length : c.to.kind === 'start' ? 1 : c.to.kind === 'position' ? c.to.position : anchor ? sheets.indexOf(anchor) + (c.to.kind === 'after' ? 2 : 1) : null;
      if (sheet && position) calls.push({ tool: 'move_sheet', args: { sheet, position: Math.max(1, Math.min(sheets.length, position)) } });
    } else if (c.op === 'move' && c.part === 'chart') {
      const charts = allCharts(doc);
      const target = sheetOf(c.to.ref);
      const words = (c.target.phrase ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const chart = charts.find((ch) => words.length && words.every((w) => `${ch.title} ${ch.series.map((x) => x.name).join(' ')}`.toLowerCase().includes(w))) ?? (charts.length === 1 ? charts[0] : undefined);
      if (chart && target) calls.push({ tool: 'move_chart', args: { chart_id: chart.id, sheet: target } });
    }
  }
  return calls;
}
