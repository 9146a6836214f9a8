// `folio generate` on a real terminal: the binary runs in a tmux pane (a pseudo-terminal) against a real
// server whose model is the scripted OpenAI-compatible fake, slowed down so the task takes seconds. The
// pane must show a progress bar with the phase and a line per phase change, then the result; Ctrl-C
// must ask whether to cancel (y cancels the task on the server, n detaches and leaves it running).
// Captures of the screen are written to $TMPDIR/folio-cli-pty-*.txt to look at.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, folio, ooxmlParts, startCliServer, type CliServer } from '../helpers/cli-client.ts';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from '../helpers/fake-llm-server.ts';
import { providerEnv } from '../helpers/llm.ts';

const SLOW = 300_000;
let s: CliServer;
let fake: FakeLlmServer;
let key: string;
let home: string;
const socket = `folio-cli-test-${process.pid}`;

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const calls = (delayMs: number, ...c: ToolCall[]): Step => ({ toolCalls: c, delayMs });

beforeAll(async () => {
  fake = await startFakeLlmServer();
  s = await startCliServer(providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama', FOLIO_AGENT_MAX_TURNS: '12' }));
  key = (await s.signup()).secret;
  home = fs.mkdtempSync(path.join(s.work, 'home-'));
  const login = await folio(['login', '--url', s.url, '--api-key', key], { env: { XDG_CONFIG_HOME: path.join(home, 'xdg') }, cwd: home });
  if (login.code !== 0) throw new Error(login.stderr);
}, 300_000);
afterAll(async () => {
  try { tmux('kill-server'); } catch { /* no session left */ }
  await s?.close();
  await fake?.close();
});

/** Starts `folio <args>` in a new 110x30 tmux window; the shell prints EXIT=<code> when it ends. */
function startInPane(name: string, args: string[]): void {
  const script = path.join(home, `${name}.sh`);
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  fs.writeFileSync(script, `cd '${home}'\nenv -i PATH='${process.env.PATH}' HOME='${home}' XDG_CONFIG_HOME='${path.join(home, 'xdg')}' TERM=xterm-256color '${process.execPath}' '${BIN}' ${quoted}\necho "EXIT=$?"\nsleep 600\n`);
  tmux('new-session', '-d', '-s', name, '-x', '110', '-y', '30', `bash ${script}`);
}

const screen = (name: string) => tmux('capture-pane', '-p', '-t', name);

async function waitForScreen(name: string, predicate: (text: string) => boolean, timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen(name);
    if (predicate(text)) return text;
    if (Date.now() > deadline) throw new Error(`the screen never showed what was expected:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function keep(name: string, text: string): void {
  fs.writeFileSync(path.join(os.tmpdir(), `folio-cli-pty-${name}.txt`), text);
}

const BAR = /\[█*░*\] +\d{1,3}%  \S+/;

async function taskOnScreen(name: string): Promise<string> {
  const text = await waitForScreen(name, (t) => /Task task_\w+/.test(t));
  return /Task (task_\w+)/.exec(text)![1];
}

async function taskStatus(taskId: string): Promise<any> {
  return (await fetch(`${s.url}/api/v1/tasks/${taskId}`, { headers: { 'x-api-key': key } })).json();
}

describe('folio generate on a terminal', () => {
  it('draws a live progress bar with the phase, a line per step, then the run id, saved path and edit URL', async () => {
    fake.reset();
    fake.enqueue(
      calls(1500, { name: 'get_outline', args: {} }),
      calls(2500, { name: 'add_slide', args: { layout: 'title', title: 'Market size', subtitle: 'Q3' } }),
      calls(2500, { name: 'add_slide', args: { layout: 'bullets', title: 'Plan', bullets: ['Open East first'] } }),
      calls(500, { name: 'finish', args: { summary: 'Built a two-slide deck.' } }),
    );
    startInPane('progress', ['generate', 'slides', 'A deck on the market size', '-o', 'tty.pptx']);
    const during = await waitForScreen('progress', (t) => BAR.test(t) && /→ writing/.test(t) && !/EXIT=/.test(t));
    keep('progress-during', during);
    const lines = during.split('\n');
    const barLine = lines.findIndex((l) => BAR.test(l));
    expect(lines[barLine]).toMatch(/^\[█+░+\] +\d{1,2}%  writing/); // partly filled while the agent writes
    // The line above the bar: the phase the task moved to.
    expect(lines.slice(0, barLine).some((l) => /^ {2}→ writing$/.test(l))).toBe(true);
    expect(lines.slice(barLine + 1).join('').trim()).toBe(''); // the bar is the last thing on the screen

    // The agent's first step arrives over the SSE stream while it still works on the second: a line above the bar.
    const stepped = await waitForScreen('progress', (t) => BAR.test(t) && /✓ Added slide 1: Market size/.test(t) && !/EXIT=/.test(t));
    keep('progress-step', stepped);
    const stepLines = stepped.split('\n');
    const stepBar = stepLines.findIndex((l) => BAR.test(l));
    expect(stepLines.slice(0, stepBar).some((l) => /^ {2}✓ Added slide 1: Market size$/.test(l))).toBe(true);

    const after = await waitForScreen('progress', (t) => /EXIT=\d+/.test(t));
    keep('progress-after', after);
    expect(after).toContain('EXIT=0');
    expect(after).toMatch(/\[█{24}\] 100%  completed/);
    expect(after).toMatch(/^Run: +run_\w+$/m);
    expect(after).toContain('Saved: tty.pptx');
    expect(after).toMatch(/^ {2}✓ Added slide 1: Market size\n {2}✓ Added slide 2: Plan$/m);
    expect(after).toMatch(/^Edit: +http:\/\/localhost:\d+\/api\/v1\/edit\/run_\w+\?token=/m);
    expect(after.match(/\d{1,3}%/g)!.length).toBe(1); // the bar was redrawn in place, never repeated
    expect(await ooxmlParts(path.join(home, 'tty.pptx'))).toContain('ppt/slides/slide2.xml');
    tmux('kill-session', '-t', 'progress');
  }, SLOW);

  it('Ctrl-C asks whether to cancel; y cancels the task on the server', async () => {
    fake.reset();
    fake.setDefault({ hang: true });
    startInPane('cancel', ['generate', 'slides', 'A deck that takes forever', '-o', 'never.pptx']);
    const taskId = await taskOnScreen('cancel');
    await waitForScreen('cancel', (t) => BAR.test(t) && /→ writing/.test(t));
    tmux('send-keys', '-t', 'cancel', 'C-c');
    const asked = await waitForScreen('cancel', (t) => t.includes(`Cancel task ${taskId}? [y/N]`));
    keep('cancel-question', asked);
    tmux('send-keys', '-t', 'cancel', 'y', 'Enter');
    const after = await waitForScreen('cancel', (t) => /EXIT=\d+/.test(t));
    keep('cancel-after', after);
    expect(after).toContain(`Cancelled task ${taskId}`);
    expect(after).toContain('EXIT=130');
    expect((await taskStatus(taskId)).status).toBe('cancelled');
    expect(fs.existsSync(path.join(home, 'never.pptx'))).toBe(false);
    tmux('kill-session', '-t', 'cancel');
  }, SLOW);

  it('Ctrl-C then n detaches: the task keeps running and the screen says how to follow it', async () => {
    fake.reset();
    fake.setDefault({ hang: true });
    startInPane('detach', ['generate', 'slides', 'Another slow deck']);
    const taskId = await taskOnScreen('detach');
    await waitForScreen('detach', (t) => BAR.test(t) && /→ writing/.test(t));
    tmux('send-keys', '-t', 'detach', 'C-c');
    await waitForScreen('detach', (t) => t.includes(`Cancel task ${taskId}? [y/N]`));
    tmux('send-keys', '-t', 'detach', 'n', 'Enter');
    const after = await waitForScreen('detach', (t) => /EXIT=\d+/.test(t));
    keep('detach-after', after);
    expect(after).toContain('EXIT=0');
    expect(after).toContain(`folio tasks wait ${taskId}`);
    expect((await taskStatus(taskId)).status).toBe('running');
    const cancelled = await folio(['tasks', 'cancel', taskId, '--json'], { env: { XDG_CONFIG_HOME: path.join(home, 'xdg') }, cwd: home });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout).task_id).toBe(taskId);
    tmux('kill-session', '-t', 'detach');
  }, SLOW);
});
