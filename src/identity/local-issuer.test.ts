import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./local-issuer.ts', import.meta.url));

/**
 * Opens the issuer of `dir` in a process of its own; resolves with what it printed on stdout (its key id
 * and public key) and on stderr (kept apart, so that a warning Node prints under load is not taken for a key).
 */
function openInProcess(dir: string): Promise<{ code: number | null; out: string; err: string }> {
  const code = `const m = await import(${JSON.stringify(MODULE)}); const i = await m.openLocalIssuer(${JSON.stringify(dir)}); const jwk = await crypto.subtle.exportKey('jwk', i.publicKey); console.log(i.keyId, jwk.x, jwk.y);`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    // 'close', not 'exit': a process can exit before its piped output has been read.
    child.on('close', (c) => resolve({ code: c, out: out.trim(), err: err.trim() }));
  });
}

describe('the local issuer keys', () => {
  it('processes starting together on a fresh data directory agree on one key pair, and none reads a half-written file', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-issuer-'));
      const results = await Promise.all(Array.from({ length: 6 }, () => openInProcess(dir)));
      for (const r of results) expect(r.code, `${r.out}\n${r.err}`).toBe(0);
      expect(new Set(results.map((r) => r.out)).size, results.map((r) => `${r.out} | ${r.err}`).join('\n')).toBe(1);
      expect(fs.readdirSync(path.join(dir, 'identity'))).toEqual(['local-issuer.json']);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
