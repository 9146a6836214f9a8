// A clean first command: `npm start` (and every npm script) runs through scripts/with-node.sh, which on
// a machine whose node is 20 puts Node 24 first on PATH and only then, in a fresh clone, runs `npm ci`,
// so npm checks the packages' engines against Node 24 and prints no EBADENGINE wall. Simulated with a
// `node` that answers v20 on PATH, a Node 24 already in the cache (scripts/use-node.sh's FOLIO_NODE_CACHE,
// here the test's own node) and an `npm` that records the node it runs under and its arguments.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-first-command-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function executable(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode: 0o755 });
}

describe('the first command on a machine whose node is 20', () => {
  it('npm start goes through with-node.sh, which installs with npm ci under Node 24, quietly, then runs the command', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toMatch(/^scripts\/with-node\.sh /);
    expect(pkg.scripts.test).toMatch(/^scripts\/with-node\.sh /);

    // A fresh clone: the scripts, no node_modules.
    const clone = path.join(dir, 'clone');
    fs.mkdirSync(path.join(clone, 'scripts'), { recursive: true });
    for (const f of ['with-node.sh', 'use-node.sh']) fs.copyFileSync(path.join(ROOT, 'scripts', f), path.join(clone, 'scripts', f));
    const system = path.join(dir, 'system-bin');
    executable(path.join(system, 'node'), '#!/bin/sh\n[ "$1" = "-v" ] && { echo v20.11.1; exit 0; }\necho "node 20 must not run Folio" >&2; exit 1\n');
    const log = path.join(dir, 'npm.log');
    executable(path.join(system, 'npm'), `#!/bin/sh\necho "node=$(node -v) args=$*" >> ${log}\nmkdir -p node_modules\n`);
    const cache = path.join(dir, 'cache');
    fs.mkdirSync(path.join(cache, 'bin'), { recursive: true });
    fs.symlinkSync(process.execPath, path.join(cache, 'bin', 'node'));

    const out = execFileSync('bash', [path.join(clone, 'scripts', 'with-node.sh'), 'node', '-e', 'console.log("served by " + process.version)'], {
      cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: `${system}:/usr/bin:/bin`, HOME: dir, FOLIO_NODE_CACHE: cache },
    });
    expect(out.trim()).toBe(`served by ${process.version}`);
    expect(Number(process.version.slice(1).split('.')[0])).toBeGreaterThanOrEqual(22);
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n');
    expect(calls).toEqual([`node=${process.version} args=ci --no-audit --no-fund --loglevel=error`]);
    expect(fs.existsSync(path.join(clone, 'node_modules'))).toBe(true);

    // A second start: nothing installed again.
    execFileSync('bash', [path.join(clone, 'scripts', 'with-node.sh'), 'true'], { cwd: clone, env: { PATH: `${system}:/usr/bin:/bin`, HOME: dir, FOLIO_NODE_CACHE: cache } });
    expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
