// One format's agent as the runs engine sees it (an AgentRunner): load the document (the run's current
// version, init_file, or a new one), resolve the inputs, run the tool loop (a provider model, or the
// builtin engine driving the format's planner), render, and account for credits. `mode: "ask"` goes
// to the ask engine (src/documents/ask/ask-mode.ts): read-only, no version, only the model's usage.
// The loop completes only with the requested change in the document (outcome-check.ts); its nudges and
// fallbacks show as the task's phase and are kept with the run's turns. A task that fails is not charged.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import { createBuiltinModel } from '../../llm/builtin/builtin-model.ts';
import { creditsFor } from '../../llm/model-catalog.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import type { SchemaCompiler } from '../../llm/json-schema.ts';
import { FORMAT_LABEL, type AgentInput, type AgentResult, type AgentRunner } from '../../runs/agents.ts';
import { runAgentLoop, type LoopEvent, type ModelUsage } from './agent-loop.ts';
import { conversation, requestMessage, systemPrompt } from './agent-prompts.ts';
import { outcomeProblems } from './outcome-check.ts';
import { AgentToolbox, coreTools } from './agent-toolbox.ts';
import type { AgentTurnsRepository } from './agent-turns.repository.ts';
import { planningBuiltin } from './builtin-agent-planner.ts';
import { downloadName } from '../titles/download-name.ts';
import type { AnyFormatAdapter } from './format-adapter.ts';
import type { InputResolver } from './input-resolver.ts';
import { DocumentUnreadable, unreadableReason } from './tool-error.ts';
import { initFileUnreadable } from '../../runs/references.ts';
import { AskEngine } from '../ask/ask-engine.ts';
import type { DocumentIsolate } from '../isolate/document-isolate.ts';
import { runAskMode } from '../ask/ask-mode.ts';

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
  fill(format: AgentInput['task']['format'], bytes: Buffer, fields: Record<string, string>): Promise<{ bytes: Buffer; report: unknown }>;
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
  /** Document threads: a file is opened there first, so one too large to hold fails its task, not the process. */
  isolate?: DocumentIsolate;
}

interface LoadedDocument {
  doc: unknown;
  /** Where it came from, for the summary and the planner (a template whose content is kept counts as a document to edit). */
  origin: 'new' | 'run' | 'init_file';
  /** A fill-in (`fields`): what was filled; the task then ends without the model. */
  fill?: unknown;
  /** A template whose content the request keeps: the document is a result even if the model changes nothing. */
  kept?: boolean;
}

export class DocumentAgent implements AgentRunner {
  readonly name: string;
  private readonly d: DocumentAgentDeps;
  private readonly askEngine: AskEngine;

  constructor(deps: DocumentAgentDeps) {
    this.d = deps;
    this.name = deps.adapter.agentName;
    this.askEngine = new AskEngine({ registry: deps.registry, compiler: deps.compiler, log: deps.log });
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
    if (mode === 'ask') return this.ask(input, doc, inputs, notes, history);
    const changes: string[] = [];
    let finishSummary: string | null = null;
    const notices = new Set<string>();
    // Each recorded change is also a step of the task's progress stream, attributed to the tool making it.
    const noteChange = (c: string) => { changes.push(c); input.progress?.step(c, toolbox.current); };
    const ctx = { doc, inputs, mode, noteChange, addNotice: (n: string) => notices.add(n) };
    const formatTools = adapter.tools(ctx).filter((t) => mode === 'action' || t.readOnly);
    const core = coreTools({ outline: () => adapter.outline(doc), finish: (s) => { finishSummary = s; } });
    const toolbox = new AgentToolbox([...core, ...formatTools], (tool, err) => this.d.log.error({ err, tool, task_id: input.task.task_id }, 'agent tool failed'));
    toolbox.progress = input.progress ?? null;
    const actions = toolbox.succeeded;
    const planRequest = { prompt, mode, editing: loaded.origin !== 'new', request: input.request };
    const builtin = createBuiltinModel({
      compiler: this.d.compiler,
      planner: planningBuiltin(() => adapter.plan(planRequest, doc, inputs), () => changes.length > 0),
    });
    await input.reportPhase('writing');
    const loopStarted = Date.now();
    const events: LoopEvent[] = [];
    const turn = { task_id: input.task.task_id, run_id: input.run.run_id, org_id: input.task.org_id, prompt, mode };
    const outcome = () => outcomeProblems({ adapter, doc, request: planRequest, origin: loaded.origin, changes, startsComplete: loaded.kept === true });
    const request = [prompt, adapter.requestContext?.(input.request)].filter(Boolean).join('\n\n');
    let loop;
    try {
      loop = await runAgentLoop({
        chain: this.d.registry.chain(null),
        registry: this.d.registry,
        builtin,
        system: systemPrompt(adapter, mode),
        messages: conversation(history, requestMessage(inputs, adapter.outline(doc), request)),
        toolbox,
        mode,
        maxTurns: adapter.maxSteps ?? this.d.settings.maxTurns,
        turnTimeoutMs: this.d.settings.turnTimeoutMs,
        signal: input.signal,
        finished: () => finishSummary !== null,
        changeCount: () => changes.length,
        outcome,
        handover: (reason) => handoverMessage(reason, changes, adapter.outline(doc), request),
        onEvent: async (e) => {
          events.push(e);
          await input.reportPhase(e.kind === 'nudge' ? 'correcting' : e.kind === 'recovered' ? 'writing' : e.next ? `fallback:${e.next}` : 'failing');
        },
      });
    } catch (err) {
      // What the models did is kept with the run's turns (a failed task's turn is never replayed).
      if (!input.signal.aborted) {
        await this.d.turns.record({ ...turn, summary: (err as Error).message, actions: [...new Set(actions)], events: events.map(presentEvent) }).catch(() => {});
      }
      throw err;
    }
    // Which model did the work is part of what happened: a fallback is said, with why.
    const handovers = events.filter((e) => e.kind === 'fallback' && e.next).map((e) => `${e.next} took over: ${e.detail}.`);
    const summary = this.summary(mode, doc, finishSummary, loop.finalText, changes, [...notices, ...notes, ...handovers], loop.hitTurnLimit, loaded.origin);
    const models = this.pricedUsage(loop.usage);
    const modelCredits = models.reduce((sum, m) => sum + m.credits, 0);
    const usage = {
      models, turns: loop.turns, tool_calls: toolbox.calls, failed_tool_calls: toolbox.failedCalls, duration_ms: Date.now() - loopStarted,
      ...(events.length ? { events: events.map(presentEvent) } : {}),
    };
    await this.d.turns.record({ ...turn, summary, actions: [...new Set(actions)], events: events.map(presentEvent) });
    await input.reportPhase('rendering');
    const body = await adapter.render(doc, { brand: inputs.brand, signal: input.signal });
    return {
      artifact: { body, ...this.naming(input, doc) },
      summary,
      credits: modelCredits + this.d.settings.renderCredits,
      usage,
    };
  }

  private ask(input: AgentInput, doc: unknown, inputs: Parameters<AnyFormatAdapter['tools']>[0]['inputs'], notes: string[], history: Parameters<typeof conversation>[0]): Promise<AgentResult> {
    const { adapter } = this.d;
    const prompt = input.request.prompt;
    const notices = new Set<string>();
    const ctx = { doc, inputs, mode: 'ask' as const, noteChange: () => {}, addNotice: (n: string) => notices.add(n) };
    const tools = [...coreTools({ outline: () => adapter.outline(doc), finish: () => {} }).filter((t) => t.name !== 'finish'), ...adapter.tools(ctx).filter((t) => t.readOnly)];
    return runAskMode(input, {
      engine: this.askEngine, format: adapter.format, doc, title: adapter.title(doc), tools, chain: this.d.registry.chain(null),
      messages: conversation(history, [prompt, adapter.requestContext?.(input.request)].filter(Boolean).join('\n\n')),
      maxTurns: adapter.maxSteps ?? this.d.settings.maxTurns, turnTimeoutMs: this.d.settings.turnTimeoutMs, notes: [...notices, ...notes],
      price: (usage) => this.pricedUsage(usage),
      record: (summary, actions) => this.d.turns.record({ task_id: input.task.task_id, run_id: input.run.run_id, org_id: input.task.org_id, prompt, mode: 'ask', summary, actions }),
    });
  }

  /**
   * The artifact's type and names: a file named after the title (a slug; the title itself goes in
   * filename*), unless the caller named it or the run has its name.
   */
  private naming(input: AgentInput, doc: unknown): { contentType: string; fileName: string; title: string | null } {
    const { adapter } = this.d;
    const type = adapter.fileType?.(doc) ?? { contentType: adapter.contentType, extension: adapter.extension };
    const title = adapter.title(doc)?.replace(/\s+/g, ' ').trim() || null;
    const fileName = input.run.file_name ?? downloadName(title, type.extension, FORMAT_LABEL[adapter.format]);
    const named = input.run.file_name === null ? title : input.request.file_name ? null : input.current?.title ?? null;
    return { contentType: type.contentType, fileName, title: named };
  }

  /** A fill-in task: the fields are filled, the brand applied and the document written; no model is called. */
  private async fillOnly(input: AgentInput, loaded: LoadedDocument, inputs: Awaited<ReturnType<InputResolver['resolve']>>['inputs'], notes: string[]): Promise<AgentResult> {
    const { adapter } = this.d;
    const summary = [this.d.templates!.describeFill(loaded.fill), ...notes].join(' ');
    await this.d.turns.record({ task_id: input.task.task_id, run_id: input.run.run_id, org_id: input.task.org_id, prompt: input.request.prompt, mode: 'action', summary, actions: ['fill_fields'] });
    await input.reportPhase('rendering');
    const body = await adapter.render(loaded.doc, { brand: inputs.brand, signal: input.signal });
    return { artifact: { body, ...this.naming(input, loaded.doc) }, summary, credits: this.d.settings.renderCredits, usage: { models: [], turns: 0, tool_calls: 0, failed_tool_calls: 0, duration_ms: 0 } };
  }

  /** Bytes with the request's `fields` filled, when it has them. */
  private async filled(input: AgentInput, bytes: Buffer): Promise<{ bytes: Buffer; fill?: unknown }> {
    const fields = input.request.fields;
    if (!fields || !this.d.templates) return { bytes };
    const out = await this.d.templates.fill(this.d.adapter.format, bytes, fields);
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
        const { bytes, fill } = await this.filled(input, raw);
        return { doc: await this.open(bytes, input.signal), origin: 'init_file', fill };
      } catch (err) {
        this.logUnexpected(err, input);
        throw initFileUnreadable(adapter.format, input.request.init_file, row.file_name, unreadableReason(err));
      }
    }
    if (input.current) {
      try {
        const { bytes, fill } = await this.filled(input, await input.current.bytes());
        return { doc: await this.open(bytes, input.signal), origin: 'run', fill };
      } catch (err) {
        this.logUnexpected(err, input);
        throw new AppError('invalid_request', `The run's current document (version ${input.current.version}, ${input.current.fileName}) cannot be opened as ${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label} document: ${unreadableReason(err)}`);
      }
    }
    const template = this.d.templates?.refOf(input.request);
    if (template && !input.request.run_id) {
      const opened = await this.d.templates!.open(input.task.org_id, adapter.format, template, input.request);
      return { doc: opened.doc, origin: opened.kept ? 'init_file' : 'new', kept: opened.kept, ...(opened.fill ? { fill: opened.fill } : {}) };
    }
    return { doc: adapter.create(), origin: 'new' };
  }

  /**
   * A file's document. One large enough to come near a document thread's heap limit is opened in a
   * thread first (every part parsed, under that limit): a file too large to hold fails there, with
   * DocumentOutOfMemory, instead of exhausting this process. Then it is opened here, where the tools act on it.
   */
  private async open(bytes: Buffer, signal: AbortSignal): Promise<unknown> {
    const isolate = this.d.isolate;
    if (isolate?.couldExhaust(bytes)) await isolate.run('open', { format: this.d.adapter.format, bytes }, signal);
    return this.d.adapter.read(bytes);
  }

  /** A reader that failed otherwise than by refusing the file is a bug to look at: logged, and still told as unreadable. */
  private logUnexpected(err: unknown, input: AgentInput): void {
    if (!(err instanceof DocumentUnreadable) && (err as Error)?.name !== 'DocumentOutOfMemory') this.d.log.error({ err, task_id: input.task.task_id }, 'document reader failed');
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

  /**
   * Each model's turns with its provider and credits at its prices, rounded up per model (the builtin
   * engine's included). A model replaced for misbehaving is listed with its tokens but not charged.
   */
  private pricedUsage(usage: ModelUsage[]): (ModelUsage & { provider: string; credits: number })[] {
    return usage.filter((u) => u.turns > 0).map((u) => {
      const entry = this.d.registry.entry(u.model);
      return { ...u, provider: entry.provider, credits: u.dropped ? 0 : Math.ceil(creditsFor(entry, u.inputTokens, u.outputTokens, 0)) };
    });
  }
}

/** A loop event as the run's turns and the task's usage keep it. */
function presentEvent(e: LoopEvent): Record<string, unknown> {
  return { kind: e.kind, model: e.model, turn: e.turn, reason: e.reason, detail: e.detail, ...(e.kind === 'fallback' ? { next: e.next ?? null } : {}) };
}

/** The fresh start of a model taking over from a misbehaving one: what was done, where things stand, what is asked. */
function handoverMessage(reason: string, changes: string[], outline: string, request: string): string {
  const done = changes.length ? `Its changes so far, which stay: ${changes.slice(-20).join('; ')}.` : 'It changed nothing.';
  return `[Folio] Another model worked on this request first and was stopped: ${reason}. ${done}\n\nThe document as it is now:\n${outline}\n\nCarry out the request from here:\n${request}`;
}
