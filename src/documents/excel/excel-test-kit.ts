// For the Excel unit tests and samples: the adapter's tools behind the core's validating toolbox,
// called as a model would call them.
import { AgentToolbox, type ToolResult } from '../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import { adapter } from './excel.adapter.ts';
import type { WorkbookModel } from './model.ts';

export const NO_INPUTS: ResolvedInputs = { contextFiles: [], dataSources: [], images: [], brand: null };

export interface ExcelToolkit {
  doc: WorkbookModel;
  changes: string[];
  /** Calls a tool; throws with the tool's message when it answers with an error. */
  call(name: string, args: unknown): Promise<unknown>;
  /** Calls a tool and returns its result, error or not. */
  attempt(name: string, args: unknown): Promise<ToolResult>;
}

export function excelToolkit(doc: WorkbookModel = adapter.create(), inputs: ResolvedInputs = NO_INPUTS, mode: 'action' | 'ask' = 'action'): ExcelToolkit {
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
