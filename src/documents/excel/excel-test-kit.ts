// For the Excel unit tests and samples: the adapter's tools behind the core's validating toolbox,
// called as a model would call them.
import { AgentToolbox, type ToolResult } from '../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import { parseCell } from './a1.ts';
import { adapter } from './excel.adapter.ts';
import type { ExcelDocument } from './excel.document.ts';
import { readCell, type CellScalar } from './view/cells.ts';
import { evaluatorFor } from './view/formula-book.ts';
import { sheetViews, viewOf, type SheetView } from './view/sheet.view.ts';

export const NO_INPUTS: ResolvedInputs = { contextFiles: [], dataSources: [], images: [], brand: null };

export interface ExcelToolkit {
  doc: ExcelDocument;
  changes: string[];
  /** Calls a tool; throws with the tool's message when it answers with an error. */
  call(name: string, args: unknown): Promise<unknown>;
  /** Calls a tool and returns its result, error or not. */
  attempt(name: string, args: unknown): Promise<ToolResult>;
}

export function excelToolkit(doc: ExcelDocument = adapter.create(), inputs: ResolvedInputs = NO_INPUTS, mode: 'action' | 'ask' = 'action'): ExcelToolkit {
  const changes: string[] = [];
  const tools = adapter.tools({ doc, inputs, mode, noteChange: (c) => changes.push(c) });
  const box = new AgentToolbox(tools, (tool, err) => { throw Object.assign(new Error(`internal failure of ${tool}`), { cause: err }); });
  return {
    doc,
    changes,
    attempt: (name, args) => box.call(name, args),
    async call(name, args) {
      const r = await box.call(name, args);
      if (r.isError) throw new Error(`${name}: ${String(r.output)}`);
      return r.output;
    },
  };
}

/** Runs the builtin planner's calls through the tools, as the builtin engine does; returns the plan's summary. */
export async function runPlan(kit: ExcelToolkit, prompt: string, inputs: ResolvedInputs = NO_INPUTS, editing = false): Promise<string> {
  const plan = adapter.plan({ prompt, mode: 'action', editing }, kit.doc, inputs);
  for (const c of plan.calls) await kit.call(c.tool, c.args);
  return plan.summary;
}

/** A cell as tests look at it: its value (a formula's result computed), formula and number format. */
export function cellAt(doc: ExcelDocument, sheet: string, address: string): { value: CellScalar; formula?: string; numFmt: string } | undefined {
  const pos = parseCell(address)!;
  const view = viewOf(doc, sheet);
  const cell = readCell(view.ws!, doc, pos.row, pos.col);
  if (!cell) return undefined;
  const { evaluator, book } = evaluatorFor(doc);
  const value = cell.formula === undefined ? cell.value : evaluator.resultAt(book.sheet(sheet)!, pos.row, pos.col);
  return { value, ...(cell.formula !== undefined ? { formula: cell.formula } : {}), numFmt: doc.styles().numFmt(cell.s) };
}

/** The sheets of the workbook, as the agent sees them (the template's blank sheet left out). */
export function sheetsOf(doc: ExcelDocument): SheetView[] {
  return sheetViews(doc).filter((s) => s.entry.part !== doc.placeholder);
}

/** A row's values (columns A..), for short assertions. */
export function rowValues(doc: ExcelDocument, sheet: string, row: number, cols: number): CellScalar[] {
  return Array.from({ length: cols }, (_, c) => cellAt(doc, sheet, `${String.fromCharCode(65 + c)}${row}`)?.value ?? null);
}
