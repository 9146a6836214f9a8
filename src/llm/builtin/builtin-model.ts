// `builtin`: the offline engine as an AI SDK language model (specification v4), so every caller (the
// invoke endpoint, the text helpers, the document agents) drives it exactly like a real provider.
// It is deterministic and is not a language model: text answers condense and structure the messages,
// JSON answers are built from the schema and filled from the prompt, tool calls come from a planner.
//
// Extension point: a BuiltinPlanner decides tool calls when a caller offers tools. The document agents
// register theirs (createBuiltinModel({ planner })); without one, the engine calls a tool only when
// the caller requires it (toolChoice `required` or a named tool), with arguments built from its schema.
import { createHash } from 'node:crypto';
import type {
  LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4GenerateResult, LanguageModelV4Prompt, LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { SchemaCompiler, type JsonSchema } from '../json-schema.ts';
import { extractFacts, type PromptFacts } from './prompt-facts.ts';
import { SchemaFiller } from './schema-filler.ts';
import { answerJson, answerText, keySentences, titleFrom, words, type EngineMessage } from './text-engine.ts';
import { humanize, newContent, rewrite } from './text-rules.ts';

export interface PlannerTool {
  name: string;
  description?: string;
  inputSchema: JsonSchema;
}

export interface PlannerInput {
  messages: EngineMessage[];
  tools: PlannerTool[];
  toolChoice: LanguageModelV4CallOptions['toolChoice'];
  /** Results of the tool calls made so far in this conversation, oldest first. */
  toolResults: { toolName: string; output: unknown }[];
  facts: PromptFacts;
  /** Builds arguments valid against a tool's input schema, filled from the conversation. */
  fillArguments(tool: PlannerTool): unknown;
}

export interface PlannedCall {
  toolName: string;
  input: unknown;
}

export interface BuiltinPlanner {
  /** Tool calls for this step, or null to answer with text. */
  plan(input: PlannerInput): PlannedCall[] | null | Promise<PlannedCall[] | null>;
}

/** The text helpers' rule-based paths, chosen through `providerOptions.folio`. */
export type BuiltinTask = { task: 'humanize'; text: string } | { task: 'rewrite'; text: string; prompt: string } | { task: 'new-content'; prompt: string; file_name?: string | null };

export interface BuiltinModelOptions {
  compiler?: SchemaCompiler;
  planner?: BuiltinPlanner;
}

/** Token counts are estimated the way providers roughly count English: four characters a token. */
export const estimateTokens = (text: string) => (text.length === 0 ? 0 : Math.ceil(text.length / 4));

function partText(part: unknown): string {
  const p = part as { type: string; text?: string; input?: unknown; output?: { type: string; value?: unknown } };
  if (p.type === 'text' || p.type === 'reasoning') return p.text ?? '';
  if (p.type === 'tool-result') return typeof p.output?.value === 'string' ? p.output.value : JSON.stringify(p.output?.value ?? null);
  return '';
}

export function flattenPrompt(prompt: LanguageModelV4Prompt): EngineMessage[] {
  return prompt.map((m) => ({ role: m.role, text: typeof m.content === 'string' ? m.content : m.content.map(partText).join('') }));
}

export class BuiltinLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4' as const;
  readonly provider = 'folio.builtin';
  readonly modelId = 'builtin';
  readonly supportedUrls = {};
  private readonly compiler: SchemaCompiler;
  private readonly planner: BuiltinPlanner | null;

  constructor(options: BuiltinModelOptions = {}) {
    this.compiler = options.compiler ?? new SchemaCompiler();
    this.planner = options.planner ?? null;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const messages = flattenPrompt(options.prompt);
    const inputText = messages.map((m) => m.text).join('\n');
    const calls = await this.toolCalls(options, messages);
    let content: LanguageModelV4Content[];
    let output: string;
    if (calls.length) {
      content = calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: callId(inputText, i), toolName: c.toolName, input: JSON.stringify(c.input ?? {}) }));
      output = calls.map((c) => JSON.stringify(c.input ?? {})).join('');
    } else {
      output = this.answer(options, messages);
      content = [{ type: 'text', text: output }];
    }
    const inputTokens = estimateTokens(inputText);
    const outputTokens = estimateTokens(output);
    return {
      content,
      finishReason: { unified: calls.length ? 'tool-calls' : 'stop', raw: calls.length ? 'tool_calls' : 'stop' },
      usage: {
        inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
      },
      response: { modelId: this.modelId, timestamp: new Date(0) },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions) {
    const result = await this.doGenerate(options);
    const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    for (const c of result.content) {
      if (c.type === 'text') parts.push({ type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: c.text }, { type: 'text-end', id: '0' });
      else parts.push(c as LanguageModelV4StreamPart);
    }
    parts.push({ type: 'finish', usage: result.usage, finishReason: result.finishReason });
    return { stream: new ReadableStream<LanguageModelV4StreamPart>({ start(ctrl) { for (const p of parts) ctrl.enqueue(p); ctrl.close(); } }) };
  }

  private answer(options: LanguageModelV4CallOptions, messages: EngineMessage[]): string {
    const task = (options.providerOptions?.folio ?? null) as BuiltinTask | null;
    if (task?.task === 'humanize') return humanize(task.text);
    if (task?.task === 'rewrite') return rewrite(task.text, task.prompt);
    if (task?.task === 'new-content') return newContent(task.prompt, task.file_name);
    const format = options.responseFormat;
    if (format?.type === 'json') {
      if (!format.schema) return JSON.stringify(answerJson(messages));
      return JSON.stringify(this.fill(format.schema as JsonSchema, messages) ?? null);
    }
    return answerText(messages);
  }

  /** A value valid against `schema`, filled from the conversation (undefined if the schema does not compile). */
  fill(schema: JsonSchema, messages: EngineMessage[]): unknown {
    const checked = this.compiler.check(schema, []);
    if (!('compiled' in checked)) return undefined;
    const conversation = messages.filter((m) => m.role !== 'system');
    const facts = extractFacts(conversation.length ? conversation : messages);
    const request = conversation.filter((m) => m.role === 'user').at(-1)?.text ?? facts.request;
    const summary = keySentences(facts.text, 2, words(request)).join(' ') || request;
    return new SchemaFiller(this.compiler, checked.compiled, { facts, summary, title: titleFrom(request) }).fill();
  }

  private async toolCalls(options: LanguageModelV4CallOptions, messages: EngineMessage[]): Promise<PlannedCall[]> {
    const tools: PlannerTool[] = (options.tools ?? [])
      .filter((t) => t.type === 'function')
      .map((t) => ({ name: t.name, description: (t as { description?: string }).description, inputSchema: (t as { inputSchema: JsonSchema }).inputSchema }));
    const choice = options.toolChoice;
    if (!tools.length || choice?.type === 'none') return [];
    const toolResults = options.prompt.flatMap((m) => (m.role === 'tool' ? m.content.filter((p) => p.type === 'tool-result').map((p) => ({ toolName: p.toolName, output: p.output.type === 'json' || p.output.type === 'text' ? p.output.value : p.output })) : []));
    const input: PlannerInput = {
      messages, tools, toolChoice: choice, toolResults, facts: extractFacts(messages),
      fillArguments: (tool) => this.fill(tool.inputSchema, messages) ?? {},
    };
    const planned = this.planner ? await this.planner.plan(input) : null;
    if (planned?.length) return planned;
    const forced = choice?.type === 'tool' ? tools.find((t) => t.name === choice.toolName) : choice?.type === 'required' ? tools[0] : undefined;
    return forced ? [{ toolName: forced.name, input: input.fillArguments(forced) }] : [];
  }
}

function callId(seed: string, index: number): string {
  return `call_builtin_${createHash('sha256').update(`${index}:${seed}`).digest('hex').slice(0, 16)}`;
}

export function createBuiltinModel(options: BuiltinModelOptions = {}): BuiltinLanguageModel {
  return new BuiltinLanguageModel(options);
}
