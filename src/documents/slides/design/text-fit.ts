// Text fitting without a layout engine: an estimate of how much room text takes at a font size, from
// per-character widths of the common Office fonts (Calibri, Cambria, Arial and their metric-compatible
// LibreOffice twins). The renderer picks the largest size that fits a box; the tools use the same
// estimate to refuse content that cannot fit even at the smallest size, so nothing is ever clipped.

/** Character width in ems, by class, for a Calibri-like font. */
function charEm(ch: string): number {
  if (ch === ' ') return 0.23;
  if ('iljtfr.,;:\'!|()[]'.includes(ch)) return 0.3;
  if ('mwMW@%'.includes(ch)) return 0.85;
  if (ch >= 'A' && ch <= 'Z') return 0.62;
  if (ch >= '0' && ch <= '9') return 0.51;
  if (ch.charCodeAt(0) > 0x2e80) return 1; // CJK and other full-width scripts
  return 0.5;
}

/** Calibri is narrow; serif and Arial-like fonts run wider. */
export function fontFactor(font: string): number {
  const f = font.toLowerCase();
  if (f.includes('calibri') || f.includes('carlito')) return 1;
  if (f.includes('cambria') || f.includes('caladea') || f.includes('georgia')) return 1.1;
  if (f.includes('narrow') || f.includes('condensed')) return 0.9;
  return 1.12;
}

/** Width of `text` in inches at `size` points. */
export function textWidth(text: string, size: number, font: string): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return (em * size * fontFactor(font)) / 72;
}

/** Lines `text` wraps to in `width` inches (greedy, at spaces; overlong words are split). */
export function wrapCount(text: string, width: number, size: number, font: string): number {
  if (width <= 0) return Infinity;
  let lines = 0;
  for (const hard of text.split('\n')) {
    lines++;
    let line = 0;
    for (const word of hard.split(/\s+/).filter(Boolean)) {
      const w = textWidth(word, size, font);
      const space = line > 0 ? textWidth(' ', size, font) : 0;
      if (line + space + w <= width) {
        line += space + w;
      } else if (line === 0) {
        const extra = Math.ceil(w / width) - 1;
        lines += extra;
        line = w - extra * width;
      } else {
        lines++;
        line = w > width ? w - Math.floor(w / width) * width : w;
        if (w > width) lines += Math.floor(w / width);
      }
    }
  }
  return lines;
}

export interface Paragraph {
  text: string;
  level?: number;
}

export interface FitOptions {
  font: string;
  max: number;
  min: number;
  /** Line height as a multiple of the font size. */
  lineSpacing?: number;
  /** Space before each paragraph after the first, as a multiple of the font size. */
  paraSpacing?: number;
  /** Indent per level (inches), plus the bullet's own indent for levelled text. */
  indent?: number;
  /** Inner margins of the text box (inches, each side). */
  inset?: number;
}

/** Height in inches the paragraphs take at `size`. */
export function textHeight(paragraphs: Paragraph[], width: number, size: number, o: FitOptions): number {
  const inset = o.inset ?? 0.1;
  const lineH = (size * (o.lineSpacing ?? 1.2)) / 72;
  let height = 2 * inset;
  paragraphs.forEach((p, i) => {
    const indent = o.indent !== undefined ? o.indent * ((p.level ?? 0) + 1) : 0;
    height += wrapCount(p.text, width - 2 * inset - indent, size, o.font) * lineH;
    if (i > 0) height += (size * (o.paraSpacing ?? 0)) / 72;
  });
  return height;
}

/** The largest size (max..min, whole points) at which the text fits the box; `fits` false at min. */
export function fitText(paragraphs: Paragraph[], box: { w: number; h: number }, o: FitOptions): { size: number; fits: boolean } {
  for (let size = o.max; size >= o.min; size--) {
    if (textHeight(paragraphs, box.w, size, o) <= box.h) return { size, fits: true };
  }
  return { size: o.min, fits: false };
}
