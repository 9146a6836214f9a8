// A request that makes a renderer throw, recurse or produce text the database refuses fails (or
// completes) its own task once, with a clear error; it is never retried as if its worker had died.
// Then the three builtin renderers are fuzzed with unicode-heavy text: every document must open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents, type AgentCall } from './helpers/scripted-agent.ts';
import { generate, getTask, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';
import { convertAllToPdf } from './helpers/documents.ts';
import { adapter as wordAdapter } from '../src/documents/word/word.adapter.ts';
import { adapter as excelAdapter } from '../src/documents/excel/excel.adapter.ts';
import { adapter as slidesAdapter } from '../src/documents/slides/slides.adapter.ts';

const calls: AgentCall[] = [];
let scripted: TestApp;
let builtin: TestApp;
beforeAll(async () => {
  [scripted, builtin] = await Promise.all([
    startTestApp(withRuns({ maxAttempts: 3 }), { agents: scriptedAgents(calls) }),
    startTestApp(withRuns({})),
  ]);
});
afterAll(async () => Promise.all([scripted?.close(), builtin?.close()]));

describe('a task whose engine fails fails once', () => {
  it('runaway recursion in the renderer: 422 validation_error, one attempt, not charged', async () => {
    const org = await scripted.signup();
    const res = await generate(scripted, org.secret, { prompt: JSON.stringify({ recurse: true }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toMatch(/renderer exceed its limits.*call stack/);
    const taskId = res.json().task_id;
    const got = await getTask(scripted, org.secret, taskId);
    const task = got.json();
    expect(got.statusCode, got.body).toBe(200);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'validation_error' }, credits_used: 0 });
    expect(calls.filter((c) => c.task_id === taskId)).toHaveLength(1);
  });

  it('a summary and file name cut inside a surrogate pair: completed once, stored well-formed', async () => {
    const org = await scripted.signup();
    const cut = '😀😀'.slice(0, 3); // ends with a lone high surrogate
    const res = await generate(scripted, org.secret, { prompt: JSON.stringify({ file_name: `Smile ${cut}.docx`, summary_tail: ` ${cut}` }) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('completed');
    expect(body.summary.endsWith('😀\uFFFD')).toBe(true);
    expect(calls.filter((c) => c.task_id === body.task_id)).toHaveLength(1);
    const file = await download(scripted, body.download_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('Smile 😀\uFFFD.docx'));
  });
});

const pick = (s: string, n: number) => { const cps = [...s]; return Array.from({ length: n }, (_, i) => cps[i % cps.length]).join(''); };
const EMOJI = '😀🎉👩‍💻🇩🇪❤️1️⃣👍🏽👨‍👩‍👧‍👦';
const TEXTS: Record<string, string> = {
  emoji: pick(EMOJI, 1000),
  combining: pick('Z̸̢̛̭̲̓̌ͅe̊́ñ̃', 2000),
  rtl: pick('مرحبا بالعالم، هذا تقرير. שלום עולם, זה דוח. ', 2000),
  cjk: pick('季度销售报告，日本語のテキスト、한국어 문장입니다。', 2000),
  zwj: `${pick('a\u200d\u200c\u200b\u2060b', 2000)} end`,
  long_word: 'x'.repeat(10_000),
  long_emoji_word: pick('😀👩‍💻', 9_000),
  structured: `# ${pick(EMOJI, 40)} مرحبا 季度\n\nInclude a table of contents.\n\n## ${pick('Z̸̢̛', 30)}\n\n${'y'.repeat(3000)}\n\n## שלום\n\n- ${pick(EMOJI, 300)}\n- ${pick('季度销售', 400)}\n\n## Table\n\n| Region | ${pick(EMOJI, 5)} |\n|---|---|\n| ${pick('مرحبا', 50)} | 12 |\n| ${'z'.repeat(2000)} | 3 |\n\n## End\n\nDone.`,
};
const ADAPTERS = { word: wordAdapter, excel: excelAdapter, slides: slidesAdapter } as const;
const EXT = { word: 'docx', excel: 'xlsx', slides: 'pptx' } as const;

describe('the builtin renderers with unicode-heavy text', () => {
  const made: { name: string; bytes: Buffer; marker: string }[] = [];

  for (const format of ['word', 'excel', 'slides'] as const) {
    it(`${format}: every request gives a document that opens`, async () => {
      const org = await builtin.signup(undefined, { tier: 'enterprise' });
      for (const [name, text] of Object.entries(TEXTS)) {
        const res = await generate(builtin, org.secret, { prompt: text.slice(0, 10_000) }, format);
        expect(res.statusCode, `${format} ${name}: ${res.body.slice(0, 300)}`).toBe(200);
        const file = await download(builtin, res.json().download_url);
        expect(file.status).toBe(200);
        const doc = await ADAPTERS[format].read(file.body);
        expect(doc, `${format} ${name}`).toBeTruthy();
        if (['cjk', 'rtl', 'structured'].includes(name)) made.push({ name: `${format}-${name}.${EXT[format]}`, bytes: file.body, marker: name === 'rtl' ? 'שלום' : name === 'cjk' ? '季度' : 'Done' });
      }
    }, 240_000);
  }

  it('a sample of them converts to PDF with LibreOffice, with its text', async () => {
    const sample = made.filter((m) => /(word-cjk|word-structured|excel-cjk|slides-rtl|slides-structured)\./.test(m.name));
    expect(sample.length).toBe(5);
    const texts = await convertAllToPdf(sample);
    for (const m of sample) {
      expect(texts.has(m.name), m.name).toBe(true);
      expect(texts.get(m.name)!.length, m.name).toBeGreaterThan(20);
    }
    expect(texts.get('word-cjk.docx')).toContain('季度');
  }, 300_000);
});
