// The built-in editors' endpoints and the edit page, on documents written by the real agents (builtin
// engine): load a run's document as editor content, save an edit (a new artifact version through the
// same path as WOPI PutFile), read the saved file back with independent readers, resume with run_id.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';
import { PY_DOCX, python, zipPart } from './helpers/documents.ts';
import { expireTokens, tokenOf, wopiClient } from './helpers/editor.ts';
import { inspectPptx, partDiff, phText } from './helpers/slides.ts';

const LISTING = ['[Content_Types].xml', 'ppt/_rels/presentation.xml.rels', 'ppt/presentation.xml'];

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({})); });
afterAll(async () => t?.close());

const WORD_PROMPT = ['# Field Review', '## Summary', 'Crews closed **412** tickets.', '## Regions', '| Region | Open |', '|---|--:|', '| North | 31 |', '| South | 18 |'].join('\n');

async function open(format: string, prompt: string) {
  const org = await t.signup(undefined, { tier: 'pro' });
  const res = await generate(t, org.secret, { prompt }, format);
  expect(res.statusCode, res.body).toBe(200);
  const run = res.json();
  const token = tokenOf(run.edit_url);
  const api = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, tok = token) =>
    t.inject({ method, url: `/api/v1/editor/${run.run_id}/${path}`, headers: { authorization: `Bearer ${tok}` }, payload: payload as any });
  return { org, run, token, api };
}

const getRun = (secret: string, runId: string) => t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(secret) }).then((r) => r.json());
const text = (s: string) => ({ kind: 'text', text: s, bold: false, italic: false, link: null });

describe('built-in Word editor', () => {
  it('loads the document as blocks, saves an edit as a new version (updated_at, download, export cache), refuses a stale base, keeps it on resume', async () => {
    const { org, run, api } = await open('word', WORD_PROMPT);
    const doc = (await api('GET', 'document')).json();
    expect(doc).toMatchObject({ run_id: run.run_id, format: 'word', version: expect.stringMatching(/^ver_/), version_number: 1, download_url: expect.any(String) });
    expect(doc.content.title).toBe('Field Review');
    const blocks = doc.content.blocks;
    expect(blocks.find((b: any) => b.kind === 'paragraph').segments).toEqual([text('Crews closed '), { ...text('412'), bold: true }, text(' tickets.')]);
    const table = blocks.find((b: any) => b.kind === 'table');
    expect(table.header.map((c: any) => c[0].text)).toEqual(['Region', 'Open']);

    const txtBefore = (await t.inject({ method: 'POST', url: `/api/v1/runs/${run.run_id}/export`, headers: key(org.secret), payload: { format: 'txt' } })).json();
    const before = await getRun(org.secret, run.run_id);
    const edited = [...blocks, { kind: 'paragraph', style: 'normal', segments: [text('Edited in the browser '), { ...text('with care'), italic: true }] }];
    table.rows[0][1] = [text('35')];
    const saved = await api('PUT', 'document', { format: 'word', base_version: doc.version, content: { ...doc.content, blocks: edited } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version_number: 2, version: expect.not.stringMatching(doc.version) });

    const after = await getRun(org.secret, run.run_id);
    expect(after.version).toBe(2);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const read = await python((await download(t, after.download_url)).body, 'docx', PY_DOCX);
    const para = read.paragraphs.find((p: any) => p.text === 'Edited in the browser with care');
    expect(para.italic).toEqual(['with care']);
    expect(read.tables[0]).toEqual([['Region', 'Open'], ['North', '35'], ['South', '18']]);
    expect(read.paragraphs.some((p: any) => p.text === 'Crews closed 412 tickets.' && p.bold.includes('412'))).toBe(true);

    const txtAfter = (await t.inject({ method: 'POST', url: `/api/v1/runs/${run.run_id}/export`, headers: key(org.secret), payload: { format: 'txt' } })).json();
    expect(txtAfter.cached).toBe(false);
    expect((await download(t, txtAfter.download_url)).body.toString()).toContain('Edited in the browser with care');
    expect((await download(t, txtBefore.download_url)).body.toString()).not.toContain('Edited in the browser');

    const stale = await api('PUT', 'document', { format: 'word', base_version: doc.version, content: doc.content });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', current_version: saved.json().version });

    const resumed = await generate(t, org.secret, { prompt: '## Next steps\nReview in November.', run_id: run.run_id });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const final = await python((await download(t, resumed.json().download_url)).body, 'docx', PY_DOCX);
    expect(final.paragraphs.map((p: any) => p.text)).toEqual(expect.arrayContaining(['Edited in the browser with care', 'Review in November.']));
  });

  it('puts kept blocks back by id and refuses unknown ones; a save with the wrong format is a 422', async () => {
    const { api } = await open('word', ['Create this report with a table of contents:', WORD_PROMPT].join('\n'));
    const doc = (await api('GET', 'document')).json();
    const kept = doc.content.blocks.filter((b: any) => b.kind === 'kept');
    expect(kept.length).toBeGreaterThan(0);
    const bad = await api('PUT', 'document', { format: 'word', base_version: doc.version, content: { ...doc.content, blocks: [{ kind: 'kept', id: 'b9999' }] } });
    expect(bad.statusCode).toBe(422);
    const wrong = await api('PUT', 'document', { format: 'excel', base_version: doc.version, content: { edits: [] } });
    expect(wrong.statusCode).toBe(422);
    const same = await api('PUT', 'document', { format: 'word', base_version: doc.version, content: doc.content });
    expect(same.statusCode, same.body).toBe(200);
    const again = (await api('GET', 'document')).json();
    expect(again.content.blocks.filter((b: any) => b.kind === 'kept').map((b: any) => b.label)).toEqual(kept.map((b: any) => b.label));
  });

  it('a WOPI lock held by another editor makes a built-in save 409', async () => {
    const { run, token, api } = await open('word', WORD_PROMPT);
    const doc = (await api('GET', 'document')).json();
    await wopiClient(t, run.run_id, token).lock('Collabora');
    const res = await api('PUT', 'document', { format: 'word', base_version: doc.version, content: doc.content });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('another editor');
  });
});

describe('built-in Excel editor', () => {
  it('shows values and formulas per sheet and saves typed values and live formulas, keeping the rest', async () => {
    const { org, run, api } = await open('excel', 'Make a Q1 sales workbook: Jan 12000 (40 units), Feb 13500 (44), Mar 15100 (51).');
    const doc = (await api('GET', 'document')).json();
    const sheet = doc.content.sheets[0];
    expect(sheet.cells.length).toBeGreaterThan(3);
    expect(sheet).toMatchObject({ rows: 30, cols: 10 }); // the grid's size, also over empty rows (holes)
    expect(doc.content.sheets.some((s: any) => s.cells.some((c: any) => typeof c.formula === 'string'))).toBe(true);
    const empty = sheet.rows + 0; // a row past the data
    const res = await api('PUT', 'document', { format: 'excel', base_version: doc.version, content: { edits: [
      { sheet: sheet.name, row: empty - 3, col: 0, input: 'Edited total' },
      { sheet: sheet.name, row: empty - 3, col: 1, input: '=2+3' },
      { sheet: sheet.name, row: empty - 2, col: 1, input: '1,250' },
    ] } });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, (await getRun(org.secret, run.run_id)).download_url)).body as any);
    const ws = wb.getWorksheet(sheet.name)!;
    expect(ws.getCell(empty - 2, 1).value).toBe('Edited total');
    expect(ws.getCell(empty - 2, 2).value).toMatchObject({ formula: '2+3', result: 5 });
    expect(ws.getCell(empty - 1, 2).value).toBe(1250);
    const reloaded = (await api('GET', 'document')).json().content.sheets[0];
    expect(reloaded.cells.find((c: any) => c.r === empty - 3 && c.c === 1)).toEqual({ r: empty - 3, c: 1, value: 5, formula: '2+3' });
    const bad = await api('PUT', 'document', { format: 'excel', base_version: (await api('GET', 'document')).json().version, content: { edits: [{ sheet: 'Nope', row: 0, col: 0, input: '1' }, { sheet: sheet.name, row: 0, col: 0, input: '=SUM(' }] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: any) => d.type)).toEqual(['unknown_sheet', 'invalid_cell_input']);
  });
});

describe('built-in Slides editor', () => {
  it('lists titles, bullets and notes, saves edits in place (other slides byte for byte), and a resume keeps them', async () => {
    const { org, run, api } = await open('slides', '# Team update\n\n## Hiring\n- Two engineers joined\n- One designer starts in May\n\n## Budget\n- On plan');
    const original = (await download(t, (await getRun(org.secret, run.run_id)).download_url)).body;
    const doc = (await api('GET', 'document')).json();
    const slide = doc.content.slides.find((s: any) => s.bullets?.some((b: any) => b.text.includes('engineers')));
    expect(slide).toBeTruthy();
    const res = await api('PUT', 'document', { format: 'slides', base_version: doc.version, content: { slides: [{ id: slide.id, title: 'Hiring, edited', notes: 'Say thanks to the recruiters.', bullets: [{ text: 'Three engineers joined', level: 0 }, { text: 'From Leeds', level: 1 }] }] } });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = (await download(t, (await getRun(org.secret, run.run_id)).download_url)).body;
    const xml = (await Promise.all(Array.from({ length: doc.content.slides.length }, (_, i) => zipPart(bytes, `ppt/slides/slide${i + 1}.xml`)))).join('\n');
    expect(xml).toContain('Hiring, edited');
    expect(xml).toContain('Three engineers joined');
    expect(xml).not.toContain('Two engineers joined');
    const again = (await api('GET', 'document')).json().content.slides.find((s: any) => s.title === 'Hiring, edited');
    expect(again).toMatchObject({ notes: 'Say thanks to the recruiters.', bullets: [{ text: 'Three engineers joined', level: 0 }, { text: 'From Leeds', level: 1 }] });
    // Only the edited slide and its notes changed; every other part is the version the editor opened.
    const hiring = inspectPptx(bytes).slides.find((s) => phText(s, 'title') === 'Hiring, edited')!;
    const diff = await partDiff(original, bytes);
    expect(diff.removed).toEqual([]);
    expect([...diff.changed, ...diff.added].every((p) => p === hiring.part || p.startsWith('ppt/notesSlides/') || p === hiring.part.replace('slides/', 'slides/_rels/') + '.rels' || LISTING.includes(p)), JSON.stringify(diff)).toBe(true);
    expect(diff.changed).toContain(hiring.part);

    const resumed = await generate(t, org.secret, { prompt: 'Add a slide titled "Next steps" with bullets: Ship the beta in June', run_id: run.run_id }, 'slides');
    expect(resumed.statusCode, resumed.body).toBe(200);
    const after = (await download(t, (await getRun(org.secret, run.run_id)).download_url)).body;
    const resumedDiff = await partDiff(bytes, after);
    expect(resumedDiff.changed).toEqual(LISTING);
    expect(phText(inspectPptx(after).slides.find((s) => s.part === hiring.part)!, 'body')).toBe('Three engineers joined\nFrom Leeds');
  });
});

describe('edit page', () => {
  it('serves the built-in editor for the run\'s format, and a friendly 401 page (never the document) for a bad or expired token', async () => {
    const { run, token, api } = await open('word', WORD_PROMPT);
    const page = await t.inject({ method: 'GET', url: `/api/v1/edit/${run.run_id}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('assets/word-editor.js');
    const asset = await t.inject({ method: 'GET', url: '/api/v1/edit/assets/word-editor.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect((await t.inject({ method: 'GET', url: '/api/v1/edit/assets/..%2Fsrc%2Fword-editor.js' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/edit/assets/word-editor.js' })).statusCode).toBe(200);

    for (const url of [`/api/v1/edit/${run.run_id}`, `/api/v1/edit/${run.run_id}?token=nope`, `/api/v1/edit/${run.run_id}?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const bad = await t.inject({ method: 'GET', url });
      expect(bad.statusCode).toBe(401);
      expect(bad.headers['content-type']).toContain('text/html');
      expect(bad.body).toContain('This edit link has expired');
    }
    expect((await api('POST', 'keepalive')).statusCode).toBe(200);
    await expireTokens(t, run.run_id);
    const expired = await t.inject({ method: 'GET', url: `/api/v1/edit/${run.run_id}?token=${token}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.body).not.toContain('Field Review');
    expect((await api('GET', 'document')).statusCode).toBe(401);
    expect((await api('POST', 'keepalive')).statusCode).toBe(401);
  });
});
