// Paragraph and run properties (w:pPr, w:rPr) from plain objects, children always in the schema's
// order (CT_PPrBase, EG_RPrBase): Word refuses a part whose elements are out of order.
import { borderEl, colorEl, halfPt, shdEl, type Line, type Tone } from './xml.ts';

export interface RunProps {
  /** Character style id (w:rStyle). */
  style?: string;
  /** Theme font: headings (major) or body (minor). */
  font?: 'major' | 'minor';
  bold?: boolean;
  italic?: boolean;
  color?: Tone;
  /** Letter spacing in twentieths of a point (negative: tighter). */
  spacing?: number;
  /** Kerning from this size (points) up. */
  kern?: number;
  /** Points. */
  size?: number;
  underline?: boolean;
  vertAlign?: 'superscript' | 'subscript';
  /** Languages: w:val, w:eastAsia, w:bidi (document defaults). */
  lang?: [string, string, string];
}

const onOff = (name: string, value: boolean | undefined) => (value === undefined ? '' : value ? `<w:${name}/>` : `<w:${name} w:val="0"/>`);

export function themeFonts(which: 'major' | 'minor'): string {
  const m = which === 'major' ? 'major' : 'minor';
  return `<w:rFonts w:asciiTheme="${m}HAnsi" w:eastAsiaTheme="${m}EastAsia" w:hAnsiTheme="${m}HAnsi" w:cstheme="${m}Bidi"/>`;
}

/** The children of a w:rPr, in schema order. */
export function runChildren(r: RunProps): string {
  return [
    r.style ? `<w:rStyle w:val="${r.style}"/>` : '',
    r.font ? themeFonts(r.font) : '',
    onOff('b', r.bold), onOff('bCs', r.bold),
    onOff('i', r.italic), onOff('iCs', r.italic),
    r.color ? colorEl(r.color) : '',
    r.spacing !== undefined ? `<w:spacing w:val="${r.spacing}"/>` : '',
    r.kern !== undefined ? `<w:kern w:val="${halfPt(r.kern)}"/>` : '',
    r.size !== undefined ? `<w:sz w:val="${halfPt(r.size)}"/><w:szCs w:val="${halfPt(r.size)}"/>` : '',
    r.underline ? '<w:u w:val="single"/>' : '',
    r.vertAlign ? `<w:vertAlign w:val="${r.vertAlign}"/>` : '',
    r.lang ? `<w:lang w:val="${r.lang[0]}" w:eastAsia="${r.lang[1]}" w:bidi="${r.lang[2]}"/>` : '',
  ].join('');
}

export function rPr(r: RunProps | undefined): string {
  const children = r ? runChildren(r) : '';
  return children ? `<w:rPr>${children}</w:rPr>` : '';
}

export interface Tab { val: 'left' | 'right' | 'center' | 'clear'; pos: number; leader?: 'dot' | 'hyphen' | 'underscore' }

export interface ParaProps {
  /** Paragraph style id (w:pStyle): only in paragraphs, not in style definitions. */
  style?: string;
  keepNext?: boolean;
  keepLines?: boolean;
  pageBreakBefore?: boolean;
  widowControl?: boolean;
  numbering?: { level: number; numId: number };
  borders?: { top?: Line; left?: Line; bottom?: Line; right?: Line };
  shading?: Tone;
  tabs?: Tab[];
  /** Twips before and after; line in 240ths of a line (auto) or twips (exact/atLeast). */
  spacing?: { before?: number; after?: number; line?: number; lineRule?: 'auto' | 'exact' | 'atLeast' };
  indent?: { left?: number; right?: number; hanging?: number; firstLine?: number };
  contextualSpacing?: boolean;
  align?: 'left' | 'center' | 'right' | 'both';
  outlineLevel?: number;
}

/** The children of a w:pPr, in schema order (without the paragraph mark's w:rPr). */
export function paraChildren(p: ParaProps): string {
  const b = p.borders;
  const borders = b ? ['top', 'left', 'bottom', 'right'].flatMap((side) => {
    const line = b[side as keyof typeof b];
    return line ? [borderEl(side, line)] : [];
  }).join('') : '';
  const attrs = (o: Record<string, number | string | undefined>) => Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => ` w:${k}="${v}"`).join('');
  return [
    p.style ? `<w:pStyle w:val="${p.style}"/>` : '',
    onOff('keepNext', p.keepNext),
    onOff('keepLines', p.keepLines),
    onOff('pageBreakBefore', p.pageBreakBefore),
    onOff('widowControl', p.widowControl),
    p.numbering ? `<w:numPr><w:ilvl w:val="${p.numbering.level}"/><w:numId w:val="${p.numbering.numId}"/></w:numPr>` : '',
    borders ? `<w:pBdr>${borders}</w:pBdr>` : '',
    p.shading ? shdEl(p.shading) : '',
    p.tabs?.length ? `<w:tabs>${p.tabs.map((t) => `<w:tab w:val="${t.val}"${t.leader ? ` w:leader="${t.leader}"` : ''} w:pos="${t.pos}"/>`).join('')}</w:tabs>` : '',
    p.spacing ? `<w:spacing${attrs({ before: p.spacing.before, after: p.spacing.after, line: p.spacing.line, lineRule: p.spacing.line !== undefined ? p.spacing.lineRule ?? 'auto' : undefined })}/>` : '',
    p.indent ? `<w:ind${attrs(p.indent)}/>` : '',
    onOff('contextualSpacing', p.contextualSpacing),
    p.align ? `<w:jc w:val="${p.align}"/>` : '',
    p.outlineLevel !== undefined ? `<w:outlineLvl w:val="${p.outlineLevel}"/>` : '',
  ].join('');
}

/** A w:pPr; `mark` is the paragraph mark's run properties (only inside a paragraph). */
export function pPr(p: ParaProps | undefined, mark?: RunProps): string {
  const children = (p ? paraChildren(p) : '') + rPr(mark);
  return children ? `<w:pPr>${children}</w:pPr>` : '';
}
