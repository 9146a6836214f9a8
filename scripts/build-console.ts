// Builds the web console (web/console, Vite + Preact) into web/console/dist, which `folio serve` serves at
// /console. Runs at `npm ci` (the root `prepare` script) and with `npm run build:console`; the output is
// not committed. A few seconds.
import path from 'node:path';
import { build } from 'vite';

export const CONSOLE_ROOT = path.resolve(import.meta.dirname, '..', 'web', 'console');

export async function buildConsole(): Promise<void> {
  await build({ configFile: path.join(CONSOLE_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = performance.now();
  await buildConsole();
  console.log(`built web/console/dist in ${Math.round(performance.now() - started)} ms`);
}
