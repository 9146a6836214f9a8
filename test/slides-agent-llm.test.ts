// The Slides agent driven by a model: real tool loops through POST /slides/generate against the
// scripted OpenAI-compatible server (Chat Completions wire format), replaying the tool calls a model
// makes: building a deck from a data source, malformed calls it must recover from, the 30-slide cap,
// resume with an editor's change in the deck, ask mode with read-only tools, and POST /slides/outline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type Step, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { editParts, inspectPptx, partDiff, phText, runDocument, saveEditorVersion } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({ minBalance: { word: 5, excel: 5, slides: 50 } }), {
    env: providerEnv(fake, { FOLIO_LLM_DEFAULT_MODEL: 'local-llama', FOLIO_LLM_FALLBACK_MODELS: 'local-llama', FOLIO_AGENT_MAX_TURNS: '12' }),
  });
});
afterAll(async () => { await t?.close(); await fake?.close(); });

const calls = (...c: ToolCall[]): Step => ({ toolCalls: c });
const finish = (summary: string): Step => calls({ name: 'finish', args: { summary } });
const REGIONS = { name: 'regions', columns: ['Region', 'Revenue'], rows: [['North', 120], ['South', 95], ['East', 130]] };

/** The tool results the model was sent in its last request, as text. */
function toolResults(): string[] {
  const last = fake.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
  return last.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

describe('a model building a deck', () => {
  it('builds from a data source through real tool calls and recovers from malformed ones', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueue(
      calls({ name: 'get_outline', args: {} }),
      calls(
        { name: 'add_slide', args: { layout: 'title', title: 'Launch plan', subtitle: 'Regional rollout' } },
        { name: 'add_slide', args: { layout: 'bogus', title: 'Nope' } },
        { name: 'add_slide', args: '{"layout": "bullets", "title": ' },
        { name: 'make_coffee', args: {} },
        { name: 'add_chart', args: { title: 'Revenue by region', chart: { type: 'bar', data_source: 'sales' } } },
      ),
      calls(
        { name: 'add_chart', args: { title: 'Revenue by region', chart: { type: 'bar', data_source: 'regions' }, notes: 'East leads; South trails.' } },
        { name: 'add_slide', args: { layout: 'bullets', title: 'Plan', bullets: ['Open East first', { text: 'Hire two sellers', level: 1 }] } },
        { name: 'add_slide', args: { layout: 'closing', title: 'Questions' } },
      ),
      finish('Built a four-slide launch deck.'),
    );
    const res = await generate(t, org.secret, { prompt: 'A launch deck from the regional numbers', data_sources: [REGIONS] }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    // What was built is told from the deck itself; the model's words follow.
    expect(res.json().summary).toBe('Built a 4-slide deck "Launch plan" in the midnight theme (layouts: Title Slide, Chart, Title and Content, Closing). Built a four-slide launch deck.');
    expect(fake.requests).toHaveLength(4);
    const results = (fake.requests[2].body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').map((m) => String(m.content)).join('\n');
    expect(results).toMatch(/Invalid arguments for add_slide: \/layout: must be equal to one of the allowed values/);
    expect(results).toContain('The arguments of add_slide are not valid JSON');
    expect(results).toContain('There is no tool named "make_coffee"');
    expect(results).toContain('There is no data source named "sales". The request\'s data sources: "regions".');
    expect(JSON.stringify(fake.requests[0].body.tools.map((x: any) => x.function.name).sort())).toBe(JSON.stringify(
      ['add_chart', 'add_slide', 'add_slides', 'add_table', 'delete', 'finish', 'get_outline', 'insert_image', 'move_element', 'move_slide', 'read_slide', 'replace_text', 'set_theme', 'update_element', 'update_slide'],
    ));
    const deck = inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes);
    expect(deck.slides.map((s) => phText(s, 'title'))).toEqual(['Launch plan', 'Revenue by region', 'Plan', 'Questions']);
    expect(deck.slides[1].charts[0]).toMatchObject({ kinds: ['barChart'], categories: ['North', 'South', 'East'], series: [{ name: 'Revenue', values: [120, 95, 130] }] });
    expect(deck.slides[1].notes).toBe('East leads; South trails.');
    expect(deck.slides[2].notes).toMatch(/Open East first/);
    // The agent's model calls are usage records of the organization, grouped by the run.
    const records = await usageRecords(t, org.secret, `&session_id=${res.json().run_id}`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ operation: 'slides.generate', model: 'local-llama', response_format: 'tools', status: 'succeeded', session_id: res.json().run_id });
    expect(records[0].input_tokens).toBeGreaterThan(0);
    expect(res.json().credits_used).toBe(records[0].credits + 1); // the model's usage plus the render charge
    const budget = (await t.inject({ method: 'GET', url: '/api/v1/llm/budget', headers: { 'x-api-key': org.secret } })).json();
    expect(budget.used_credits).toBe(records[0].credits);
  });

  it('stops at 30 new slides per call and tells the model why', async () => {
    fake.reset();
    const org = await t.signup();
    const many = Array.from({ length: 32 }, (_, i) => ({ name: 'add_slide', args: { layout: 'bullets', title: `Topic ${i + 1}`, bullets: [`Point ${i + 1}`], notes: `Talk about topic ${i + 1}.` } }));
    fake.enqueue(calls(...many), finish('Made the topic slides.'));
    const res = await generate(t, org.secret, { prompt: '32 slides, one per topic' }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    // Said in the summary whatever the model writes.
    expect(res.json().summary).toBe('Built a 30-slide deck "Topic 1" in the midnight theme (layouts: Title and Content x30). Made the topic slides. This call added 30 slides, the most one call makes; call POST /slides/generate again with this run_id to add the rest.');
    const results = toolResults();
    expect(results.filter((r) => r.includes('Added slide'))).toHaveLength(30);
    expect(results.filter((r) => r.includes('at most 30'))).toHaveLength(2);
    expect(inspectPptx((await runDocument(t, org.secret, res.json().run_id)).bytes).slides).toHaveLength(30);
  });
});

describe('a model editing a deck', () => {
  it('resumes with the conversation and the editor-changed deck, and changes only what it is asked to', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueue(
      calls(
        { name: 'add_slide', args: { layout: 'title', title: 'Board update' } },
        { name: 'add_slide', args: { layout: 'bullets', title: 'Status', bullets: ['On track', 'Budget approved'], notes: 'Keep it short.' } },
        { name: 'add_slide', args: { layout: 'bullets', title: 'Asks', bullets: ['Approve hiring'], notes: 'One ask.' } },
      ),
      finish('Built the board update.'),
    );
    const first = (await generate(t, org.secret, { prompt: 'Board update deck' }, 'slides')).json();
    const { bytes } = await runDocument(t, org.secret, first.run_id);
    const [, status] = inspectPptx(bytes).slides;
    const edited = await editParts(bytes, (p) => {
      p[status.part] = p[status.part].replace('On track', 'On track for Q4').replace('</p:spTree>',
        '<p:sp><p:nvSpPr><p:cNvPr id="77" name="Stamp"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="100000" y="6000000"/><a:ext cx="2000000" cy="400000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>CONFIDENTIAL</a:t></a:r></a:p></p:txBody></p:sp></p:spTree>');
    }, [status.part]);
    await saveEditorVersion(t, org.org_id, first.run_id, edited);

    fake.reset();
    fake.setHandler((req) => {
      const text = JSON.stringify(req.body.messages);
      if (!text.includes('"tool"')) return calls({ name: 'read_slide', args: { slide: 3 } });
      const id = /"id":"(e\d+-\d+)","kind":"bullets"/.exec(text.replace(/\\"/g, '"'))?.[1];
      if (id && !text.includes('Updated e')) return calls({ name: 'update_element', args: { element: id, bullets: ['Approve hiring', 'Approve the Q4 budget'] } });
      return finish('Added the budget ask.');
    });
    const res = await generate(t, org.secret, { prompt: 'Add the Q4 budget to the asks', run_id: first.run_id }, 'slides');
    fake.setHandler(null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toBe('Changed the deck: changed the text of the list on slide 3 "Asks". It now has 3 slides. Added the budget ask.');
    const firstRequest = fake.requests[0];
    expect(firstRequest.transcript.join('\n')).toContain('Board update deck');
    // The outline shows the editor's text box with its text, so the model knows it is there.
    expect(firstRequest.transcript.join('\n')).toMatch(/e\d+-77 text "Stamp": "CONFIDENTIAL"/);
    const after = (await runDocument(t, org.secret, first.run_id)).bytes;
    const deck = inspectPptx(after);
    expect(phText(deck.slides[1], 'body')).toBe('On track for Q4\nBudget approved');
    expect(deck.slides[1].shapes.Stamp).toBe('CONFIDENTIAL');
    expect(phText(deck.slides[2], 'body')).toBe('Approve hiring\nApprove the Q4 budget');
    expect(deck.slides[2].notes).toBe('One ask.');
    // Only the slide asked about changed: the editor's slide is byte for byte what the editor saved.
    const diff = await partDiff(edited, after);
    expect(diff).toEqual({ changed: [deck.slides[2].part], added: [], removed: [] });
  });

  it('answers in ask mode with read-only tools, writing no version', async () => {
    fake.reset();
    const org = await t.signup();
    fake.enqueue(calls({ name: 'add_slide', args: { layout: 'title', title: 'Roadmap 2027' } }), finish('Built it.'));
    const first = (await generate(t, org.secret, { prompt: 'Roadmap deck' }, 'slides')).json();
    const { version } = await runDocument(t, org.secret, first.run_id);
    fake.reset();
    fake.enqueue(calls({ name: 'read_slide', args: { slide: 1 } }), finish('The deck is titled "Roadmap 2027".'));
    const res = await generate(t, org.secret, { prompt: 'What is the title?', mode: 'ask', run_id: first.run_id }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ summary: 'The deck is titled "Roadmap 2027".', download_url: null });
    expect(fake.requests[0].body.tools.map((x: any) => x.function.name).sort()).toEqual(['finish', 'get_outline', 'read_part', 'read_slide']);
    expect(toolResults().join('')).toContain('Roadmap 2027');
    expect((await runDocument(t, org.secret, first.run_id)).version).toBe(version);
  });
});

describe('POST /slides/outline with a model', () => {
  it('hands an outline passed to /slides/generate to the model with the request', async () => {
    fake.reset();
    const org = await t.signup();
    const outline = { title: 'Pricing', slides: [{ layout: 'title', title: 'Pricing', bullets: [], notes: '' }, { layout: 'bullets', title: 'Tiers', bullets: ['Free', 'Pro'], notes: 'Two tiers.' }] };
    fake.enqueue(calls(
      { name: 'add_slide', args: { layout: 'title', title: 'Pricing' } },
      { name: 'add_slide', args: { layout: 'bullets', title: 'Tiers', bullets: ['Free', 'Pro'], notes: 'Two tiers.' } },
    ), finish('Built the outline.'));
    const res = await generate(t, org.secret, { prompt: 'Build it', outline }, 'slides');
    expect(res.statusCode, res.body).toBe(200);
    const user = fake.requests[0].transcript.filter((l) => l.startsWith('user:')).join('\n');
    expect(user).toContain('Build it');
    expect(user).toContain('Build the slides of this outline');
    const sent = JSON.parse(user.slice(user.indexOf('{')));
    expect(sent).toEqual(outline);
  });


  it('asks the model for a schema-shaped outline and accounts for it like any LLM call', async () => {
    fake.reset();
    const org = await t.signup();
    const outline = { title: 'Hiring plan', slides: [
      { layout: 'title', title: 'Hiring plan', bullets: [], notes: '' },
      { layout: 'bullets', title: 'Roles', bullets: ['Two engineers', '[Add the third role]'], notes: 'Walk through the roles.' },
    ] };
    fake.enqueue({ json: outline, usage: { input: 1000, output: 400 } });
    const res = await t.inject({ method: 'POST', url: '/api/v1/slides/outline', headers: { 'x-api-key': org.secret }, payload: { prompt: 'Outline a hiring plan, 2 slides', data_sources: [REGIONS] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...outline, slide_count: 2, model: 'local-llama', credits_used: expect.any(Number) });
    expect(res.headers['x-llm-model']).toBe('local-llama');
    expect(fake.requests[0].transcript.join('\n')).toMatch(/Data source "regions": columns Region, Revenue/);
    expect((await usageRecords(t, org.secret)).map((u) => u.operation)).toEqual(['slides.outline']);
  });
});
