// Which models this deployment can call, how to reach each through the AI SDK, and the order they are
// tried in. A provider is available when its API key or base URL is set; `builtin` always is. Every
// provider reaches its API through providerFetch (pooled keep-alive connections).
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { ConfigError, type LlmConfig, type LlmProviderConfig } from '../config.ts';
import type { BuiltinLanguageModel } from './builtin/builtin-model.ts';
import { directClient, NO_KEY, type DirectClient } from './direct-calls.ts';
import { providerFetch } from './provider-fetch.ts';
import { compatibleEntry, DEFAULT_PREFERENCE, MODEL_CATALOG, type ModelEntry, type ProviderName } from './model-catalog.ts';

/** The AI SDK's providerOptions key of the OpenAI-compatible provider. */
export const COMPATIBLE_PROVIDER_NAME = 'openaiCompatible';

// Providers without a key (a local gateway behind a base URL) still need a non-empty one for the SDK: NO_KEY.

export class ModelRegistry {
  readonly entries: readonly ModelEntry[];
  readonly defaultModel: string;
  private readonly fallbacks: string[];
  private readonly config: LlmConfig;
  /** The builtin engine, imported with its first use (its text rules bring markdown-it and papaparse). */
  private readonly builtin: () => Promise<BuiltinLanguageModel>;
  private readonly models = new Map<string, Promise<LanguageModelV4>>();
  private readonly directs = new Map<string, DirectClient | null>();

  constructor(config: LlmConfig, builtin: () => Promise<BuiltinLanguageModel>) {
    this.config = config;
    this.builtin = builtin;
    const compatible = config.openaiCompatible.models.map((name) => compatibleEntry(name, config.openaiCompatible.jsonSchema));
    const clash = compatible.find((c) => MODEL_CATALOG.some((m) => m.id === c.id) || c.id === 'auto');
    if (clash) throw new ConfigError(`Invalid configuration:\n  - FOLIO_OPENAI_COMPATIBLE_MODELS: "${clash.id}" is already a model name of Folio; serve it under another name`);
    this.entries = [...MODEL_CATALOG, ...compatible];
    const problems: string[] = [];
    for (const id of [...(config.defaultModel ? [config.defaultModel] : []), ...config.fallbackModels]) {
      if (!this.entries.some((e) => e.id === id)) problems.push(`unknown model "${id}" (known: ${this.entries.map((e) => e.id).join(', ')})`);
    }
    if (config.defaultModel && !problems.length && !this.isAvailable(config.defaultModel)) {
      problems.push(`FOLIO_LLM_DEFAULT_MODEL is ${config.defaultModel}, but its provider is not configured`);
    }
    if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.defaultModel = config.defaultModel
      ?? DEFAULT_PREFERENCE.find((id) => this.isAvailable(id))
      ?? compatible[0]?.id
      ?? 'builtin';
    this.fallbacks = config.fallbackModels.length ? config.fallbackModels : [this.defaultModel];
  }

  /** The available fallback models, in the order they are tried. */
  fallbackModels(): string[] {
    return this.fallbacks.filter((id) => this.isAvailable(id));
  }

  /** Every value `model` may take in a request. */
  ids(): string[] {
    return ['auto', ...this.entries.map((e) => e.id)];
  }

  entry(id: string): ModelEntry {
    const found = this.entries.find((e) => e.id === id);
    if (!found) throw new Error(`unknown model ${id}`);
    return found;
  }

  isAvailable(id: string): boolean {
    const entry = this.entries.find((e) => e.id === id);
    return entry !== undefined && this.providerConfigured(entry.provider);
  }

  providerConfigured(provider: ProviderName): boolean {
    const c = this.config;
    const set = (p: LlmProviderConfig) => Boolean(p.apiKey || p.baseUrl);
    switch (provider) {
      case 'builtin': return true;
      case 'openai': return set(c.openai);
      case 'anthropic': return set(c.anthropic);
      case 'google': return set(c.google);
      case 'openai-compatible': return Boolean(c.openaiCompatible.baseUrl);
    }
  }

  /** The models to try for a request, in order: the chosen one, then the available fallbacks. */
  chain(requested: string | null | undefined): string[] {
    const chosen = !requested || requested === 'auto' ? this.defaultModel : requested;
    return [...new Set([chosen, ...this.fallbacks.filter((id) => this.isAvailable(id))])];
  }

  /** The direct wire client of a model (plain-text calls without the AI SDK), or null when it has none. */
  direct(id: string): DirectClient | null {
    let client = this.directs.get(id);
    if (client === undefined) {
      client = directClient(this.entry(id), this.config);
      this.directs.set(id, client);
    }
    return client;
  }

  /** The AI SDK language model of an available model (built once; its provider's package loads with it). */
  model(id: string): Promise<LanguageModelV4> {
    let model = this.models.get(id);
    if (!model) {
      model = this.create(this.entry(id));
      model.catch(() => this.models.delete(id)); // a failed load is tried again next time
      this.models.set(id, model);
    }
    return model;
  }

  private async create(entry: ModelEntry): Promise<LanguageModelV4> {
    const c = this.config;
    const fetch = c.useEnvProxy ? globalThis.fetch : providerFetch;
    switch (entry.provider) {
      case 'builtin':
        return this.builtin();
      case 'openai': {
        const { createOpenAI } = await import('@ai-sdk/openai');
        return createOpenAI({ fetch, apiKey: c.openai.apiKey ?? NO_KEY, ...(c.openai.baseUrl ? { baseURL: c.openai.baseUrl } : {}) }).responses(entry.providerModelId);
      }
      case 'anthropic': {
        const { createAnthropic } = await import('@ai-sdk/anthropic');
        return createAnthropic({ fetch, apiKey: c.anthropic.apiKey ?? NO_KEY, ...(c.anthropic.baseUrl ? { baseURL: c.anthropic.baseUrl } : {}) })(entry.providerModelId);
      }
      case 'google': {
        const { createGoogle } = await import('@ai-sdk/google');
        return createGoogle({ fetch, apiKey: c.google.apiKey ?? NO_KEY, ...(c.google.baseUrl ? { baseURL: c.google.baseUrl } : {}) })(entry.providerModelId);
      }
      case 'openai-compatible': {
        const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
        return createOpenAICompatible({
          name: COMPATIBLE_PROVIDER_NAME,
          fetch,
          baseURL: c.openaiCompatible.baseUrl!,
          ...(c.openaiCompatible.apiKey ? { apiKey: c.openaiCompatible.apiKey } : {}),
          supportsStructuredOutputs: c.openaiCompatible.jsonSchema,
          includeUsage: true,
        })(entry.providerModelId);
      }
    }
  }
}
