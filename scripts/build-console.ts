// Builds the web console (web/console, Vite + Preact) into web/console/dist, which `folio serve` serves at
// /console. Runs at `npm ci` (the root `prepare` script) and with `npm run build:console`; the output is
// not committed. A few seconds.
import path from 'node:path';

export const CONSOLE_ROOT = path.resolve(import.meta.dirname, '..', 'web', 'console');

export async function buildConsole(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(CONSOLE_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = performance.now();
  try {
    await import('vite');
  } catch {
    // `npm ci --omit=dev` (production installs) has no Vite: nothing to build, /console says so.
    console.log('web/console not built: Vite is not installed (a production install omits dev dependencies)');
    process.exit(0);
  }
  await buildConsole();
  console.log(`built web/console/dist in ${Math.round(performance.now() - started)} ms`);
}
