// A test-only agent driven by its prompt: `{"sleep_ms":500,"credits":3,"fail":"upstream_error"}` (JSON)
// or any plain text (finish at once). It writes a small JSON document naming the task, the attempt and
// the process, so tests can tell which worker produced which version.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Format } from '../../src/config.ts';
import { AppError, type ErrorCode } from '../../src/errors.ts';
import type { AgentInput, AgentResult, AgentRunner } from '../../src/runs/agents.ts';

export interface Script {
  sleep_ms?: number;
  credits?: number;
  /** Fail with this error code (an AppError) after sleeping. */
  fail?: ErrorCode;
  /** Throw a plain Error (an unexpected agent failure). */
  crash?: boolean;
  /** Keep running after the abort signal (the engine must still stop waiting). */
  ignore_abort?: boolean;
  /** Recurse without end (a renderer that overflows the call stack on its input). */
  recurse?: boolean;
  /** The artifact's file name and a text appended to the summary (e.g. ending inside a surrogate pair). */
  file_name?: string;
  summary_tail?: string;
  /** Produce no document (like mode: ask). */
  no_artifact?: boolean;
  phases?: string[];
}

export interface AgentCall {
  task_id: string;
  attempt: number;
  started: number;
  ended?: number;
  outcome?: 'done' | 'aborted' | 'failed';
  previous: string | null;
}

const EXT: Record<Format, [string, string]> = {
  word: ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  excel: ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  slides: ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
};

export function parseScript(prompt: string): Script {
  if (!prompt.trim().startsWith('{')) return {};
  try {
    return JSON.parse(prompt) as Script;
  } catch {
    return {};
  }
}

export function scriptedAgent(format: Format, calls: AgentCall[] = []): AgentRunner {
  return {
    name: `test-${format}-agent`,
    async run(input: AgentInput): Promise<AgentResult> {
      const script = parseScript(input.request.prompt);
      const previous = input.current ? (await input.current.bytes()).toString('utf8') : null;
      const call: AgentCall = { task_id: input.task.task_id, attempt: input.task.attempt, started: Date.now(), previous };
      calls.push(call);
      try {
        for (const phase of script.phases ?? ['planning', 'writing']) await input.reportPhase(phase);
        if (script.sleep_ms) await sleep(script.sleep_ms, undefined, script.ignore_abort ? {} : { signal: input.signal });
        if (script.crash) throw new Error('scripted crash');
        if (script.recurse) recurse(0);
        if (script.fail) throw new AppError(script.fail, `scripted failure: ${script.fail}`);
        const [ext, type] = EXT[format];
        const body = Buffer.from(JSON.stringify({ task_id: input.task.task_id, attempt: input.task.attempt, pid: process.pid, prompt: input.request.prompt, previous }));
        call.outcome = 'done';
        return {
          artifact: script.no_artifact ? null : { body, contentType: type, fileName: script.file_name ?? `document.${ext}` },
          summary: `scripted ${format} document for ${input.task.task_id}${script.summary_tail ?? ''}`,
          credits: script.credits ?? 1,
          usage: { pid: process.pid },
        };
      } catch (err) {
        call.outcome = input.signal.aborted ? 'aborted' : 'failed';
        throw err;
      } finally {
        call.ended = Date.now();
      }
    },
  };
}

export function scriptedAgents(calls: AgentCall[] = []): Record<Format, AgentRunner> {
  return { word: scriptedAgent('word', calls), excel: scriptedAgent('excel', calls), slides: scriptedAgent('slides', calls) };
}

function recurse(depth: number): number {
  return recurse(depth + 1) + 1;
}
