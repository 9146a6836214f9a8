// What Folio finds in a workbook template: its theme (fonts and colours, which new content takes), its
// Normal font, the table style new tables get, and the sheets it holds as samples.
import { attr, childElements } from '../../documents/ooxml/xml.ts';
import { readTheme } from '../../documents/excel/design/theme.ts';
import type { ExcelDocument } from '../../documents/excel/excel.document.ts';

/** Excel's own default, written into nearly every file: not a choice of the template's author. */
const FACTORY_TABLE_STYLES = new Set(['TableStyleMedium2', 'TableStyleMedium9']);
export const FOLIO_TABLE_STYLE = 'TableStyleMedium2';

export interface WorkbookAnalysis {
  theme: { name: string | null; heading_font: string; body_font: string; accents: string[] };
  normal_font: { name: string | null; size: number | null };
  table_style: { name: string; source: 'template' | 'folio' };
  sheets: { name: string; kind: string; state: string }[];
  sample_sheets: number;
}

/**
 * The table style a template asks for: a custom table style it defines, else a default table style
 * other than Excel's factory one, else the style its own tables use most; null when it expresses none.
 */
export function templateTableStyle(doc: ExcelDocument, tableStylesInUse: string[] = []): string | null {
  const part = doc.book.related('styles');
  const root = part ? doc.pkg.xml(part).documentElement : null;
  const ts = root ? childElements(root).find((e) => e.localName === 'tableStyles') : undefined;
  const custom = ts ? childElements(ts).filter((e) => e.localName === 'tableStyle' && attr(e, 'table') !== '0').map((e) => attr(e, 'name')).filter((n): n is string => !!n) : [];
  const def = attr(ts ?? null, 'defaultTableStyle');
  if (def && custom.includes(def)) return def;
  if (custom.length) return custom[0];
  if (def && !FACTORY_TABLE_STYLES.has(def)) return def;
  const counts = new Map<string, number>();
  for (const s of tableStylesInUse) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Table styles of the workbook's tables (table parts' tableStyleInfo). */
export function tableStylesInUse(doc: ExcelDocument): string[] {
  return doc.pkg.paths('xl/tables/').filter((p) => p.endsWith('.xml')).map((p) => {
    const info = childElements(doc.pkg.xml(p).documentElement!).find((e) => e.localName === 'tableStyleInfo');
    return attr(info ?? null, 'name');
  }).filter((n): n is string => !!n);
}

function normalFont(doc: ExcelDocument): WorkbookAnalysis['normal_font'] {
  const part = doc.book.related('styles');
  const root = part ? doc.pkg.xml(part).documentElement : null;
  const fonts = root ? childElements(root).find((e) => e.localName === 'fonts') : undefined;
  const first = fonts ? childElements(fonts)[0] : undefined;
  const prop = (name: string) => attr(first ? childElements(first).find((e) => e.localName === name) ?? null : null, 'val');
  const size = prop('sz');
  return { name: prop('name'), size: size ? Number(size) : null };
}

export function analyzeWorkbook(doc: ExcelDocument): { analysis: WorkbookAnalysis; warnings: string[] } {
  const theme = readTheme(doc.book);
  const themePart = doc.book.related('theme');
  const warnings: string[] = [];
  if (!themePart) warnings.push('The workbook has no theme: new content uses Office\'s default colours and its Normal font.');
  const style = templateTableStyle(doc, tableStylesInUse(doc));
  const sheets = doc.sheets().map((s) => ({ name: s.name, kind: s.kind, state: s.state }));
  if (sheets.some((s) => s.kind !== 'worksheet')) warnings.push('Chart sheets and macro sheets of the template are dropped with its sample sheets.');
  return {
    analysis: {
      theme: { name: themePart ? doc.pkg.xml(themePart).documentElement?.getAttribute('name') || null : null, heading_font: theme.majorFont, body_font: theme.minorFont, accents: theme.colors.slice(4, 10).map((c) => `#${c}`) },
      normal_font: normalFont(doc),
      table_style: style ? { name: style, source: 'template' } : { name: FOLIO_TABLE_STYLE, source: 'folio' },
      sheets,
      sample_sheets: sheets.length,
    },
    warnings,
  };
}
