// How many background threads V8 gets (Node's `--v8-pool-size`), set before anything loads: it is a
// launch option, so `folio` re-executes itself with it (process.execve: same process id, same stdio).
//
// FOLIO_V8_POOL_SIZE unset: 1 for `folio serve` on the embedded PGlite, Node's default (4) otherwise.
// PGlite's PostgreSQL is WebAssembly that V8 compiles and optimizes on those threads while the server
// starts and answers its first queries; with four threads the memory they used stays with the process
// (an idle `folio serve` on PGlite measured 225-255 MB with four, 185-219 MB with one, mostly 185-190;
// docs/performance.md). On PostgreSQL the pool size made no measurable difference. A number sets it for
// every command; 0 keeps Node's default. An explicit --v8-pool-size in the node arguments or in
// NODE_OPTIONS wins (and keeps the relaunched process from relaunching again). src/config.ts validates
// the setting.

/** The pool size to relaunch with, or null to keep the process as it is. */
export function v8PoolSize(command, env, execArgv) {
  if ([...execArgv, ...String(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--v8-pool-size'))) return null;
  const raw = String(env.FOLIO_V8_POOL_SIZE ?? '').trim();
  if (raw === '') return command === 'serve' && !env.DATABASE_URL ? 1 : null;
  if (!/^\d+$/.test(raw)) return null; // src/config.ts reports it
  const n = Number(raw);
  return n >= 1 && n <= 64 ? n : null;
}

/** Re-executes this process with `--v8-pool-size` when v8PoolSize asks for it; returns when it does not. */
export function applyV8PoolSize() {
  const size = v8PoolSize(process.argv[2], process.env, process.execArgv);
  if (size === null || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, `--v8-pool-size=${size}`, ...process.argv.slice(1)], process.env);
}
