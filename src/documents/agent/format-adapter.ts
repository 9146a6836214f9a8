// The contract between the format-independent agent core (src/documents/agent) and one document
// format (src/documents/word, excel, slides). The core owns the request, the inputs, the model loop,
// phases, timeouts, credits, resume and storage; an adapter owns its document model: how to read a
// file into it, render it back, describe it, act on it through tools, and plan it without a model.
//
// Stability: this interface only grows (new optional members). Formats code against it in parallel.
//
// Installing an adapter: put it in `src/documents/<format>/<format>.adapter.ts` and export it as
// `adapter` (`export const adapter: FormatAdapter<MyDoc> = {...}`). The agent core discovers it at
// start-up (src/documents/agent/adapter-registry.ts) and registers one AgentRunner for the format;
// while that file does not exist the format's generate endpoint answers 501.
import type { Static, TSchema } from 'typebox';
import type { Format } from '../../config.ts';
import type { GenerateRequest } from '../../runs/runs.schemas.ts';
import type { DocumentSnapshot } from './outcome/snapshot.ts';

export type { Format } from '../../config.ts';

// ---------------------------------------------------------------------------------------------
// Inputs the core resolves before the agent starts (the same for every format)
// ---------------------------------------------------------------------------------------------

/**
 * A cell of a data source: what JSON, CSV and XLSX can hold. Dates arrive as ISO 8601 strings; a CSV's
 * percentages and amounts as text in one notation, `12.5%` and `-€1,234.50` (csv-typing.ts).
 */
export type DataCell = string | number | boolean | null;

/** A table from `data_sources`: inline rows, or a CSV / XLSX / JSON file read by the core. */
export interface DataTable {
  /** Inline: its `name`; a file: the file's name without extension (one table per XLSX sheet: `<file> - <sheet>`). */
  name: string;
  columns: string[];
  rows: DataCell[][];
  /** Where it came from, for citations and summaries. */
  source: { kind: 'inline' } | { kind: 'csv' | 'xlsx' | 'json'; file_id: string; file_name: string; sheet?: string };
}

/** A file of `context_files`, as text the model may read and cite. */
export interface ContextFile {
  file_id: string;
  file_name: string;
  content_type: string;
  /** Plain text extracted from the file (docx, pdf, xlsx, pptx, csv, md, txt, json, html), bounded in size. */
  text: string;
  /** true when `text` was cut to the bound. */
  truncated: boolean;
  /** 1-based reference number used in citations ([1], [2], ...), in request order. */
  ref: number;
}

/** An image of `image_assets` (or the brand logo): bytes ready to embed. */
export interface ImageInput {
  image_id: string;
  file_name: string;
  /** image/png, image/jpeg, image/gif or image/svg+xml (WebP is converted to PNG by the core when possible, else skipped). */
  content_type: string;
  bytes: Buffer;
  /** Pixel size (null when unknown, e.g. some SVGs); keep the aspect ratio when placing. */
  width: number | null;
  height: number | null;
  caption: string | null;
  tags: string[];
}

/** `brand` of the request, with colours normalized to `RRGGBB` (upper case, no #). */
export interface BrandInput {
  primaryColor: string | null;
  secondaryColor: string | null;
  font: string | null;
  logo: ImageInput | null;
}

export interface ResolvedInputs {
  contextFiles: ContextFile[];
  dataSources: DataTable[];
  images: ImageInput[];
  brand: BrandInput | null;
}

// ---------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------

/** What a tool hands back to the model: text, or a JSON value (serialized by the core). */
export type ToolOutput = string | Record<string, unknown> | unknown[];

/**
 * A tool the model can call. The core validates the arguments against `input` (a TypeBox schema, so
 * JSON Schema) before `execute` runs; invalid or malformed calls never reach `execute`, the model gets
 * an error result and may try again. Throw `ToolError` (agent/tool-error.ts) for a problem the model
 * should see and fix (unknown section id, cell out of range); any other exception is logged and
 * reported to the model as an internal tool failure, without ending the task.
 */
export interface AgentTool<S extends TSchema = TSchema> {
  /** snake_case, unique per format; `get_outline` and `finish` are provided by the core. */
  name: string;
  /** What it does and when to use it, for the model (one or two sentences). */
  description: string;
  input: S;
  /** true: only reads the document (the only tools offered in `mode: "ask"`). */
  readOnly?: boolean;
  execute(args: Static<S>): ToolOutput | Promise<ToolOutput>;
}

/** Typed helper: `defineTool({ name, description, input: Type.Object({...}), execute(args) {...} })`. */
export function defineTool<S extends TSchema>(tool: AgentTool<S>): AgentTool<S> {
  return tool;
}

export interface ToolContext<Doc> {
  /** The in-memory document; tools mutate it. The core renders it once the loop ends. */
  doc: Doc;
  inputs: ResolvedInputs;
  mode: 'action' | 'ask';
  /** Records a change in words ("added section 'Revenue'"); the core lists them in the summary. */
  noteChange(description: string): void;
  /** Something the summary must say whatever the model writes (Slides: the 30-slide cap and how to continue); said once. */
  addNotice?(text: string): void;
}

// ---------------------------------------------------------------------------------------------
// The builtin planner (used when the model is Folio's offline engine)
// ---------------------------------------------------------------------------------------------

export interface PlanRequest {
  prompt: string;
  mode: 'action' | 'ask';
  /** true when resuming a run or starting from init_file: act on the existing document, keep the rest. */
  editing: boolean;
  /** The whole generation request, for fields only one format reads (Slides: `outline`). */
  request?: GenerateRequest;
}

/** One tool call of a plan, executed through the same validated tools a model would call. */
export interface PlannedToolCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface AgentPlan {
  /** Calls in order (action mode); read-only calls only, or none, in ask mode. */
  calls: PlannedToolCall[];
  /** The summary of what was built or changed; in ask mode, the answer. Never invents facts. */
  summary: string;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

export interface RenderOptions {
  /** The request's brand, when given (already applied to the doc by the planner/tools if they store it). */
  brand: BrandInput | null;
  /** Aborted on timeout or cancellation; long renders should check it between parts. */
  signal?: AbortSignal;
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

export interface FormatAdapter<Doc> {
  format: Format;
  /** MIME type of the rendered file. */
  contentType: string;
  /** File extension without the dot: docx, xlsx, pptx. */
  extension: string;
  /** Reported as `agent_name` in events, e.g. `folio-word-agent`. */
  agentName: string;

  /** An empty document (a new run without init_file). */
  create(): Doc;
  /**
   * Loads a file (init_file, the run's current version, an editor-saved version) into the model.
   * Preserve what the model cannot represent, verbatim where possible (raw XML parts kept on the doc
   * and written back by the renderer). Throw `DocumentUnreadable` (agent/tool-error.ts) for bytes that
   * are not a readable file of this format: the core turns it into a clear 422.
   */
  read(bytes: Buffer): Promise<Doc>;
  render(doc: Doc, options: RenderOptions): Promise<Buffer>;
  /** The format's tools acting on `ctx.doc` (the core adds `get_outline` and `finish`). */
  tools(ctx: ToolContext<Doc>): AgentTool[];
  /** A compact description of the document for the model: structure, ids to address parts, sizes. */
  outline(doc: Doc): string;
  /** The document's title (first heading, title slide, first sheet's title) for the default file name; null if none. */
  title(doc: Doc): string | null;
  /** The document as the structural checks read it (outcome/checks.ts): parts, text, tables, charts, cells. */
  snapshot(doc: Doc): DocumentSnapshot;
  /** Format-specific guidance appended to the core's system prompt (layouts, limits, conventions). */
  instructions: string;
  /** Deterministic plan for the builtin engine: prompt + inputs (+ the existing doc when editing) -> tool calls. */
  plan(request: PlanRequest, doc: Doc, inputs: ResolvedInputs): AgentPlan;
  /** Most model turns (each may call several tools) one task may take before the core stops the loop (default 40). */
  maxSteps?: number;
  /** Text added to the model's request message from fields only this format reads (Slides: the `outline` to build); null for none. */
  requestContext?(request: GenerateRequest): string | null;
  /**
   * What the task did to the document, in words, derived from the changes the tools recorded (and the
   * document itself), never from what the model claims. The core puts it first in the summary, before
   * the model's own remarks. Absent: a generic list of the recorded changes.
   */
  summarize?(doc: Doc, changes: string[], origin: 'new' | 'run' | 'init_file'): string;
  /**
   * The type of the rendered file when it depends on the document (a macro-enabled workbook stays
   * .xlsm); absent: `contentType` and `extension`.
   */
  fileType?(doc: Doc): { contentType: string; extension: string };
  /**
   * Why the document does not yet hold what a task must leave (a new deck with no slide, a workbook
   * with no cell written), in words for the model and the caller; empty when fine. Checked before a
   * task completes (agent/outcome-check.ts), after the core's own checks.
   */
  outcomeProblems?(doc: Doc, changes: readonly string[], origin: 'new' | 'run' | 'init_file'): string[];
}

/** Any adapter, for registries that hold several formats. */
export type AnyFormatAdapter = FormatAdapter<any>;
