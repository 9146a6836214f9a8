// The workbook's look, from its theme (brand colours and font): title, header, body and totals styles,
// and readable contrast (header text is white on dark fills, near-black on light ones). Styles are
// shared objects per theme, so a 10,000-row sheet carries a handful of styles, not one per cell.
import { DEFAULT_THEME, type CellStyle, type WorkbookTheme } from './model.ts';
import { numberFormatFor, type ColumnType } from './number-formats.ts';

export interface BrandInput {
  primary_color?: string;
  secondary_color?: string;
  font?: string;
}

/** `#abc` / `#AABBCC` -> `AABBCC`. */
export function hexColor(color: string): string {
  const h = color.replace(/^#/, '').toUpperCase();
  return h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
}

/** WCAG relative luminance of an `RRGGBB` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** White or near-black text, whichever reads better on the fill. */
export function textOn(fill: string): string {
  return contrastRatio(fill, 'FFFFFF') >= contrastRatio(fill, '1F1F1F') ? 'FFFFFF' : '1F1F1F';
}

/** A colour mixed toward white (`amount` 0..1): band fills and light accents from the brand colour. */
export function tint(hex: string, amount: number): string {
  return [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16);
    return Math.round(c + (255 - c) * amount).toString(16).padStart(2, '0');
  }).join('').toUpperCase();
}

/** A colour dark enough to read as text on white (brand colours can be pale). */
export function readableOnWhite(hex: string): string {
  let c = hex;
  for (let i = 0; i < 10 && contrastRatio(c, 'FFFFFF') < 4.5; i++) {
    c = [0, 2, 4].map((j) => Math.round(parseInt(c.slice(j, j + 2), 16) * 0.8).toString(16).padStart(2, '0')).join('').toUpperCase();
  }
  return c;
}

export function themeFromBrand(brand: BrandInput | undefined, base: WorkbookTheme = DEFAULT_THEME): WorkbookTheme {
  if (!brand) return { ...base, palette: [...base.palette] };
  const primary = brand.primary_color ? hexColor(brand.primary_color) : base.primary;
  const secondary = brand.secondary_color ? hexColor(brand.secondary_color) : base.secondary;
  const palette = [primary, secondary, ...base.palette.filter((c) => c !== primary && c !== secondary)];
  return { primary, secondary, font: brand.font ?? base.font, palette };
}

export interface WorkbookStyles {
  title: CellStyle;
  subtitle: CellStyle;
  header(type: ColumnType): CellStyle;
  body(type: ColumnType, numFmt?: string): CellStyle;
  total(type: ColumnType, numFmt?: string): CellStyle;
  label: CellStyle;
  note: CellStyle;
}

const cache = new WeakMap<WorkbookTheme, WorkbookStyles>();

const ALIGN_RIGHT: ReadonlySet<ColumnType> = new Set(['integer', 'number', 'currency', 'percent', 'date', 'datetime']);

/** Numbers and dates sit right, one character in, so the next column's left-aligned text does not touch them. */
const aligned = (type: ColumnType): Pick<CellStyle, 'align' | 'indent'> => (ALIGN_RIGHT.has(type) ? { align: 'right', indent: 1 } : {});

export function stylesFor(theme: WorkbookTheme): WorkbookStyles {
  const known = cache.get(theme);
  if (known) return known;
  const font = theme.font;
  const headerText = textOn(theme.primary);
  const titleColor = readableOnWhite(theme.primary);
  const memo = new Map<string, CellStyle>();
  const once = (key: string, make: () => CellStyle) => memo.get(key) ?? (memo.set(key, make()), memo.get(key)!);
  const styles: WorkbookStyles = {
    title: { bold: true, fontSize: 16, color: titleColor, fontName: font },
    subtitle: { italic: true, fontSize: 10, color: '595959', fontName: font },
    header: (type) => once(`h:${type}`, () => ({
      bold: true, color: headerText, fill: theme.primary, fontName: font, wrap: true, borderBottom: theme.primary, ...aligned(type),
    })),
    body: (type, numFmt) => once(`b:${type}:${numFmt ?? ''}`, () => {
      const fmt = numFmt ?? numberFormatFor(type);
      return { fontName: font, ...aligned(type), ...(fmt ? { numFmt: fmt } : {}) };
    }),
    total: (type, numFmt) => once(`t:${type}:${numFmt ?? ''}`, () => {
      const fmt = numFmt ?? numberFormatFor(type);
      return { bold: true, fontName: font, borderTop: theme.primary, fill: tint(theme.primary, 0.88), ...aligned(type), ...(fmt ? { numFmt: fmt } : {}) };
    }),
    label: { bold: true, color: '404040', fontName: font },
    note: { italic: true, color: '595959', fontName: font, fontSize: 9 },
  };
  cache.set(theme, styles);
  return styles;
}
