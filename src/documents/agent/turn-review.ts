// Judging a model's turn: did it move the task forward, or is the model misbehaving (text instead of
// tool calls, unknown tools, garbled or invalid arguments, ids that do not exist, the same call again,
// `finish` with nothing built)? A turn that made no progress gets a corrective nudge, written here: what
// was wrong and what to do instead. The loop (agent-loop.ts) hands the task to the next model when the
// turn after a nudge makes no progress either.
import type { ToolFailure } from './agent-toolbox.ts';

export type Misstep =
  | 'text_only' | 'unknown_tool' | 'garbled_arguments' | 'truncated_output' | 'invalid_arguments' | 'tool_errors'
  | 'repeated_call' | 'empty_finish' | 'turn_limit';

/** One call of a turn as it ran. */
export interface CallOutcome {
  tool: string;
  readOnly: boolean;
  /** The call failed; `failure` says how (a refused `finish` or repeat has its own marks). */
  failed: boolean;
  failure?: ToolFailure;
  repeat?: boolean;
  refusedFinish?: boolean;
  /** The answer was cut off at the output token limit while this call was written: it was not run. */
  cutOff?: boolean;
}

/** What the nudge says for each misstep: what was wrong, then what to do. */
const NUDGES: Record<Misstep, (detail: string) => string> = {
  text_only: (d) => `You answered with text only and called no tool, so nothing was done to the document${d ? ` (${d})` : ''}. Work only through the tools: call them now to do what the request asks (several calls in one turn are fine), then call finish.`,
  unknown_tool: () => 'You called tools that do not exist. Use only the tools you were given (their names are listed in the error results above), then call finish.',
  garbled_arguments: () => 'Your tool call arguments were not valid JSON: cut off or garbled. Send each call with one complete JSON object; split a long call into several smaller calls.',
  truncated_output: () => 'Your last answer was cut off at the output token limit (max_tokens) while you were writing a tool call, so that call arrived incomplete and was not run. Send less per call: split a long call into several smaller calls (a few slides, sections or sheets each), and keep each call well under the limit.',
  invalid_arguments: () => 'Every call of your last turn was refused for invalid arguments. Read the errors above: they name each wrong field and what it must be. Correct the arguments and call again; do not resend them unchanged.',
  tool_errors: () => 'Every call of your last turn failed. Read the errors above. If they name ids or names that do not exist, call get_outline to see the ids the document has now and use only those.',
  repeated_call: () => 'You repeated calls you had already made, with the same arguments, while the document had not changed: their results are above and would be the same. Do the next step of the request instead, or call finish if it is done.',
  empty_finish: (d) => `You called finish, but ${d || 'nothing has been built'}. Build what the request asks with the tools first, then call finish.`,
  turn_limit: (d) => `${d} Complete what the request needs now and call finish in that turn; do not start anything new.`,
};

export function nudgeText(misstep: Misstep, detail = ''): string {
  return `[Folio] ${NUDGES[misstep](detail)}`;
}

/** What a misstep says in a run's records and in a failure message. */
export function describeMisstep(misstep: Misstep): string {
  switch (misstep) {
    case 'text_only': return 'answered with text only, without calling a tool';
    case 'unknown_tool': return 'called tools that do not exist';
    case 'garbled_arguments': return 'sent tool calls whose arguments were not valid JSON (cut off or garbled)';
    case 'truncated_output': return 'had its tool calls cut off at the output token limit (max_tokens)';
    case 'invalid_arguments': return 'sent invalid tool arguments';
    case 'tool_errors': return 'made tool calls that all failed (ids or names that do not exist, or values out of range)';
    case 'repeated_call': return 'repeated the same tool calls while the document did not change';
    case 'empty_finish': return 'called finish with nothing built';
    case 'turn_limit': return 'used up its turns without building what was asked';
  }
}

/**
 * The misstep of a turn that made no progress, or null when it moved the task forward: at least one
 * call that was neither refused nor failed (a refused finish alone is no progress).
 */
export function reviewTurn(calls: CallOutcome[]): Misstep | null {
  if (!calls.length) return 'text_only';
  if (calls.some((c) => !c.failed && !c.repeat && !c.refusedFinish)) return null;
  const counted = (pred: (c: CallOutcome) => boolean) => calls.filter(pred).length;
  if (calls.every((c) => c.refusedFinish || c.repeat) && counted((c) => !!c.refusedFinish)) return 'empty_finish';
  if (counted((c) => !!c.repeat)) return 'repeated_call';
  if (calls.some((c) => c.cutOff)) return 'truncated_output';
  const kinds: [Misstep, ToolFailure][] = [['garbled_arguments', 'garbled_arguments'], ['unknown_tool', 'unknown_tool'], ['invalid_arguments', 'invalid_arguments']];
  for (const [misstep, failure] of kinds) if (calls.some((c) => c.failure === failure)) return misstep;
  if (counted((c) => !!c.refusedFinish)) return 'empty_finish';
  return 'tool_errors';
}

/** A call's identity: its tool and its arguments, with object keys in a stable order. */
function signature(tool: string, input: unknown): string {
  const stable = (v: unknown): unknown => {
    if (typeof v === 'string') {
      try { return stable(JSON.parse(v)); } catch { return v; }
    }
    if (Array.isArray(v)) return v.map(stable);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable((v as Record<string, unknown>)[k])]));
    return v;
  };
  return `${tool} ${JSON.stringify(stable(input) ?? null)}`;
}

/**
 * Remembers the calls of one model's attempt, to catch repeats: a call identical to an earlier one made
 * while the document has not changed since (its result would be the same), or a write identical to one
 * that already succeeded (running it again would duplicate content).
 */
export class CallLedger {
  private readonly seen = new Map<string, { changesAt: number; succeededWrite: boolean; turn: number }>();

  /** The turn of the earlier identical call when this one is a repeat, else null (calls of the same turn are never repeats: a plan may mean them). */
  repeatOf(tool: string, input: unknown, readOnly: boolean, changes: number, turn: number): number | null {
    const prior = this.seen.get(signature(tool, input));
    if (!prior || prior.turn >= turn) return null;
    if (prior.changesAt === changes || (!readOnly && prior.succeededWrite)) return prior.turn;
    return null;
  }

  note(tool: string, input: unknown, readOnly: boolean, ok: boolean, changesAfter: number, turn: number): void {
    const key = signature(tool, input);
    const prior = this.seen.get(key);
    this.seen.set(key, { changesAt: changesAfter, succeededWrite: (prior?.succeededWrite ?? false) || (!readOnly && ok), turn });
  }
}
