// Usage records for generation tasks: the document agent reports, per model it used, the tokens and
// the credits at that model's prices (`usage.models` on the task). When the task completes, each model
// becomes one `llm_usage` row (operation `<format>.generate`, the run id as `session_id`, one
// `attempts` entry with the agent loop's duration) and adds to the organization's monthly LLM totals,
// in the task's terminal transaction, so the usage list and the monthly budget see every model call.
import { newId } from '../ids.ts';
import type { UsageRecorder } from '../runs/task-finalizer.ts';
import { monthOf, type LlmUsageRepository } from './llm-usage.repository.ts';

interface ModelLine {
  model: string;
  provider: string | null;
  inputTokens: number;
  outputTokens: number;
  credits: number;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

function modelLines(usage: Record<string, unknown>): ModelLine[] {
  if (!Array.isArray(usage.models)) return [];
  return usage.models
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null && typeof (m as { model?: unknown }).model === 'string')
    .map((m) => ({
      model: m.model as string,
      provider: typeof m.provider === 'string' ? m.provider : null,
      inputTokens: count(m.inputTokens),
      outputTokens: count(m.outputTokens),
      credits: count(m.credits),
    }));
}

export function agentUsageRecorder(repo: LlmUsageRepository): UsageRecorder {
  return async (trx, task, usage) => {
    const durationMs = count(usage.duration_ms);
    const month = monthOf(new Date());
    for (const m of modelLines(usage)) {
      await repo.record(trx, {
        usage_id: newId('llm'), org_id: task.org_id, key_id: null, request_id: null, operation: `${task.format}.generate`,
        requested_model: null, model: m.model, provider: m.provider, response_format: 'tools', status: 'succeeded', error_code: null,
        input_tokens: m.inputTokens, output_tokens: m.outputTokens, credits: m.credits, user_id: null, session_id: task.run_id,
        attempts: [{ model: m.model, outcome: 'ok', duration_ms: durationMs }], duration_ms: durationMs,
      }, month);
    }
  };
}
