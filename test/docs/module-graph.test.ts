// The module diagram of docs/architecture.md is the one the imports of src/ give today
// (run `npm run docs:graph` to regenerate it), and the generator sees the dependencies that exist.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, docGraph, moduleEdges, renderModuleGraph } from '../../scripts/docs/module-graph.ts';

describe('the architecture page', () => {
  it('has the module diagram the imports of src/ give (run `npm run docs:graph` to regenerate)', () => {
    expect(docGraph(fs.readFileSync(ARCHITECTURE_DOC, 'utf8'))).toBe(renderModuleGraph());
  });

  it('finds known run-time dependencies and leaves type-only imports out', () => {
    const edges = moduleEdges();
    expect(edges.get('app')).toEqual(expect.arrayContaining(['runs', 'webhooks', 'export', 'http']));
    expect(edges.get('runs')).toEqual(expect.arrayContaining(['jobs', 'documents', 'storage']));
    // src/runs/generate.service.ts imports Config and Format with `import type` only, among others.
    expect(renderModuleGraph()).not.toMatch(/--> (config|errors|ids)$/m);
  });
});
