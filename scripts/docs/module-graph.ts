// Generates the module diagram of docs/architecture.md from dependency-cruiser's graph of src/ (the
// same cruise, with the same options, that `npm run lint:deps` checks against .dependency-cruiser.cjs):
// a Mermaid flowchart, one node per module, one arrow per "imports from", so that it cannot go stale:
// `npm run docs:graph` rewrites it, and test/docs/module-graph.test.ts fails when the page and the code
// disagree. A module is a directory under src/ (src/documents/* counts as documents); src/app.ts and
// context.ts are "app", src/cli.ts is "cli". The helpers every module uses (config, errors, ids) are left
// out, and so are type-only imports (`import type`), which vanish at run time.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ARCHITECTURE_DOC = path.join(ROOT, 'docs', 'architecture.md');
const START = '<!-- module-graph:start -->';
const END = '<!-- module-graph:end -->';
const LEFT_OUT = new Set(['config', 'errors', 'ids']);

function moduleOf(file: string): string {
  const rel = path.relative(path.join(ROOT, 'src'), file).split(path.sep);
  if (rel.length > 1) return rel[0];
  const base = rel[0].replace(/\.ts$/, '');
  if (base === 'app' || base === 'context') return 'app';
  if (base.startsWith('config')) return 'config';
  return base;
}

/** The cruise options of .dependency-cruiser.cjs, without its rules: the graph, not the verdict. */
function cruiseOptions(): ICruiseOptions {
  const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as { options: ICruiseOptions };
  return { ...config.options, baseDir: ROOT, validate: false };
}

let edgesOnce: Promise<Map<string, string[]>> | null = null;

/** Module -> the modules it imports from at run time (sorted), from dependency-cruiser's graph of src/ (cruised once per process). */
export function moduleEdges(): Promise<Map<string, string[]>> {
  edgesOnce ??= cruiseEdges();
  return edgesOnce;
}

async function cruiseEdges(): Promise<Map<string, string[]>> {
  const { output } = await cruise(['src'], cruiseOptions());
  const result = output as ICruiseResult;
  const edges = new Map<string, Set<string>>();
  for (const mod of result.modules) {
    if (!mod.source.startsWith('src/') || !mod.source.endsWith('.ts') || mod.source.endsWith('.d.ts')) continue;
    const from = moduleOf(path.join(ROOT, mod.source));
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dep of mod.dependencies) {
      if (!dep.resolved.startsWith('src/') || dep.dependencyTypes.includes('type-only')) continue;
      const to = moduleOf(path.join(ROOT, dep.resolved));
      if (to !== from) edges.get(from)!.add(to);
    }
  }
  return new Map([...edges].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}

export async function renderModuleGraph(): Promise<string> {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const [from, tos] of await moduleEdges()) {
    if (LEFT_OUT.has(from)) continue;
    for (const to of tos) if (!LEFT_OUT.has(to)) lines.push(`  ${from} --> ${to}`);
  }
  lines.push('```');
  return lines.join('\n');
}

export function docGraph(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start < 0 || end < start ? null : doc.slice(start + START.length, end).trim();
}

export async function writeDocGraph(): Promise<void> {
  const doc = fs.readFileSync(ARCHITECTURE_DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ARCHITECTURE_DOC} has no ${START} ... ${END} block`);
  fs.writeFileSync(ARCHITECTURE_DOC, `${doc.slice(0, start + START.length)}\n${await renderModuleGraph()}\n${doc.slice(end)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--write')) {
    await writeDocGraph();
    process.stdout.write('docs/architecture.md module diagram updated.\n');
  } else {
    process.stdout.write(`${await renderModuleGraph()}\n`);
  }
}
