// Insights reports end to end: a Word run through the runs engine, answering like /word/generate
// (sync, async 202, webhook_url), the default title and the filters, read back with python-docx (an
// independent reader), deterministic content, and a PDF through POST /runs/{run_id}/export.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { reportPdf, salesXlsx, summaryDocx } from './helpers/project-fixtures.ts';
import { attach, createProject, insights, waitForAnalysis } from './helpers/projects.ts';
import { python } from './helpers/documents.ts';
import { download } from './helpers/storage.ts';
import { waitForTask } from './helpers/runs.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';
import { webhookEnv } from './helpers/webhooks.ts';

let t: TestApp;
let receiver: WebhookReceiver;
let a: { secret: string; org_id: string };
let pid: string;
const ids: Record<string, string> = {};
const auth = (key: string) => ({ 'x-api-key': key });

// Title, headings, and each table's rows, as python-docx reads them.
const READ = `
import json, sys, docx
d = docx.Document(sys.argv[1])
print(json.dumps({
  "title": [p.text for p in d.paragraphs if p.style.name == "Title"],
  "subtitle": [p.text for p in d.paragraphs if p.style.name == "Subtitle"],
  "headings": [p.text for p in d.paragraphs if p.style.name.startswith("Heading")],
  "tables": [[[c.text for c in r.cells] for r in t.rows] for t in d.tables],
}))`;

async function report(body: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: `/api/v1/projects/${pid}/reports`, headers: auth(a.secret), payload: body });
}

async function docxOf(url: string): Promise<Buffer> {
  const file = await download(t, url);
  expect(file.status).toBe(200);
  return file.body;
}

/** The severity-section tables' first column (the insight titles), skipping the summary and sources tables. */
const findingTitles = (read: any) => read.tables.filter((tb: string[][]) => tb[0][0] === 'Title').flatMap((tb: string[][]) => tb.slice(1).map((r) => r[0]));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({}, { env: webhookEnv() });
  a = await t.signup('reports-a');
  pid = (await createProject(t, a.secret, { name: 'Acme Q1 review' })).project_id;
  for (const [name, bytes] of [['summary.docx', await summaryDocx()], ['report.pdf', reportPdf()], ['sales.xlsx', await salesXlsx()]] as const) {
    ids[name] = (await attach(t, a.secret, pid, name, bytes)).json().file_id;
  }
  await waitForAnalysis(t, a.secret, pid);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('insights reports', () => {
  let first: any;

  it('answer like /word/generate and follow the fixed template, with the default title', async () => {
    const res = await report({ format: 'docx' });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    expect(first).toMatchObject({ status: 'completed', credits_used: 1, download_url: expect.any(String), duration_ms: expect.any(Number) });
    expect(Object.keys(first).sort()).toEqual(['credits_used', 'download_url', 'duration_ms', 'edit_url', 'run_id', 'status', 'summary', 'task_id']);
    expect(first.summary).toBe('Insights report "Acme Q1 review - Insights Report": 4 insights (0 critical, 2 high, 2 medium, 0 low) from 3 files.');
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${first.run_id}`, headers: auth(a.secret) })).json();
    expect(run).toMatchObject({ format: 'word', status: 'completed', file_name: 'Acme Q1 review - Insights Report.docx', version: 1 });
    const read = await python(await docxOf(first.download_url), 'docx', READ);
    expect(read.title).toEqual(['Acme Q1 review - Insights Report']);
    expect(read.subtitle[0]).toMatch(/^Acme Q1 review · \d{1,2} \w+ \d{4}$/);
    expect(read.headings).toEqual(['Executive summary', 'Most important findings', 'Critical findings (0)', 'High findings (2)', 'Medium findings (2)', 'Low findings (0)', 'Appendix: sources']);
    const [summary] = read.tables;
    expect(summary).toEqual([
      ['Severity', 'Disparity', 'Insight', 'Similarity', 'Total'],
      ['Critical', '0', '0', '0', '0'], ['High', '1', '1', '0', '2'], ['Medium', '0', '1', '1', '2'], ['Low', '0', '0', '0', '0'],
      ['Total', '1', '2', '1', '4'],
    ]);
    const high = read.tables.find((tb: string[][]) => tb[0][0] === 'Title');
    expect(high[0]).toEqual(['Title', 'Kind', 'Source file', 'Description']);
    expect(high[1]).toEqual([expect.stringContaining('Revenue (Q1 2024) differs'), 'Disparity', 'summary.docx (paragraph 2)', expect.stringContaining('"report.pdf" states $1.35M')]);
    const sources = read.tables[read.tables.length - 1];
    expect(sources.map((r: string[]) => r.slice(0, 4))).toEqual([['File', 'Type', 'Role', 'Insights'], ['summary.docx', 'Word', 'context', '2'], ['report.pdf', 'PDF', 'context', '2'], ['sales.xlsx', 'Excel', 'context', '2']]);
  });

  it('apply the severity, kind, file and resolved filters', async () => {
    const bySeverity = await python(await docxOf((await report({ include_severity: ['high'] })).json().download_url), 'docx', READ);
    expect(bySeverity.headings).toEqual(['Executive summary', 'Most important findings', 'High findings (2)', 'Appendix: sources']);
    expect(findingTitles(bySeverity)).toHaveLength(2);
    const byKind = await python(await docxOf((await report({ include_alert_kind: ['similarity', 'disparity'] })).json().download_url), 'docx', READ);
    expect(byKind.tables[0][0]).toEqual(['Severity', 'Similarity', 'Disparity', 'Total']);
    expect(findingTitles(byKind).map((x: string) => x.split(' ')[0])).toEqual(['Revenue', 'Near-duplicate']);
    const byFile = await python(await docxOf((await report({ file_ids: [ids['sales.xlsx']], title: 'Workbook findings' })).json().download_url), 'docx', READ);
    expect(byFile.title).toEqual(['Workbook findings']);
    expect(findingTitles(byFile)).toEqual(['Outlier in Revenue: Jul 2024 is 980 against a median of 126.5', 'No Bookings figure for Q3 2024']);
    expect(byFile.tables[byFile.tables.length - 1].map((r: string[]) => r[0])).toEqual(['File', 'sales.xlsx']);
    const [similarity] = await insights(t, a.secret, pid, '&kind=similarity');
    await t.inject({ method: 'PATCH', url: `/api/v1/projects/${pid}/insights/${similarity.insight_id}`, headers: auth(a.secret), payload: { resolved: true } });
    const withoutResolved = await python(await docxOf((await report({})).json().download_url), 'docx', READ);
    expect(findingTitles(withoutResolved)).toHaveLength(3);
    const withResolved = await python(await docxOf((await report({ include_resolved: true })).json().download_url), 'docx', READ);
    expect(findingTitles(withResolved)).toHaveLength(4);
    await t.inject({ method: 'PATCH', url: `/api/v1/projects/${pid}/insights/${similarity.insight_id}`, headers: auth(a.secret), payload: { resolved: false } });
  });

  it('refuse bad requests', async () => {
    for (const body of [{ title: 'x'.repeat(201) }, { format: 'pdf' }, { include_severity: ['urgent'] }, { include_alert_kind: [] }, { colour: 'red' }]) {
      expect((await report(body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    const unknownFile = await report({ file_ids: ['file_nope'] });
    expect(unknownFile.statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/v1/projects/prj_missing/reports', headers: auth(a.secret), payload: {} })).statusCode).toBe(404);
  });

  it('give the same document for the same inputs', async () => {
    const again = (await report({})).json();
    const xml = async (url: string) => (await JSZip.loadAsync(await docxOf(url))).file('word/document.xml')!.async('string');
    expect(again.run_id).not.toBe(first.run_id);
    expect(await xml(again.download_url)).toBe(await xml(first.download_url));
  });

  it('run asynchronously with a poll URL and a webhook callback', async () => {
    const res = await report({ async: true, webhook_url: `${receiver.url}/hook` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ run_id: expect.any(String), task_id: expect.any(String), poll_url: expect.stringContaining('/tasks/') });
    expect(res.headers.location).toBe(res.json().poll_url);
    const task = await waitForTask(t, a.secret, res.json().task_id);
    expect(task).toMatchObject({ status: 'completed', format: 'word', result: { download_url: expect.any(String) } });
    const [hook] = await receiver.waitFor((r) => r.some((x) => x.path === '/hook'));
    expect(hook.body).toMatchObject({ event: 'run.completed', run_id: res.json().run_id, format: 'word', agent_name: 'folio-project-report', status: 'completed' });
  });

  it('export to PDF through the runs engine', async () => {
    const res = await t.inject({ method: 'POST', url: `/api/v1/runs/${first.run_id}/export`, headers: auth(a.secret), payload: { format: 'pdf' } });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await download(t, res.json().download_url);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);
});
