// Shared steps of the LLM tests: an app wired to the scripted provider, and the LLM endpoints.
import type { FakeLlmServer } from './fake-llm-server.ts';
import type { TestApp } from './test-app.ts';

/** Environment that points every provider at the fake server: OpenAI (Responses), Anthropic, Google and an OpenAI-compatible `local-llama`. */
export function providerEnv(fake: FakeLlmServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-test-openai',
    OPENAI_BASE_URL: fake.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: fake.baseUrl,
    GOOGLE_GENERATIVE_AI_API_KEY: 'g-test',
    GOOGLE_GENERATIVE_AI_BASE_URL: fake.googleBaseUrl,
    FOLIO_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    FOLIO_OPENAI_COMPATIBLE_MODELS: 'local-llama',
    FOLIO_LLM_DEFAULT_MODEL: 'gpt-4.1',
    FOLIO_LLM_FALLBACK_MODELS: 'claude-sonnet-4-5',
    ...extra,
  };
}

export async function invoke(t: TestApp, secret: string, body: unknown) {
  return t.inject({ method: 'POST', url: '/api/v1/llm/invoke', headers: { 'x-api-key': secret }, payload: body as object });
}

export const user = (content: string) => ({ messages: [{ role: 'user', content }] });

export async function usageRecords(t: TestApp, secret: string, query = ''): Promise<any[]> {
  const res = await t.inject({ method: 'GET', url: `/api/v1/llm/usage?limit=100${query}`, headers: { 'x-api-key': secret } });
  if (res.statusCode !== 200) throw new Error(`GET /llm/usage: ${res.statusCode} ${res.body}`);
  return res.json().items;
}
