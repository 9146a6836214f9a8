// The builtin engine (no model provider) reads the four requests of issue 22 as a person would, end to
// end over HTTP on the embedded default (and on PostgreSQL): each file is read back by an independent
// reader (pptx_inspect.py, openpyxl, python-docx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PY_DOCX, python } from './helpers/documents.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { inspectPptx, phText } from './helpers/slides.ts';
import { download } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await startTestApp(withRuns({}));
  secret = (await t.signup()).secret;
});
afterAll(async () => t?.close());

async function made(format: string, body: Record<string, unknown>): Promise<{ answer: any; bytes: Buffer }> {
  const res = await generate(t, secret, body, format);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json();
  const file = await download(t, answer.download_url);
  expect(file.status).toBe(200);
  return { answer, bytes: file.body };
}

describe('the builtin engine reads requests the way a person would', () => {
  it('a 6-slide pitch deck naming six topics: a title slide and one slide per topic, titled by it, with labelled placeholders', async () => {
    const prompt = 'A 6-slide pitch deck for a startup that makes solar-powered water purifiers for rural villages. Include market size, product, business model, traction, team and the ask.';
    const { bytes, answer } = await made('slides', { prompt });
    const deck = inspectPptx(bytes);
    const titles = deck.slides.map((s) => phText(s, 'title'));
    expect(titles.slice(1)).toEqual(['Market size', 'Product', 'Business model', 'Traction', 'Team', 'The ask']);
    expect(deck.slides[0].placeholders.some((p) => p.type === 'ctrTitle' || p.type === 'title')).toBe(true);
    const body = deck.slides.slice(1).map((s) => phText(s, 'body') ?? '');
    for (const text of body) expect(text).toMatch(/^\[Add [^\]]+\]/);
    expect(body[0]).toContain('[Add the market size for solar-powered water purifiers for rural villages');
    // The request's own sentences are not slide text.
    const all = deck.slides.flatMap((s) => s.placeholders.map((p) => p.text)).join('\n');
    expect(all).not.toContain('Include market size');
    expect(all).not.toMatch(/6-slide/);
    expect(answer.summary).toMatch(/placeholders/);
  });

  it('a Sales sheet from inline CSV: typed numbers, a total row of live formulas and a bar chart of revenue by region', async () => {
    const prompt = 'Workbook with a sheet Sales from this data and a total row with formulas, and a bar chart of revenue by region:\nregion,revenue\nNorth,120\nSouth,80\nEast,100';
    const { bytes } = await made('excel', { prompt });
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.map((s) => s.title)).toEqual(['Sales']);
    const sales = book.sheets[0];
    expect([sales.cells.A1, sales.cells.B1]).toEqual(['Region', 'Revenue']);
    expect([sales.cells.A2, sales.cells.B2, sales.cells.B3, sales.cells.B4]).toEqual(['North', 120, 80, 100]);
    expect(sales.cells.A5).toBe('Total');
    expect(String(sales.cells.B5)).toMatch(/^=SUBTOTAL\(109,B2:B4\)$/);
    expect(sales.computed.B5).toBe(300);
    expect(sales.charts).toHaveLength(1);
    expect(sales.charts[0]).toMatchObject({ type: 'BarChart', title: 'Revenue by Region' });
    expect(sales.charts[0].series).toEqual([{ values: 'Sales!$B$2:$B$4', categories: 'Sales!$A$2:$A$4' }]);
    expect(JSON.stringify(sales.cells)).not.toMatch(/Workbook with|total row with formulas/);
  });

  it('a section "Next steps" with two real bullets, added to a document through run_id', async () => {
    const first = await made('word', { prompt: '# Supplier review\n\n## Findings\n\nThe supplier met every deadline.' });
    const { bytes, answer } = await made('word', { prompt: 'Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff', run_id: first.answer.run_id });
    const doc = await python(bytes, 'docx', PY_DOCX);
    const paras = doc.paragraphs.filter((p: any) => p.text.trim());
    const at = paras.findIndex((p: any) => p.text === 'Next steps');
    expect(paras[at].style).toMatch(/^Heading/);
    expect(paras.slice(at + 1).map((p: any) => [p.style, p.text])).toEqual([['List Bullet', 'sign contract'], ['List Bullet', 'schedule kickoff']]);
    expect(doc.paragraphs.map((p: any) => p.text)).not.toContain('Next steps with bullets');
    expect(answer.summary).toMatch(/Next steps/);
  });

  it('a new sheet named Notes with the text Reviewed in A1, added to a workbook through run_id', async () => {
    const first = await made('excel', { prompt: 'Region,Sales\nNorth,10\nSouth,20' });
    const { bytes } = await made('excel', { prompt: 'Add a new sheet named Notes with the text Reviewed in cell A1', run_id: first.answer.run_id });
    const book = readWithOpenpyxl(bytes);
    expect(book.sheets.map((s) => s.title)).toEqual([expect.any(String), 'Notes']);
    expect(book.sheets[1].cells).toEqual({ A1: 'Reviewed' });
  });
});
