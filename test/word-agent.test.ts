// POST /word/generate end to end: real agent loops against the builtin engine and against a scripted
// OpenAI-compatible provider (OpenAI Responses wire format), read back with python-docx and the XML
// parts, and every produced file converted to PDF by LibreOffice at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv, usageRecords } from './helpers/llm.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { download, fileParts, upload } from './helpers/storage.ts';
import { png } from './helpers/fixtures.ts';
import { makeDocx } from './helpers/office-fixtures.ts';
import { convertAllToPdf, editorSave, PY_DOCX, python, replaceInPart, zipPart } from './helpers/documents.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
let builtin: TestApp;
let llm: TestApp;
let fake: FakeLlmServer;
const produced: { name: string; bytes: Buffer; expect: string[] }[] = [];

beforeAll(async () => {
  fake = await startFakeLlmServer();
  [builtin, llm] = await Promise.all([startTestApp(withRuns({})), startTestApp(withRuns({}), { env: providerEnv(fake) })]);
});
afterAll(async () => { await Promise.all([builtin?.close(), llm?.close()]); await fake?.close(); });

async function generated(t: TestApp, secret: string, body: Record<string, unknown>, expectText: string[] = []) {
  const res = await generate(t, secret, body);
  expect(res.statusCode, res.body).toBe(200);
  const file = await download(t, res.json().download_url);
  produced.push({ name: `doc${produced.length + 1}.docx`, bytes: file.body, expect: expectText });
  return { res: res.json(), bytes: file.body, headers: file.headers };
}

const read = (bytes: Buffer) => python(bytes, 'docx', PY_DOCX);
const styled = (doc: any, style: string) => doc.paragraphs.filter((p: any) => p.style === style).map((p: any) => p.text);

async function uploadFile(t: TestApp, secret: string, name: string, data: Buffer, purpose = 'context'): Promise<string> {
  const res = await upload(t, secret, '/api/v1/files', fileParts(name, data, { purpose }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_id;
}

describe('builtin engine', () => {
  it('records the builtin engine\'s turns as a usage record of the run', async () => {
    const org = await builtin.signup();
    const { res } = await generated(builtin, org.secret, { prompt: '# Usage check\n## Summary\nOne line.' }, ['Usage check']);
    const records = await usageRecords(builtin, org.secret, `&session_id=${res.run_id}`);
    expect(records).toEqual([expect.objectContaining({ operation: 'word.generate', model: 'builtin', response_format: 'tools', status: 'succeeded', session_id: res.run_id })]);
    expect(records[0].input_tokens).toBeGreaterThan(0);
  });

  it('lays out a structured prompt: headings, lists, a table with a header row, inline bold, italic and links, a filled-in table of contents', async () => {
    const org = await builtin.signup();
    const prompt = ['Create this report with a table of contents:', '# Field Operations Review', '## Summary', 'Crews closed **412** tickets in *October*, see [the dashboard](https://example.com/ops).',
      '## Priorities', '1. Hire two technicians', '2. Replace the van fleet', '## Open items', '- Permits', '  - City of Leeds', '- Training',
      '## Backlog by region', '| Region | Open | Overdue |', '|---|--:|--:|', '| North | 31 | 4 |', '| South | 18 | 2 |', '## Next steps', 'Review in November.'].join('\n');
    const { res, bytes, headers } = await generated(builtin, org.secret, { prompt }, ['Field Operations Review', 'Backlog by region', 'Hire two technicians']);
    expect(res.summary).toContain('Field Operations Review');
    expect(headers['content-disposition']).toBe(`attachment; filename="field-operations-review.docx"; filename*=UTF-8''Field%20Operations%20Review.docx`);
    const doc = await read(bytes);
    expect(styled(doc, 'Title')).toEqual(['Field Operations Review']);
    expect(styled(doc, 'Heading 1')).toEqual(['Summary', 'Priorities', 'Open items', 'Backlog by region', 'Next steps']);
    const summary = doc.paragraphs.find((p: any) => p.text.startsWith('Crews closed'));
    // python-docx 0.8 leaves hyperlink runs out of paragraph text; the link is checked in the XML below.
    expect(summary.text).toBe('Crews closed 412 tickets in October, see .');
    expect(summary.bold).toEqual(['412']);
    expect(summary.italic).toEqual(['October']);
    expect(doc.tables).toEqual([[['Region', 'Open', 'Overdue'], ['North', '31', '4'], ['South', '18', '2']]]);
    expect(doc.footer).toContain('Page');
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(xml).toMatch(/<w:hyperlink r:id="[^"]+" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">the dashboard<\/w:t>/);
    expect(await zipPart(bytes, 'word/_rels/document.xml.rels')).toContain('https://example.com/ops');
    expect(xml).toMatch(/<w:tblHeader\/>/);
    // Asked for: a table of contents, written filled in (entries and page numbers), with no update prompt.
    expect(xml).toContain('Table of Contents');
    expect(xml).toMatch(/PAGEREF _Toc\d+ \\h <\/w:instrText><\/w:r><w:r><w:rPr><w:noProof\/><w:webHidden\/><\/w:rPr><w:fldChar w:fldCharType="separate"\/><\/w:r><w:r><w:rPr><w:noProof\/><w:webHidden\/><\/w:rPr><w:t>\d+<\/w:t>/);
    expect(xml).toMatch(/<w:t xml:space="preserve">Backlog by region<\/w:t><\/w:r><w:r><w:tab\/>/);
    expect(await zipPart(bytes, 'word/settings.xml')).not.toContain('updateFields');
    expect(xml).toContain('w:numPr');
  });

  it('turns a free-form prompt into a labelled outline skeleton with placeholders, inventing nothing', async () => {
    const org = await builtin.signup();
    const { res, bytes } = await generated(builtin, org.secret, { prompt: 'Write a proposal for the new onboarding programme covering goals, budget and timeline' }, ['Budget']);
    const doc = await read(bytes);
    expect(styled(doc, 'Heading 1')).toEqual(['Goals', 'Budget', 'Timeline']);
    expect(doc.paragraphs.map((p: any) => p.text)).toEqual(expect.arrayContaining(['[Add the goals]', '[Add the budget lines and amounts]']));
    // The timeline is a table of milestones to fill in.
    expect(doc.tables[0][0]).toEqual(['Milestone', 'Date', 'Owner']);
    expect(styled(doc, 'Note')[0]).toContain('Outline drafted offline');
    // The request itself is not pasted into the document.
    expect(doc.paragraphs.map((p: any) => p.text).join('\n')).not.toContain('onboarding programme covering');
    expect(res.summary).toBe('Built the Word document "Proposal for the New Onboarding Programme": 3 sections, 1 table. The offline engine writes no text of its own: the bracketed placeholders in the sections (Goals, Budget, Timeline) are there to fill in.');
  });

  it('builds tables from data sources, figures from images, cited key points from context files, and applies the brand', async () => {
    const org = await builtin.signup();
    const csv = await uploadFile(builtin, org.secret, 'headcount.csv', Buffer.from('Team,Headcount,Open roles\nSales,12,3\nSupport,8,1\n'));
    const memo = await uploadFile(builtin, org.secret, 'board-memo.txt', Buffer.from('The board approved the expansion into Spain. Hiring will start in March. The budget is capped at two million euros.'));
    const img = await upload(builtin, org.secret, '/api/v1/images', fileParts('site-plan.png', png(400, 200), { caption: 'Madrid office floor plan' }));
    const logo = await upload(builtin, org.secret, '/api/v1/images', fileParts('logo.png', png(120, 40)));
    const { res, bytes } = await generated(builtin, org.secret, {
      prompt: 'Create an expansion briefing',
      data_sources: [{ file_id: csv, kind: 'csv' }, { name: 'Budget', columns: ['Item', 'EUR'], rows: [['Office', 400000], ['Hiring', 1200000]] }],
      image_assets: [{ image_id: img.json().image_id }], context_files: [memo],
      brand: { primary_color: '#7A1F5C', secondary_color: '#E0A100', font: 'Georgia', logo_image_id: logo.json().image_id },
    }, ['Madrid office floor plan', 'board-memo.txt']);
    expect(res.summary).toBe('Built the Word document "Expansion Briefing": 7 sections, 2 tables, 1 figure. The offline engine writes no text of its own: the bracketed placeholders in the sections (Overview, Details, Next steps) are there to fill in.');
    const doc = await read(bytes);
    expect(doc.tables.map((t: any) => t[0])).toEqual(expect.arrayContaining([['Team', 'Headcount', 'Open roles'], ['Item', 'EUR']]));
    expect(doc.tables.find((t: any) => t[0][0] === 'Item')[2]).toEqual(['Hiring', '1,200,000']);
    expect(doc.paragraphs.map((p: any) => p.text)).toEqual(expect.arrayContaining(['Headcount: total 20, average 10, from 8 to 12.', 'Figure 1. Madrid office floor plan']));
    expect(doc.images).toBe(1);
    expect(doc.footnotes).toBeGreaterThanOrEqual(1);
    expect(await zipPart(bytes, 'word/footnotes.xml')).toContain('Source: board-memo.txt');
    expect(doc.paragraphs.some((p: any) => p.text.includes('The board approved the expansion into Spain.'))).toBe(true);
    const styles = await zipPart(bytes, 'word/styles.xml');
    expect(styles).toContain('w:ascii="Georgia"');
    expect(styles).toContain('7A1F5C');
    expect(await zipPart(bytes, 'word/_rels/header1.xml.rels')).toMatch(/media\/image\d+\.png/);
  });

  it('edits an uploaded document (init_file) in place and keeps its own styles and content', async () => {
    const org = await builtin.signup();
    const original = await makeDocx({ title: 'Vendor Contract Notes', body: 'Clause 4 allows early termination.' });
    const fileId = await uploadFile(builtin, org.secret, 'contract-notes.docx', original, 'init');
    const { res, bytes } = await generated(builtin, org.secret, { init_file: fileId, prompt: 'Add a section called Risks:\n- Auto-renewal in clause 9\n- No liability cap' }, ['Auto-renewal in clause 9']);
    expect(res.summary).toMatch(/^Changed the document: added "Risks"\.$/);
    const doc = await read(bytes);
    const texts = doc.paragraphs.map((p: any) => p.text);
    expect(texts).toEqual(expect.arrayContaining(['Vendor Contract Notes', 'Clause 4 allows early termination.', 'Risks', 'Auto-renewal in clause 9', 'No liability cap']));
    const styles = (xml: string) => xml.match(/<w:style [\s\S]*?<\/w:style>/g) ?? [];
    const written = await zipPart(bytes, 'word/styles.xml');
    expect(styles(await zipPart(original, 'word/styles.xml')).filter((st) => !written.includes(st))).toEqual([]);
  });

  it('refuses a corrupt init_file with a clear 422 naming the file', async () => {
    const org = await builtin.signup();
    const good = await makeDocx({ title: 'T', body: 'B' });
    const broken = await replaceInPart(good, 'word/document.xml', (xml) => xml.replace('</w:body>', '<w:p><w:r></w:body>'));
    const notWord = await uploadFile(builtin, org.secret, 'broken.docx', broken, 'init');
    const res = await generate(builtin, org.secret, { init_file: notWord, prompt: 'Add a section called X' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: 'validation_error', message: expect.stringMatching(/init_file file_\w+ \(broken\.docx\) cannot be opened as a Word document.*well-formed/), detail: [expect.objectContaining({ loc: ['body', 'init_file'], type: 'document_unreadable' })] });
    const text = await uploadFile(builtin, org.secret, 'notes.txt', Buffer.from('just text'));
    const res2 = await generate(builtin, org.secret, { init_file: text, prompt: 'Edit this' });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toContain('not a ZIP package');
  });
});


/** Tool results the agent sent back in a recorded OpenAI Responses request, by call id. */
function toolOutputs(body: any): Record<string, string> {
  const text = (o: unknown) => {
    const s = typeof o === 'string' ? o : JSON.stringify(o);
    try { return (JSON.parse(s) as { error?: string }).error ?? s; } catch { return s; }
  };
  return Object.fromEntries((body.input ?? []).filter((i: any) => i.type === 'function_call_output').map((i: any) => [i.call_id, text(i.output)]));
}

describe('a provider model driving the tools', () => {
  it('runs a realistic tool loop: outline, document, citations, table of contents, image, finish', async () => {
    fake.reset();
    const org = await llm.signup();
    const memo = await uploadFile(llm, org.secret, 'q3-memo.txt', Buffer.from('Q3 revenue was 4.2 million euros, up 12 percent.'));
    const img = (await upload(llm, org.secret, '/api/v1/images', fileParts('chart.png', png(600, 300)))).json().image_id;
    fake.enqueue(
      { toolCalls: [{ name: 'get_outline', args: {} }] },
      { toolCalls: [
        { name: 'set_document', args: { title: 'Q3 Results', subtitle: 'Finance update' } },
        { name: 'add_content', args: { markdown: '# Highlights\n\nRevenue reached **4.2 million euros** [^1].\n\n# Regions\n\n| Region | Revenue |\n|---|---|\n| EU | 2.1 |\n\n# Outlook\n\n- Hold prices\n\n# Risks\n\n> Currency exposure remains.' } },
        { name: 'insert_image', args: { image_id: img, caption: 'Revenue trend', position: 'end' } },
        { name: 'add_table_of_contents', args: { title: 'Contents', max_level: 2 } },
      ] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Wrote the Q3 results with four sections, a chart and a cited figure.' } }] },
    );
    const { res, bytes } = await generated(llm, org.secret, { prompt: 'Write up our Q3 results for the board', context_files: [memo], image_assets: [{ image_id: img }] }, ['Q3 Results', 'Currency exposure']);
    expect(res.summary).toBe('Built the Word document "Q3 Results": 4 sections, 1 table, 1 figure, with a table of contents. Wrote the Q3 results with four sections, a chart and a cited figure.');
    expect(fake.requests).toHaveLength(3);
    const first = fake.requests[0].body;
    expect(first.model).toBe('gpt-4.1');
    expect(first.tools.map((t: any) => t.name)).toEqual(expect.arrayContaining(['get_outline', 'finish', 'add_content', 'insert_image', 'update_block', 'move', 'delete']));
    expect(JSON.stringify(first.instructions ?? first.input)).toContain('Q3 revenue was 4.2 million euros');
    expect(Object.values(toolOutputs(fake.requests[1].body))[0]).toContain('Title: (none)');
    expect(Object.values(toolOutputs(fake.requests[2].body)).join('\n')).toContain('"added"');
    const doc = await read(bytes);
    expect(styled(doc, 'Heading 1')).toEqual(['Highlights', 'Regions', 'Outlook', 'Risks']);
    expect(doc.images).toBe(1);
    expect(await zipPart(bytes, 'word/footnotes.xml')).toContain('Source: q3-memo.txt');
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(xml.indexOf('Table of Contents')).toBeLessThan(xml.indexOf('Highlights'));
  });

  it('answers malformed tool calls with errors the model can read, and carries on', async () => {
    fake.reset();
    const org = await llm.signup();
    fake.enqueue(
      { toolCalls: [
        { name: 'add_content', args: {}, rawArguments: '{"markdown": "# Broken' },
        { name: 'make_coffee', args: { sugar: 2 } },
        { name: 'add_content', args: { markdown: 42 } },
        { name: 'update_block', args: { id: 'b999', text: 'x' } },
        { name: 'add_content', args: { markdown: 'Cite [^3].' } },
      ] },
      { toolCalls: [{ name: 'add_content', args: { markdown: '# Recovered\n\nAll good.' } }, { name: 'finish', args: { summary: 'Recovered from bad calls.' } }] },
    );
    const { res, bytes } = await generated(llm, org.secret, { prompt: 'Write a short note' }, ['Recovered']);
    expect(res.summary).toBe('Built the Word document: 1 section. Recovered from bad calls.');
    const outputs = Object.values(toolOutputs(fake.requests[1].body));
    expect(outputs).toHaveLength(5);
    expect(outputs[0]).toContain('not valid JSON');
    expect(outputs[1]).toContain('There is no tool named "make_coffee"');
    expect(outputs[2]).toMatch(/Invalid arguments for add_content: \/markdown: must be string/);
    expect(outputs[3]).toContain('No block b999');
    expect(outputs[4]).toContain('this request has none');
    const task = (await llm.inject({ method: 'GET', url: `/api/v1/tasks/${res.task_id}`, headers: key(org.secret) })).json();
    expect(task.status).toBe('completed');
    expect(styled(await read(bytes), 'Heading 1')).toEqual(['Recovered']);
  });

  it('resumes a run with its conversation and the editor-made change, changing only what is asked', async () => {
    fake.reset();
    const org = await llm.signup();
    fake.enqueue({ toolCalls: [
      { name: 'set_document', args: { title: 'Launch Plan' } },
      { name: 'add_content', args: { markdown: '# Goals\n\nShip in May.\n\n# Budget\n\nTo be confirmed.' } },
      { name: 'finish', args: { summary: 'Drafted the launch plan.' } },
    ] });
    const first = await generated(llm, org.secret, { prompt: 'Draft a launch plan', file_name: 'launch.docx' });
    // A person edits the document in the editor: the bytes change and a new version is saved.
    const edited = await replaceInPart(first.bytes, 'word/document.xml', (xml) => xml.replace('Ship in May.', 'Ship in June, after the audit.'));
    await editorSave(llm, org.org_id, first.res.run_id, edited, 'launch.docx', DOCX);
    fake.enqueue(
      { toolCalls: [{ name: 'get_outline', args: {} }, { name: 'read_section', args: { id: 'b1' } }] },
      { toolCalls: [{ name: 'add_content', args: { markdown: '# Risks\n\n- Audit may slip', position: 'after:b3' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Added a Risks section after Goals.' } }] },
    );
    const second = await generated(llm, org.secret, { run_id: first.res.run_id, prompt: 'Add a risks section after the goals' }, ['Ship in June', 'Audit may slip']);
    expect(second.res.run_id).toBe(first.res.run_id);
    const resumed = fake.requests[1].body;
    const transcript = JSON.stringify(resumed.input);
    expect(transcript).toContain('Draft a launch plan');
    expect(transcript).toContain('Drafted the launch plan.');
    expect(JSON.stringify(resumed.instructions ?? resumed.input)).toContain('Ship in June, after the audit.');
    expect(Object.values(toolOutputs(fake.requests[2].body)).join('\n')).toContain('Ship in June, after the audit.');
    const doc = await read(second.bytes);
    expect(styled(doc, 'Heading 1')).toEqual(['Goals', 'Risks', 'Budget']);
    // b1 is the title, b2 the Goals heading, b3 its paragraph: the section goes right after it.
    expect(doc.paragraphs.map((p: any) => p.text)).toEqual(['Launch Plan', 'Goals', 'Ship in June, after the audit.', 'Risks', 'Audit may slip', 'Budget', 'To be confirmed.']);
    const run = (await llm.inject({ method: 'GET', url: `/api/v1/runs/${first.res.run_id}`, headers: key(org.secret) })).json();
    expect(run).toMatchObject({ version: 3, file_name: 'launch.docx' });
  });

  it('answers in ask mode without a new version, for less', async () => {
    fake.reset();
    const org = await llm.signup();
    fake.enqueue({ toolCalls: [{ name: 'set_document', args: { title: 'Policy' } }, { name: 'add_content', args: { markdown: '# Leave\n\nStaff get 25 days.' } }, { name: 'finish', args: { summary: 'Done.' } }] });
    const made = await generated(llm, org.secret, { prompt: 'Write the leave policy' });
    fake.enqueue(
      { toolCalls: [{ name: 'find_text', args: { query: 'days' } }] },
      { toolCalls: [{ name: 'finish', args: { summary: 'Staff get 25 days of leave.' } }] },
    );
    const ask = await generate(llm, org.secret, { run_id: made.res.run_id, mode: 'ask', prompt: 'How many days of leave do staff get?' });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json()).toMatchObject({ summary: 'Staff get 25 days of leave.', download_url: null });
    expect(ask.json().credits_used).toBeLessThan(made.res.credits_used);
    expect(fake.requests.at(-2)!.body.tools.map((t: any) => t.name).sort()).toEqual(['find_text', 'finish', 'get_outline', 'read_part', 'read_section']);
    expect(Object.values(toolOutputs(fake.requests.at(-1)!.body))[0]).toContain('Staff get 25 days.');
    const run = (await llm.inject({ method: 'GET', url: `/api/v1/runs/${made.res.run_id}`, headers: key(org.secret) })).json();
    expect(run.version).toBe(1);
  });

  it('answers in ask mode with the builtin engine too', async () => {
    const org = await builtin.signup();
    const made = await generated(builtin, org.secret, { prompt: '# Handbook\n\n## Leave\n\nStaff get 25 days of paid leave a year.\n\n## Travel\n\n| Class | When |\n|---|---|\n| Economy | Always |' });
    const count = (await generate(builtin, org.secret, { run_id: made.res.run_id, mode: 'ask', prompt: 'How many tables are there?' })).json();
    expect(count.summary).toBe('The document has 1 table: Section 2 "Travel".');
    expect(count.answer.citations).toEqual([{ label: 'section 2 "Travel"', section: 2, heading: 'Travel' }]);
    const days = (await generate(builtin, org.secret, { run_id: made.res.run_id, mode: 'ask', prompt: 'How many days of paid leave do staff get?' })).json();
    expect(days.summary).toBe('Staff get 25 days of paid leave a year. (section 1 "Leave")');
  });
});

describe('every file written above', () => {
  it('opens in LibreOffice and converts to PDF with its content', async () => {
    expect(produced.length).toBeGreaterThanOrEqual(8);
    const texts = await convertAllToPdf(produced);
    for (const f of produced) {
      expect(texts.has(f.name), `${f.name} did not convert`).toBe(true);
      for (const phrase of f.expect) expect(texts.get(f.name), `${f.name}: ${phrase}`).toContain(phrase);
    }
  }, 300_000);
});
