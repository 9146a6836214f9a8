// Design rules that keep decks readable whatever the brand: contrast of every text colour, visible
// accents and series, text fitting that shrinks before it overflows, and paragraphs repaired to the
// schema (one set of properties, first).
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { oneParagraphProperties, themeColours } from './package-finisher.ts';
import { contrast, readableOn, resolvePalette, THEMES } from './design/colors.ts';
import { fitText, wrapCount } from './design/text-fit.ts';
import { THEME_NAMES } from './model.ts';
import { writeZip } from '../ooxml/zip-writer.ts';

describe('palettes', () => {
  it('keeps every text colour readable for any brand colour, pale or dark', () => {
    for (const theme of THEME_NAMES) {
      for (const primary of ['FFFFFF', 'F5E663', '7FDBFF', '0B6E4F', '000000', '5B2A86']) {
        for (const secondary of ['FFFFFF', 'F2C14E', '111111']) {
          const p = resolvePalette(theme, { primary, secondary });
          const label = `${theme} ${primary}/${secondary}`;
          expect(contrast(p.heading, p.canvas), label).toBeGreaterThanOrEqual(4.5);
          expect(contrast(p.onPrimary, p.primary), label).toBeGreaterThanOrEqual(4.5);
          expect(contrast(p.text, p.canvas), label).toBeGreaterThanOrEqual(7);
          expect(contrast(p.accent, p.canvas), label).toBeGreaterThanOrEqual(1.8);
          for (const s of p.series) expect(contrast(s, p.canvas), label).toBeGreaterThanOrEqual(1.5);
        }
      }
    }
  });

  it('keeps a brand colour that reads as it is, and takes the font for headings and body', () => {
    const p = resolvePalette('midnight', { primary: '#0b6e4f', font: 'Inter' });
    expect(p).toMatchObject({ primary: '0B6E4F', heading: '0B6E4F', secondary: THEMES.midnight.secondary, headingFont: 'Inter', bodyFont: 'Inter' });
    expect(readableOn('FFFF00', 'FFFFFF')).not.toBe('FFFF00');
  });
});

describe('text fitting', () => {
  it('wraps at word boundaries and picks the largest size that fits', () => {
    expect(wrapCount('short', 5, 20, 'Calibri')).toBe(1);
    expect(wrapCount('word '.repeat(40), 5, 20, 'Calibri')).toBeGreaterThan(2);
    const box = { w: 6, h: 2 };
    const few = fitText([{ text: 'Two words' }], box, { font: 'Calibri', max: 28, min: 12 });
    const many = fitText(Array.from({ length: 8 }, () => ({ text: 'A longer bullet that needs most of a line' })), box, { font: 'Calibri', max: 28, min: 12 });
    expect(few).toEqual({ size: 28, fits: true });
    expect(many.size).toBeLessThan(28);
    expect(fitText([{ text: 'x '.repeat(2000) }], box, { font: 'Calibri', max: 28, min: 12 })).toEqual({ size: 12, fits: false });
  });
});

describe('package finishing', () => {
  it('keeps one <a:pPr> per paragraph, at its start', () => {
    const xml = '<a:p><a:pPr marL="1"><a:buChar char="x"/></a:pPr><a:r><a:t>a</a:t></a:r><a:pPr indent="0" marL="0"><a:buNone/></a:pPr><a:r><a:t>b</a:t></a:r></a:p><a:p><a:pPr/><a:r><a:t>c</a:t></a:r></a:p>';
    expect(oneParagraphProperties(xml)).toBe('<a:p><a:pPr marL="1"><a:buChar char="x"/></a:pPr><a:r><a:t>a</a:t></a:r><a:r><a:t>b</a:t></a:r></a:p><a:p><a:pPr/><a:r><a:t>c</a:t></a:r></a:p>');
  });

  it('writes zips that other readers accept, entries deflated or stored, CRCs checked', async () => {
    const bytes = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'.repeat(50)), compress: true },
      { name: 'ppt/media/ünïcode.png', data: Buffer.from([1, 2, 3]), compress: false },
      { name: 'empty.txt', data: Buffer.alloc(0), compress: true },
    ]);
    const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
    expect(Object.keys(zip.files)).toEqual(['[Content_Types].xml', 'ppt/media/ünïcode.png', 'empty.txt']);
    expect(await zip.file('[Content_Types].xml')!.async('string')).toBe('<Types/>'.repeat(50));
    expect([...(await zip.file('ppt/media/ünïcode.png')!.async('uint8array'))]).toEqual([1, 2, 3]);
    expect(await zip.file('empty.txt')!.async('string')).toBe('');
    expect(bytes.length).toBeLessThan(400 + 200);
  });

  it("writes the palette into the theme's colour scheme", () => {
    const p = resolvePalette('ivory', { primary: '123456' });
    const xml = themeColours('<a:dk2><a:srgbClr val="44546A"/></a:dk2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2>', p);
    expect(xml).toBe(`<a:dk2><a:srgbClr val="123456"/></a:dk2><a:accent1><a:srgbClr val="${p.series[0]}"/></a:accent1><a:accent2><a:srgbClr val="${p.series[1]}"/></a:accent2>`);
  });
});
