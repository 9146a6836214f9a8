// Options that only count when the process starts, set before anything loads: `folio` re-executes
// itself with them (process.execve: same process id, same stdio) when one is missing. Two of them:
//
// - How many background threads V8 gets (Node's `--v8-pool-size`). FOLIO_V8_POOL_SIZE unset: 1 for
//   `folio serve` on the embedded PGlite, Node's default (4) otherwise. PGlite's PostgreSQL is WebAssembly
//   that V8 compiles and optimizes on those threads while the server starts and answers its first
//   queries; with four threads the memory they used stays with the process (an idle `folio serve` on
//   PGlite measured 225-255 MB with four, 185-219 MB with one, mostly 185-190; docs/performance.md). On
//   PostgreSQL the pool size made no measurable difference. A number sets it for every command; 0 keeps
//   Node's default. An explicit --v8-pool-size in the node arguments or in NODE_OPTIONS wins (and keeps
//   the relaunched process from relaunching again). src/config.ts validates the setting.
//
// - glibc malloc's mmap threshold, for the long-running commands (`serve`, `worker`) on Linux, through
//   GLIBC_TUNABLES (read by the dynamic loader at start, so only a new process takes it). glibc raises
//   the threshold by itself, up to 32 MB, each time a large block is freed; after that, every
//   document-sized buffer comes from the main heap, and the heap keeps the pages its free blocks sit
//   between. Fixed at 32 KB, blocks that large are mapped and unmapped on their own. In a soak on
//   PostgreSQL (after a full GC, generation 100 -> 1,000) the main malloc heap measured 34 -> 44 MB
//   and RSS 180 -> 194 MB (7.8 %), against 66 -> 82 MB and 216 -> 241 MB (11.6 %) with glibc's default,
//   and 38 -> 52 MB, 193 -> 211 MB (9.3 %) at 64 KB (docs/performance.md). A GLIBC_TUNABLES already in
//   the environment (even empty) is the operator's and is left as it is; musl ignores the variable.
//   Processes Folio starts (LibreOffice, Chromium) inherit it.

export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=32768';

/** The pool size to relaunch with, or null to keep the process as it is. */
export function v8PoolSize(command, env, execArgv) {
  if ([...execArgv, ...String(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--v8-pool-size'))) return null;
  const raw = String(env.FOLIO_V8_POOL_SIZE ?? '').trim();
  if (raw === '') return command === 'serve' && !env.DATABASE_URL ? 1 : null;
  if (!/^\d+$/.test(raw)) return null; // src/config.ts reports it
  const n = Number(raw);
  return n >= 1 && n <= 64 ? n : null;
}

/** The GLIBC_TUNABLES to relaunch with, or null to keep the environment as it is. */
export function mallocTunables(command, env, platform) {
  if (platform !== 'linux' || (command !== 'serve' && command !== 'worker')) return null;
  return env.GLIBC_TUNABLES === undefined ? MALLOC_TUNABLES : null;
}

/** Re-executes this process once with what v8PoolSize and mallocTunables ask for; returns when they ask for nothing. */
export function applyLaunchOptions() {
  const command = process.argv[2];
  const size = v8PoolSize(command, process.env, process.execArgv);
  const tunables = mallocTunables(command, process.env, process.platform);
  if ((size === null && tunables === null) || typeof process.execve !== 'function') return;
  const env = tunables === null ? process.env : { ...process.env, GLIBC_TUNABLES: tunables };
  const flags = size === null ? [] : [`--v8-pool-size=${size}`];
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], env);
}
