// The module diagram of docs/architecture.md is the one dependency-cruiser's graph of src/ gives today
// (run `npm run docs:graph` to regenerate it), and the generator sees the dependencies that exist.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, docGraph, moduleEdges, renderModuleGraph } from '../../scripts/docs/module-graph.ts';

describe('the architecture page', () => {
  it('has the module diagram the imports of src/ give (run `npm run docs:graph` to regenerate)', async () => {
    expect(docGraph(fs.readFileSync(ARCHITECTURE_DOC, 'utf8'))).toBe(await renderModuleGraph());
  });

  it('finds known run-time dependencies and leaves type-only imports out', async () => {
    const edges = await moduleEdges();
    expect(edges.get('app')).toEqual(expect.arrayContaining(['runs', 'webhooks', 'export', 'http']));
    expect(edges.get('runs')).toEqual(expect.arrayContaining(['jobs', 'documents', 'storage']));
    // src/runs/generate.service.ts imports Config and Format with `import type` only, among others.
    expect(await renderModuleGraph()).not.toMatch(/--> (config|errors|ids)$/m);
  });
});
