// The README's first session, the third line of its quick start, and docs/getting-started.md's whole session
// run, as written, against a running server: the block between the readme-session (getting-started-session) markers is extracted
// and run by bash in an empty directory, with `npx folio` resolving to this checkout's CLI and API/PORT
// pointing at the test's server. If the docs and the API drift apart, this fails. The server is a real
// `folio serve` process on development defaults, shared by both sessions.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, type ServerProcess } from './helpers/processes.ts';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';

export function readmeSession(readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), marker = 'readme-session'): string {
  const m = new RegExp(`<!-- ${marker}:start -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`).exec(readme);
  if (!m) throw new Error(`no ${marker} block`);
  return m[1];
}

export function gettingStartedSession(): string {
  return readmeSession(fs.readFileSync(path.join(ROOT, 'docs', 'getting-started.md'), 'utf8'), 'getting-started-session');
}

/** Runs a session with bash in a fresh directory whose `npx folio` is this checkout's CLI. */
async function runSession(name: string, session: string, extraEnv: Record<string, string> = {}): Promise<{ dir: string; stdout: string; stderr: string }> {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'bin', 'folio.js'), path.join(dir, 'node_modules', '.bin', 'folio'));
  const port = new URL(server.url).port;
  const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number }>((resolve) => {
    execFile('bash', ['-euo', 'pipefail', '-c', session], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', API: `${server.url}/api/v1`, PORT: port, npm_config_update_notifier: 'false', ...extraEnv },
      timeout: 240_000,
    }, (err, out, errOut) => resolve({ stdout: out, stderr: errOut, code: err ? (typeof err.code === 'number' ? err.code : 1) : 0 }));
  });
  expect(code, `stderr: ${stderr}\nstdout: ${stdout}\nserver: ${server.output().slice(-3000)}`).toBe(0);
  return { dir, stdout, stderr };
}

async function expectEditorPage(editUrl: string): Promise<void> {
  expect(editUrl).toMatch(/\/edit\/run_[0-9A-Z]+\?token=/);
  const page = await fetch(editUrl.replace(/^http:\/\/localhost:\d+/, server.url));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
}

let server: ServerProcess;
let work: string;
let drop = async () => {};
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-readme-'));
  const env: Record<string, string> = { FOLIO_DATA_DIR: path.join(work, 'data') };
  if (SERVICES.databaseUrl) {
    const db = await createPostgresDatabase();
    env.DATABASE_URL = db.url;
    drop = db.drop;
  }
  server = await startServer(env);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the README's first session", () => {
  it('signs up, makes and downloads a deck and prints its editor link, in five lines', async () => {
    const session = readmeSession();
    expect(session.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(5);
    const { dir, stdout } = await runSession('readme', session);
    expect(fs.readFileSync(path.join(dir, 'deck.pptx')).subarray(0, 2).toString()).toBe('PK');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'deck.json'), 'utf8')).status).toBe('completed');
    await expectEditorPage(stdout.trim().split('\n').at(-1)!);
  }, 300_000);
});

describe("the README's quick start", () => {
  it('its third line, with the server running and no API key set, makes a deck through the CLI (signing up on first use)', async () => {
    const block = readmeSession(undefined, 'quick-start').split('\n').filter((l) => l.trim());
    expect(block).toHaveLength(3);
    const line = block[2];
    expect(line).toMatch(/^npx folio generate slides ".+" -o deck\.pptx$/);
    // The line as written; only the server's address (a free port, not 8080) and a private config home are set.
    const config = path.join(work, 'quick-start-config');
    const env = { FOLIO_BASE_URL: server.url, XDG_CONFIG_HOME: config };
    const first = await runSession('quick-start', line, env);
    expect(fs.readFileSync(path.join(first.dir, 'deck.pptx')).subarray(0, 2).toString()).toBe('PK');
    expect(first.stdout).toMatch(/^Run: +run_\w+$/m);
    expect(first.stdout).toMatch(/^Saved: +deck\.pptx$/m);
    expect(first.stderr).toContain('signed up on the development server');
    const file = path.join(config, 'folio', 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ current_profile: 'default', profiles: { default: { base_url: server.url, api_key: expect.stringMatching(/^sk_live_/) } } });
    // A second run uses the stored key: no second sign-up.
    const second = await runSession('quick-start-again', line, env);
    expect(second.stderr).not.toContain('signed up');
    expect(fs.readFileSync(path.join(second.dir, 'deck.pptx')).subarray(0, 2).toString()).toBe('PK');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(stored);
  }, 300_000);
});

describe("docs/getting-started.md's whole session", () => {
  it('makes, downloads, exports, edits, asks about and opens a deck, command by command', async () => {
    const session = gettingStartedSession();
    expect(session.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(8);
    const { dir, stdout } = await runSession('getting-started', session);
    expect(fs.readFileSync(path.join(dir, 'deck.pptx')).subarray(0, 2).toString()).toBe('PK');
    expect(fs.readFileSync(path.join(dir, 'deck.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // The CLI line: a second deck, made through the SDK with live progress.
    expect(fs.readFileSync(path.join(dir, 'plan.pptx')).subarray(0, 2).toString()).toBe('PK');
    // The curl lines print one line each; the CLI's summary (run id, saved path, edit URL) follows them.
    const lines = stdout.trim().split('\n');
    const cli = lines.findIndex((l) => /^Built |^Run: /.test(l));
    const [edited, answer, editUrl] = lines.slice(0, cli).slice(-3);
    expect(lines.slice(cli).join('\n')).toMatch(/^Saved: +plan\.pptx/m);
    expect(edited).toMatch(/Next steps/);
    expect(answer).toMatch(/\b\d+ slides?\b/i);
    await expectEditorPage(editUrl);
  }, 300_000);
});
