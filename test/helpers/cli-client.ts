// Shared steps of the document-CLI tests (test/cli/): a real `folio serve` process with its own data
// directory (and PostgreSQL database when configured), an organization signed up on it, and the real
// binary run with a private XDG config directory and working directory.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { ROOT, runCli, startServer, type ServerProcess } from './processes.ts';
import { createPostgresDatabase, SERVICES } from './test-app.ts';

export const BIN = path.join(ROOT, 'bin', 'folio.js');

export interface CliServer {
  server: ServerProcess;
  /** The server's base URL, without /api/v1. */
  url: string;
  work: string;
  signup(orgName?: string): Promise<{ org_id: string; secret: string }>;
  close(): Promise<void>;
}

export async function startCliServer(extraEnv: Record<string, string> = {}): Promise<CliServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-docs-'));
  const env: Record<string, string> = {
    FOLIO_DATA_DIR: path.join(work, 'data'),
    FOLIO_ALLOW_PRIVATE_URLS: 'true',
    // These tests run many commands per key (and a CLI on a server without the event stream would poll).
    FOLIO_RATE_LIMIT_PRO: '100000',
    ...extraEnv,
  };
  let drop = async () => {};
  if (SERVICES.databaseUrl) {
    // Already migrated (a copy of the run's template): these tests are about the CLI, not migrations.
    const db = await createPostgresDatabase({ migrated: true });
    env.DATABASE_URL = db.url;
    drop = db.drop;
  }
  // A first boot migrates a fresh database (PGlite): on a machine shared by many test runs that can pass 90 s.
  const server = await startServer(env, { bootTimeoutMs: 240_000 });
  let n = 0;
  return {
    server,
    url: server.url,
    work,
    async signup(orgName = 'CLI Docs') {
      const token = await runCli(['token', '--sub', `cli-user-${++n}`, '--email', `cli${n}@example.com`, '--local'], { FOLIO_DATA_DIR: env.FOLIO_DATA_DIR });
      if (token.code !== 0) throw new Error(`folio token: ${token.stderr}`);
      const res = await fetch(`${server.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token.stdout.trim()}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: orgName, tier: 'pro' }) });
      if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
      return (await res.json()) as { org_id: string; secret: string };
    },
    async close() {
      await server.stop();
      await drop();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

export interface CliResult { code: number; stdout: string; stderr: string }

/** Runs `node bin/folio.js ...args` with only the given environment (plus PATH), in `cwd`. */
export function folio(args: string[], opts: { env?: Record<string, string>; cwd: string; timeoutMs?: number }): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env },
      timeout: opts.timeoutMs ?? 90_000,
    }, (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }));
  });
}

/** The part names of an OOXML package, after checking it is a zip with a content-types part. */
export async function ooxmlParts(file: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const names = Object.keys(zip.files);
  if (!names.includes('[Content_Types].xml')) throw new Error(`${file} has no [Content_Types].xml`);
  return names;
}
