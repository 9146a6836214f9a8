// Resolves the packages scripts/build-vendor.ts bundled (node_modules/.folio-vendor, built at `npm ci`)
// to their bundles: a few files each instead of hundreds of modules, which lowers the resident memory of
// an idle `folio serve` (docs/performance.md has the figures). Only where Node itself resolves the specifier to the top-level installed
// package, and only while that package still has the version that was bundled; with no bundle (a
// production install without dev dependencies, or FOLIO_VENDOR_BUNDLES=false) nothing changes.
import fs from 'node:fs';
import module from 'node:module';
import { pathToFileURL } from 'node:url';

/** Installs the resolve hook; `setting` is FOLIO_VENDOR_BUNDLES (src/config.ts validates it). Returns how many specifiers it maps. */
export function installVendorHooks(root, setting) {
  if (['false', '0', 'no'].includes(String(setting ?? '').trim().toLowerCase())) return 0;
  const dir = `${root}/node_modules/.folio-vendor`;
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(`${dir}/manifest.json`, 'utf8'));
  } catch {
    return 0;
  }
  const bundles = new Map();
  for (const [pkg, { version, specifiers }] of Object.entries(manifest)) {
    let installed;
    try {
      installed = JSON.parse(fs.readFileSync(`${root}/node_modules/${pkg}/package.json`, 'utf8')).version;
    } catch {
      continue;
    }
    if (installed !== version) continue; // reinstalled since the bundle was built: load the package as it is
    const home = pathToFileURL(`${root}/node_modules/${pkg}/`).href;
    for (const [specifier, file] of Object.entries(specifiers)) bundles.set(specifier, { home, url: pathToFileURL(`${dir}/${file}`).href });
  }
  if (!bundles.size) return 0;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const bundle = bundles.get(specifier);
      return bundle && resolved.url.startsWith(bundle.home) ? { url: bundle.url, format: 'module', shortCircuit: true } : resolved;
    },
  });
  return bundles.size;
}
