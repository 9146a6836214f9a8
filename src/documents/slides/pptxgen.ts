// pptxgenjs ships CommonJS-style typings for an ES module: TypeScript sees the class one level down.
import PptxGenJSModule from 'pptxgenjs';

export const PptxGenJS = ((PptxGenJSModule as unknown as { default?: unknown }).default ?? PptxGenJSModule) as typeof PptxGenJSModule.default;
export type Pptx = InstanceType<typeof PptxGenJS>;
export type PptxSlide = ReturnType<Pptx['addSlide']>;
export type TextRun = PptxGenJSModule.default.TextProps;
export type TextOptions = PptxGenJSModule.default.TextPropsOptions;

/** Slide size of LAYOUT_WIDE (16:9), inches. */
export const SLIDE_W = 13.333;
export const SLIDE_H = 7.5;

/** `**bold**` and `*italic*` spans of a line as runs with the given base options. */
export function markupRuns(text: string, base: TextOptions = {}): TextRun[] {
  const runs: TextRun[] = [];
  const re = /\*\*(.+?)\*\*|(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), options: { ...base } });
    runs.push({ text: m[1] ?? m[2], options: { ...base, ...(m[1] !== undefined ? { bold: true } : { italic: true }) } });
    at = m.index + m[0].length;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), options: { ...base } });
  return runs;
}
