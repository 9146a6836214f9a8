// Templates with a provider model (the scripted OpenAI-compatible server): the model sees the template's
// layouts in its outline and its slides are made from them, exactly as with the builtin engine; a fill-in
// (`fields`) never calls the model; a prompt that asks to keep the template's sample slides keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile, inspectPptx, packageParts, phText, runDocument, uploadFile } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadTemplate } from './helpers/templates.ts';

let t: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({ minBalance: { word: 5, excel: 5, slides: 50 } }), {
    env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama', FOLIO_AGENT_MAX_TURNS: '12', FOLIO_TEMPLATE_THUMBNAILS: 'false' }),
  });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

const calls = (...c: ToolCall[]): Step => ({ toolCalls: c });

describe('a model making a deck in a template', () => {
  it("sees the template's layouts and makes its slides from them", async () => {
    fake.reset();
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'comments.pptx', corpusFile('pptx/pp-comments.pptx'), { name: 'Office', is_default: 'true' })).json();
    fake.enqueue(
      calls({ name: 'get_outline', args: {} }),
      calls(
        { name: 'add_slide', args: { layout: 'title', title: 'Launch plan', subtitle: 'Regional rollout' } },
        { name: 'add_slide', args: { layout: 'bullets', title: 'Plan', bullets: ['Open East first', 'Hire two sellers'] } },
        { name: 'add_slide', args: { layout: 'section', title: 'Budget' } },
      ),
      calls({ name: 'finish', args: { summary: 'Built a three-slide deck.' } }),
    );
    const res = await generate(t, org.secret, { prompt: 'A short launch deck' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    // The model's first look at the document: the template's layouts, none of its 11 sample slides.
    // (The outline goes in the first user message; the system prompt stays the same for every run.)
    const first = JSON.stringify((fake.requests[0].body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'user')[0].content);
    expect(first).toContain('Title and Content');
    expect(first).not.toContain('Removing financing obstacles');
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    expect(deck.slides.map((s) => s.layout)).toEqual(['Title Slide', 'Title and Content', 'Section Header']);
    expect(phText(deck.slides[1], 'body')).toBe('Open East first\nHire two sellers');
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: key(org.secret) })).json();
    expect(run.template).toEqual({ template_id: tpl.template_id, version: 1 });
  }, 120_000);

  it('fills fields without calling the model, also in an init_file; keeps sample slides when asked', async () => {
    fake.reset();
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'comments.pptx', corpusFile('pptx/pp-comments.pptx'), { name: 'Office' })).json();
    const filled = await generate(t, org.secret, { prompt: 'Fill in', template_id: tpl.template_id, fields: { customer: 'Globex' } }, 'slides');
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().summary).toMatch(/^No field was filled; no model was called\. Not in the document: customer\./);
    expect(inspectPptx((await runDocument(t, org.secret, filled.json().run_id)).bytes).slides).toHaveLength(11);

    const letter = corpusFile('docx/word-headers-footers.docx');
    const parts = await packageParts(letter);
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(letter);
    zip.file('word/document.xml', parts.get('word/document.xml')!.toString().replace('section with header', 'Dear {{name}}'));
    const fileId = await uploadFile(t, org.secret, 'letter.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    const doc = await generate(t, org.secret, { prompt: 'Fill in', init_file: fileId, fields: { name: 'Ada' } }, 'word');
    expect(doc.statusCode, doc.body).toBe(200);
    expect((await packageParts((await runDocument(t, org.secret, doc.json().run_id)).bytes)).get('word/document.xml')!.toString()).toContain('Dear Ada');
    expect(fake.requests).toHaveLength(0);

    fake.enqueue(calls({ name: 'finish', args: { summary: 'Kept the sample slides.' } }));
    const kept = await generate(t, org.secret, { prompt: 'Keep the sample slides of the template as they are', template_id: tpl.template_id }, 'slides');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(inspectPptx((await runDocument(t, org.secret, kept.json().run_id)).bytes).slides).toHaveLength(11);
  }, 180_000);
});
