// Word documents edited in place, through POST /word/generate on the real app: documents made by Word,
// LibreOffice and python-docx (test/fixtures/fidelity and python-docx's own template) keep every part
// and body element the request did not touch; new content takes their styles (added only when missing,
// matched by localized names too), their numbering, their sections; a table of contents is updated,
// not duplicated; comments, tracked changes, notes, headers and footers stay; the editor's and
// LibreOffice's saves survive a resume. Read back with python-docx and the XML itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkOriginals, wordBody, canonical, parseXml } from './fidelity/fidelity-checks.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { tokenOf, wopiClient } from './helpers/editor.ts';
import { corpusFile, editParts, packageParts, partDiff, runDocument, uploadFile } from './helpers/slides.ts';
import { PY_DOCX, python, zipPart } from './helpers/documents.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let llm: TestApp;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  [t, llm] = await Promise.all([startTestApp(withRuns({})), startTestApp(withRuns({}), { env: providerEnv(fake) })]);
});
afterAll(async () => { await Promise.all([t?.close(), llm?.close()]); await fake?.close(); });

const NEXT_STEPS = 'Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff';
const read = (bytes: Buffer) => python(bytes, 'docx', PY_DOCX);

/** Runs a request on a file the user uploads (init_file); returns the result's bytes and the run. */
async function editFile(app: TestApp, bytes: Buffer, prompt: string, name = 'in.docx') {
  const org = await app.signup();
  const fileId = await uploadFile(app, org.secret, name, bytes);
  const res = await generate(app, org.secret, { init_file: fileId, prompt });
  expect(res.statusCode, res.body).toBe(200);
  return { org, res: res.json(), bytes: (await runDocument(app, org.secret, res.json().run_id)).bytes };
}

/** The paragraphs after "Next steps" as python-docx reads them (style name and text). */
async function nextSteps(bytes: Buffer): Promise<string[][]> {
  const doc = await read(bytes);
  const at = doc.paragraphs.findIndex((p: any) => p.text === 'Next steps');
  return doc.paragraphs.slice(at, at + 3).map((p: any) => [p.style, p.text]);
}

const styleElements = (xml: string) => new Map((xml.match(/<w:style [\s\S]*?<\/w:style>/g) ?? []).map((s) => [/w:styleId="([^"]*)"/.exec(s)![1], s]));

/** A document python-docx makes from its own template (Word's built-in styles, as Word writes them). */
function pythonDocx(script: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pydocx-'));
  const file = path.join(dir, 'doc.docx');
  execFileSync('/usr/bin/python3', ['-c', `import docx, sys\nd = docx.Document()\n${script}\nd.save(sys.argv[1])`, file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

describe('new content in the document\'s own design', () => {
  it('uses the styles the document has (Word\'s built-in set): heading, list bullet, table style; styles.xml untouched', async () => {
    const original = pythonDocx(`d.add_heading('Plan', 1)\nd.add_paragraph('We start in May.')\nt = d.add_table(rows=1, cols=2)\nt.style = 'Light Grid Accent 1'\nt.rows[0].cells[0].text = 'Owner'`);
    const { res, bytes } = await editFile(t, original, NEXT_STEPS);
    expect(res.summary).toBe('Changed the document: added "Next steps".');
    expect(await nextSteps(bytes)).toEqual([['Heading 1', 'Next steps'], ['List Bullet', 'sign contract'], ['List Bullet', 'schedule kickoff']]);
    const diff = await partDiff(original, bytes);
    expect(diff).toEqual({ changed: ['word/document.xml'], added: [], removed: [] });
    expect(checkOriginals('word', await packageParts(original), await packageParts(bytes)).reasons).toEqual([]);
  });

  it('puts a new table in the style the document\'s tables use', async () => {
    const original = pythonDocx(`d.add_heading('Plan', 1)\nt = d.add_table(rows=1, cols=2)\nt.style = 'Light Grid Accent 1'\nt.rows[0].cells[0].text = 'Owner'`);
    fake.reset();
    fake.enqueue({ toolCalls: [{ name: 'add_table', args: { header: ['Task', 'Owner'], rows: [['Sign', 'Ana']], caption: 'Actions' } }, { name: 'finish', args: { summary: 'Added the actions table.' } }] });
    const { bytes } = await editFile(llm, original, 'Add an actions table');
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(xml.match(/<w:tblStyle w:val="LightGrid-Accent1"\/>/g)).toHaveLength(2);
    // The caption in the document's Caption style, numbered with a SEQ field.
    expect(xml).toMatch(/<w:pStyle w:val="Caption"\/>[\s\S]*SEQ Table[\s\S]*Actions/);
  });

  it('adds the styles a document lacks, matching its fonts and colours, without changing the ones it has', async () => {
    // A Word document with no heading or list styles at all (only Normal and Word's defaults).
    const original = corpusFile('docx/word-mixed-orientation-sections.docx');
    const { bytes } = await editFile(t, original, NEXT_STEPS);
    expect(await nextSteps(bytes)).toEqual([['Heading 1', 'Next steps'], ['List Paragraph', 'sign contract'], ['List Paragraph', 'schedule kickoff']]);
    const before = styleElements(await zipPart(original, 'word/styles.xml'));
    const after = styleElements(await zipPart(bytes, 'word/styles.xml'));
    for (const [id, xml] of before) expect(after.get(id), id).toBe(xml);
    expect([...after.keys()].filter((id) => !before.has(id)).sort()).toEqual(['Heading1', 'ListParagraph']);
    // The new heading style takes the theme's heading font and an accent colour, no font of its own.
    expect(after.get('Heading1')).toContain('w:asciiTheme="majorHAnsi"');
    expect(after.get('Heading1')).not.toMatch(/w:ascii="/);
    // The bullets come from a numbering definition added to the document (it had none).
    expect(await zipPart(bytes, 'word/numbering.xml')).toMatch(/<w:numFmt w:val="bullet"\/>/);
  });

  it('finds localized styles: a German "Überschrift 1" is heading 1, and no English style is added', async () => {
    // German Word: style ids are localized (berschrift1..3, Listenabsatz); the form's sections are level-3 headings.
    const german = corpusFile('docx/word-german-form.docx');
    const { bytes } = await editFile(t, german, NEXT_STEPS);
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(xml).toMatch(/<w:pStyle w:val="berschrift3"\/><\/w:pPr><w:r><w:t xml:space="preserve">Next steps<\/w:t>/);
    expect(xml).toMatch(/<w:pStyle w:val="Listenabsatz"\/><w:numPr><w:ilvl w:val="0"\/><w:numId w:val="\d+"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">sign contract/);
    expect(await zipPart(bytes, 'word/styles.xml')).not.toContain('w:styleId="Heading1"');
    // LibreOffice in German writes the localized names themselves: they count too.
    const renamed = await editParts(pythonDocx("d.add_heading('Plan', 1)\nd.add_paragraph('Text.')"), (parts) => {
      parts['word/styles.xml'] = parts['word/styles.xml'].replace('w:styleId="Heading1"', 'w:styleId="berschrift1"').replace('<w:name w:val="heading 1"/>', '<w:name w:val="Überschrift 1"/>').replace('<w:name w:val="List Bullet"/>', '<w:name w:val="Aufzählungszeichen"/>').replace('w:styleId="ListBullet"', 'w:styleId="Aufzhlungszeichen"');
      parts['word/document.xml'] = parts['word/document.xml'].replace('w:val="Heading1"', 'w:val="berschrift1"');
    }, ['word/styles.xml', 'word/document.xml']);
    const second = await editFile(t, renamed, NEXT_STEPS);
    const doc = await zipPart(second.bytes, 'word/document.xml');
    expect(doc).toMatch(/<w:pStyle w:val="berschrift1"\/><\/w:pPr><w:r><w:t xml:space="preserve">Next steps/);
    expect(doc).toMatch(/<w:pStyle w:val="Aufzhlungszeichen"\/><\/w:pPr><w:r><w:t xml:space="preserve">sign contract/);
    expect(styleElements(await zipPart(second.bytes, 'word/styles.xml')).size).toBe(styleElements(await zipPart(renamed, 'word/styles.xml')).size);
  });

  it('treats the document\'s own ids and names as data: a style id with quotes and angle brackets stays intact', async () => {
    const odd = await editParts(pythonDocx("d.add_heading('Plan', 1)\nd.add_paragraph('Text.')"), (parts) => {
      parts['word/styles.xml'] = parts['word/styles.xml'].replace('w:styleId="Heading1"', 'w:styleId="H&quot;1&lt;x&gt;&amp;"');
      parts['word/document.xml'] = parts['word/document.xml'].replace('w:val="Heading1"', 'w:val="H&quot;1&lt;x&gt;&amp;"');
    }, ['word/styles.xml', 'word/document.xml']);
    const { bytes } = await editFile(t, odd, NEXT_STEPS);
    // (python-docx cannot look such a style up; the XML is checked directly.)
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(() => parseXml(xml)).not.toThrow();
    expect(xml).toMatch(/<w:pStyle w:val="H&quot;1&lt;x&gt;&amp;"\/><\/w:pPr><w:r><w:t xml:space="preserve">Next steps/);
    expect(await zipPart(bytes, 'word/styles.xml')).toBe(await zipPart(odd, 'word/styles.xml'));
  });

  it('writes into the section where the content goes: tables take the width of their own section', async () => {
    // Five sections (Word): the first landscape with a gutter, the last portrait.
    const original = corpusFile('docx/word-mixed-orientation-sections.docx');
    const before = wordBody(await packageParts(original));
    const sections = (xml: string) => [...xml.matchAll(/<w:sectPr[\s\S]*?<\/w:sectPr>/g)].map((m) => m[0]);
    const widthOf = (sect: string) => {
      const n = (a: string) => Number(new RegExp(`w:${a}="(\\d+)"`).exec(sect)![1]);
      return n('w') - n('left') - n('right') - n('gutter');
    };
    const originalSections = sections(await zipPart(original, 'word/document.xml'));
    expect(originalSections).toHaveLength(5);
    fake.reset();
    fake.enqueue(
      { toolCalls: [{ name: 'get_outline', args: {} }] },
      { toolCalls: [
        { name: 'add_table', args: { header: ['A', 'B'], rows: [['1', '2']], position: 'start' } },
        { name: 'add_table', args: { header: ['C', 'D'], rows: [['3', '4']], position: 'end' } },
        { name: 'finish', args: { summary: 'Two tables.' } },
      ] },
    );
    const { bytes } = await editFile(llm, original, 'Add a table at the start and one at the end');
    const outline = (fake.requests[1].body.input as any[]).find((i) => i.type === 'function_call_output').output;
    expect(outline).toContain('Page: Letter portrait (last of 5 sections)');
    const xml = await zipPart(bytes, 'word/document.xml');
    const widths = [...xml.matchAll(/<w:tblW w:w="(\d+)" w:type="dxa"\/>/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([widthOf(originalSections[0]), widthOf(originalSections[4])]);
    expect(widths[0]).toBe(12240);
    expect(widths[1]).toBe(8640);
    // Every section's settings are as they were.
    expect(sections(xml)).toEqual(originalSections);
    const after = wordBody(await packageParts(bytes));
    expect(canonical(after.sectPr!)).toBe(canonical(before.sectPr!));
  });
});

describe('everything the request does not touch stays', () => {
  it('updates a table of contents for the new heading instead of adding a second one', async () => {
    const original = corpusFile('docx/word-toc.docx');
    const { bytes } = await editFile(t, original, NEXT_STEPS);
    const xml = await zipPart(bytes, 'word/document.xml');
    expect(xml.match(/TOC \\o/g)).toHaveLength(1);
    // The new entry links to a bookmark on the new heading and shows its page.
    const entry = /<w:hyperlink w:anchor="(_Toc\d+)"[^>]*>(?:(?!<\/w:hyperlink>)[\s\S])*?Next steps(?:(?!<\/w:hyperlink>)[\s\S])*?PAGEREF \1 \\h (?:(?!<\/w:hyperlink>)[\s\S])*?<w:t>(\d+)<\/w:t>/.exec(xml);
    expect(entry).not.toBeNull();
    expect(xml).toMatch(new RegExp(`<w:bookmarkStart w:id="\\d+" w:name="${entry![1]}"/><w:r><w:t xml:space="preserve">Next steps`));
    // The existing entries keep their own look (the document's TOC 1 style and tab leader).
    expect(xml.match(/<w:pStyle w:val="TOC1"\/>/g)!.length).toBe((await zipPart(original, 'word/document.xml')).match(/<w:pStyle w:val="TOC1"\/>/g)!.length + 1);
    const check = checkOriginals('word', await packageParts(original), await packageParts(bytes));
    expect(check.reasons).toEqual([]);
    expect(check.notes.join(' ')).toContain('table of contents');
  });

  it('leaves a table of contents alone when no heading changes', async () => {
    const original = corpusFile('docx/word-toc.docx');
    // (The offline engine appends markdown structure after the request's first line; a request it cannot read fails rather than changing nothing.)
    const { bytes } = await editFile(t, original, 'Add these notes:\n\n- Reviewed in November.');
    const before = wordBody(await packageParts(original)).children.map(canonical);
    const after = wordBody(await packageParts(bytes)).children.map(canonical);
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('keeps comments and tracked changes (Word)', async () => {
    for (const name of ['docx/word-comments-rich.docx', 'docx/word-tracked-changes.docx']) {
      const original = corpusFile(name);
      const { bytes } = await editFile(t, original, NEXT_STEPS);
      const before = await packageParts(original);
      const after = await packageParts(bytes);
      for (const part of [...before.keys()].filter((p) => /comments|people|settings/.test(p))) expect(after.get(part)?.equals(before.get(part)!), `${name} ${part}`).toBe(true);
      const count = (xml: string, tag: string) => (xml.match(new RegExp(`<w:${tag}[ >]`, 'g')) ?? []).length;
      const x0 = before.get('word/document.xml')!.toString();
      const x1 = after.get('word/document.xml')!.toString();
      for (const tag of ['ins', 'del', 'commentRangeStart', 'commentReference']) expect(count(x1, tag), `${name} ${tag}`).toBe(count(x0, tag));
      expect(checkOriginals('word', before, after).reasons, name).toEqual([]);
      expect(await nextSteps(bytes)).toEqual([[expect.any(String), 'Next steps'], [expect.any(String), 'sign contract'], [expect.any(String), 'schedule kickoff']]);
    }
  });

  it('keeps headers, footers, footnotes and endnotes byte for byte', async () => {
    for (const name of ['docx/word-headers-footers.docx', 'docx/word-footnote-endnote.docx', 'docx/lo-report-toc-footnotes.docx']) {
      const original = corpusFile(name);
      const { bytes } = await editFile(t, original, NEXT_STEPS);
      const before = await packageParts(original);
      const after = await packageParts(bytes);
      const kept = [...before.keys()].filter((p) => /^word\/(header|footer|footnotes|endnotes)\d*\.xml$/.test(p));
      expect(kept.length, name).toBeGreaterThan(0);
      for (const part of kept) expect(after.get(part)!.equals(before.get(part)!), `${name} ${part}`).toBe(true);
    }
  });
});

describe('editing in place (a model driving the tools on a Word document)', () => {
  it('replaces text keeping paragraph and run properties, inserts under a heading, deletes exactly a section', async () => {
    const original = pythonDocx([
      "d.add_heading('Scope', 1)",
      "p = d.add_paragraph()\np.paragraph_format.space_after = docx.shared.Pt(18)\nr = p.add_run('The project covers Spain.')\nr.font.name = 'Georgia'\nr.font.size = docx.shared.Pt(13)\nr.font.color.rgb = docx.shared.RGBColor(0x80, 0x20, 0x20)",
      "d.add_heading('Budget', 1)", "d.add_paragraph('Two million euros.')", "d.add_paragraph('Approved in March.')",
      "d.add_heading('Timeline', 1)", "d.add_paragraph('Start in May.')",
    ].join('\n'));
    fake.reset();
    fake.enqueue(
      { toolCalls: [{ name: 'get_outline', args: {} }] },
      { toolCalls: [
        { name: 'update_block', args: { id: 'b2', text: 'The project covers Spain and **Portugal**.' } },
        { name: 'add_content', args: { markdown: 'Owner: Ana.', position: 'after:b3' } },
        { name: 'delete', args: { section: 'b6' } },
        { name: 'finish', args: { summary: 'Done.' } },
      ] },
    );
    const { res, bytes } = await editFile(llm, original, 'Add Portugal, name the budget owner, drop the timeline');
    expect(res.summary).toBe('Changed the document: updated paragraph b2; added 1 block; deleted the section "Timeline". Done.');
    const outline = (fake.requests[1].body.input as any[]).find((i) => i.type === 'function_call_output').output;
    expect(outline).toContain('[b1] H1 Scope');
    expect(outline).toContain('[b6] H1 Timeline');
    const doc = await read(bytes);
    expect(doc.paragraphs.map((p: any) => p.text)).toEqual(['Scope', 'The project covers Spain and Portugal.', 'Budget', 'Owner: Ana.', 'Two million euros.', 'Approved in March.']);
    const xml = await zipPart(bytes, 'word/document.xml');
    const para = /<w:p>(?:(?!<\/w:p>).)*Portugal(?:(?!<\/w:p>).)*<\/w:p>/.exec(xml)![0];
    expect(para).toContain('<w:spacing w:after="360"/>');
    expect(para).toMatch(/<w:r><w:rPr><w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"\/><w:color w:val="802020"\/><w:sz w:val="26"\/><\/w:rPr><w:t xml:space="preserve">The project covers Spain and <\/w:t><\/w:r>/);
    expect(para).toMatch(/<w:rFonts w:ascii="Georgia" w:hAnsi="Georgia"\/><w:b\/><w:color w:val="802020"\/><w:sz w:val="26"\/><\/w:rPr><w:t xml:space="preserve">Portugal<\/w:t>/);
    // Untouched paragraphs are the same XML as before.
    const body0 = wordBody(await packageParts(original)).children.map(canonical);
    const body1 = wordBody(await packageParts(bytes)).children.map(canonical);
    expect(body1[0]).toBe(body0[0]);
    expect(body1.slice(2, 3)).toEqual(body0.slice(2, 3));
    expect(body1.slice(4, 6)).toEqual(body0.slice(3, 5));
  });

  it('finds and replaces a phrase across runs, keeping the formatting around it', async () => {
    const original = pythonDocx("p = d.add_paragraph('Revenue for ')\np.add_run('FY2025').bold = True\np.add_run(' grew; FY2025 closed.')");
    fake.reset();
    fake.enqueue({ toolCalls: [{ name: 'replace_text', args: { find: 'FY2025', replace: 'FY2026' } }, { name: 'finish', args: { summary: 'Updated the year.' } }] });
    const { res, bytes } = await editFile(llm, original, 'Change FY2025 to FY2026 everywhere');
    expect(res.summary).toBe('Changed the document: replaced "FY2025" with "FY2026" (2 times). Updated the year.');
    const doc = await read(bytes);
    expect(doc.paragraphs[0]).toMatchObject({ text: 'Revenue for FY2026 grew; FY2026 closed.', bold: ['FY2026'] });
  });
});

describe('round trips through editors', () => {
  it('keeps the built-in editor\'s change on resume, and the editor changes only the block it edited', async () => {
    const org = await t.signup(undefined, { tier: 'pro' });
    const first = (await generate(t, org.secret, { prompt: '# Launch Plan\n## Goals\nShip in May.\n## Budget\n\n| Item | EUR |\n|---|--:|\n| Ads | 400 |' })).json();
    const v1 = (await runDocument(t, org.secret, first.run_id)).bytes;
    const token = tokenOf(first.edit_url);
    const api = (method: 'GET' | 'PUT', payload?: unknown) => t.inject({ method, url: `/api/v1/editor/${first.run_id}/document`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload: payload as any } : {}) });
    const doc = (await api('GET')).json();
    const blocks = doc.content.blocks.map((b: any) => (b.kind === 'paragraph' && b.segments[0]?.text === 'Ship in May.' ? { ...b, segments: [{ kind: 'text', text: 'Ship in June.', bold: false, italic: false, link: null }] } : b));
    const saved = await api('PUT', { format: 'word', base_version: doc.version, content: { ...doc.content, blocks } });
    expect(saved.statusCode, saved.body).toBe(200);
    const v2 = (await runDocument(t, org.secret, first.run_id)).bytes;
    // The editor's save changed one paragraph: every other body element is as it was.
    const b1 = wordBody(await packageParts(v1)).children.map(canonical);
    const b2 = wordBody(await packageParts(v2)).children.map(canonical);
    expect(b2.filter((c, i) => c !== b1[i]).map((c) => /Ship in \w+/.exec(c)?.[0])).toEqual(['Ship in June']);
    const res = await generate(t, org.secret, { run_id: first.run_id, prompt: NEXT_STEPS });
    expect(res.statusCode, res.body).toBe(200);
    const v3 = (await runDocument(t, org.secret, first.run_id)).bytes;
    const texts = (await read(v3)).paragraphs.map((p: any) => p.text);
    expect(texts).toEqual(expect.arrayContaining(['Ship in June.', 'Next steps', 'sign contract']));
    expect(texts).not.toContain('Ship in May.');
    expect(wordBody(await packageParts(v3)).children.map(canonical).slice(0, b2.length - 0).filter((c, i) => c !== b2[i])).toEqual([]);
  });

  it('resumes on a document LibreOffice saved (as Collabora does through WOPI): its parts stay, the addition uses its styles', async () => {
    const org = await t.signup(undefined, { tier: 'pro' });
    const first = (await generate(t, org.secret, { prompt: '# Launch Plan\n## Goals\nShip in May.\n- Hire\n- Train' })).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lo-'));
    fs.writeFileSync(path.join(dir, 'in.docx'), (await runDocument(t, org.secret, first.run_id)).bytes);
    await t.app.ctx.export.pool.convert({ src: path.join(dir, 'in.docx'), dst: path.join(dir, 'out.docx'), filter: 'MS Word 2007 XML' });
    const saved = fs.readFileSync(path.join(dir, 'out.docx'));
    fs.rmSync(dir, { recursive: true, force: true });
    const wopi = wopiClient(t, first.run_id, tokenOf(first.edit_url));
    expect((await wopi.lock('Collabora')).status).toBe(200);
    const put = await wopi.putFile(saved, 'Collabora');
    expect(put.status, put.body.toString()).toBe(200);
    expect((await wopi.unlock('Collabora')).status).toBe(200);
    const res = await generate(t, org.secret, { run_id: first.run_id, prompt: NEXT_STEPS });
    expect(res.statusCode, res.body).toBe(200);
    const bytes = (await runDocument(t, org.secret, first.run_id)).bytes;
    const diff = await partDiff(saved, bytes);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual([]);
    expect(diff.changed.filter((p) => p !== 'word/document.xml' && p !== 'word/numbering.xml')).toEqual([]);
    expect(checkOriginals('word', await packageParts(saved), await packageParts(bytes)).reasons).toEqual([]);
    expect((await nextSteps(bytes)).map((p: string[]) => p[1])).toEqual(['Next steps', 'sign contract', 'schedule kickoff']);
  });
});
