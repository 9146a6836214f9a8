// The `folio` document commands, driven as a user drives them: the real binary against a real
// `folio serve` process (builtin engine). Login and profiles, generate for each format with the files it
// uploads, resume, ask, async, export, runs/files/webhooks/credits, --json, exit codes and --help.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folio, ooxmlParts, startCliServer, type CliServer } from '../helpers/cli-client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { makeDocx } from '../helpers/office-fixtures.ts';

let s: CliServer;
let key: string;
let home: string;
let env: Record<string, string>;
// Every command is a fresh node process; on a loaded machine each takes seconds.
const SLOW = 300_000;
const run = (args: string[], extra: Record<string, string> = {}) => folio(args, { env: { ...env, ...extra }, cwd: home });

beforeAll(async () => {
  s = await startCliServer();
  key = (await s.signup()).secret;
  home = fs.mkdtempSync(path.join(s.work, 'home-'));
  env = { XDG_CONFIG_HOME: path.join(home, 'xdg') };
}, 300_000);
afterAll(async () => { await s?.close(); });

describe('folio login', () => {
  it('checks the key, stores the profile with mode 0600 in a 0700 directory, and environment variables override it', async () => {
    const bad = await run(['login', '--url', s.url, '--api-key', 'sk_live_wrongwrongwrongwrongwrongwron']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('invalid_api_key');
    expect(fs.existsSync(path.join(home, 'xdg', 'folio', 'config.json'))).toBe(false);

    const res = await run(['login', '--url', `${s.url}/api/v1`, '--api-key', key]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Logged in');
    const file = path.join(home, 'xdg', 'folio', 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ current_profile: 'default', profiles: { default: { base_url: s.url, api_key: key } } });

    // A second profile pointing nowhere becomes current; FOLIO_BASE_URL/FOLIO_API_KEY and --profile win over it.
    const other = await s.signup('Other Org');
    const second = await run(['login', '--url', s.url, '--api-key', other.secret, '--profile', 'other', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ profile: 'other', base_url: s.url });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const current = JSON.parse((await run(['credits', '--json'])).stdout);
    expect(current.org_id).toBe(other.org_id);
    const picked = JSON.parse((await run(['credits', '--json', '--profile', 'default'])).stdout);
    expect(picked.org_id).not.toBe(other.org_id);
    const viaEnv = await run(['credits', '--json'], { FOLIO_API_KEY: key });
    expect(JSON.parse(viaEnv.stdout).org_id).toBe(picked.org_id);
    const deadUrl = await run(['credits'], { FOLIO_BASE_URL: 'http://127.0.0.1:1' });
    expect(deadUrl.code).toBe(1);
    expect(deadUrl.stderr).toContain('connection_error');
    // Back to the first organization for the rest of the file.
    expect((await run(['login', '--url', s.url, '--api-key', key])).code).toBe(0);
  }, SLOW);
});

describe('no API key, a development server on this machine', () => {
  it('signs up there once, stores the key as the profile (0600) and uses it from then on', async () => {
    const xdg = path.join(home, 'fresh-xdg');
    const env = { XDG_CONFIG_HOME: xdg, FOLIO_BASE_URL: s.url };
    const first = await run(['credits', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/signed up on the development server at .+ as .+@localhost \(organization org_\w+\) and saved the key as profile "default"/);
    const balance = JSON.parse(first.stdout);
    const file = path.join(xdg, 'folio', 'config.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(stored.profiles.default).toEqual({ base_url: s.url, api_key: expect.stringMatching(/^sk_live_/) });
    const again = await run(['credits', '--json'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(JSON.parse(again.stdout).org_id).toBe(balance.org_id);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(stored);
  }, SLOW);
});

describe('folio generate', () => {
  it('makes a deck, a document and a workbook, saves valid OOXML files, and prints the run id, path and edit URL', async () => {
    const cases = [['slides', 'deck.pptx', 'ppt/presentation.xml'], ['word', 'memo.docx', 'word/document.xml'], ['excel', 'book.xlsx', 'xl/workbook.xml']] as const;
    for (const [format, file, part] of cases) {
      const out = path.join(home, file);
      const res = await run(['generate', format, `A short ${format} piece on Q3 results: revenue up 12%, churn down to 3%`, '-o', out]);
      expect(res.code, res.stderr).toBe(0);
      expect(await ooxmlParts(out)).toContain(part);
      expect(res.stdout).toMatch(/^Run: +run_\w+$/m);
      expect(res.stdout).toContain(`Saved: ${out}`);
      expect(res.stdout).toMatch(new RegExp(`^Edit: +${s.url.replace('127.0.0.1', 'localhost')}/api/v1/edit/run_\\w+\\?token=`, 'm'));
      // Not a terminal: plain progress lines on stderr.
      expect(res.stderr).toMatch(/^progress 100% (done|completed)$/m);
      expect(res.stderr).toMatch(/^done completed$/m);
    }
  }, SLOW);

  it('uploads --init, --data and --context files, resumes with --run, asks with --ask, and names the file itself without -o', async () => {
    fs.writeFileSync(path.join(home, 'sales.csv'), 'Region,Revenue\nNorth,120\nSouth,95\nEast,130\n');
    fs.writeFileSync(path.join(home, 'notes.txt'), 'East opened in March; churn fell after the loyalty programme.\n');
    const made = await run(['generate', 'excel', 'Revenue by region with a chart', '--data', 'sales.csv', '--context', 'notes.txt', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const result = JSON.parse(made.stdout);
    expect(result).toMatchObject({ status: 'completed', run_id: expect.stringMatching(/^run_/), path: expect.stringMatching(/\.xlsx$/) });
    expect(await ooxmlParts(path.join(home, result.path))).toContain('xl/workbook.xml');
    const files = JSON.parse((await run(['files', 'list', '--json'])).stdout);
    expect(files.map((f: any) => [f.file_name, f.purpose])).toEqual(expect.arrayContaining([['sales.csv', 'data'], ['notes.txt', 'context']]));

    const asked = await run(['generate', 'excel', 'What is the total revenue?', '--ask', '--run', result.run_id, '--json']);
    expect(asked.code, asked.stderr).toBe(0);
    expect(JSON.parse(asked.stdout)).toMatchObject({ run_id: result.run_id, summary: expect.stringContaining('345') });

    const resumed = await run(['generate', 'excel', 'Add a sheet named Notes', '--run', result.run_id, '-o', 'v2.xlsx', '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ run_id: result.run_id, path: 'v2.xlsx' });
    expect((await run(['runs', 'show', result.run_id, '--json'])).stdout).toContain('"version": 2');

    fs.writeFileSync(path.join(home, 'start.docx'), await makeDocx({ title: 'Quarterly memo', body: 'Revenue grew 12 percent.' }));
    const fromInit = await run(['generate', 'word', 'Add a section titled Next steps', '--init', 'start.docx', '-o', 'out.docx']);
    expect(fromInit.code, fromInit.stderr).toBe(0);
    expect(await ooxmlParts(path.join(home, 'out.docx'))).toContain('word/document.xml');
    const text = await (await (await import('jszip')).default.loadAsync(fs.readFileSync(path.join(home, 'out.docx')))).file('word/document.xml')!.async('string');
    expect(text).toContain('Revenue grew 12 percent.'); // the uploaded document, edited in place
    expect(text).toContain('Next steps');
    const initFiles = JSON.parse((await run(['files', 'list', '--purpose', 'init', '--json'])).stdout);
    expect(initFiles.map((f: any) => f.file_name)).toEqual(['start.docx']);
  }, SLOW);

  it('--async prints the task at once; tasks wait follows it and saves the document', async () => {
    const started = await run(['generate', 'slides', 'A deck on hiring plans', '--async', '--json']);
    expect(started.code, started.stderr).toBe(0);
    const accepted = JSON.parse(started.stdout);
    expect(accepted).toMatchObject({ task_id: expect.stringMatching(/^task_/), run_id: expect.stringMatching(/^run_/) });
    const plain = await run(['generate', 'slides', 'Another deck', '--async']);
    expect(plain.stdout).toMatch(/Follow it: +folio tasks wait task_\w+/);
    const waited = await run(['tasks', 'wait', accepted.task_id, '-o', 'hiring.pptx']);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toContain(`Run:   ${accepted.run_id}`);
    expect(await ooxmlParts(path.join(home, 'hiring.pptx'))).toContain('ppt/presentation.xml');
    const task = JSON.parse((await run(['tasks', 'show', accepted.task_id, '--json'])).stdout);
    expect(task).toMatchObject({ task_id: accepted.task_id, status: 'completed' });
    // --json on the task commands: wait prints the result object, cancel the task (or, once it ended, the API's error).
    const waitedJson = await run(['tasks', 'wait', accepted.task_id, '-o', 'hiring-again.pptx', '--json']);
    expect(waitedJson.code, waitedJson.stderr).toBe(0);
    expect(JSON.parse(waitedJson.stdout)).toMatchObject({ task_id: accepted.task_id, run_id: accepted.run_id, status: 'completed', path: 'hiring-again.pptx', edit_url: expect.stringContaining('/edit/') });
    const cancelled = await run(['tasks', 'cancel', accepted.task_id, '--json']);
    const cancelOut = JSON.parse(cancelled.stdout);
    if (cancelled.code === 0) expect(cancelOut).toMatchObject({ task_id: accepted.task_id });
    else expect(cancelOut).toMatchObject({ status: expect.any(Number), error: expect.any(String) });
  }, SLOW);

  it('brand options and --template reach the request: a bad colour is a usage error, a good one, a font and a logo file make the deck', async () => {
    const bad = await run(['generate', 'slides', 'A deck', '--brand-color', 'green']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--brand-color');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    fs.writeFileSync(path.join(home, 'logo.png'), png);
    const res = await run(['generate', 'slides', 'A two-slide deck on our brand', '--brand-color', '#0A7F5A', '--font', 'Georgia', '--logo', 'logo.png', '-o', 'brand.pptx']);
    expect(res.code, res.stderr).toBe(0);
    const theme = (await import('jszip')).default.loadAsync(fs.readFileSync(path.join(home, 'brand.pptx')));
    const parts = await theme;
    const xml = (await Promise.all(Object.keys(parts.files).filter((n) => n.startsWith('ppt/theme/')).map((n) => parts.file(n)!.async('string')))).join('');
    expect(xml).toContain('0A7F5A');
    expect(xml).toContain('Georgia');
    expect(Object.keys(parts.files).some((n) => n.startsWith('ppt/media/'))).toBe(true);

    // --template: that deck, uploaded as a template, is the design of the next one (the run records it).
    const form = new FormData();
    form.append('name', 'Brand');
    form.append('file', new Blob([fs.readFileSync(path.join(home, 'brand.pptx'))]), 'brand.pptx');
    const uploaded = await fetch(`${s.url}/api/v1/templates`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { template_id } = await uploaded.json() as { template_id: string };
    const templated = await run(['generate', 'slides', 'A two-slide deck on our hiring plan', '--template', template_id, '-o', 'templated.pptx', '--json']);
    expect(templated.code, templated.stderr).toBe(0);
    const made = JSON.parse(templated.stdout);
    expect(await ooxmlParts(path.join(home, 'templated.pptx'))).toContain('ppt/presentation.xml');
    expect(JSON.parse((await run(['runs', 'show', made.run_id, '--json'])).stdout)).toMatchObject({ template: { template_id, version: 1 } });
  }, SLOW);
});

describe('reading and converting', () => {
  it('exports a run, lists and shows runs, uploads and lists files, and shows credits, as text and as JSON', async () => {
    const runs = JSON.parse((await run(['runs', 'list', '--format', 'slides', '--limit', '2', '--json'])).stdout);
    expect(runs).toHaveLength(2);
    expect(runs.every((r: any) => r.format === 'slides')).toBe(true);
    const table = await run(['runs', 'list', '--status', 'completed']);
    expect(table.stdout.split('\n')[0]).toMatch(/^RUN_ID +FORMAT +STATUS/);
    const show = await run(['runs', 'show', runs[0].run_id]);
    expect(show.stdout).toMatch(new RegExp(`^run_id +${runs[0].run_id}$`, 'm'));

    const exported = await run(['export', runs[0].run_id, '--format', 'pdf', '-o', 'deck.pdf', '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ run_id: runs[0].run_id, format: 'pdf', path: 'deck.pdf' });
    expect(fs.readFileSync(path.join(home, 'deck.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const workbook = JSON.parse((await run(['runs', 'list', '--format', 'excel', '--limit', '1', '--json'])).stdout)[0];
    const csv = await run(['export', workbook.run_id, '--format', 'csv']); // no -o: the server's file name, here
    expect(csv.code, csv.stderr).toBe(0);
    const saved = /^Saved (\S+\.csv) /m.exec(csv.stdout)![1];
    expect(fs.readFileSync(path.join(home, saved), 'utf8')).toMatch(/,/);

    fs.writeFileSync(path.join(home, 'brief.md'), '# Brief\nA deck for the board.\n');
    const up = await run(['files', 'upload', 'brief.md', '--purpose', 'context', '--json']);
    expect(up.code, up.stderr).toBe(0);
    const file = JSON.parse(up.stdout);
    expect(file).toMatchObject({ file_id: expect.stringMatching(/^file_/), file_name: 'brief.md', purpose: 'context' });
    expect((await run(['files', 'list'])).stdout).toContain(file.file_id);
    fs.writeFileSync(path.join(home, 'sales.csv'), 'Region,Q1\nNorth,100\n');
    const reference = await run(['files', 'upload', 'sales.csv', '--purpose', 'reference', '--json']);
    expect(reference.code, reference.stderr).toBe(0);
    expect(JSON.parse(reference.stdout)).toMatchObject({ file_name: 'sales.csv', purpose: 'reference' });
    expect((await run(['files', 'list', '--purpose', 'reference'])).stdout).toContain(JSON.parse(reference.stdout).file_id);
    expect((await run(['files', 'upload', '--help'])).stdout).toContain('analysis|reference');

    const credits = await run(['credits']);
    expect(credits.stdout).toMatch(/^balance +\d+$/m);
    expect(JSON.parse((await run(['credits', '--json'])).stdout)).toMatchObject({ balance: expect.any(Number), reserved: 0 });
  }, SLOW);

  it('lists webhooks and their deliveries, and redelivers one', async () => {
    const receiver: WebhookReceiver = await startWebhookReceiver();
    try {
      const sub = await fetch(`${s.url}/api/v1/webhooks`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${receiver.url}/hook`, events: ['run.completed'] }) });
      expect(sub.status).toBe(201);
      const { webhook_id } = await sub.json() as { webhook_id: string };
      expect((await run(['generate', 'word', 'A one-line memo', '-o', 'hook.docx'])).code).toBe(0);
      await receiver.waitFor((r) => r.length >= 1);
      const listed = JSON.parse((await run(['webhooks', 'list', '--json'])).stdout);
      expect(listed.map((w: any) => w.webhook_id)).toEqual([webhook_id]);
      expect((await run(['webhooks', 'list'])).stdout).toContain(`${receiver.url}/hook`);
      let deliveries: any[] = [];
      for (let i = 0; i < 50 && !deliveries.some((d) => d.status === 'succeeded'); i++) {
        deliveries = JSON.parse((await run(['webhooks', 'deliveries', webhook_id, '--json'])).stdout);
        if (!deliveries.some((d) => d.status === 'succeeded')) await new Promise((r) => setTimeout(r, 200));
      }
      expect(deliveries[0]).toMatchObject({ event: 'run.completed', status: 'succeeded' });
      const again = await run(['webhooks', 'redeliver', webhook_id, deliveries[0].delivery_id]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(`redelivery of ${deliveries[0].delivery_id}`);
      await receiver.waitFor((r) => r.length >= 2);
      const againJson = await run(['webhooks', 'redeliver', webhook_id, deliveries[0].delivery_id, '--json']);
      expect(againJson.code, againJson.stderr).toBe(0);
      expect(JSON.parse(againJson.stdout)).toMatchObject({ delivery_id: expect.any(String), redelivery_of: deliveries[0].delivery_id });
      await receiver.waitFor((r) => r.length >= 3);
      expect((await run(['webhooks', 'redeliver', webhook_id, 'dlv_nope'])).code).toBe(1);
    } finally {
      await receiver.close();
    }
  }, SLOW);
});

describe('exit codes, --json errors and --help', () => {
  it('exits 2 on usage errors, before any request', async () => {
    for (const args of [
      ['generate', 'pdf', 'A deck'],
      ['generate', 'slides'],
      ['generate', 'slides', 'A deck', '--frobnicate'],
      ['generate', 'slides', 'A deck', '--init', 'missing.pptx'],
      ['generate', 'excel', 'A book', '--data', 'notes.txt'],
      ['export', 'run_x'],
      ['export', 'run_x', '--format', 'gif'],
      ['runs', 'list', '--limit', 'lots'],
      ['runs', 'frob'],
      ['files', 'upload'],
      ['webhooks', 'redeliver', 'wh_x'],
      ['login', '--url', s.url],
    ]) {
      const res = await run(args);
      expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toMatch(/Usage: folio|must|No such file|takes/);
    }
    // No key and no development server to sign up on (nothing listens there; a server on this machine that
    // gives no development tokens; another machine): usage errors, and nothing stored.
    for (const baseUrl of ['http://127.0.0.1:1', `${s.url}/not-folio`, 'http://folio.example.invalid']) {
      const noKey = await folio(['runs', 'list'], { env: { XDG_CONFIG_HOME: path.join(home, 'empty'), FOLIO_BASE_URL: baseUrl }, cwd: home });
      expect(noKey.code, noKey.stderr).toBe(2);
      expect(noKey.stderr).toContain('folio login');
      expect(noKey.stderr).toMatch(/no server answered|gives no development tokens \(404|is not on this machine/);
    }
    expect(fs.existsSync(path.join(home, 'empty'))).toBe(false);
  }, SLOW);

  it('exits 1 on API errors, with the error as JSON under --json', async () => {
    const missing = await run(['runs', 'show', 'run_nope', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: 'not_found', status: 404, request_id: expect.stringMatching(/^req_/) });
    expect(missing.stderr).toContain('Error 404 not_found');
    const invalid = await run(['generate', 'slides', 'A deck', '--template', 'tpl_nope']);
    expect(invalid.code).toBe(1);
    const badKey = await run(['credits'], { FOLIO_API_KEY: 'sk_live_0000000000000000000000000000' });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toContain('401 invalid_api_key');
  }, SLOW);

  it('prints help for every command, and keeps the server commands', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    for (const line of ['serve', 'token --sub', 'credits grant', 'login --url', 'generate slides|word|excel', 'export <run_id>', 'webhooks list|deliveries|redeliver']) expect(top.stdout).toContain(line);
    for (const args of [['login'], ['generate'], ['export'], ['runs'], ['runs', 'list'], ['runs', 'show'], ['tasks'], ['tasks', 'show'], ['tasks', 'wait'], ['tasks', 'cancel'], ['files'], ['files', 'upload'], ['files', 'list'], ['webhooks'], ['webhooks', 'list'], ['webhooks', 'deliveries'], ['webhooks', 'redeliver'], ['credits']]) {
      const res = await run([...args, '--help']);
      expect(res.code, args.join(' ')).toBe(0);
      expect(res.stdout, args.join(' ')).toMatch(/Usage: folio /);
    }
    expect((await run(['generate', '--help'])).stdout).toContain('--brand-color');
  }, SLOW);
});
