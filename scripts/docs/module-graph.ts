// Generates the module diagram of docs/architecture.md from the imports of src/ (a Mermaid flowchart:
// one node per module, one arrow per "imports from"), so that it cannot go stale: `npm run docs:graph`
// rewrites it, and test/docs/module-graph.test.ts fails when the page and the code disagree.
// A module is a directory under src/ (src/documents/* counts as documents); src/app.ts and context.ts
// are "app", src/cli.ts is "cli". The helpers every module uses (config, errors, ids) are left out, and so
// are type-only imports (`import type`), which vanish at run time.
import fs from 'node:fs';
import path from 'node:path';

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

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Module -> the modules it imports from (sorted), from every relative import and export-from of src/. */
export function moduleEdges(): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(ROOT, 'src'))) {
    const from = moduleOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)(\s+type\b)?[^'"]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
      if (m[1]) continue; // `import type`: no run-time dependency
      const spec = m[2] ?? m[3];
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(path.join(ROOT, 'src') + path.sep)) continue;
      const to = moduleOf(target);
      if (to !== from) edges.get(from)!.add(to);
    }
  }
  return new Map([...edges].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}

export function renderModuleGraph(): string {
  const lines = ['```mermaid', 'flowchart LR'];
  for (const [from, tos] of moduleEdges()) {
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

export function writeDocGraph(): void {
  const doc = fs.readFileSync(ARCHITECTURE_DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ARCHITECTURE_DOC} has no ${START} ... ${END} block`);
  fs.writeFileSync(ARCHITECTURE_DOC, `${doc.slice(0, start + START.length)}\n${renderModuleGraph()}\n${doc.slice(end)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--write')) {
    writeDocGraph();
    process.stdout.write('docs/architecture.md module diagram updated.\n');
  } else {
    process.stdout.write(`${renderModuleGraph()}\n`);
  }
}
