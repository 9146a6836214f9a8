import { Document, Packer, Paragraph, TextRun, HeadingLevel, Table, TableRow, TableCell, PageOrientation, Footer, PageNumber } from 'docx';
import { describe, expect, it } from 'vitest';
import { createWordDoc, withId, type WordDoc } from './word-model.ts';
import { readWordDoc } from './word-reader.ts';
import { renderWordDoc } from './word-renderer.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';

const strip = (doc: WordDoc) => doc.blocks.map(({ id: _id, ...b }) => ('image' in b ? { ...b, image: { ...b.image, bytes: b.image.bytes.length } } : b));

function sample(): WordDoc {
  const doc = createWordDoc();
  doc.title = 'Annual **Report**';
  doc.subtitle = 'Fiscal 2026';
  doc.footer.text = 'Confidential';
  doc.header.text = 'Acme Ltd';
  doc.page = { size: 'Letter', orientation: 'landscape', margins: { top: 1000, right: 900, bottom: 1000, left: 900 } };
  doc.blocks.push(
    withId(doc, { kind: 'toc', title: 'In this report', maxLevel: 3 }),
    withId(doc, { kind: 'heading', level: 1, text: 'Results' }),
    withId(doc, { kind: 'paragraph', style: 'normal', text: 'Sales rose **9%** to *record* levels per [our site](https://acme.test/ir)[^Source: 10-K filing].' }),
    withId(doc, { kind: 'list', ordered: true, items: [{ text: 'One', level: 0 }, { text: 'One.a', level: 1 }, { text: 'Two', level: 0 }] }),
    withId(doc, { kind: 'list', ordered: false, items: [{ text: 'Bullet', level: 0 }] }),
    withId(doc, { kind: 'heading', level: 2, text: 'By segment' }),
    withId(doc, { kind: 'table', header: ['Segment', 'Revenue'], rows: [['Retail', '1,200'], ['**Online**', '800']], caption: 'Revenue by segment', align: ['left', 'right'] }),
    withId(doc, { kind: 'paragraph', style: 'quote', text: 'A strong year.' }),
    withId(doc, { kind: 'paragraph', style: 'note', text: 'Figures unaudited.' }),
    withId(doc, { kind: 'page_break' }),
    withId(doc, { kind: 'heading', level: 3, text: 'Appendix' }),
  );
  return doc;
}

describe('Word render -> read', () => {
  it('gives back the blocks, title, header, footer, page setup and theme it wrote', async () => {
    const doc = sample();
    const back = await readWordDoc(await renderWordDoc(doc, { brand: null }));
    expect(strip(back)).toEqual(strip(doc));
    expect([back.title, back.subtitle, back.header, back.footer, back.page, back.theme, back.foreignStyles]).toEqual([doc.title, doc.subtitle, doc.header, doc.footer, doc.page, doc.theme, null]);
    // And again: a second round trip changes nothing (no page breaks or captions pile up).
    const again = await readWordDoc(await renderWordDoc(back, { brand: null }));
    expect(strip(again)).toEqual(strip(doc));
  });

  it('keeps the brand it was written with as the theme', async () => {
    const bytes = await renderWordDoc(sample(), { brand: { primaryColor: 'AA0044', secondaryColor: null, font: 'Georgia', logo: null } });
    expect((await readWordDoc(bytes)).theme).toMatchObject({ primary: 'AA0044', accent: 'AA0044', bodyFont: 'Georgia', headingFont: 'Georgia' });
  });

  it('reads a document Folio did not write, keeping its styles and the elements it cannot model', async () => {
    const foreign = new Document({
      styles: { paragraphStyles: [{ id: 'House', name: 'House Style', run: { color: '00AA00' } }] },
      sections: [{
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
        footers: { default: new Footer({ children: [new Paragraph({ children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })] })] }) },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('Field Notes')] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Day one')] }),
          new Paragraph({ style: 'House', children: [new TextRun({ text: 'Bold start', bold: true }), new TextRun(' then plain.')] }),
          new Table({ rows: [new TableRow({ tableHeader: true, children: [new TableCell({ children: [new Paragraph('Site')] }), new TableCell({ children: [new Paragraph('Count')] })] }), new TableRow({ children: [new TableCell({ children: [new Paragraph('A')] }), new TableCell({ children: [new Paragraph('3')] })] })] }),
        ],
      }],
    });
    const bytes = await Packer.toBuffer(foreign);
    const doc = await readWordDoc(bytes);
    expect(doc.title).toBe('Field Notes');
    expect(strip(doc)).toEqual([
      { kind: 'heading', level: 1, text: 'Day one' },
      { kind: 'paragraph', style: 'normal', text: '**Bold start** then plain.' },
      { kind: 'table', header: ['Site', 'Count'], rows: [['A', '3']], caption: null, align: [] },
    ]);
    expect(doc.page.orientation).toBe('landscape');
    expect(doc.footer.pageNumbers).toBe(true);
    expect(doc.foreignStyles).toContain('House Style');
    const rewritten = await renderWordDoc(doc, { brand: null });
    const JSZip = (await import('jszip')).default;
    const styles = (xml: string) => xml.match(/<w:style [\s\S]*?<\/w:style>/g) ?? [];
    const written = await (await JSZip.loadAsync(rewritten)).file('word/styles.xml')!.async('string');
    // Every style of the document is written back verbatim; only the Folio styles it lacked are added.
    expect(styles(doc.foreignStyles!).every((st) => written.includes(st))).toBe(true);
    expect(styles(written).filter((st) => !doc.foreignStyles!.includes(st)).map((st) => /w:styleId="([^"]+)"/.exec(st)![1]).sort())
      .toEqual(['HeaderText', 'Note', 'Quote', 'Subtitle', 'TOCHeading', 'TableText']);
  });

  it('keeps an element without a model (an equation) verbatim, and marks a picture it cannot carry', async () => {
    const doc = sample();
    const math = '<w:p><m:oMathPara><m:oMath><m:r><m:t>E=mc2</m:t></m:r></m:oMath></m:oMathPara></w:p>';
    doc.blocks.push(withId(doc, { kind: 'raw', xml: math, description: 'An equation' }));
    const back = await readWordDoc(await renderWordDoc(doc, { brand: null }));
    const raw = back.blocks.at(-1)!;
    expect(raw).toMatchObject({ kind: 'raw' });
    expect((raw as { xml: string }).xml).toBe(math);
  });

  it('refuses bytes that are not a Word document with DocumentUnreadable', async () => {
    await expect(readWordDoc(Buffer.from('hello'))).rejects.toThrow(DocumentUnreadable);
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    await expect(readWordDoc(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(/no main document part/);
  });
});
