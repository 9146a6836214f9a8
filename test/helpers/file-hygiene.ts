// Runs around every test file. Test files share their worker process (vitest `isolate: false`), so a file
// that changes process.env would change the next file's world: fail the file that does it, by name.
import { afterAll, beforeAll } from 'vitest';

let before: Record<string, string | undefined> = {};

beforeAll(() => {
  before = { ...process.env };
});

afterAll(() => {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(process.env)])]
    .filter((name) => before[name] !== process.env[name]);
  if (changed.length > 0) {
    for (const name of changed) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
    throw new Error(`this test file changed process.env (${changed.join(', ')}); test files share a process, so set variables through the app's config or a child's env instead`);
  }
});
