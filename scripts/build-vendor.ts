// Bundles the dependencies that are hundreds of small ES modules (typebox: 679 at start, kysely: 257)
// into a few files each, in node_modules/.folio-vendor, with a manifest bin/vendor-hooks.js reads: at
// start `folio` resolves those packages to the bundles. Each module Node loads costs memory of its own
// (its loader records, source and compiled code): imported after fastify and pg, typebox added 9.8 MB of
// resident memory as its 679 modules and 0.7 MB as a bundle, kysely 10.5 and 1.6 MB; with the four
// bundles an idle `folio serve` on PostgreSQL loads 1,000 modules instead of 1,980 (docs/performance.md).
// The bundles are the packages' own files, unchanged apart from being joined (esbuild, no minifying);
// other packages they import stay imports. Runs at `npm ci` (the root `prepare` script), in the image
// build (with `--esbuild <dir>`, an esbuild installed apart), and with `npm run build:vendor`; the output
// is not committed. About a second.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
export const VENDOR_DIR = path.join(ROOT, 'node_modules', '.folio-vendor');
/** Packages worth bundling: ES modules only, many files, and nothing that reads its own files at run time. */
export const VENDORED = ['typebox', 'kysely', 'pg-boss', 'jose'] as const;

/** The file an exports condition tree gives to `import` (ES modules), or null. */
function importTarget(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  if (!entry || typeof entry !== 'object') return null;
  const conditions = entry as Record<string, unknown>;
  for (const key of ['import', 'node', 'default']) {
    const target = importTarget(conditions[key]);
    if (target) return target;
  }
  return null;
}

/** Every importable subpath of a package (`kysely`, `kysely/migration`, ...) and the file it names. */
function subpaths(pkg: string, dir: string): Map<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const exports = typeof manifest.exports === 'string' || manifest.exports?.['.'] === undefined ? { '.': manifest.exports ?? manifest.module ?? manifest.main } : manifest.exports;
  const out = new Map<string, string>();
  for (const [sub, entry] of Object.entries(exports as Record<string, unknown>)) {
    const target = importTarget(entry);
    if (sub.includes('*') || !target || !/\.m?js$/.test(target)) continue;
    out.set(sub === '.' ? pkg : `${pkg}/${sub.slice(2)}`, path.join(dir, target));
  }
  return out;
}

/** esbuild from this install, or from `--esbuild <dir>` (the image build installs it apart from the app's node_modules). */
async function loadEsbuild(dir?: string): Promise<typeof import('esbuild')> {
  return dir ? import(pathToFileURL(path.join(path.resolve(dir), 'node_modules', 'esbuild', 'lib', 'main.js')).href) : import('esbuild');
}

export async function buildVendor(esbuildDir?: string): Promise<{ packages: number; files: number }> {
  const { build } = await loadEsbuild(esbuildDir);
  fs.rmSync(VENDOR_DIR, { recursive: true, force: true });
  const manifest: Record<string, { version: string; specifiers: Record<string, string> }> = {};
  let files = 0;
  for (const pkg of VENDORED) {
    const dir = path.join(ROOT, 'node_modules', pkg);
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const entries = subpaths(pkg, dir);
    const names = new Map([...entries.keys()].map((spec) => [spec, spec === pkg ? 'index' : spec.slice(pkg.length + 1).replaceAll('/', '-')]));
    const outdir = path.join(VENDOR_DIR, pkg);
    const result = await build({
      entryPoints: [...entries].map(([spec, file]) => ({ in: file, out: names.get(spec)! })),
      bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node22', packages: 'external',
      outdir, outExtension: { '.js': '.mjs' }, legalComments: 'inline', logLevel: 'warning', metafile: true,
    });
    files += Object.keys(result.metafile.outputs).length;
    manifest[pkg] = { version, specifiers: Object.fromEntries([...names].map(([spec, name]) => [spec, `${pkg}/${name}.mjs`])) };
  }
  fs.writeFileSync(path.join(VENDOR_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { packages: VENDORED.length, files };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = performance.now();
  const { values } = parseArgs({ options: { esbuild: { type: 'string' } } });
  try {
    await loadEsbuild(values.esbuild);
  } catch {
    // A production install without dev dependencies has no esbuild: the packages load as they are.
    console.log('node_modules/.folio-vendor not built: esbuild is not installed (a production install omits dev dependencies)');
    process.exit(0);
  }
  const { packages, files } = await buildVendor(values.esbuild);
  console.log(`built node_modules/.folio-vendor (${packages} packages, ${files} files) in ${Math.round(performance.now() - started)} ms`);
}
