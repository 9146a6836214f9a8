// Find and replace in Word files and decks other programs made, on the builtin engine, over HTTP: the
// text is found wherever Word's or PowerPoint's "Replace All" finds it (table cells, text boxes,
// headers, footers, footnotes, endnotes; grouped shapes, SmartArt, speaker notes) and in charts (titles,
// series names, categories, with the workbook embedded beside each chart), the parts without it stay
// byte for byte, and a phrase that does not occur is reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { corpusFile, packageParts, partDiff, runDocument, uploadFile } from './helpers/slides.ts';
import { credits, generate, withRuns } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({})); });
afterAll(async () => { await t?.close(); });

async function replaceIn(file: string, prompt: string) {
  const org = await t.signup();
  const original = corpusFile(file);
  const fileId = await uploadFile(t, org.secret, file.split('/').pop()!, original);
  const res = await generate(t, org.secret, { init_file: fileId, prompt }, file.endsWith('.pptx') ? 'slides' : 'word');
  return { org, original, res };
}

/** Every w:t (or a:t) of a part, joined with "|". */
const texts = (xml: string, tag = 'w:t') => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]).join('|');

describe('replace in a Word file another program made', () => {
  it("replaces a name in a LibreOffice CV's table, changing only the document part", async () => {
    const { org, original, res } = await replaceIn('docx/lo-tpl-cv.docx', 'replace "Joe Bloggs" with "Jane Doe"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toBe('Changed the document: replaced "Joe Bloggs" with "Jane Doe" (1 time).');
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const parts = await packageParts(bytes);
    expect(texts(parts.get('word/document.xml')!.toString())).toContain('Name|Jane Doe|Address');
    const diff = await partDiff(original, bytes);
    expect(diff.changed.filter((p) => !p.startsWith('docProps/'))).toEqual(['word/document.xml']);
    expect([diff.added, diff.removed]).toEqual([[], []]);
  });

  it('replaces in headers and footers too, and says where; parts without the text are untouched', async () => {
    const { org, original, res } = await replaceIn('docx/word-headers-footers.docx', 'replace "section" with "part" everywhere');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toBe('Changed the document: replaced "section" with "part" (4 times: 2 in the body, 1 in a header, 1 in a footer).');
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const parts = await packageParts(bytes);
    expect(texts(parts.get('word/header2.xml')!.toString())).toBe('Header for part-1');
    expect(texts(parts.get('word/footer2.xml')!.toString())).toMatch(/^Footer for part /);
    expect(texts(parts.get('word/document.xml')!.toString())).toBe('part with header|part without header of its own.');
    const diff = await partDiff(original, bytes);
    expect(diff.changed.filter((p) => !p.startsWith('docProps/'))).toEqual(['word/document.xml', 'word/footer2.xml', 'word/header2.xml']);
  });

  it("replaces in footnotes and endnotes, and in a text box's copy for older readers as well", async () => {
    const notes = await replaceIn('docx/word-footnote-endnote.docx', 'replace "_sdt" with "-sdt" everywhere');
    expect(notes.res.statusCode, notes.res.body).toBe(200);
    expect(notes.res.json().summary).toBe('Changed the document: replaced "_sdt" with "-sdt" (2 times: 1 in a footnote, 1 in an endnote).');
    const noteParts = await packageParts((await runDocument(t, notes.org.secret, notes.res.json().run_id)).bytes);
    expect(texts(noteParts.get('word/footnotes.xml')!.toString())).toContain('Footnote-sdt');
    expect(texts(noteParts.get('word/endnotes.xml')!.toString())).toContain('Endnote-sdt');

    // Word writes a text box twice (mc:Choice for Word 2010 on, mc:Fallback as VML): both change, counted once.
    const box = await replaceIn('docx/word-textboxes-wps.docx', 'replace "Funky chicken" with "Cool duck"');
    expect(box.res.statusCode, box.res.body).toBe(200);
    expect(box.res.json().summary).toBe('Changed the document: replaced "Funky chicken" with "Cool duck" (1 time).');
    const boxXml = (await packageParts((await runDocument(t, box.org.secret, box.res.json().run_id)).bytes)).get('word/document.xml')!.toString();
    expect(texts(boxXml)).toBe('Milk glass|Cool duck|Cool duck');
  });

  it('says which text does not occur, fails uncharged and writes no version', async () => {
    const { org, res } = await replaceIn('docx/lo-tpl-cv.docx', 'replace "John Smith" with "Jane Doe"');
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toBe('upstream_error');
    expect(res.json().message).toMatch(/^The document agent got no usable work from its models: builtin \(the offline engine\) made no change: .*"John Smith" does not occur in the document.*Nothing was built, and nothing was charged\./);
    expect((await credits(t, org.secret)).reserved).toBe(0);
    const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: { 'x-api-key': org.secret } })).json();
    expect(run.version ?? null).toBeNull();
  });
});

describe('replace in a deck another program made', () => {
  it("replaces in SmartArt, changing the diagram's data and the drawing PowerPoint shows, and nothing else", async () => {
    const { org, original, res } = await replaceIn('pptx/pp-shapes-chart-table-smartart.pptx', 'replace "Smart Art" with "SmartArt graphic"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/^Changed the deck: replaced "Smart Art" with "SmartArt graphic" 1 time on slide 1 \(1 in SmartArt\)\./);
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const parts = await packageParts(bytes);
    expect(texts(parts.get('ppt/diagrams/data1.xml')!.toString(), 'a:t')).toContain('SmartArt graphic');
    expect(texts(parts.get('ppt/diagrams/drawing1.xml')!.toString(), 'a:t')).toContain('SmartArt graphic');
    const diff = await partDiff(original, bytes);
    expect(diff.changed.filter((p) => !p.startsWith('docProps/'))).toEqual(['ppt/diagrams/data1.xml', 'ppt/diagrams/drawing1.xml']);
  });

  it('replaces in the speaker notes, and in table cells', async () => {
    const notes = await replaceIn('pptx/pp-notes.pptx', 'replace "Notes" with "Speaker notes"');
    expect(notes.res.statusCode, notes.res.body).toBe(200);
    expect(notes.res.json().summary).toMatch(/replaced "Notes" with "Speaker notes" 1 time on slide 1 \(1 in the speaker notes\)/);
    const noteBytes = (await runDocument(t, notes.org.secret, notes.res.json().run_id)).bytes;
    expect(texts((await packageParts(noteBytes)).get('ppt/notesSlides/notesSlide1.xml')!.toString(), 'a:t')).toContain('Speaker notes');
    expect((await partDiff(notes.original, noteBytes)).changed.filter((p) => !p.startsWith('docProps/'))).toEqual(['ppt/notesSlides/notesSlide1.xml']);

    const table = await replaceIn('pptx/lo53-table.pptx', 'replace "Test" with "Exam"');
    expect(table.res.statusCode, table.res.body).toBe(200);
    expect(table.res.json().summary).toMatch(/replaced "Test" with "Exam" 3 times on slide 1\./);
  });

  it("replaces in a chart's categories and in the workbook embedded beside it, and nothing else", async () => {
    const { org, original, res } = await replaceIn('pptx/pp-pie-chart.pptx', 'replace "Qtr" with "Quarter"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatch(/^Changed the deck: replaced "Qtr" with "Quarter" 4 times on slide 1 \(4 in a chart\)\./);
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const parts = await packageParts(bytes);
    expect(texts(parts.get('ppt/charts/chart1.xml')!.toString(), 'c:v')).toBe('Sales|1st Quarter|2nd Quarter|3rd Quarter|4th Quarter|8.1999999999999993|3.2|1.4|1.2');
    const book = await JSZip.loadAsync(parts.get('ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx')!);
    expect(texts(await book.file('xl/sharedStrings.xml')!.async('string'), 't')).toContain('1st Quarter|2nd Quarter|3rd Quarter|4th Quarter');
    const diff = await partDiff(original, bytes);
    expect(diff.changed.filter((p) => !p.startsWith('docProps/'))).toEqual(['ppt/charts/chart1.xml', 'ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx']);
  });
});

describe('replace in the charts of a Word file', () => {
  it("replaces the categories of Word's charts, counted as a reader sees them, with their embedded workbooks", async () => {
    const { org, original, res } = await replaceIn('../charts/word-two-charts.docx', 'replace "Category" with "Region"');
    expect(res.statusCode, res.body).toBe(200);
    // Two charts of four categories (each series keeps its own copy of them in the file: counted once).
    expect(res.json().summary).toBe('Changed the document: replaced "Category" with "Region" (8 times, in charts).');
    const bytes = (await runDocument(t, org.secret, res.json().run_id)).bytes;
    const parts = await packageParts(bytes);
    for (const chart of ['word/charts/chart1.xml', 'word/charts/chart2.xml']) {
      const values = texts(parts.get(chart)!.toString(), 'c:v');
      expect(values).not.toContain('Category');
      expect(values).toContain('Series 1|Region 1|Region 2|Region 3|Region 4');
    }
    const book = await JSZip.loadAsync(parts.get('word/embeddings/Microsoft_Excel_Worksheet1.xlsx')!);
    expect(texts(await book.file('xl/sharedStrings.xml')!.async('string'), 't')).toContain('Region 1');
    const diff = await partDiff(original, bytes);
    expect(diff.changed.filter((p) => !p.startsWith('docProps/')).sort()).toEqual(['word/charts/chart1.xml', 'word/charts/chart2.xml', 'word/embeddings/Microsoft_Excel_Worksheet1.xlsx', 'word/embeddings/Microsoft_Excel_Worksheet2.xlsx']);
  });
});
