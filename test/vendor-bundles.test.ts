// bin/vendor-hooks.js resolves typebox, kysely, pg-boss and jose to the bundles scripts/build-vendor.ts
// writes into node_modules/.folio-vendor, only while the installed package has the bundled version, and
// not with FOLIO_VENDOR_BUNDLES=false. Each case runs in a fresh Node (the hook is process-wide), from
// the real install or from a scratch root with a stale manifest. test/lazy-modules.test.ts checks that
// a real `folio serve` loads the bundles.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/processes.ts';

const run = promisify(execFile);
const scratch: string[] = [];
afterAll(() => { for (const d of scratch) fs.rmSync(d, { recursive: true, force: true }); });

/** installVendorHooks(root, setting) in a fresh Node; what it returned and where `specifiers` resolve from the project. */
async function resolveWith(root: string, setting: string | undefined, specifiers: string[]): Promise<{ mapped: number; urls: string[] }> {
  const hooks = JSON.stringify(path.join(ROOT, 'bin', 'vendor-hooks.js'));
  const code = `const { installVendorHooks } = await import(${hooks});
    const mapped = installVendorHooks(${JSON.stringify(root)}, ${JSON.stringify(setting ?? null)});
    console.log(JSON.stringify({ mapped, urls: ${JSON.stringify(specifiers)}.map((s) => import.meta.resolve(s)) }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT });
  return JSON.parse(stdout);
}

describe('vendored bundles', () => {
  const manifest = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '.folio-vendor', 'manifest.json'), 'utf8'));

  it('are built for the installed versions of typebox, kysely, pg-boss and jose', () => {
    const m = manifest();
    expect(Object.keys(m).sort()).toEqual(['jose', 'kysely', 'pg-boss', 'typebox']);
    for (const [pkg, entry] of Object.entries(m) as [string, { version: string; specifiers: Record<string, string> }][]) {
      expect(entry.version).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version);
      for (const file of Object.values(entry.specifiers)) expect(fs.existsSync(path.join(ROOT, 'node_modules', '.folio-vendor', file))).toBe(true);
    }
  });

  it('resolve the packages and their subpaths to the bundles', async () => {
    const { mapped, urls } = await resolveWith(ROOT, undefined, ['typebox', 'typebox/value', 'kysely', 'kysely/migration', 'pg-boss', 'jose', 'fastify']);
    expect(mapped).toBeGreaterThan(10);
    expect(urls.slice(0, 6).every((u) => u.includes('/node_modules/.folio-vendor/'))).toBe(true);
    expect(urls[0]).toMatch(/\/\.folio-vendor\/typebox\/index\.mjs$/);
    expect(urls[1]).toMatch(/\/\.folio-vendor\/typebox\/value\.mjs$/);
    expect(urls[6]).toMatch(/\/node_modules\/fastify\//); // not vendored: as installed
  });

  it('are not used with FOLIO_VENDOR_BUNDLES=false', async () => {
    const { mapped, urls } = await resolveWith(ROOT, 'false', ['typebox', 'kysely']);
    expect(mapped).toBe(0);
    expect(urls[0]).toMatch(/\/node_modules\/typebox\//);
    expect(urls[1]).toMatch(/\/node_modules\/kysely\//);
  });

  it('are not used for a package reinstalled at another version, nor without a manifest', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-vendor-'));
    scratch.push(root);
    fs.mkdirSync(path.join(root, 'node_modules', 'typebox'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', 'typebox', 'package.json'), JSON.stringify({ name: 'typebox', version: '0.0.1' }));
    expect((await resolveWith(root, undefined, [])).mapped).toBe(0); // no manifest
    fs.mkdirSync(path.join(root, 'node_modules', '.folio-vendor', 'typebox'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', '.folio-vendor', 'manifest.json'), JSON.stringify({ typebox: { version: '1.4.3', specifiers: { typebox: 'typebox/index.mjs' } } }));
    expect((await resolveWith(root, undefined, [])).mapped).toBe(0); // the installed 0.0.1 is not what was bundled
  });
});
