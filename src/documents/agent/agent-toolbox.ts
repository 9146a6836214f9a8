// The tools of one task, as the model sees them and as they run. Arguments are validated here (Ajv,
// against each tool's JSON Schema) rather than by the AI SDK, so that every malformed call (unknown
// tool, arguments that are not JSON, arguments that break the schema) becomes an error result the
// model can read and correct, and never an exception that ends the task.
import { jsonSchema, type Tool } from 'ai';
import type { ValidateFunction } from 'ajv';
import { Type } from 'typebox';
import { describeSchemaErrors, newAjv } from '../../llm/json-schema.ts';
import type { ProgressSink } from '../../runs/task-progress.ts';
import { defineTool, type AgentTool, type ToolOutput } from './format-adapter.ts';
import { ToolError } from './tool-error.ts';

/** Why a call failed: the loop tells misbehaving models apart by it (agent/turn-review.ts). */
export type ToolFailure = 'unknown_tool' | 'garbled_arguments' | 'invalid_arguments' | 'tool_error' | 'internal_error';

export interface ToolResult {
  output: ToolOutput;
  isError: boolean;
  failure?: ToolFailure;
}

/** One Ajv for every tool schema of the process; tool schemas are few and fixed, so the cache stays small. */
const ajv = newAjv();
const validators = new Map<string, ValidateFunction>();

function validatorFor(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema);
  let v = validators.get(text);
  if (!v) {
    v = ajv.compile(JSON.parse(text));
    validators.set(text, v);
  }
  return v;
}

export interface CoreToolHooks {
  outline(): string;
  finish(summary: string): void;
}

/** `get_outline` and `finish`: the tools every format has. */
export function coreTools(hooks: CoreToolHooks): AgentTool[] {
  return [
    defineTool({
      name: 'get_outline',
      description: 'Returns the current outline of the document: its structure, with the ids that other tools take.',
      input: Type.Object({}, { additionalProperties: false }),
      readOnly: true,
      execute: () => hooks.outline(),
    }),
    defineTool({
      name: 'finish',
      description: 'Call once the work is done. `summary`: one to three sentences for the user saying what you built or changed (in ask mode: the answer to the question).',
      input: Type.Object({ summary: Type.String({ maxLength: 4000 }) }, { additionalProperties: false }),
      readOnly: true,
      execute: (args) => {
        hooks.finish(args.summary);
        return 'Finished.';
      },
    }),
  ];
}

export class AgentToolbox {
  private readonly tools = new Map<string, AgentTool>();
  private readonly onInternalError: (tool: string, err: unknown) => void;
  calls = 0;
  failedCalls = 0;
  /** Names of the tools called successfully so far (`finish` aside), in order, for the run's turns. */
  readonly succeeded: string[] = [];
  /** The tool running now (its changes are the task's steps), or null between calls. */
  current: string | null = null;
  /** Where the task's progress goes (the task's event stream); absent: nowhere. */
  progress: ProgressSink | null = null;

  constructor(tools: AgentTool[], onInternalError: (tool: string, err: unknown) => void) {
    for (const t of tools) this.tools.set(t.name, t);
    this.onInternalError = onInternalError;
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** true for tools that only read the document (unknown names: false). */
  isReadOnly(name: string): boolean {
    return this.tools.get(name)?.readOnly === true;
  }

  /** Declarations for the AI SDK: no `execute` (the loop runs calls itself) and no SDK-side validation. */
  declarations(): Record<string, Tool> {
    return Object.fromEntries([...this.tools.values()].map((t) => [t.name, {
      description: t.description,
      inputSchema: jsonSchema(JSON.parse(JSON.stringify(t.input))),
    } as Tool]));
  }

  /** A model turn is about to run `calls` calls (`finish` aside); `planned`: they are the whole plan of the work. */
  beginTurn(calls: number, planned: boolean): void {
    this.progress?.beginTurn(calls, planned);
  }

  async call(name: string, rawInput: unknown): Promise<ToolResult> {
    this.calls++;
    this.current = name;
    let result: ToolResult;
    try {
      result = await this.run(name, rawInput);
    } finally {
      this.current = null;
    }
    if (result.isError) this.failedCalls++;
    else if (name !== 'finish') this.succeeded.push(name);
    if (name !== 'finish') this.progress?.callDone();
    return result;
  }

  private async run(name: string, rawInput: unknown): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) return error(`There is no tool named "${name}". Available tools: ${this.names().join(', ')}.`, 'unknown_tool');
    let input = rawInput;
    if (typeof input === 'string') {
      try {
        input = input.trim() === '' ? {} : JSON.parse(input);
      } catch {
        return error(`The arguments of ${name} are not valid JSON (cut off or garbled). Send one complete JSON object matching the tool's schema; for a long call, split the work over several smaller calls.`, 'garbled_arguments');
      }
    }
    if (input === null || input === undefined) input = {};
    const validate = validatorFor(tool.input);
    if (!validate(input)) {
      return error(`Invalid arguments for ${name}: ${describeSchemaErrors(validate.errors, 6).join('; ')}. Fix them and call the tool again.`, 'invalid_arguments');
    }
    try {
      return { output: await tool.execute(input as never), isError: false };
    } catch (err) {
      if (err instanceof ToolError) return error(err.message, 'tool_error');
      this.onInternalError(name, err);
      return error(`${name} failed with an internal error. Call get_outline to see the document as it is now, then try another way.`, 'internal_error');
    }
  }
}

function error(message: string, failure: ToolFailure): ToolResult {
  return { output: message, isError: true, failure };
}
