// The ask engine: one way to answer a question about a workbook, a deck or a document, used by ask
// mode on the three generation endpoints and by POST /excel/analyze. The document is read into a view
// (views/); the default model (or the builtin engine, which answers with fixed rules from the same
// view, answers/builtin-answer.ts) gets the view and the read-only tools (ask-tools.ts, plus the
// format's own read-only tools in ask mode). Citations come from the tools that read cells and from
// the labels the answer names; an answer that says the document cannot answer is `answered: false`.
import type { FastifyBaseLogger } from 'fastify';
import type { ModelMessage } from 'ai';
import { createBuiltinModel, type BuiltinPlanner } from '../../llm/builtin/builtin-model.ts';
import type { SchemaCompiler } from '../../llm/json-schema.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import { runAgentLoop, type ModelUsage } from '../agent/agent-loop.ts';
import { AgentToolbox } from '../agent/agent-toolbox.ts';
import type { AgentTool } from '../agent/format-adapter.ts';
import { builtinAnswer } from './answers/builtin-answer.ts';
import { askSystemPrompt } from './ask-prompt.ts';
import { AskSession, askTools } from './ask-tools.ts';
import type { AskView, Citation } from './ask-view.ts';

export interface AskRequest {
  view: AskView;
  question: string;
  /** The conversation to send, ending with the question (default: the question alone). */
  messages?: ModelMessage[];
  /** Model ids to try in order (the registry's chain). */
  chain: string[];
  /** More read-only tools (the format's, in ask mode); a name the engine has is left out. */
  extraTools?: AgentTool[];
  /** More for the model to read after the view (the format's outline, in ask mode). */
  extraPrompt?: string;
  maxTurns: number;
  turnTimeoutMs: number;
  signal: AbortSignal;
}

export interface AskOutcome {
  answer: string;
  /** false when no answer was given or the answer says the document cannot answer: not charged. */
  answered: boolean;
  citations: Citation[];
  data: Record<string, unknown> | null;
  usage: ModelUsage[];
  /** The tools called, in order of first use (finish left out). */
  actions: string[];
  turns: number;
  toolCalls: number;
  failedToolCalls: number;
  /** The read operations the model asked for: its tool calls other than finish (0 on the builtin engine, whose rules read directly). */
  readCalls: number;
  /** The last model that answered. */
  model: string;
}

export interface AskEngineDeps {
  registry: ModelRegistry;
  compiler: SchemaCompiler;
  log: FastifyBaseLogger;
}

export class AskEngine {
  private readonly d: AskEngineDeps;

  constructor(deps: AskEngineDeps) {
    this.d = deps;
  }

  async ask(r: AskRequest): Promise<AskOutcome> {
    const session = new AskSession(r.view);
    const own = askTools(session).filter((t) => r.view.format === 'excel' || r.view.tables.length || ['read_part', 'finish'].includes(t.name));
    const names = new Set(own.map((t) => t.name));
    const toolbox = new AgentToolbox([...own, ...(r.extraTools ?? []).filter((t) => t.readOnly && !names.has(t.name))], (tool, err) => this.d.log.error({ err, tool }, 'ask tool failed'));
    const loop = await runAgentLoop({
      chain: r.chain, registry: this.d.registry, builtin: createBuiltinModel({ compiler: this.d.compiler, planner: builtinPlanner(session, r.question) }),
      system: askSystemPrompt(r.view, r.extraPrompt ?? null), messages: r.messages ?? [{ role: 'user', content: r.question }],
      toolbox, maxTurns: r.maxTurns, turnTimeoutMs: r.turnTimeoutMs, signal: r.signal, finished: () => session.answer !== null,
    });
    const answer = session.answer ?? loop.finalText;
    const actions: string[] = [];
    let readCalls = 0;
    for (const m of loop.messages) {
      if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
      for (const p of m.content) {
        if (p.type !== 'tool-call' || p.toolName === 'finish') continue;
        readCalls++;
        if (!actions.includes(p.toolName)) actions.push(p.toolName);
      }
    }
    const data = session.data ?? (session.results.length === 1 ? session.results[0] : session.results.length ? { results: session.results } : null);
    return {
      answer: answer ?? 'No answer was given.', answered: answer !== null && session.answered, citations: session.citations, data,
      usage: loop.usage, actions, turns: loop.turns, toolCalls: toolbox.calls, failedToolCalls: toolbox.failedCalls, readCalls, model: loop.usage.at(-1)?.model ?? r.chain[0],
    };
  }
}

/** The builtin engine answers in one turn: the rules' answer, its citations recorded, then finish. */
function builtinPlanner(session: AskSession, question: string): BuiltinPlanner {
  return {
    plan() {
      const a = builtinAnswer(session.view, question);
      session.cite(a.citations);
      session.answered = a.answered;
      if (a.data) session.data = a.data;
      return [{ toolName: 'finish', input: { summary: a.text, ...(a.answered ? {} : { answered: false }) } }];
    },
  };
}
