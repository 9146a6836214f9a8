// The builtin engine as a document agent: the format's deterministic plan becomes the tool calls of
// the first turn, and `finish` with the plan's remarks the second. The calls go through the same
// toolbox as a real model's, so the builtin path exercises (and is checked by) the same tools.
import type { BuiltinPlanner, PlannedCall } from '../../llm/builtin/builtin-model.ts';
import type { AgentPlan } from './format-adapter.ts';

/**
 * `changedSoFar` tells whether another model already changed the document in this task (the builtin
 * engine can be the last fallback of the chain): its plan would then repeat that work, so it stops.
 */
export function planningBuiltin(makePlan: () => AgentPlan, changedSoFar: () => boolean = () => false): BuiltinPlanner {
  let plan: AgentPlan | null = null;
  let turn = 0;
  return {
    plan(input): PlannedCall[] {
      turn++;
      if (!plan && turn === 1 && changedSoFar()) plan = { calls: [], summary: 'The model stopped answering part-way; the changes it made before that were kept.' };
      if (!plan) plan = makePlan();
      // The plan's summary was written before its calls ran: calls that failed are owned up to.
      const failed = input.toolResults
        .map((r) => ({ tool: r.toolName, out: r.output as { type?: string; value?: unknown } | null }))
        // A refused `finish` is not a step of the plan: the loop itself says what it refused.
        .filter((r) => r.tool !== 'finish' && (r.out?.type === 'error-text' || r.out?.type === 'error-json'))
        .map((r) => `${r.tool}: ${String(r.out!.value)}`);
      const summary = [plan.summary, failed.length ? `Not done, because a step failed: ${failed.join(' ')}` : ''].filter(Boolean).join(' ');
      if (turn === 1 && plan.calls.length) return plan.calls.map((c) => ({ toolName: c.tool, input: c.args }));
      // What the calls did is told by the run summary from the edits; the plan's own words are remarks
      // (often none).
      return [{ toolName: 'finish', input: { summary } }];
    },
  };
}
