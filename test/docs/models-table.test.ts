// The model table of docs/guides/llm-gateway.md is the model catalogue of src/llm/model-catalog.ts:
// every model, its provider, its credits per million tokens and its context size.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_CATALOG } from '../../src/llm/model-catalog.ts';
import { ROOT } from './markdown.ts';

describe('the LLM gateway guide', () => {
  it('lists every model of the catalogue with its price and context', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs', 'guides', 'llm-gateway.md'), 'utf8');
    const rows = [...page.matchAll(/^\| `([a-z0-9.-]+)` \| ([a-z-]+) \| (\d+) \/ (\d+) \| ([\d,]+) \|/gm)]
      .map((m) => `${m[1]} ${m[2]} ${m[3]}/${m[4]} ${m[5].replace(/,/g, '')}`);
    const catalogue = MODEL_CATALOG.map((e) => `${e.id} ${e.provider} ${e.inputCreditsPerMTok}/${e.outputCreditsPerMTok} ${e.contextTokens}`);
    expect(catalogue.length).toBeGreaterThan(5);
    expect(rows).toEqual(catalogue);
  });
});
