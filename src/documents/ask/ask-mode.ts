// `mode: "ask"` on the generation endpoints: the ask engine on the run's document (or init_file), with
// the format's read-only tools and the run's conversation. No version is written. The answer costs the
// model usage (at least 1 credit); an answer that says the document cannot answer costs nothing.
import type { ModelMessage } from 'ai';
import type { AgentInput, AgentResult } from '../../runs/agents.ts';
import type { AgentTool } from '../agent/format-adapter.ts';
import type { ModelUsage } from '../agent/agent-loop.ts';
import type { AskEngine } from './ask-engine.ts';
import type { AskFormat, Citation } from './ask-view.ts';
import { askViewOf } from './views/ask-views.ts';

export interface AskModeInput {
  engine: AskEngine;
  format: AskFormat;
  doc: unknown;
  title: string | null;
  /** The conversation, ending with the question. */
  messages: ModelMessage[];
  chain: string[];
  tools: AgentTool[];
  maxTurns: number;
  turnTimeoutMs: number;
  /** Remarks to add after the answer (inputs that could not be read, ...). */
  notes: string[];
  price(usage: ModelUsage[]): (ModelUsage & { provider: string; credits: number })[];
  record(summary: string, actions: string[]): Promise<void>;
}

/** The structured answer kept on the task beside its summary. */
export interface TaskAnswer {
  answered: boolean;
  citations: Citation[];
  data: Record<string, unknown> | null;
}

export async function runAskMode(input: AgentInput, a: AskModeInput): Promise<AgentResult & { answer: TaskAnswer }> {
  await input.reportPhase('writing');
  const started = Date.now();
  const outcome = await a.engine.ask({
    view: askViewOf(a.format, a.doc, a.title), question: input.request.prompt, messages: a.messages, chain: a.chain, extraTools: a.tools,
    maxTurns: a.maxTurns, turnTimeoutMs: a.turnTimeoutMs, signal: input.signal,
  });
  const summary = [outcome.answer, ...a.notes].join(' ');
  const models = a.price(outcome.usage);
  const modelCredits = models.reduce((sum, m) => sum + m.credits, 0);
  await a.record(summary, outcome.actions);
  return {
    artifact: null, summary,
    credits: outcome.answered ? Math.max(1, modelCredits) : 0,
    usage: { models, turns: outcome.turns, tool_calls: outcome.toolCalls, failed_tool_calls: outcome.failedToolCalls, duration_ms: Date.now() - started },
    answer: { answered: outcome.answered, citations: outcome.citations, data: outcome.data },
  };
}
