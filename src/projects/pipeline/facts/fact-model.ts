// Fact extraction by a language model (FOLIO_PROJECT_FACTS_EXTRACTOR=auto with a provider configured):
// the file's passages and tables, numbered, go to the default model in chunks as a structured-output
// call (json_schema); each answer's facts are normalized with the same period and quantity rules as the
// deterministic path and located by the block number the model cites. Calls are billed to the
// organization through the LLM layer (credits, budget, usage records) under operation `projects.facts`.
import type { KeyWithOrg } from '../../../identity/api-keys.repository.ts';
import type { LlmService } from '../../../llm/llm.service.ts';
import type { SchemaCompiler } from '../../../llm/json-schema.ts';
import type { ExtractedDoc, SourceLocation } from '../../../documents/extract/extracted.ts';
import { nameKeyOf, type Fact } from './fact-rules.ts';
import { periodOf } from './periods.ts';
import { findQuantities } from './quantities.ts';

const CHUNK_CHARS = 12_000;
const MAX_CHUNKS = 20;
const TABLE_ROWS = 60;

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['facts'],
  properties: {
    facts: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'value', 'unit', 'period', 'block', 'quote'],
        properties: {
          name: { type: 'string', description: 'What is measured, e.g. "Revenue", "Headcount", without the period.' },
          value: { type: 'number', description: 'The figure in base units: $1.2M is 1200000, 12.5% is 12.5.' },
          unit: { type: ['string', 'null'], description: 'ISO currency code (USD, EUR, ...), "%" or null.' },
          period: { type: ['string', 'null'], description: 'The period as written, e.g. "Q1 2024", "FY2023", "March 2024", or null.' },
          block: { type: 'string', description: 'The id of the block it was read from, e.g. "P12" or "T3".' },
          quote: { type: 'string', description: 'The words of the block that state it.' },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS = 'Extract the named quantitative facts stated in the numbered blocks of a document: each figure with what it measures, its value in base units, its unit and the period it refers to. Only facts the text states; no computed or inferred figures. Answer with JSON only.';

interface Block { id: string; text: string; location: SourceLocation }

function blocksOf(doc: ExtractedDoc): Block[] {
  const blocks: Block[] = doc.passages.map((p, i) => ({ id: `P${i + 1}`, text: p.heading ? `(${p.heading}) ${p.text}` : p.text, location: p.location }));
  doc.tables.forEach((t, i) => blocks.push({
    id: `T${i + 1}`,
    text: `${t.title ? `(${t.title}) ` : ''}\n${t.rows.slice(0, TABLE_ROWS).map((r) => r.map((c) => (c === null ? '' : String(c))).join('\t')).join('\n')}`,
    location: t.location,
  }));
  return blocks;
}

function chunks(blocks: Block[]): Block[][] {
  const out: Block[][] = [];
  let current: Block[] = [];
  let size = 0;
  for (const b of blocks) {
    if (size + b.text.length > CHUNK_CHARS && current.length) { out.push(current); current = []; size = 0; }
    current.push(b);
    size += b.text.length;
  }
  if (current.length) out.push(current);
  return out.slice(0, MAX_CHUNKS);
}

interface ModelFact { name: string; value: number; unit: string | null; period: string | null; block: string; quote: string }

export interface ModelFactsCall {
  llm: LlmService;
  compiler: SchemaCompiler;
  key: KeyWithOrg;
  requestId: string;
  signal: AbortSignal;
}

/** Facts by the default model; throws (402, 502, ...) when a call fails, and the caller falls back to the rules. */
export async function extractFactsWithModel(doc: ExtractedDoc, c: ModelFactsCall): Promise<{ facts: Fact[]; credits: number }> {
  const checked = c.compiler.check(SCHEMA as never, ['facts']);
  if (!('compiled' in checked)) throw new Error('the facts schema does not compile');
  const facts: Fact[] = [];
  let credits = 0;
  for (const chunk of chunks(blocksOf(doc))) {
    const byId = new Map(chunk.map((b) => [b.id, b]));
    const result = await c.llm.call({
      key: c.key, requestId: c.requestId, operation: 'projects.facts', model: null, signal: c.signal,
      mode: { type: 'json_schema', compiled: checked.compiled },
      messages: [{ role: 'system', content: INSTRUCTIONS }, { role: 'user', content: chunk.map((b) => `[${b.id}] ${b.text}`).join('\n\n') }],
    });
    credits += result.credits;
    for (const f of (result.value as { facts: ModelFact[] }).facts) {
      const block = byId.get(f.block);
      const nameKey = nameKeyOf(f.name);
      if (!block || !nameKey || !Number.isFinite(f.value)) continue;
      const period = f.period ? periodOf(f.period) : null;
      const written = findQuantities(f.quote).find((q) => Math.abs(q.value - f.value) <= Math.abs(f.value) * 1e-9);
      facts.push({
        name: f.name.trim(), nameKey, period: period?.text ?? null, periodKey: period?.key ?? null, value: f.value,
        unit: f.unit === '%' ? '%' : f.unit ? f.unit.toUpperCase().slice(0, 8) : null, precision: written?.precision ?? 0,
        raw: f.quote.slice(0, 500), location: block.location,
      });
    }
  }
  return { facts, credits };
}
