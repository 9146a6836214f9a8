// The fidelity suite's checks themselves (test/fidelity/fidelity-checks.ts), without the engine: a file
// compared with itself passes checks 1-3; the edit a faithful engine would make (test/fidelity/ideal-edits.ts,
// done by hand with JSZip) passes every check; careless edits fail the check that must catch them, with a
// reason that names the part, element or page. Every file is rendered by LibreOffice in one soffice call.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { canonicalXml, checkRoundTrip, readParts, type FidelityFormat } from './fidelity/fidelity-checks.ts';
import { CHECK_LABEL, CHECKS, DEFAULT_CORPUS_DIR, failureReasons, FidelitySession, formatResult, type CheckName, type FileResult } from './fidelity/fidelity-run.ts';
import { IDEAL } from './fidelity/ideal-edits.ts';
import { makeDocx, makePptx, makeXlsx } from './helpers/office-fixtures.ts';

async function edit(bytes: Buffer, part: string, change: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file(part)!.async('string');
  const changed = change(xml);
  if (changed === xml) throw new Error(`the edit changed nothing in ${part}`);
  zip.file(part, changed);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function remove(bytes: Buffer, part: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  if (!zip.file(part)) throw new Error(`no part ${part}`);
  zip.remove(part);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The new slide of the ideal edit uses a copy of its layout, a layout the deck did not have. */
async function withForeignLayout(ideal: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(ideal);
  const slideRels = Object.keys(zip.files).filter((n) => /^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1)!;
  const rels = await zip.file(slideRels)!.async('string');
  const layout = /slideLayouts\/(slideLayout\d+\.xml)/.exec(rels)![1];
  zip.file('ppt/slideLayouts/slideLayout99.xml', await zip.file(`ppt/slideLayouts/${layout}`)!.async('nodebuffer'));
  zip.file('ppt/slideLayouts/_rels/slideLayout99.xml.rels', await zip.file(`ppt/slideLayouts/_rels/${layout}.rels`)!.async('nodebuffer'));
  zip.file(slideRels, rels.replace(layout, 'slideLayout99.xml'));
  const ct = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', ct.replace('</Types>', '<Override PartName="/ppt/slideLayouts/slideLayout99.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/></Types>'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

interface Case {
  name: string;
  format: FidelityFormat;
  /** A corpus file as the original, instead of the format's generated one. */
  corpus?: string;
  make: (original: Buffer, ideal: Buffer) => Promise<Buffer>;
  /** Checks that must pass; the others must fail with a reason matching `fails[check]`. */
  passes: CheckName[];
  fails?: Partial<Record<CheckName, RegExp>>;
  /** Checks with a part not applicable to the file, and why; every other check must have none. */
  notApplicable?: Partial<Record<CheckName, RegExp>>;
}

const ALL = [...CHECKS];
const CASES: Case[] = [
  // The file against itself: nothing changed, nothing added.
  ...(['slides', 'word', 'excel'] as const).map((format): Case => ({
    name: `${format}: the original itself`, format, make: async (o) => o, passes: ['parts', 'originals', 'pages'],
    fails: { design: /no new (slide|body element)|no sheet named "Notes"/, opens: /no slide titled "Roadmap"|no paragraph "Next steps"|no sheet "Notes"/ },
  })),
  // What a faithful engine writes.
  ...(['slides', 'word', 'excel'] as const).map((format): Case => ({ name: `${format}: the ideal edit`, format, make: async (_o, i) => i, passes: ALL })),
  // Careless edits.
  {
    name: 'slides: an original slide reworded', format: 'slides', passes: ['design', 'opens'],
    make: (_o, i) => edit(i, 'ppt/slides/slide1.xml', (x) => x.replace('Folio Slides Fixture', 'Folio Slides Fixtures')),
    fails: { parts: /changed: ppt\/slides\/slide1\.xml$/, originals: /changed: ppt\/slides\/slide1\.xml$/, pages: /pages differ: 1 of 3 compared/ },
  },
  {
    name: 'slides: the layout touched (same rendering)', format: 'slides', passes: ['originals', 'pages', 'opens'],
    make: (_o, i) => edit(i, 'ppt/slideLayouts/slideLayout1.xml', (x) => `${x}\n`),
    fails: { parts: /changed: ppt\/slideLayouts\/slideLayout1\.xml/, design: /uses ppt\/slideLayouts\/slideLayout1\.xml, which the result changed/ },
  },
  {
    name: 'slides: the new slide on a layout of its own', format: 'slides', passes: ['originals', 'pages', 'opens'],
    make: (_o, i) => withForeignLayout(i),
    fails: { parts: /unexpected new parts: ppt\/slideLayouts\/_rels\/slideLayout99\.xml\.rels, ppt\/slideLayouts\/slideLayout99\.xml/, design: /a layout the original deck did not have/ },
  },
  {
    name: 'slides: the new slide put first', format: 'slides', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'ppt/presentation.xml', (x) => {
      const ids = [...x.matchAll(/<p:sldId\b[^>]*\/>/g)].map((m) => m[0]);
      return x.replace(ids.at(-1)!, '').replace(ids[0], `${ids.at(-1)}${ids[0]}`);
    }),
    fails: { originals: /no longer first and in order/, pages: /pages differ: 1-3 of 3 compared/ },
  },
  {
    name: 'word: the first paragraph reworded', format: 'word', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/document.xml', (x) => x.replace('Quarterly Report', 'Quarterly Rapport')),
    fails: { originals: /1 of 8 original body elements changed or moved: #0 w:p "Quarterly Rapport"|#0 w:p "Quarterly Report"/, pages: /pages differ: 1 of 2 compared/ },
  },
  {
    // The Word comparison may stop where the addition starts only when the addition is after the original body.
    name: 'word: the addition put first', format: 'word', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/document.xml', (x) => {
      const added = /<w:p><w:pPr><w:pStyle w:val="[^"]+"\/><\/w:pPr><w:r><w:t>Next steps<\/w:t>[\s\S]*?schedule kickoff<\/w:t><\/w:r><\/w:p>/.exec(x)![0];
      return x.replace(added, '').replace(/<w:body>/, `<w:body>${added}`);
    }),
    fails: { originals: /8 of 8 original body elements changed or moved: #0 w:p "Quarterly Report" \(moved to #3\)/, pages: /pages differ: 1(-2)? of 2 compared/ },
  },
  // A table of contents Folio updated is exempt from checks 2 and 3, as long as it is still there.
  {
    name: 'word: a table of contents updated for the new heading', format: 'word', corpus: 'docx/word-toc.docx', passes: ALL,
    make: (_o, i) => edit(i, 'word/document.xml', (x) => x.replace(/(<w:sdtContent>[\s\S]*?)(<\/w:sdtContent>)/, '$1<w:p><w:pPr><w:pStyle w:val="TOC1"/></w:pPr><w:r><w:t>Next steps</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>4</w:t></w:r></w:p>$2')),
  },
  {
    name: 'word: the table of contents dropped', format: 'word', corpus: 'docx/word-toc.docx', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/document.xml', (x) => x.replace(/<w:sdt>[\s\S]*?<\/w:sdt>/, '')),
    fails: { originals: /the table of contents is gone/, pages: /pages differ/ },
  },
  {
    name: 'word: the table of contents updated and a heading reworded', format: 'word', corpus: 'docx/word-toc.docx', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/document.xml', (x) => x.replace(/(<w:sdtContent>[\s\S]*?)(<\/w:sdtContent>)/, '$1<w:p><w:r><w:t>x</w:t></w:r></w:p>$2').replace(/(<w:pStyle w:val="Heading1"\/>[\s\S]*?<w:t[^>]*>)Article 2/, '$1Section 2')),
    fails: { originals: /1 of \d+ original body elements changed or moved: #\d+ w:p "Article 2".*Section 2/, pages: /pages differ/ },
  },
  // A file that prints "page x of y" changes on every page when the addition adds a page: the bands are masked.
  {
    name: 'word: an addition that adds a page to a file printing its page count', format: 'word', corpus: 'docx/word-german-form.docx', passes: ALL,
    make: async (_o, i) => i,
  },
  {
    name: 'word: masked bands do not hide a change in the body', format: 'word', corpus: 'docx/word-german-form.docx', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/document.xml', (x) => x.replace('Antragsteller', 'Antragstellerin')),
    fails: { originals: /original body elements changed/, pages: /pages differ: 1 of \d+ compared \(header and footer bands left out\)/ },
  },
  {
    name: 'word: an existing style changed', format: 'word', passes: ['originals', 'pages', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/styles.xml', (x) => x.replace('<w:style ', '<w:style w:customStyle="1" ')),
    fails: { parts: /word\/styles\.xml: existing styles changed: style \S+/ },
  },
  {
    name: 'word: styles.xml rewritten with the same styles', format: 'word', passes: ['originals', 'pages', 'design', 'opens'],
    make: (_o, i) => edit(i, 'word/styles.xml', (x) => x.replace(/></g, '>\n<')),
    fails: { parts: /word\/styles\.xml changed although no style was added \(same definitions, rewritten\)/ },
  },
  {
    // LibreOffice refuses a deck whose package relationships name a part that is gone.
    name: 'slides: a part dropped', format: 'slides', passes: ['originals', 'design'],
    make: (_o, i) => remove(i, 'docProps/app.xml'),
    fails: { parts: /removed: docProps\/app\.xml/, pages: /the result did not render: LibreOffice produced no PDF/, opens: /LibreOffice produced no PDF: .*source file could not be loaded/ },
  },
  {
    name: 'excel: a shared string rewritten', format: 'excel', passes: ['originals', 'design', 'opens'],
    make: (_o, i) => edit(i, 'xl/sharedStrings.xml', (x) => x.replace('>Product<', '>Produit<')),
    fails: { parts: /xl\/sharedStrings\.xml: not only appended: item 0 \(si "Product"\) changed/, pages: /pages differ: 1 of 1 compared/ },
  },
  {
    name: 'excel: an original sheet touched', format: 'excel', passes: ['pages', 'design', 'opens'],
    make: (_o, i) => edit(i, 'xl/worksheets/sheet1.xml', (x) => x.replace(/<sheetData>/, '<sheetData>\n')),
    fails: { parts: /changed: xl\/worksheets\/sheet1\.xml/, originals: /changed: xl\/worksheets\/sheet1\.xml/ },
  },
  // A reader that cannot read the original either is not applicable (openpyxl drops every sheet of a
  // Strict Open XML workbook): reported, and the content is read from the XML instead, so a missing
  // addition still fails.
  {
    name: 'excel (Strict): the ideal edit', format: 'excel', corpus: 'xlsx/excel-strict.xlsx', passes: ALL,
    notApplicable: { opens: /^openpyxl cannot read the original either \(it sees 0 of the 3 sheets the workbook lists\)$/ }, make: async (_o, i) => i,
  },
  {
    name: 'excel (Strict): the original itself', format: 'excel', corpus: 'xlsx/excel-strict.xlsx', passes: ['parts', 'originals', 'pages'],
    fails: { design: /no sheet named "Notes"/, opens: /^the workbook XML has no sheet "Notes" \(sheets: Sheet1, rich test, Sheet3\)$/ }, make: async (o) => o,
    notApplicable: { opens: /^openpyxl cannot read the original either/ },
  },
  {
    name: 'excel (Strict): the addition with other text', format: 'excel', corpus: 'xlsx/excel-strict.xlsx', passes: ['parts', 'originals', 'pages', 'design'],
    fails: { opens: /Notes!A1 is "Reviewd", not "Reviewed"/ }, notApplicable: { opens: /^openpyxl cannot read the original either/ },
    make: async (_o, i) => {
      const zip = await JSZip.loadAsync(i);
      const sheet = Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1)!;
      return edit(i, sheet, (x) => x.replace('>Reviewed<', '>Reviewd<'));
    },
  },
  {
    name: 'excel: the new sheet put first', format: 'excel', passes: ['parts', 'design', 'opens'],
    make: (_o, i) => edit(i, 'xl/workbook.xml', (x) => {
      const notes = /<sheet\b[^>]*name="Notes"[^>]*\/>/.exec(x)![0];
      return x.replace(notes, '').replace('<sheets>', `<sheets>${notes}`);
    }),
    fails: { originals: /no longer first and in order/, pages: /pages differ: 1 of 1 compared/ },
  },
];

let session: FidelitySession;
const results = new Map<string, FileResult>();

beforeAll(async () => {
  const originals: Record<FidelityFormat, Buffer> = { slides: await makePptx({ slides: 3 }), word: await makeDocx({ pages: 3 }), excel: await makeXlsx({ sheets: 1 }) };
  const ideals: Record<FidelityFormat, Buffer> = {
    slides: await IDEAL.slides(originals.slides), word: await IDEAL.word(originals.word), excel: await IDEAL.excel(originals.excel),
  };
  session = new FidelitySession({});
  const corpus = new Map<string, { original: Buffer; ideal: Buffer }>();
  for (const c of CASES) {
    if (!c.corpus || corpus.has(c.corpus)) continue;
    const original = fs.readFileSync(path.join(DEFAULT_CORPUS_DIR, c.corpus));
    corpus.set(c.corpus, { original, ideal: await IDEAL[c.format](original) });
  }
  const items = await Promise.all(CASES.map(async (c) => {
    const original = c.corpus ? corpus.get(c.corpus)!.original : originals[c.format];
    const ideal = c.corpus ? corpus.get(c.corpus)!.ideal : ideals[c.format];
    return { entry: { file: c.name, format: c.format }, original, result: await c.make(original, ideal), roundTrip: false };
  }));
  for (const r of await session.checkResults(items)) results.set(r.entry.file, r);
}, 5 * 60_000);

afterAll(() => session?.close());

describe('canonical XML', () => {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  it('ignores prefixes, attribute order, namespace declarations and whitespace between elements', () => {
    expect(canonicalXml(`<w:p ${W}><w:pPr><w:jc w:val="center"/></w:pPr>\n  <w:r w:rsidR="1" w:rsidRPr="2"><w:t>Hi</w:t></w:r></w:p>`))
      .toBe(canonicalXml(`<x:p xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:unused="urn:u"><x:pPr><x:jc x:val="center"></x:jc></x:pPr><x:r x:rsidRPr="2" x:rsidR="1"><x:t>Hi</x:t></x:r></x:p>`));
  });
  it('keeps what matters: text (a space too), attribute values, element order, namespaces', () => {
    const base = canonicalXml(`<w:r ${W}><w:t xml:space="preserve"> </w:t></w:r>`);
    expect(canonicalXml(`<w:r ${W}><w:t xml:space="preserve"></w:t></w:r>`)).not.toBe(base);
    expect(canonicalXml(`<w:r ${W}><w:t> </w:t></w:r>`)).not.toBe(base);
    expect(canonicalXml(`<w:jc ${W} w:val="left"/>`)).not.toBe(canonicalXml(`<w:jc ${W} w:val="center"/>`));
    expect(canonicalXml(`<w:p ${W}><w:r/><w:pPr/></w:p>`)).not.toBe(canonicalXml(`<w:p ${W}><w:pPr/><w:r/></w:p>`));
    expect(canonicalXml('<p xmlns="urn:a"/>')).not.toBe(canonicalXml('<p xmlns="urn:b"/>'));
  });
  it('compares markup-compatibility prefix lists by namespace', () => {
    const mc = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';
    expect(canonicalXml(`<w:document ${W} ${mc} xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="w14"/>`))
      .toBe(canonicalXml(`<w:document ${W} ${mc} xmlns:x14="http://schemas.microsoft.com/office/word/2010/wordml" mc:Ignorable="x14"/>`));
  });
});

describe('parts are compared decompressed', () => {
  it('a package re-zipped with other compression is byte-identical part by part', async () => {
    const bytes = await makePptx();
    const rezipped = await (await JSZip.loadAsync(bytes)).generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
    expect(rezipped.equals(bytes)).toBe(false);
    expect(checkRoundTrip(await readParts(bytes), await readParts(rezipped))).toMatchObject({ ok: true, reasons: [] });
  });
});

describe('the checks on hand-made results', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const r = results.get(c.name)!;
      const report = failureReasons(r).join('\n');
      for (const name of c.passes) expect(r.checks[name].ok, `${name} should pass:\n${report}`).toBe(true);
      for (const [name, pattern] of Object.entries(c.fails ?? {}) as [CheckName, RegExp][]) {
        expect(r.checks[name].ok, `${name} should fail:\n${report}`).toBe(false);
        expect(r.checks[name].reasons.join('\n'), report).toMatch(pattern);
      }
      expect(new Set([...c.passes, ...Object.keys(c.fails ?? {})]).size, 'every check is either expected to pass or to fail').toBe(CHECKS.length);
      for (const name of CHECKS) {
        const na = r.checks[name].notApplicable ?? [];
        if (c.notApplicable?.[name]) {
          expect(na.join('\n')).toMatch(c.notApplicable[name]);
          // Reported as such on the file's line, never as a plain pass.
          if (r.checks[name].ok) expect(formatResult(r)).toContain(`${CHECK_LABEL[name]} ✓ (part n/a)`);
          expect(formatResult(r)).toContain(`${CHECK_LABEL[name]}: not applicable: ${na[0]}`);
        }
        else expect(na, `${name} should apply in full`).toEqual([]);
      }
    });
  }
});
