// Regular expressions written by callers (JSON Schema `pattern` and `patternProperties`) are matched
// without any chance of catastrophic backtracking (docs/architecture/input-hygiene.md):
// - Most patterns run on V8's linear-time engine (the `l` flag; no backtracking at all). It lacks the
//   `u` flag, so a pattern runs there only when it means the same without it (no `\p{..}`, `\u{..}`,
//   no characters or escapes outside the Basic Multilingual Plane), and each astral character of the
//   input is matched as one placeholder character, as `u` would count it.
// - Patterns that engine cannot run (backreferences, lookaround, counted repetition above 16, `\p{..}`)
//   run on the ordinary engine in a worker thread, with a time budget per string: the caller's thread
//   waits at most PATTERN_BUDGET_MS (Atomics.wait), then the worker is replaced. A string that runs
//   out of budget counts as not matching, and that pattern then fails at once for the rest of the process.
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

v8.setFlagsFromString('--enable-experimental-regexp-engine');

/** Longest pattern accepted. */
export const PATTERN_MAX_LENGTH = 1000;
/** Longest a pattern may take on one string in the budgeted engine. */
export const PATTERN_BUDGET_MS = 50;

export interface UserRegExp {
  test(s: string): boolean;
  toString(): string;
  /** `linear` or `budgeted`. */
  readonly engine: 'linear' | 'budgeted';
}

export class UserPatternError extends Error {}

const ASTRAL = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const PLACEHOLDER = '\uFFFF';
/** Constructs whose meaning changes without the `u` flag. */
const NEEDS_UNICODE = /\\[pP]\{|\\u\{|\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\uD800-\uDFFF]/;

function linear(pattern: string): UserRegExp | null {
  if (NEEDS_UNICODE.test(pattern)) return null;
  let rx: RegExp;
  try {
    rx = new RegExp(pattern, 'l');
  } catch {
    return null;
  }
  return { engine: 'linear', test: (s) => rx.test(s.replace(ASTRAL, PLACEHOLDER)), toString: () => `/${pattern}/l` };
}

// The budgeted engine: one worker for the process, replaced when it overruns.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const cache = new Map();
parentPort.on('message', ({ pattern, input, shared }) => {
  const flag = new Int32Array(shared);
  let rx = cache.get(pattern);
  if (!rx) { rx = new RegExp(pattern, 'u'); if (cache.size > 200) cache.clear(); cache.set(pattern, rx); }
  Atomics.store(flag, 0, rx.test(input) ? 1 : 2);
  Atomics.notify(flag, 0);
});`;

let worker: Worker | null = null;
/** The worker answered once: later waits need no allowance for its start-up. */
let warm = false;

function budgetedTest(pattern: string, input: string): boolean | 'timeout' {
  if (!worker) {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('error', () => { if (worker === w) worker = null; });
    worker = w;
    warm = false;
  }
  const w = worker;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  w.postMessage({ pattern, input, shared: flag.buffer });
  Atomics.wait(flag, 0, 0, warm ? PATTERN_BUDGET_MS : PATTERN_BUDGET_MS + 2000);
  const result = Atomics.load(flag, 0);
  if (result === 0) {
    worker = null;
    void w.terminate();
    return 'timeout';
  }
  warm = true;
  return result === 1;
}

function budgeted(pattern: string): UserRegExp {
  let poisoned = false;
  return {
    engine: 'budgeted',
    test: (s) => {
      if (poisoned) return false;
      const r = budgetedTest(pattern, s);
      if (r === 'timeout') { poisoned = true; return false; }
      return r;
    },
    toString: () => `/${pattern}/u`,
  };
}

const compiled = new Map<string, UserRegExp>();

/**
 * A caller's pattern, ready to test strings without hanging the process. Throws UserPatternError (or
 * SyntaxError for a pattern that is not a valid ECMA-262 `u` regular expression).
 */
export function userRegExp(pattern: string): UserRegExp {
  const hit = compiled.get(pattern);
  if (hit) return hit;
  if (pattern.length > PATTERN_MAX_LENGTH) throw new UserPatternError(`The pattern is longer than ${PATTERN_MAX_LENGTH} characters.`);
  new RegExp(pattern, 'u'); // syntax as JSON Schema defines it (ECMA-262 with the u flag)
  const rx = linear(pattern) ?? budgeted(pattern);
  if (compiled.size > 1000) compiled.clear();
  compiled.set(pattern, rx);
  return rx;
}

/** Ajv's `code.regExp` option: every pattern Ajv compiles goes through userRegExp. */
export const ajvRegExp = Object.assign((pattern: string, _flags: string) => userRegExp(pattern), { code: 'userRegExp' });
