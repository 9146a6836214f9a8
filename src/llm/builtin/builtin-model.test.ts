// The builtin engine through the AI SDK, as every caller uses it: schema-valid JSON for a varied set of
// schemas, values filled from the prompt, text answers, tool calls and the planner extension point.
import { generateText, jsonSchema, tool, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { SchemaCompiler, type JsonSchema } from '../json-schema.ts';
import { createBuiltinModel, type BuiltinPlanner } from './builtin-model.ts';
import { humanize, newContent, rewrite } from './text-rules.ts';

const compiler = new SchemaCompiler();
const model = createBuiltinModel({ compiler });

const jsonOutput = (schema?: JsonSchema) => ({
  name: 'raw', responseFormat: Promise.resolve({ type: 'json' as const, ...(schema ? { schema } : {}) }),
  parseCompleteOutput: async ({ text }: { text: string }) => text, parsePartialOutput: async () => undefined, createElementStreamTransform: () => undefined,
});

async function json(schema: JsonSchema | undefined, content: string): Promise<unknown> {
  const r = await generateText({ model, messages: [{ role: 'user', content }], output: jsonOutput(schema) as never });
  return JSON.parse(r.output as string);
}

async function text(messages: ModelMessage[]): Promise<string> {
  return (await generateText({ model, messages, allowSystemInMessages: true })).text;
}

function expectValid(schema: JsonSchema, value: unknown) {
  const checked = compiler.check(schema, []);
  if (!('compiled' in checked)) throw new Error(`bad test schema: ${JSON.stringify(checked.detail)}`);
  const ok = checked.compiled.validate(value);
  expect(ok, `${JSON.stringify(value)} against ${JSON.stringify(schema)}: ${JSON.stringify(checked.compiled.validate.errors)}`).toBe(true);
}

const CONTACT = 'Add this contact. Name: Ada Lovelace, email ada@example.org, age 36, role: engineer. We met on 2024-03-05; her site is https://ada.example.com. Tags: math, poetry, engines. Status: active.';

const SCHEMAS: [string, JsonSchema][] = [
  ['a flat object with formats and an enum', {
    type: 'object', additionalProperties: false, required: ['name', 'email', 'age', 'role', 'met', 'site', 'tags', 'active'],
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 0 }, role: { enum: ['manager', 'engineer', 'designer'] }, met: { type: 'string', format: 'date' }, site: { type: 'string', format: 'uri' }, tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true }, active: { type: 'boolean' } },
  }],
  ['nested objects and arrays of objects', {
    type: 'object', required: ['company', 'people'],
    properties: {
      company: { type: 'object', required: ['name', 'address'], properties: { name: { type: 'string', minLength: 2 }, address: { type: 'object', required: ['city', 'zip'], properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{5}$' } } } } },
      people: { type: 'array', minItems: 2, maxItems: 4, items: { type: 'object', required: ['id', 'score'], properties: { id: { type: 'string', format: 'uuid' }, score: { type: 'number', exclusiveMinimum: 0, maximum: 1 } } } },
    },
  }],
  ['every string format', {
    type: 'object', required: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'],
    properties: Object.fromEntries(['date-time', 'time', 'duration', 'hostname', 'ipv4', 'ipv6', 'uri-reference', 'json-pointer', 'regex', 'email'].map((f, i) => ['abcdefghij'[i], { type: 'string', format: f }])),
  }],
  ['oneOf objects told apart by const', {
    type: 'object', required: ['contact'],
    properties: { contact: { oneOf: [
      { type: 'object', required: ['kind', 'name'], properties: { kind: { const: 'person' }, name: { type: 'string' } } },
      { type: 'object', required: ['kind', 'org'], properties: { kind: { const: 'org' }, org: { type: 'string' } } },
    ] } },
  }],
  ['oneOf overlapping branches (number vs integer)', { oneOf: [{ type: 'number' }, { type: 'integer' }] }],
  ['anyOf with null', { anyOf: [{ type: 'string', minLength: 3 }, { type: 'null' }] }],
  ['allOf merging constraints', { allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 5 } } }, { required: ['b'], properties: { a: { maximum: 9 }, b: { type: 'string', maxLength: 3 } } }] }],
  ['not and exclusive bounds', { type: 'integer', not: { enum: [0, 1, 2] }, exclusiveMinimum: -1, maximum: 10 }],
  ['if/then/else', { type: 'object', required: ['kind'], properties: { kind: { enum: ['a', 'b'] }, a: { type: 'string' }, b: { type: 'number' } }, if: { properties: { kind: { const: 'a' } } }, then: { required: ['a'] }, else: { required: ['b'] } }],
  ['recursive $ref through $defs', { $defs: { node: { type: 'object', required: ['value'], properties: { value: { type: 'integer', multipleOf: 7, minimum: 10 }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } }, $ref: '#/$defs/node' }],
  ['a pattern string', { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }],
  ['tuples with prefixItems and items: false', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }, { enum: ['x', 'y'] }], items: false, minItems: 3 }],
  ['contains with minContains', { type: 'array', items: { type: 'integer' }, contains: { minimum: 100 }, minContains: 2 }],
  ['minProperties with patternProperties', { type: 'object', minProperties: 2, patternProperties: { '^k_[a-z]+$': { type: 'integer' } }, additionalProperties: false }],
  ['dependentRequired and const', { type: 'object', required: ['card'], properties: { card: { type: 'string' }, billing: { type: 'string' }, version: { const: 2 } }, dependentRequired: { card: ['billing'] } }],
  ['nullable type arrays and enums of mixed types', { type: 'object', required: ['x', 'y'], properties: { x: { type: ['integer', 'null'] }, y: { enum: [1, 'two', null, true] } } }],
  ['an array root of enums, unique', { type: 'array', items: { enum: ['red', 'green', 'blue'] }, minItems: 3, uniqueItems: true }],
  ['a $ref to an $anchor', { $defs: { money: { $anchor: 'money', type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'number', multipleOf: 0.01 }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } } } }, type: 'object', required: ['price'], properties: { price: { $ref: '#money' } } }],
];

describe('json_schema answers', () => {
  for (const [name, schema] of SCHEMAS) {
    it(`are valid against ${name}`, async () => {
      expectValid(schema, await json(schema, CONTACT));
    });
  }

  it('fill values from the prompt: pairs, formats, numbers near their name, mentioned enum values, enumerations', async () => {
    const schema = SCHEMAS[0][1];
    expect(await json(schema, CONTACT)).toEqual({
      name: 'Ada Lovelace', email: 'ada@example.org', age: 36, role: 'engineer', met: '2024-03-05', site: 'https://ada.example.com',
      tags: ['math', 'poetry', 'engines'], active: false,
    });
  });

  it('return JSON from the prompt that already fits the schema', async () => {
    const schema = { type: 'object', required: ['sku', 'qty'], properties: { sku: { type: 'string' }, qty: { type: 'integer' } } };
    expect(await json(schema, 'Validate this order: {"sku": "A-17", "qty": 4, "note": "rush"}')).toEqual({ sku: 'A-17', qty: 4, note: 'rush' });
  });

  it('are deterministic', async () => {
    const schema = SCHEMAS[1][1];
    expect(JSON.stringify(await json(schema, CONTACT))).toBe(JSON.stringify(await json(schema, CONTACT)));
  });

  it('without a schema, structure the prompt as an object', async () => {
    const value = await json(undefined, 'Plan the offsite.\n- venue: Lisbon\n- date: 2025-06-02\n- budget: 12000') as Record<string, unknown>;
    expect(value).toMatchObject({ title: 'Plan the offsite', fields: { venue: 'Lisbon', date: '2025-06-02', budget: '12000' } });
    expect(value.items).toEqual(['venue: Lisbon', 'date: 2025-06-02', 'budget: 12000']);
  });
});

const NOTES = 'Revenue grew 12% in Q3 to $4.2M. Churn fell to 2.1%. The team hired 5 engineers. A new office opened in Lisbon. Costs rose 3% because of cloud spend. The board approved the 2025 plan.';

describe('text answers', () => {
  it('condense to the number of bullet points asked for, quoting the source', async () => {
    const out = await text([{ role: 'user', content: `Summarize in 3 bullet points: ${NOTES}` }]);
    const bullets = out.split('\n');
    expect(bullets).toHaveLength(3);
    for (const b of bullets) {
      expect(b.startsWith('- ')).toBe(true);
      expect(NOTES).toContain(b.slice(2));
    }
  });

  it('answer a question with the sentence of the conversation that is about it', async () => {
    const out = await text([{ role: 'user', content: NOTES }, { role: 'assistant', content: 'Noted.' }, { role: 'user', content: 'Where did the new office open?' }]);
    expect(out).toBe('A new office opened in Lisbon.');
  });

  it('keep to one sentence when asked, and structure longer material with key points', async () => {
    expect(await text([{ role: 'user', content: `In one sentence: ${NOTES}` }])).toMatch(/^[^.]*\d[^]*\.$/);
    const digest = await text([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: `Summarize the quarter for the board: ${NOTES}` }]);
    expect(digest.split('\n')[0]).toBe('Summarize the quarter for the board');
    expect(digest).toContain('Key points:');
  });
});

describe('tool calls', () => {
  const tools = {
    add_slide: tool({ description: 'Add a slide', inputSchema: jsonSchema<{ title: string; bullets: string[] }>({ type: 'object', required: ['title', 'bullets'], properties: { title: { type: 'string', minLength: 1 }, bullets: { type: 'array', items: { type: 'string' }, minItems: 1 } }, additionalProperties: false }) }),
  };

  it('call a required tool with arguments valid against its schema, filled from the prompt', async () => {
    const r = await generateText({ model, tools, toolChoice: 'required', messages: [{ role: 'user', content: 'Title: Q3 results. Bullets: revenue up, churn down' }] });
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0]).toMatchObject({ toolName: 'add_slide', input: { title: 'Q3 results', bullets: ['revenue up', 'churn down'] } });
  });

  it('answer with text when tools are only offered and no planner is installed', async () => {
    const r = await generateText({ model, tools, messages: [{ role: 'user', content: 'Just say hello.' }] });
    expect(r.toolCalls).toHaveLength(0);
    expect(r.text).toBe('Just say hello.');
  });

  it('let a planner drive a tool loop through the AI SDK (the document agents\' extension point)', async () => {
    const seen: number[] = [];
    const planner: BuiltinPlanner = {
      plan: ({ toolResults, tools: offered, fillArguments }) => {
        seen.push(toolResults.length);
        return toolResults.length < 2 ? [{ toolName: 'add_slide', input: { ...(fillArguments(offered[0]) as object), title: `Slide ${toolResults.length + 1}` } }] : null;
      },
    };
    const agentModel = createBuiltinModel({ compiler, planner });
    const made: string[] = [];
    const r = await generateText({
      model: agentModel, stopWhen: () => false,
      tools: { add_slide: tool({ ...tools.add_slide, execute: async (input: { title: string }) => { made.push(input.title); return { ok: true }; } }) },
      messages: [{ role: 'user', content: 'Make two slides. Bullets: one, two' }],
    });
    expect(made).toEqual(['Slide 1', 'Slide 2']);
    expect(seen).toEqual([0, 1, 2]);
    expect(r.steps).toHaveLength(3);
  });
});

describe('text helpers (rule-based)', () => {
  const stiff = 'It is important to note that we utilize 3 servers in order to facilitate growth of 12.5% for Acme Corp in 2024. Furthermore, Dr. Okafor will commence the rollout on 2025-01-15 — prior to the audit.';

  it('humanize replaces stock phrasing and keeps every number and name', () => {
    const out = humanize(stiff);
    expect(out).toBe('We use 3 servers to help growth of 12.5% for Acme Corp in 2024. Also, Dr. Okafor will start the rollout on 2025-01-15, before the audit.');
    for (const kept of ['3', '12.5%', '2024', '2025-01-15', 'Acme Corp', 'Dr. Okafor']) expect(out).toContain(kept);
  });

  it('rewrite follows the instructions it recognizes', () => {
    expect(rewrite('We cannot ship. It is late!', 'make it formal')).toBe('We cannot ship. It is late.');
    expect(rewrite('Alpha ships. Beta waits.', 'as bullet points')).toBe('- Alpha ships.\n- Beta waits.');
    expect(rewrite('Pay 10 EUR.', 'replace EUR with euros')).toBe('Pay 10 euros.');
  });

  it('new content is a titled draft with the sections the request implies', () => {
    const draft = newContent('Write a report on the Lisbon office move: costs, timeline and risks');
    expect(draft.split('\n')[0]).toBe('# Report on the Lisbon Office Move');
    expect(draft).toContain('## costs');
    expect(draft).toContain('## timeline');
    expect(draft).toContain('## risks');
    expect(newContent('notes', 'Team offsite.txt').split('\n')[0]).toBe('Team offsite');
  });
});
