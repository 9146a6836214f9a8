// One format's agent as the runs engine sees it (an AgentRunner): load the document (the run's current
// version, init_file, or a new one), resolve the inputs, run the tool loop (a provider model, or the
// builtin engine driving the format's planner), render, and account for credits. `mode: "ask"`
// offers read-only tools, writes no version and charges only the model's usage.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { createBuiltinModel } from '../../llm/builtin/builtin-model.ts';
import { creditsFor } from '../../llm/model-catalog.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import type { SchemaCompiler } from '../../llm/json-schema.ts';
import { FORMAT_LABEL, type AgentInput, type AgentResult, type AgentRunner } from '../../runs/agents.ts';
import { runAgentLoop, type ModelUsage } from './agent-loop.ts';
import { conversation, systemPrompt } from './agent-prompts.ts';
import { AgentToolbox, coreTools } from './agent-toolbox.ts';
import type { AgentTurnsRepository } from './agent-turns.repository.ts';
import { planningBuiltin } from './builtin-agent-planner.ts';
import { defaultFileName } from './file-name.ts';
import type { AnyFormatAdapter } from './format-adapter.ts';
import type { InputResolver } from './input-resolver.ts';
import { DocumentUnreadable, unreadableReason } from './tool-error.ts';
import { initFileUnreadable } from '../../runs/references.ts';

export interface AgentSettings {
  maxTurns: number;
  turnTimeoutMs: number;
  renderCredits: number;
}

/** Organization templates and `{{field}}` fill-in (src/templates), as the agent uses them. */
export interface TemplateSource {
  /** The template version a task's request recorded, or null. */
  refOf(request: AgentInput['request']): { template_id: string; version: number } | null;
  /** A new document made from that version (sample content dropped unless kept or filled). */
  open(orgId: string, format: AgentInput['task']['format'], ref: { template_id: string; version: number }, request: AgentInput['request']): Promise<{ doc: unknown; kept: boolean; fill: unknown }>;
  /** `{{name}}` fields of a document's bytes filled with the request's `fields`. */
  fill(format: AgentInput['task']['format'], bytes: Buffer, fields: Record<string, string>): { bytes: Buffer; report: unknown };
  describeFill(report: unknown): string;
}

export interface DocumentAgentDeps {
  adapter: AnyFormatAdapter;
  registry: ModelRegistry;
  compiler: SchemaCompiler;
  resolver: InputResolver;
  turns: AgentTurnsRepository;
  settings: AgentSettings;
  log: FastifyBaseLogger;
  templates?: TemplateSource;
}

interface LoadedDocument {
  doc: unknown;
  /** Where it came from, for the summary and the planner (a template whose content is kept counts as a document to edit). */
  origin: 'new' | 'run' | 'init_file';
  /** A fill-in (`fields`): what was filled; the task then ends without the model. */
  fill?: unknown;
}

export class DocumentAgent implements AgentRunner {
  readonly name: string;
  private readonly d: DocumentAgentDeps;

  constructor(deps: DocumentAgentDeps) {
    this.d = deps;
    this.name = deps.adapter.agentName;
  }

  async run(input: AgentInput): Promise<AgentResult> {
    const { adapter } = this.d;
    const mode = input.task.mode;
    const prompt = input.request.prompt;
    await input.reportPhase('planning');
    const [{ inputs, notes }, loaded, history] = await Promise.all([
      this.d.resolver.resolve(input.task.org_id, input.request),
      this.load(input),
      input.run.resumed ? this.d.turns.history(input.task.org_id, input.run.run_id) : Promise.resolve([]),
    ]);
    if (mode === 'ask' && loaded.origin === 'new') {
      throw new AppError('invalid_request', 'Ask mode answers questions about an existing document: pass run_id (a run with a document) or init_file.');
    }
    if (loaded.fill !== undefined) return this.fillOnly(input, loaded, inputs, notes);
    const doc = loaded.doc;
    const changes: string[] = [];
    let finishSummary: string | null = null;
    const notices = new Set<string>();
    const ctx = { doc, inputs, mode, noteChange: (c: string) => changes.push(c), addNotice: (n: string) => notices.add(n) };
    const formatTools = adapter.tools(ctx).filter((t) => mode === 'action' || t.readOnly);
    const core = coreTools({ outline: () => adapter.outline(doc), finish: (s) => { finishSummary = s; } });
    const toolbox = new AgentToolbox([...core, ...formatTools], (tool, err) => this.d.log.error({ err, tool, task_id: input.task.task_id }, 'agent tool failed'));
    const actions: string[] = [];
    const builtin = createBuiltinModel({
      compiler: this.d.compiler,
      planner: planningBuiltin(() => adapter.plan({ prompt, mode, editing: loaded.origin !== 'new', request: input.request }, doc, inputs), () => changes.length > 0),
    });
    await input.reportPhase('writing');
    const loopStarted = Date.now();
    const loop = await runAgentLoop({
      chain: this.d.registry.chain(null),
      registry: this.d.registry,
      builtin,
      system: systemPrompt(adapter, mode, inputs, adapter.outline(doc)),
      messages: conversation(history, [prompt, adapter.requestContext?.(input.request)].filter(Boolean).join('\n\n')),
      toolbox,
      maxTurns: adapter.maxSteps ?? this.d.settings.maxTurns,
      turnTimeoutMs: this.d.settings.turnTimeoutMs,
      signal: input.signal,
      finished: () => finishSummary !== null,
    });
    for (const m of loop.messages) {
      if (m.role === 'assistant' && Array.isArray(m.content)) for (const p of m.content) if (p.type === 'tool-call' && p.toolName !== 'finish') actions.push(p.toolName);
    }
    const summary = this.summary(mode, doc, finishSummary, loop.finalText, changes, [...notices, ...notes], loop.hitTurnLimit, loaded.origin);
    const models = this.pricedUsage(loop.usage);
    const modelCredits = models.reduce((sum, m) => sum + m.credits, 0);
    const usage = { models, turns: loop.turns, tool_calls: toolbox.calls, failed_tool_calls: toolbox.failedCalls, duration_ms: Date.now() - loopStarted };
    await this.d.turns.record({ task_id: input.task.task_id, run_id: input.run.run_id, org_id: input.task.org_id, prompt, mode, summary, actions: [...new Set(actions)] });
    if (mode === 'ask') return { artifact: null, summary, credits: Math.max(1, modelCredits), usage };
    await input.reportPhase('rendering');
    const body = await adapter.render(doc, { brand: inputs.brand, signal: input.signal });
    const type = adapter.fileType?.(doc) ?? { contentType: adapter.contentType, extension: adapter.extension };
    const fileName = input.run.file_name ?? defaultFileName(adapter.title(doc), type.extension, FORMAT_LABEL[adapter.format]);
    return {
      artifact: { body, contentType: type.contentType, fileName },
      summary,
      credits: modelCredits + this.d.settings.renderCredits,
      usage,
    };
  }

  /** A fill-in task: the fields are filled, the brand applied and the document written; no model is called. */
  private async fillOnly(input: AgentInput, loaded: LoadedDocument, inputs: Awaited<ReturnType<InputResolver['resolve']>>['inputs'], notes: string[]): Promise<AgentResult> {
    const { adapter } = this.d;
    const summary = [this.d.templates!.describeFill(loaded.fill), ...notes].join(' ');
    await this.d.turns.record({ task_id: input.task.task_id, run_id: input.run.run_id, org_id: input.task.org_id, prompt: input.request.prompt, mode: 'action', summary, actions: ['fill_fields'] });
    await input.reportPhase('rendering');
    const body = await adapter.render(loaded.doc, { brand: inputs.brand, signal: input.signal });
    const type = adapter.fileType?.(loaded.doc) ?? { contentType: adapter.contentType, extension: adapter.extension };
    const fileName = input.run.file_name ?? defaultFileName(adapter.title(loaded.doc), type.extension, FORMAT_LABEL[adapter.format]);
    return { artifact: { body, contentType: type.contentType, fileName }, summary, credits: this.d.settings.renderCredits, usage: { models: [], turns: 0, tool_calls: 0, failed_tool_calls: 0, duration_ms: 0 } };
  }

  /** Bytes with the request's `fields` filled, when it has them. */
  private filled(input: AgentInput, bytes: Buffer): { bytes: Buffer; fill?: unknown } {
    const fields = input.request.fields;
    if (!fields || !this.d.templates) return { bytes };
    const out = this.d.templates.fill(this.d.adapter.format, bytes, fields);
    return { bytes: out.bytes, fill: out.report };
  }

  /**
   * The document to act on: init_file when given (explicitly chosen), else the run's current version,
   * else a new one: made from the template the request recorded (its own, or the organization's default), else Folio's design.
   */
  private async load(input: AgentInput): Promise<LoadedDocument> {
    const { adapter } = this.d;
    const label = FORMAT_LABEL[adapter.format];
    if (input.request.init_file) {
      const { row, bytes: raw } = await this.d.resolver.fileBytes(input.task.org_id, input.request.init_file);
      try {
        const { bytes, fill } = this.filled(input, raw);
        return { doc: await adapter.read(bytes), origin: 'init_file', fill };
      } catch (err) {
        this.logUnexpected(err, input);
        throw initFileUnreadable(adapter.format, input.request.init_file, row.file_name, unreadableReason(err));
      }
    }
    if (input.current) {
      try {
        const { bytes, fill } = this.filled(input, await input.current.bytes());
        return { doc: await adapter.read(bytes), origin: 'run', fill };
      } catch (err) {
        this.logUnexpected(err, input);
        throw new AppError('invalid_request', `The run's current document (version ${input.current.version}, ${input.current.fileName}) cannot be opened as a ${label} document: ${unreadableReason(err)}`);
      }
    }
    const template = this.d.templates?.refOf(input.request);
    if (template && !input.request.run_id) {
      const opened = await this.d.templates!.open(input.task.org_id, adapter.format, template, input.request);
      return { doc: opened.doc, origin: opened.kept ? 'init_file' : 'new', ...(opened.fill ? { fill: opened.fill } : {}) };
    }
    return { doc: adapter.create(), origin: 'new' };
  }

  /** A reader that failed otherwise than by refusing the file is a bug to look at: logged, and still told as unreadable. */
  private logUnexpected(err: unknown, input: AgentInput): void {
    if (!(err instanceof DocumentUnreadable)) this.d.log.error({ err, task_id: input.task.task_id }, 'document reader failed');
  }

  private summary(mode: 'action' | 'ask', doc: unknown, finish: string | null, finalText: string | null, changes: string[], notes: string[], hitLimit: boolean, origin: LoadedDocument['origin']): string {
    const parts: string[] = [];
    const said = (finish ?? finalText ?? '').trim();
    if (mode === 'ask') parts.push(said || 'No answer was given.');
    else {
      // What happened comes from the edits themselves; the model's (or planner's) words follow as remarks.
      const { adapter } = this.d;
      parts.push(adapter.summarize ? adapter.summarize(doc, changes, origin) : changes.length
        ? `${origin === 'new' ? 'Built' : 'Changed'} the document: ${changes.slice(0, 12).join('; ')}${changes.length > 12 ? `; and ${changes.length - 12} more changes` : ''}.`
        : origin === 'new' ? 'Created the document.' : 'The document was not changed.');
      if (said) parts.push(said);
    }
    if (hitLimit) parts.push(`The agent stopped at its limit of ${this.d.adapter.maxSteps ?? this.d.settings.maxTurns} turns; resume the run with run_id to continue.`);
    parts.push(...notes);
    return parts.join(' ');
  }

  /** Each model's turns with its provider and credits at its prices, rounded up per model (the builtin engine's included). */
  private pricedUsage(usage: ModelUsage[]): (ModelUsage & { provider: string; credits: number })[] {
    return usage.map((u) => {
      const entry = this.d.registry.entry(u.model);
      return { ...u, provider: entry.provider, credits: Math.ceil(creditsFor(entry, u.inputTokens, u.outputTokens, 0)) };
    });
  }
}
