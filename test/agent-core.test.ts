// The format-independent agent core, driven through POST /word/generate: phases, the model fallback
// chain and turn timeouts, the task timeout stopping the loop, credits from the reported usage plus the
// render charge, the turn limit, plain-text endings, inputs reaching the model (CSV/XLSX/JSON data
// sources, context files) and the brand logo going through the outbound URL guard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, getTask, key, ledger, waitForTask, withRuns } from './helpers/runs.ts';
import { download, fileParts, upload } from './helpers/storage.ts';
import { png } from './helpers/fixtures.ts';
import { PY_DOCX, python } from './helpers/documents.ts';

let t: TestApp;
let fake: FakeLlmServer;
const finish = (summary: string) => ({ toolCalls: [{ name: 'finish', args: { summary } }] });
const addTitle = (title: string) => ({ toolCalls: [{ name: 'set_document', args: { title } }] });

beforeAll(async () => {
  fake = await startFakeLlmServer();
  // A 50-credit reservation, so that usage-priced charges are not capped at the default 5.
  t = await startTestApp(withRuns({ minBalance: { word: 50, excel: 5, slides: 5 } }), { env: providerEnv(fake, { FOLIO_AGENT_TURN_TIMEOUT_MS: '1500', FOLIO_AGENT_MAX_TURNS: '10' }) });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

async function uploadFile(secret: string, name: string, data: Buffer): Promise<string> {
  const res = await upload(t, secret, '/api/v1/files', fileParts(name, data));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

describe('the loop', () => {
  it('reports its phases while it runs', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueue({ ...addTitle('Slow'), delayMs: 1000 }, finish('Done slowly.'));
    const res = await generate(t, org.secret, { prompt: 'Write something', async: true });
    expect(res.statusCode).toBe(202);
    const writing = await waitForTask(t, org.secret, res.json().task_id, (x) => x.phase === 'writing' || x.status !== 'running' && x.status !== 'queued');
    expect(writing).toMatchObject({ status: 'running', phase: 'writing' });
    expect(await waitForTask(t, org.secret, res.json().task_id)).toMatchObject({ status: 'completed', result: { summary: 'Built the Word document "Slow" with a title only. Done slowly.' } });
  });

  it('hands the rest of the loop to the next model when one times out, and keeps the conversation', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueueFor('gpt-4.1', addTitle('Started on GPT'), { hang: true });
    fake.enqueueFor('claude-sonnet-4-5', { toolCalls: [{ name: 'add_content', args: { markdown: '# Finished on Claude' } }] }, finish('Switched models.'));
    const res = await generate(t, org.secret, { prompt: 'Write a memo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.map((r) => r.model)).toEqual(['gpt-4.1', 'gpt-4.1', 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
    expect(fake.requests[1].aborted).toBe(true);
    expect(JSON.stringify(fake.requests[2].body.messages)).toContain('Started on GPT');
    const doc = await python((await download(t, res.json().download_url)).body, 'docx', PY_DOCX);
    expect(doc.paragraphs.map((p: any) => p.text)).toEqual(expect.arrayContaining(['Started on GPT', 'Finished on Claude']));
  });

  it('fails with upstream_error, and charges nothing, when every model fails', async () => {
    fake.reset();
    const org = await t.signup();
    fake.setDefault({ status: 500, message: 'boom' });
    try {
      const res = await generate(t, org.secret, { prompt: 'Write a memo' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: 'upstream_error', message: expect.stringContaining('gpt-4.1 failed with HTTP 500; claude-sonnet-4-5 failed with HTTP 500') });
      expect((await ledger(t, org.secret)).filter((e) => e.kind === 'charge')).toEqual([]);
    } finally {
      fake.setDefault({ text: 'ok' });
    }
  });

  it('stops the loop (and its model call) when the task reaches timeout_ms', async () => {
    fake.reset();
    const org = await t.signup();
    // Busy but never done (each turn adds something new, so it is not a repeat the loop would stop).
    fake.setHandler(() => ({ toolCalls: [{ name: 'add_content', args: { markdown: `Paragraph ${fake.requests.length}.` } }], delayMs: 1200 }));
    try {
      const started = Date.now();
      const res = await generate(t, org.secret, { prompt: 'Never finish', timeout_ms: 10_000 });
      expect(res.statusCode).toBe(504);
      expect(res.json().error).toBe('task_timeout');
      expect(Date.now() - started).toBeLessThan(14_000);
      const seen = fake.requests.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(fake.requests.length).toBe(seen);
    } finally {
      fake.setHandler(null);
    }
  }, 30_000);

  it('ends at FOLIO_AGENT_MAX_TURNS (10 here) with what it built, and says how to continue', async () => {
    fake.reset();
    const org = await t.signup();
    fake.setHandler(() => ({ toolCalls: [{ name: 'add_content', args: { markdown: `Paragraph ${fake.requests.length}.` } }] }));
    try {
      const res = await generate(t, org.secret, { prompt: 'Keep going' });
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.requests).toHaveLength(10);
      expect(res.json().summary).toMatch(/^Built the Word document: 10 paragraphs\. The agent stopped at its limit of 10 turns; resume the run with run_id to continue/);
    } finally {
      fake.setHandler(null);
    }
  });

  it('takes a plain-text answer as the end of the loop and as the summary', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueue(addTitle('Text end'), { text: 'I set the title; nothing else was needed.' });
    const res = await generate(t, org.secret, { prompt: 'Title it' });
    // What the tools did comes first, from the edits; the model's words follow.
    expect(res.json()).toMatchObject({ summary: 'Built the Word document "Text end" with a title only. I set the title; nothing else was needed.' });
  });
});

describe('credits', () => {
  it('charges the model usage at its price plus the render charge; ask mode skips the render charge', async () => {
    fake.reset();
    const org = await t.signup();
    // gpt-4.1: 200 credits per million input tokens, 800 per million output: 20000 in + 2000 out = 5.6 credits a turn.
    const usage = { input: 20_000, output: 2_000 };
    fake.enqueue({ ...addTitle('Costed'), usage }, { ...finish('Priced.'), usage });
    const res = await generate(t, org.secret, { prompt: 'Write it' });
    expect(res.json().credits_used).toBe(Math.ceil(5.6 * 2) + 1);
    const charges = (await ledger(t, org.secret)).filter((e) => e.kind === 'charge' && e.task_id === res.json().task_id);
    expect(charges.map((c) => c.amount)).toEqual([-13]);
    fake.enqueue({ ...finish('It is titled Costed.'), usage });
    const ask = await generate(t, org.secret, { run_id: res.json().run_id, mode: 'ask', prompt: 'What is the title?' });
    expect(ask.json()).toMatchObject({ credits_used: 6, download_url: null });
    const task = (await getTask(t, org.secret, ask.json().task_id)).json();
    expect(task.credits_used).toBe(6);
  });

  it('refuses ask mode without a document to ask about', async () => {
    const org = await t.signup();
    const res = await generate(t, org.secret, { mode: 'ask', prompt: 'What does it say?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('pass run_id');
  });
});

describe('inputs', () => {
  it('gives the model CSV, XLSX and JSON data sources and context files, and tools use every row', async () => {
    fake.reset();
    const org = await t.signup();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Stores');
    ws.addRows([['Store', 'Opened', 'Sales'], ['Leeds', new Date(Date.UTC(2024, 2, 1)), 1200.5], ['York', new Date(Date.UTC(2025, 0, 15)), { formula: '1000+1', result: 1001 }]]);
    const xlsx = await uploadFile(org.secret, 'stores.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    // A semicolon file groups thousands with dots (`1,204` there would be 1.204): 1204 visits.
    const csv = await uploadFile(org.secret, 'visits.csv', Buffer.from('Day;Visits\r\nMon;"1.204"\r\nTue;98\r\n'));
    const json = await uploadFile(org.secret, 'staff.json', Buffer.from(JSON.stringify([{ name: 'Ana', role: 'Lead' }, { name: 'Bo', role: 'Analyst' }])));
    const notes = await uploadFile(org.secret, 'notes.md', Buffer.from('# Notes\nFootfall rose after the refit.'));
    fake.enqueue(
      { toolCalls: [{ name: 'add_table', args: { data_source: 'stores', caption: 'Stores' } }, { name: 'add_table', args: { data_source: 'visits' } }, { name: 'add_table', args: { data_source: 'staff', columns: ['role'] } }] },
      finish('Tabled the data.'),
    );
    const res = await generate(t, org.secret, {
      prompt: 'Tabulate the data', context_files: [{ file_id: notes }],
      data_sources: [{ file_id: xlsx, kind: 'xlsx' }, { file_id: csv, kind: 'csv' }, { file_id: json, kind: 'json' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // The inputs go in the request's message; the system prompt stays the same for every task.
    const first = fake.requests[0].transcript.filter((l) => l.startsWith('user:')).join('\n');
    expect(first).toContain('Data source "stores" (2 rows)');
    expect(first).toContain('Store | Opened | Sales');
    expect(first).toContain('Footfall rose after the refit.');
    expect(first).toContain('Context file [1] "notes.md"');
    expect(String(fake.requests[0].body.input.find((m: any) => m.role === 'system').content)).not.toContain('Footfall');
    const doc = await python((await download(t, res.json().download_url)).body, 'docx', PY_DOCX);
    expect(doc.tables).toEqual([
      [['Store', 'Opened', 'Sales'], ['Leeds', '2024-03-01', '1,200.5'], ['York', '2025-01-15', '1,001']],
      [['Day', 'Visits'], ['Mon', '1,204'], ['Tue', '98']],
      [['role'], ['Lead'], ['Analyst']],
    ]);
  });

  it('refuses a brand logo whose URL the outbound guard refuses when the request arrives (422 at the field), without fetching it', async () => {
    fake.reset();
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png(10, 10)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    let requests = 0;
    server.on('request', () => requests++);
    try {
      const org = await t.signup();
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/logo.png`;
      const res = await generate(t, org.secret, { prompt: 'Write it', brand: { logo_url: url, primary_color: '#123456' } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'brand', 'logo_url'], type: 'url_not_allowed', input: url, msg: expect.stringContaining('127.0.0.1 is a loopback address') })]);
      expect(requests).toBe(0);
      expect(fake.requests.length).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('installation', () => {
  it('installs the Word agent by default, under its adapter name', async () => {
    expect(t.app.ctx.runs.agents.get('word')?.name).toBe('folio-word-agent');
    const res = await t.inject({ method: 'POST', url: '/api/v1/word/generate', headers: key('sk_live_' + 'x'.repeat(28)), payload: { prompt: 'p' } });
    expect(res.statusCode).toBe(401);
  });
});
