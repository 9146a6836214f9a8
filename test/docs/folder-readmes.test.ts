// Every top-level folder of src/ has a README.md saying what belongs there, and each file or folder a
// README names (in `code` or as a relative link) exists, so a README cannot keep pointing at a file
// that was renamed or removed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeLinks, ROOT } from './markdown.ts';

const SRC = path.join(ROOT, 'src');

/**
 * The paths a README names: code spans that look like a file (`x.ts`, `a/b.md`) or a folder (`edits/`),
 * relative links, and the `.ts`/`.py` files a fenced diagram names.
 */
export function namedPaths(markdown: string): string[] {
  const fences = [...markdown.matchAll(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm)].map((m) => m[0]);
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, '');
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
  const files = spans.filter((s) => /^[\w.{}<>*-]+(\/[\w.{}<>*-]+)*(\.(ts|js|py|md|cjs|json|html|pptx|docx|xlsx)|\/)$/.test(s));
  const drawn = fences.flatMap((f) => [...f.matchAll(/(?:[\w.<>*-]+\/)*[\w.<>*-]+\.(?:ts|py)\b/g)].map((m) => m[0]));
  return [...files, ...relativeLinks(markdown).map((l) => l.split('#')[0]).filter(Boolean), ...drawn];
}

/**
 * Whether a named path exists: beside the README, under src/ or from the repository root; a bare name
 * (`edits/`, `summary.ts`) anywhere in the README's folder. `<fmt>`, `*` and `{a,b}` stand for a
 * family of files and match when one member exists (a bare one, `*.cli.ts`, anywhere under src/).
 */
export function exists(readmeDir: string, named: string): boolean {
  const bases = [readmeDir, SRC, ROOT];
  const pattern = /[<>*{}]/.test(named);
  if (!pattern && bases.some((b) => fs.existsSync(path.resolve(b, named)))) return true;
  if (!named.replace(/\/$/, '').includes('/')) return patternExists(readmeDir, named, true) || (pattern && patternExists(SRC, named, true));
  return pattern && bases.some((b) => patternExists(b, named, false));
}

function patternExists(base: string, named: string, anyDepth: boolean): boolean {
  const body = named.replace(/\/$/, '').split('/').map((part) => part
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/<[^>]+>|\*/g, '[^/]+')
    .replace(/\{([^}]+)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)).join('/');
  const re = new RegExp(anyDepth ? `(^|/)${body}$` : `^${body}$`);
  const walk = (dir: string, rel: string): boolean => fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return false;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (re.test(r)) return true;
    return e.isDirectory() && r.split('/').length < 6 && walk(path.join(dir, e.name), r);
  });
  return walk(base, '');
}

const folders = fs.readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

describe('the READMEs of the src/ folders', () => {
  it('the checker reads names as a reader does, and misses nothing that is gone', () => {
    const names = namedPaths('See `runs.routes.ts`, `edits/`, [arch](../../docs/architecture.md), `npm run x`, `POST /x`.\n```\nPOST /x -> runs/gone.ts (a step)\n```\n');
    expect(names).toEqual(['runs.routes.ts', 'edits/', '../../docs/architecture.md', 'runs/gone.ts']);
    const runs = path.join(SRC, 'runs');
    expect(exists(runs, 'runs.routes.ts')).toBe(true);
    expect(exists(runs, 'src/app.ts')).toBe(true);
    expect(exists(runs, 'runs.routers.ts')).toBe(false);
    expect(exists(runs, 'runs/gone.ts')).toBe(false);
    expect(exists(path.join(SRC, 'documents'), 'edits/')).toBe(true);
    expect(exists(path.join(SRC, 'documents'), 'planner/excel-planner.ts')).toBe(false);
    expect(exists(path.join(SRC, 'documents'), '<fmt>/planner/<fmt>.planner.ts')).toBe(true);
    expect(exists(path.join(SRC, 'documents'), '<fmt>/planner/<fmt>.plans.ts')).toBe(false);
  });

  it('are there, one per top-level folder', () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((f) => !fs.existsSync(path.join(SRC, f, 'README.md')))).toEqual([]);
  });

  it.each(folders)('src/%s/README.md names only files that exist', (folder) => {
    const dir = path.join(SRC, folder);
    const readme = path.join(dir, 'README.md');
    if (!fs.existsSync(readme)) return void expect.fail(`src/${folder}/README.md is missing`);
    const text = fs.readFileSync(readme, 'utf8');
    expect(text).toMatch(/^# src\//);
    const names = namedPaths(text);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !exists(dir, n))).toEqual([]);
  });
});
