// Projects and workbook analysis with an LLM provider (the scripted OpenAI-compatible server): facts
// extracted by a structured-output call (and the rules when that call fails), billed under
// `projects.facts`; POST /excel/analyze as a real tool loop whose figures come from the tools.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { fileUpload } from './helpers/multipart.ts';
import { attach, createProject, insights, waitForAnalysis } from './helpers/projects.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp({}, { env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama' }) });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

const fact = (value: number, quote: string) => ({ name: 'Revenue', value, unit: 'USD', period: 'Q1 2024', block: 'P2', quote });

describe('with an LLM provider', () => {
  it('extracts facts with a structured-output call, and falls back to the rules when it fails', async () => {
    fake.reset();
    fake.setHandler((req) => {
      const text = req.transcript.join('\n');
      if (!text.includes('Extract the named quantitative facts')) return undefined;
      if (text.includes('broken model day')) return { status: 500, message: 'overloaded' };
      // The figure is written in words, which the rules cannot read: only the model finds it.
      return { json: { facts: [text.includes('one point two') ? fact(1_200_000, 'one point two million dollars') : fact(1_500_000, 'one and a half million dollars')] }, usage: { input: 900, output: 60 } };
    });
    const org = await t.signup();
    const pid = (await createProject(t, org.secret, { name: 'Model facts' })).project_id;
    const a = await attach(t, org.secret, pid, 'a.txt', Buffer.from('Board summary Q1 2024\n\nRevenue came in at one point two million dollars.'));
    const b = await attach(t, org.secret, pid, 'b.txt', Buffer.from('Investor note Q1 2024\n\nRevenue reached one and a half million dollars.'));
    const c = await attach(t, org.secret, pid, 'c.txt', Buffer.from('broken model day Q1 2024\n\nHeadcount: 120'));
    await waitForAnalysis(t, org.secret, pid);
    const file = async (id: string) => (await t.inject({ method: 'GET', url: `/api/v1/projects/${pid}/files/${id}`, headers: { 'x-api-key': org.secret } })).json();
    expect(await file(a.json().file_id)).toMatchObject({ facts_method: 'model', facts_count: 1, note: null });
    expect(await file(c.json().file_id)).toMatchObject({ facts_method: 'rules', facts_count: 1, pipeline_status: 'completed', note: expect.stringContaining('model call failed') });
    const [disparity] = await insights(t, org.secret, pid, '&kind=disparity');
    expect(disparity).toMatchObject({ severity: 'high', source: { fileId: a.json().file_id }, related: [{ fileId: b.json().file_id }], details: { relative_difference: 0.2 } });
    const usage = (await usageRecords(t, org.secret)).filter((u) => u.operation === 'projects.facts');
    expect(usage.map((u) => u.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
    expect(usage.find((u) => u.status === 'succeeded')).toMatchObject({ model: 'local-llama', input_tokens: 900, output_tokens: 60 });
  });

  it('answers /excel/analyze through a tool loop whose figures and citations come from the tools', async () => {
    fake.reset();
    const steps: Step[] = [
      { toolCalls: [{ name: 'detect_headers', args: { sheet: 'Sales' } }] },
      { toolCalls: [{ name: 'aggregate', args: { sheet: 'Sales', column: 'Revenue', operation: 'sum' } }, { name: 'set_cell', args: { cell: 'A1', value: 'x' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Revenue totals 600 (Sales!B2:B4).' } }] },
    ];
    fake.enqueue(...steps);
    const org = await t.signup();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sales');
    [['Region', 'Revenue'], ['North', 100], ['South', 200], ['East', 300]].forEach((r) => sheet.addRow(r));
    const form = fileUpload('sales.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const fileId = (await t.inject({ method: 'POST', url: '/api/v1/files', headers: { 'x-api-key': org.secret, ...form.headers }, payload: form.payload })).json().file_id;
    const res = await t.inject({ method: 'POST', url: '/api/v1/excel/analyze', headers: { 'x-api-key': org.secret }, payload: { file_id: fileId, prompt: 'Total revenue?' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      answer: 'Revenue totals 600 (Sales!B2:B4).', model: 'local-llama',
      data: { operation: 'sum', column: 'Revenue', value: 600 },
      citations: [{ sheet: 'Sales', range: 'A1:B1' }, { sheet: 'Sales', range: 'B2:B4' }],
    });
    expect(fake.requests[0].tools.sort()).toEqual(['aggregate', 'count_rows', 'detect_headers', 'finish', 'growth', 'list_sheets', 'read_range', 'top_n']);
    const results = (fake.requests[2].body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(results.join('\n')).toContain('The total of Revenue is 600');
    expect(results.join('\n')).toContain('There is no tool named "set_cell"');
    expect((await usageRecords(t, org.secret)).find((u) => u.operation === 'excel.analyze')).toMatchObject({ status: 'succeeded', model: 'local-llama', credits: res.json().credits_used });
  });
});
