// The workbook's theme as new content uses it: the twelve colours in SpreadsheetML's theme order
// (0 lt1, 1 dk1, 2 lt2, 3 dk2, 4-9 accent1-6, 10 hlink, 11 folHlink), resolved to RGB to judge contrast,
// and the heading and body fonts. A workbook without a theme part gets Office's default values.
import { attr, childElements, type Element } from '../../ooxml/xml.ts';
import type { XlsxWorkbook } from '../workbook.ts';

export interface WorkbookTheme {
  /** RRGGBB by SpreadsheetML theme index. */
  colors: string[];
  majorFont: string;
  minorFont: string;
}

const OFFICE: WorkbookTheme = {
  colors: ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47', '0563C1', '954F72'],
  majorFont: 'Calibri Light',
  minorFont: 'Calibri',
};

/** clrScheme children in their schema order, with the SpreadsheetML index each one has. */
const SCHEME_INDEX: Record<string, number> = { dk1: 1, lt1: 0, dk2: 3, lt2: 2, accent1: 4, accent2: 5, accent3: 6, accent4: 7, accent5: 8, accent6: 9, hlink: 10, folHlink: 11 };

function colorOf(el: Element | undefined): string | null {
  const c = el ? childElements(el)[0] : undefined;
  if (!c) return null;
  const v = c.localName === 'sysClr' ? attr(c, 'lastClr') : c.localName === 'srgbClr' ? attr(c, 'val') : null;
  return v && /^[0-9A-Fa-f]{6}$/.test(v) ? v.toUpperCase() : null;
}

export function readTheme(book: XlsxWorkbook): WorkbookTheme {
  const part = book.related('theme');
  if (!part) return OFFICE;
  try {
    const root = book.pkg.xml(part).documentElement!;
    const elements = childElements(root).find((e) => e.localName === 'themeElements');
    const scheme = elements ? childElements(elements).find((e) => e.localName === 'clrScheme') : undefined;
    const colors = [...OFFICE.colors];
    for (const c of scheme ? childElements(scheme) : []) {
      const i = SCHEME_INDEX[c.localName ?? ''];
      const rgb = colorOf(c);
      if (i !== undefined && rgb) colors[i] = rgb;
    }
    const fonts = elements ? childElements(elements).find((e) => e.localName === 'fontScheme') : undefined;
    const latin = (kind: string) => {
      const f = fonts ? childElements(fonts).find((e) => e.localName === kind) : undefined;
      return attr(f ? childElements(f).find((e) => e.localName === 'latin') ?? null : null, 'typeface') || null;
    };
    return { colors, majorFont: latin('majorFont') ?? OFFICE.majorFont, minorFont: latin('minorFont') ?? OFFICE.minorFont };
  } catch {
    return OFFICE;
  }
}

/** Sets the theme's accent colours and fonts (a Folio template workbook taking a brand). */
export function setThemeColors(book: XlsxWorkbook, accents: Partial<Record<'accent1' | 'accent2', string>>, font: string | null): void {
  const part = book.related('theme');
  if (!part) return;
  const root = book.pkg.edit(part).documentElement!;
  const elements = childElements(root).find((e) => e.localName === 'themeElements');
  const scheme = elements ? childElements(elements).find((e) => e.localName === 'clrScheme') : undefined;
  for (const [name, rgb] of Object.entries(accents)) {
    const slot = scheme ? childElements(scheme).find((e) => e.localName === name) : undefined;
    const c = slot ? childElements(slot)[0] : undefined;
    if (!slot || !c || !rgb) continue;
    const fresh = root.ownerDocument!.createElementNS(c.namespaceURI, c.prefix ? `${c.prefix}:srgbClr` : 'srgbClr');
    fresh.setAttribute('val', rgb);
    slot.replaceChild(fresh, c);
  }
  if (font) {
    const fonts = elements ? childElements(elements).find((e) => e.localName === 'fontScheme') : undefined;
    for (const kind of ['majorFont', 'minorFont']) {
      const f = fonts ? childElements(fonts).find((e) => e.localName === kind) : undefined;
      const latin = f ? childElements(f).find((e) => e.localName === 'latin') : undefined;
      latin?.setAttribute('typeface', font);
    }
  }
}
