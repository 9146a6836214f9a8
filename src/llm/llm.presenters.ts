// Public shapes of LLM resources. Routes never return rows.
import type { LlmUsageRow } from './llm-usage.repository.ts';
import type { BudgetState } from './llm.service.ts';
import type { ModelRegistry } from './model-registry.ts';

export function presentUsage(u: LlmUsageRow) {
  return {
    usage_id: u.usage_id,
    operation: u.operation as 'llm.invoke' | 'text.humanize' | 'text.rewrite' | 'text.new_content' | 'slides.outline' | 'word.generate' | 'excel.generate' | 'slides.generate',
    status: u.status,
    error_code: u.error_code,
    requested_model: u.requested_model,
    model: u.model,
    response_format: u.response_format as 'text' | 'json' | 'json_schema' | 'tools',
    input_tokens: u.input_tokens,
    output_tokens: u.output_tokens,
    credits: u.credits,
    user_id: u.user_id,
    session_id: u.session_id,
    request_id: u.request_id,
    attempts: u.attempts,
    duration_ms: u.duration_ms,
    created_at: u.created_at.toISOString(),
  };
}

export function presentBudget(b: BudgetState) {
  return {
    ...b,
    remaining_credits: b.monthly_budget === null ? null : Math.max(0, b.monthly_budget - b.used_credits),
  };
}

export function presentModels(registry: ModelRegistry, fallbacks: string[], minimumCredits: number) {
  return {
    default_model: registry.defaultModel,
    fallback_models: fallbacks,
    minimum_credits: minimumCredits,
    items: registry.entries.map((e) => ({
      id: e.id,
      provider: e.provider,
      available: registry.isAvailable(e.id),
      input_credits_per_million_tokens: e.inputCreditsPerMTok,
      output_credits_per_million_tokens: e.outputCreditsPerMTok,
      context_tokens: e.contextTokens,
      native_json_schema: e.nativeJsonSchema,
    })),
  };
}
