// The models Folio knows by name. Prices are credits per million tokens (1 credit = US$0.01 of list
// price, rounded), so the charge follows what the provider bills. `builtin` is the offline engine.
export type ProviderName = 'openai' | 'anthropic' | 'google' | 'openai-compatible' | 'builtin';

export interface ModelEntry {
  /** The value of `model` in requests, and of X-LLM-Model in answers. */
  id: string;
  provider: ProviderName;
  /** The provider's own model name. */
  providerModelId: string;
  /** Credits per million input tokens. */
  inputCreditsPerMTok: number;
  /** Credits per million output tokens. */
  outputCreditsPerMTok: number;
  contextTokens: number;
  /** The provider constrains output to a JSON Schema itself; otherwise the schema goes in the instructions. */
  nativeJsonSchema: boolean;
}

const entry = (id: string, provider: ProviderName, input: number, output: number, contextTokens: number): ModelEntry =>
  ({ id, provider, providerModelId: id, inputCreditsPerMTok: input, outputCreditsPerMTok: output, contextTokens, nativeJsonSchema: true });

/** The eleven provider models of the v1 contract, then the builtin engine. */
export const MODEL_CATALOG: readonly ModelEntry[] = [
  entry('gpt-4.1', 'openai', 200, 800, 1_047_576),
  entry('gpt-4.1-mini', 'openai', 40, 160, 1_047_576),
  entry('gpt-4o', 'openai', 250, 1000, 128_000),
  entry('gpt-4o-mini', 'openai', 15, 60, 128_000),
  entry('o4-mini', 'openai', 110, 440, 200_000),
  entry('claude-sonnet-4-5', 'anthropic', 300, 1500, 200_000),
  entry('claude-haiku-4-5', 'anthropic', 100, 500, 200_000),
  entry('claude-opus-4-1', 'anthropic', 1500, 7500, 200_000),
  entry('gemini-2.5-pro', 'google', 125, 1000, 1_048_576),
  entry('gemini-2.5-flash', 'google', 30, 250, 1_048_576),
  entry('gemini-2.5-flash-lite', 'google', 10, 40, 1_048_576),
  // Deterministic and local: it costs what FOLIO_LLM_MIN_CREDITS says for ordinary calls, and a little
  // more for very large inputs, so that usage stays visible in the ledger.
  entry('builtin', 'builtin', 100, 100, 1_000_000),
];

/** Tried in this order for `auto` when FOLIO_LLM_DEFAULT_MODEL is unset. */
export const DEFAULT_PREFERENCE = ['gpt-4.1-mini', 'claude-sonnet-4-5', 'gemini-2.5-flash'] as const;

/** Models of an OpenAI-compatible server (Ollama, vLLM, llama.cpp): self-hosted, so only the per-call minimum is charged. */
export function compatibleEntry(name: string, nativeJsonSchema: boolean): ModelEntry {
  return { id: name, provider: 'openai-compatible', providerModelId: name, inputCreditsPerMTok: 0, outputCreditsPerMTok: 0, contextTokens: 32_768, nativeJsonSchema };
}

/** Credits of a call: its tokens at the model's prices, rounded up, and never below the minimum. */
export function creditsFor(model: ModelEntry, inputTokens: number, outputTokens: number, minimum: number): number {
  const exact = (inputTokens * model.inputCreditsPerMTok + outputTokens * model.outputCreditsPerMTok) / 1_000_000;
  return Math.max(minimum, Math.ceil(exact - 1e-9));
}
