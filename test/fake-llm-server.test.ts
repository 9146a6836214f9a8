// The scripted provider itself, driven by the AI SDK clients Folio uses: a two-step tool loop on each
// wire format (the document agents drive theirs this way), with tools offered, calls made and their
// results sent back, as recorded by the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateText, isStepCount, jsonSchema, tool, type LanguageModel } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';

let fake: FakeLlmServer;
beforeAll(async () => { fake = await startFakeLlmServer(); });
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const models: [string, () => LanguageModel][] = [
  ['openai-responses', () => createOpenAI({ apiKey: 'k', baseURL: fake.baseUrl }).responses('gpt-4.1')],
  ['openai-chat', () => createOpenAICompatible({ name: 'local', baseURL: fake.baseUrl })('local-llama')],
  ['anthropic-messages', () => createAnthropic({ apiKey: 'k', baseURL: fake.baseUrl })('claude-sonnet-4-5')],
  ['google-generate', () => createGoogle({ apiKey: 'k', baseURL: fake.googleBaseUrl })('gemini-2.5-flash')],
];

describe('a scripted tool loop', () => {
  for (const [api, model] of models) {
    it(`runs on ${api}`, async () => {
      fake.enqueue({ toolCalls: [{ name: 'add_row', args: { label: 'Q3', value: 4 } }] }, { text: 'Added Q3.' });
      const rows: unknown[] = [];
      const result = await generateText({
        model: model(), maxRetries: 0, stopWhen: isStepCount(3),
        tools: { add_row: tool({ description: 'Add a row', inputSchema: jsonSchema<{ label: string; value: number }>({ type: 'object', properties: { label: { type: 'string' }, value: { type: 'number' } }, required: ['label', 'value'] }), execute: async (input) => { rows.push(input); return { ok: true, rows: rows.length }; } }) },
        messages: [{ role: 'user', content: 'Add Q3 = 4' }],
      });
      expect(rows).toEqual([{ label: 'Q3', value: 4 }]);
      expect(result.text).toBe('Added Q3.');
      expect(fake.requests.map((r) => r.api)).toEqual([api, api]);
      expect(fake.requests[0].tools).toEqual(['add_row']);
      const second = fake.requests[1].transcript.join('\n');
      expect(second).toContain('[tool_call add_row');
      expect(second).toContain('"rows":1');
    });
  }
});
