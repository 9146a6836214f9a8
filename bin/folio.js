#!/usr/bin/env node
// Folio's CLI. Node >= 22.18 runs the TypeScript sources directly (type stripping); there is no build step.
// On an older node, it re-runs itself on Node 24 from scripts/use-node.sh (fetched from the npm registry once).
import { spawn, execFileSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major > 22 || (major === 22 && minor >= 18)) {
  // Launch options (V8's thread pool, malloc's mmap threshold) may re-execute the process first.
  const { applyLaunchOptions } = await import('./launch-options.js');
  applyLaunchOptions();
  // Node's on-disk compile cache (in the OS temp directory; NODE_COMPILE_CACHE=<dir> moves it,
  // NODE_DISABLE_COMPILE_CACHE=1 turns it off) keeps the stripped TypeScript and V8's code of every
  // module between runs: a second start of `folio serve` spends about a third less CPU loading modules.
  module.enableCompileCache?.();
  const { installVendorHooks } = await import('./vendor-hooks.js');
  installVendorHooks(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), process.env.FOLIO_VENDOR_BUNDLES);
  await import('../src/cli.ts');
} else {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let node;
  try {
    node = execFileSync('bash', ['-c', 'source scripts/use-node.sh >&2 && command -v node'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }).toString().trim();
  } catch {
    process.stderr.write(`Folio needs Node.js >= 22.18 (24 LTS recommended); this is ${process.version}, and Node 24 could not be installed.\n`);
    process.exit(1);
  }
  const child = spawn(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
