// Folio's workbook template (src/documents/excel/templates/workbook.xlsx), built by
// scripts/templates/build-workbook-template.ts (npm run templates:build). The committed file must be
// exactly what the build writes, and it follows the contract the Excel engine relies on: one blank sheet
// (it gives way to the first sheet the agent adds), a theme named Folio with its accents and fonts, a
// Normal format in the theme's body font, and an empty shared strings table. openpyxl opens it, and a
// workbook made from it with a brand takes the brand into its theme and keeps it when resumed.
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildWorkbookTemplate, FOLIO_THEME } from '../scripts/templates/excel/workbook-template.ts';
import { adapter } from '../src/documents/excel/excel.adapter.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';

const FILE = path.resolve(import.meta.dirname, '..', 'src', 'documents', 'excel', 'templates', 'workbook.xlsx');

async function parts(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const [name, f] of Object.entries(zip.files)) if (!f.dir) out[name] = await f.async('string');
  return out;
}

describe('the workbook template', () => {
  it('is exactly what the build writes', () => {
    expect(buildWorkbookTemplate().equals(fs.readFileSync(FILE))).toBe(true);
  });

  it('has one blank sheet, the Folio theme, a Normal format in the theme body font and no strings', async () => {
    const p = await parts(fs.readFileSync(FILE));
    expect(p['xl/workbook.xml']).toMatch(/<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"\/><\/sheets>/);
    expect(p['xl/worksheets/sheet1.xml']).toContain('<sheetData/>');
    expect(p['xl/theme/theme1.xml']).toContain(`<a:accent1><a:srgbClr val="${FOLIO_THEME.accents[0]}"/></a:accent1>`);
    expect(p['xl/theme/theme1.xml']).toContain(`<a:minorFont><a:latin typeface="${FOLIO_THEME.minorFont}"/>`);
    expect(p['xl/styles.xml']).toMatch(/<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"\/><\/cellXfs>/);
    expect(p['xl/styles.xml']).toContain('<scheme val="minor"/>');
    expect(p['xl/sharedStrings.xml']).toContain('count="0" uniqueCount="0"');
    expect(readWithOpenpyxl(fs.readFileSync(FILE)).sheets.map((s) => s.title)).toEqual(['Sheet1']);
  });

  it('gives way to the first real sheet, and a brand goes into its theme (kept when the workbook is read again)', async () => {
    const doc = adapter.create();
    const inputs = { contextFiles: [], dataSources: [], images: [], brand: { primaryColor: '0F766E', secondaryColor: 'F59E0B', font: 'Liberation Sans', logo: null } };
    const tools = adapter.tools({ doc, inputs, mode: 'action', noteChange: () => {} });
    await tools.find((x) => x.name === 'add_sheet')!.execute({ name: 'Budget', title: 'Budget 2025', columns: [{ header: 'Item' }, { header: 'Amount', type: 'currency' }], rows: [['Rent', 1200]] } as never);
    const bytes = await adapter.render(doc, { brand: inputs.brand });
    const p = await parts(bytes);
    expect(readWithOpenpyxl(bytes).sheets.map((s) => s.title)).toEqual(['Budget']);
    expect(p['xl/theme/theme1.xml']).toContain('<a:accent1><a:srgbClr val="0F766E"/></a:accent1>');
    expect(p['xl/theme/theme1.xml']).toContain('<a:minorFont><a:latin typeface="Liberation Sans"/>');
    // The header's fill is the theme's first accent, so the brand colours it, and keeps colouring it on resume.
    expect(p['xl/styles.xml']).toMatch(/<fill><patternFill patternType="solid"><fgColor theme="4"\/>/);
    const again = await adapter.read(bytes);
    expect(again.theme().colors[4]).toBe('0F766E');
  });
});
