// The one interface between the generation engine (this module) and the agents that write documents
// (src/documents, a later issue). The engine queues, runs, times out, cancels, stores and charges; an
// agent only turns a request (and the run's current document, when resuming) into a new document.
import type { Readable } from 'node:stream';
import type { Format } from '../config.ts';
import type { GenerateRequest } from './runs.schemas.ts';
import type { ProgressSink } from './task-progress.ts';

export type { Format } from '../config.ts';
export const FORMATS: readonly Format[] = ['word', 'excel', 'slides'];

export const FORMAT_LABEL: Record<Format, string> = { word: 'Word', excel: 'Excel', slides: 'Slides' };

/** Finer-grained progress of a running task, shown as `phase` on GET /tasks/{id}. */
export type TaskPhase = 'starting' | 'planning' | 'writing' | 'rendering' | 'saving' | (string & {});

export interface CurrentArtifact {
  version: number;
  contentType: string;
  fileName: string;
  /** The title the file was named after, or null. */
  title: string | null;
  size: number;
  /** Streams the bytes from the blob store. */
  open(): Promise<Readable>;
  bytes(): Promise<Buffer>;
}

export interface AgentInput {
  task: { task_id: string; run_id: string; org_id: string; format: Format; mode: 'action' | 'ask'; timeout_ms: number; attempt: number };
  run: { run_id: string; format: Format; file_name: string | null; resumed: boolean };
  request: GenerateRequest;
  /** The run's current document when resuming a run that has one; null otherwise. */
  current: CurrentArtifact | null;
  /** The most credits the task may cost (its reservation); usage above it is not charged. */
  creditBudget: number;
  /** Records the task's current phase (visible to pollers). */
  reportPhase(phase: TaskPhase): Promise<void>;
  /** Where the agent reports its visible steps and tool calls, for the task's progress stream (absent: nowhere). */
  progress?: ProgressSink;
  /** Aborted on timeout_ms, cancellation or worker shutdown: stop promptly and throw. */
  signal: AbortSignal;
}

export interface AgentArtifact {
  body: Buffer | Readable;
  contentType: string;
  fileName: string;
  /** The document's title when fileName was made from it (downloads carry it in filename*). */
  title?: string | null;
}

export interface AgentResult {
  /** The new document; null when the task produced none (for example `mode: "ask"`). */
  artifact: AgentArtifact | null;
  summary: string;
  /** Credits the work cost; the engine charges at most the reservation. */
  credits: number;
  /** Free-form usage figures (tokens, model), kept on the task. */
  usage?: Record<string, unknown>;
  /** Ask mode: `{answered, citations, data}`, shown as the task's `answer`. */
  answer?: { answered: boolean; citations: object[]; data: Record<string, unknown> | null };
}

export interface AgentRunner {
  /** Reported as `agent_name` in events. */
  readonly name: string;
  run(input: AgentInput): Promise<AgentResult>;
}

/**
 * A task's request names a registered runner in this field instead of using its format's agent
 * (project reports: a Word run written from a template). The engine owns it; request schemas of the
 * generation endpoints never accept it.
 */
export const RUNNER_FIELD = 'runner';

/** The agents installed in this process, by format. A format without one answers 501. */
export class AgentRegistry {
  private readonly agents: Partial<Record<Format, AgentRunner>>;
  private readonly runners = new Map<string, AgentRunner>();

  constructor(agents: Partial<Record<Format, AgentRunner>> = {}) {
    this.agents = { ...agents };
  }

  get(format: Format): AgentRunner | undefined {
    return this.agents[format];
  }

  /** Registers a runner that tasks name in their request's RUNNER_FIELD. */
  registerRunner(name: string, runner: AgentRunner): void {
    this.runners.set(name, runner);
  }

  /** The runner of a task: the one its request names, else its format's agent. */
  forRequest(format: Format, request: object): AgentRunner | undefined {
    const named = (request as Record<string, unknown>)[RUNNER_FIELD];
    return typeof named === 'string' ? this.runners.get(named) : this.agents[format];
  }
}
