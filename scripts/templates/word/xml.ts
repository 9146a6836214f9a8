// Small WordprocessingML writers shared by the template's parts: the XML declaration, namespaces,
// escaping, and theme colours. A colour is always a theme slot (w:themeColor, w:themeFill) with the
// RGB value Word computes for it (w:val, w:fill), so Word and a brand that rewrites the theme follow the
// slot and readers that ignore themes (LibreOffice) still see the same colour.
import { REPORT } from './palette.ts';

export const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The w: and r: prefixes, declared on the root of every WordprocessingML part. */
export const WR = `xmlns:w="${W_NS}" xmlns:r="${R_NS}"`;

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Points to half-points (w:sz). */
export const halfPt = (points: number): number => Math.round(points * 2);

// ---- theme colours

/** ST_ThemeColor values used here; settings.xml maps text1/background1/text2/background2 to dk1/lt1/dk2/lt2. */
export type ThemeColor = 'text1' | 'background1' | 'text2' | 'background2' | 'accent1' | 'accent2' | 'accent3' | 'accent4' | 'accent5' | 'accent6' | 'hyperlink' | 'followedHyperlink';

/** A theme colour, optionally lightened (tint) or darkened (shade); both are 0-255 as Word writes them. */
export interface Tone { theme: ThemeColor; tint?: number; shade?: number }

function slotHex(theme: ThemeColor): string {
  const p = REPORT;
  const map: Record<ThemeColor, string> = {
    text1: p.dk1, background1: p.lt1, text2: p.dk2, background2: p.lt2,
    accent1: p.accents[0], accent2: p.accents[1], accent3: p.accents[2], accent4: p.accents[3], accent5: p.accents[4], accent6: p.accents[5],
    hyperlink: p.hlink, followedHyperlink: p.folHlink,
  };
  return map[theme];
}

/** RGB -> HSL (all 0..1). */
function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h * 6) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h * 6) % 6;
  const [r, g, b] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][sector];
  return [r, g, b].map((v) => Math.round(Math.min(1, Math.max(0, v + m)) * 255).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/**
 * The RGB value of a tone as Word computes it: a tint moves the luminance towards white
 * (l * t + 1 - t), a shade towards black (l * s), hue and saturation kept.
 */
export function toneHex(tone: Tone): string {
  const base = slotHex(tone.theme);
  if (tone.tint === undefined && tone.shade === undefined) return base;
  const [h, s, l] = toHsl(base);
  const t = (tone.tint ?? 255) / 255;
  const k = (tone.shade ?? 255) / 255;
  return fromHsl(h, s, (l * t + 1 - t) * k);
}

const byte = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();

/** The theme slot and its tint or shade as attributes; `fill` names them as w:shd does (themeFill...). */
function themeAttrs(tone: Tone, fill = false): string {
  const name = fill ? 'themeFill' : 'themeColor';
  return ` w:${name}="${tone.theme}"`
    + (tone.tint !== undefined ? ` w:${name === 'themeFill' ? 'themeFillTint' : 'themeTint'}="${byte(tone.tint)}"` : '')
    + (tone.shade !== undefined ? ` w:${name === 'themeFill' ? 'themeFillShade' : 'themeShade'}="${byte(tone.shade)}"` : '');
}

/** `<w:color>` of a run. */
export function colorEl(tone: Tone): string {
  return `<w:color w:val="${toneHex(tone)}"${themeAttrs(tone)}/>`;
}

/** `<w:shd>`: a solid fill of a paragraph, cell or table. */
export function shdEl(tone: Tone): string {
  return `<w:shd w:val="clear" w:color="auto" w:fill="${toneHex(tone)}"${themeAttrs(tone, true)}/>`;
}

/** A single line: `size` in eighths of a point, `space` in points between the line and the text. */
export interface Line { tone: Tone; size: number; space?: number }

/** One border element (`w:top`, `w:left`, `w:bottom`, `w:insideH`...). */
export function borderEl(side: string, line: Line | 'none', kind: 'single' | 'dashed' = 'single'): string {
  if (line === 'none') return `<w:${side} w:val="nil"/>`;
  return `<w:${side} w:val="${kind}" w:sz="${line.size}" w:space="${line.space ?? 0}" w:color="${toneHex(line.tone)}"${themeAttrs(line.tone)}/>`;
}

/** The design's colours by role. */
export const TONE = {
  /** Body text (dk1). */
  text: { theme: 'text1' },
  /** Secondary text: captions, subtitles, header and footer, footnotes: the neutral slate, darkened to read. */
  muted: { theme: 'accent6', shade: 0xAB },
  /** Title and headings. */
  primary: { theme: 'accent1' },
  /** Rules under the title, quote and note bars, third-level headings, links. */
  accent: { theme: 'accent2' },
  /** Hairlines: table rules, the header and footer rules. */
  rule: { theme: 'accent1', tint: 0x4D },
  /** The light panel: note call-outs, banded table rows. */
  panel: { theme: 'background2' },
  /** Text on the primary colour. */
  onPrimary: { theme: 'background1' },
} as const satisfies Record<string, Tone>;
