// Small DrawingML/PresentationML writers shared by the master, the layouts and the specimen: units,
// theme colours, fills, paragraph and run properties, shapes. Geometry is in inches (Folio's renderer
// works in inches on the 13.333 x 7.5 in slide) and converted to EMU here.

export const NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
  + 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
  + 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
export const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const EMU_PER_INCH = 914400;
export const SLIDE_CX = 12192000;
export const SLIDE_CY = 6858000;
/** Slide size in inches: 13.333 x 7.5. */
export const SLIDE_W = SLIDE_CX / EMU_PER_INCH;
export const SLIDE_H = SLIDE_CY / EMU_PER_INCH;

export interface Box { x: number; y: number; w: number; h: number }

export const emu = (inches: number): number => Math.round(inches * EMU_PER_INCH);
/** Points to hundredths of a point (font sizes, spacing). */
export const pt100 = (points: number): number => Math.round(points * 100);

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function xfrm(b: Box): string {
  return `<a:xfrm><a:off x="${emu(b.x)}" y="${emu(b.y)}"/><a:ext cx="${emu(b.w)}" cy="${emu(b.h)}"/></a:xfrm>`;
}

// ---- colours: always theme slots, never literal RGB, so a brand that rewrites the scheme recolours all.

export type SchemeSlot = 'tx1' | 'tx2' | 'bg1' | 'bg2' | 'accent1' | 'accent2' | 'accent3' | 'accent4' | 'accent5' | 'accent6' | 'phClr';

/** `<a:schemeClr>` with colour transforms in the given order (lumMod before lumOff, as Office writes them). */
export function scheme(slot: SchemeSlot, mods: Record<string, number> = {}): string {
  const children = Object.entries(mods).map(([name, val]) => `<a:${name} val="${val}"/>`).join('');
  return children ? `<a:schemeClr val="${slot}">${children}</a:schemeClr>` : `<a:schemeClr val="${slot}"/>`;
}

export const solid = (color: string): string => `<a:solidFill>${color}</a:solidFill>`;

/** The colours of the design, by role. */
export const COLOR = {
  text: scheme('tx1'),
  /** Secondary text (captions, footers, the quote slide's label): body text lightened. */
  muted: scheme('tx1', { lumMod: 65000, lumOff: 35000 }),
  heading: scheme('tx2'),
  accent: scheme('accent2'),
  band: scheme('accent1'),
  canvas: scheme('bg1'),
  panel: scheme('bg2'),
  /** Hairlines on the canvas (footer rule). */
  rule: scheme('bg1', { lumMod: 85000 }),
  statement: scheme('tx2'),
  /** The deeper block on statement slides (title, section, closing). */
  statementDeep: scheme('tx2', { lumMod: 80000 }),
  /** Text on statement slides. */
  onStatement: scheme('bg1'),
  /** Subtitles on statement slides: a pale tint of the statement colour. */
  onStatementMuted: scheme('tx2', { lumMod: 20000, lumOff: 80000 }),
} as const;

// ---- text

export interface RunStyle {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  /** '+mj-lt' (headings) or '+mn-lt' (body). */
  font?: '+mj-lt' | '+mn-lt';
}

/** A level's default run properties (`a:defRPr`): size, weight, style, colour, theme font; schema order. */
export function runProps(tag: string, s: RunStyle): string {
  const attrs = [
    s.size !== undefined ? ` sz="${pt100(s.size)}"` : '',
    s.bold !== undefined ? ` b="${s.bold ? 1 : 0}"` : '',
    s.italic !== undefined ? ` i="${s.italic ? 1 : 0}"` : '',
    tag === 'a:defRPr' && s.size !== undefined ? ' kern="1200"' : '',
  ].join('');
  const fill = s.color ? solid(s.color) : '';
  const font = s.font ? `<a:latin typeface="${s.font}"/><a:ea typeface="${s.font.replace('-lt', '-ea')}"/><a:cs typeface="${s.font.replace('-lt', '-cs')}"/>` : '';
  return fill || font ? `<${tag}${attrs}>${fill}${font}</${tag}>` : `<${tag}${attrs}/>`;
}

export interface ParaStyle {
  align?: 'l' | 'ctr' | 'r';
  marL?: number;
  indent?: number;
  lineSpacing?: number;
  spaceBefore?: number;
  spaceAfter?: number;
  /** Bullet character; null: no bullet (`a:buNone`); undefined: inherited. */
  bullet?: { char: string; color?: string; sizePct?: number } | null;
  run?: RunStyle;
}

/** A level's paragraph properties (`a:lvl1pPr` ... or `a:pPr`), children in schema order. */
export function paraProps(tag: string, p: ParaStyle, extraAttrs = ''): string {
  const attrs = [
    p.marL !== undefined ? ` marL="${emu(p.marL)}"` : '',
    p.indent !== undefined ? ` indent="${emu(p.indent)}"` : '',
    p.align ? ` algn="${p.align}"` : '',
    extraAttrs,
  ].join('');
  const spacing = (name: string, points?: number) => (points === undefined ? '' : `<a:${name}><a:spcPts val="${pt100(points)}"/></a:${name}>`);
  const children = [
    p.lineSpacing !== undefined ? `<a:lnSpc><a:spcPct val="${Math.round(p.lineSpacing * 100000)}"/></a:lnSpc>` : '',
    spacing('spcBef', p.spaceBefore),
    spacing('spcAft', p.spaceAfter),
    p.bullet?.color ? `<a:buClr>${p.bullet.color}</a:buClr>` : '',
    p.bullet?.sizePct ? `<a:buSzPct val="${p.bullet.sizePct * 1000}"/>` : '',
    p.bullet === null ? '<a:buNone/>' : p.bullet ? `<a:buFont typeface="Arial" panose="020B0604020202020204" pitchFamily="34" charset="0"/><a:buChar char="${p.bullet.char}"/>` : '',
    p.run ? runProps('a:defRPr', p.run) : '',
  ].join('');
  return children ? `<${tag}${attrs}>${children}</${tag}>` : `<${tag}${attrs}/>`;
}

/** `<a:lstStyle>` with the given levels (index 0 = lvl1pPr). */
export function listStyle(levels: ParaStyle[]): string {
  if (!levels.length) return '<a:lstStyle/>';
  return `<a:lstStyle>${levels.map((l, i) => paraProps(`a:lvl${i + 1}pPr`, l)).join('')}</a:lstStyle>`;
}

export interface BodyStyle {
  anchor?: 't' | 'ctr' | 'b';
  /** Insets in inches: all four, or [left, top, right, bottom]. */
  inset?: number | [number, number, number, number];
}

export function bodyProps(b: BodyStyle): string {
  const ins = b.inset === undefined ? undefined : typeof b.inset === 'number' ? [b.inset, b.inset, b.inset, b.inset] : b.inset;
  const attrs = [
    ins ? ` lIns="${emu(ins[0])}" tIns="${emu(ins[1])}" rIns="${emu(ins[2])}" bIns="${emu(ins[3])}"` : '',
    ' rtlCol="0"',
    b.anchor ? ` anchor="${b.anchor}"` : '',
  ].join('');
  // normAutofit: text that overflows shrinks (when the editor recomputes it).
  return `<a:bodyPr vert="horz"${attrs}><a:normAutofit/></a:bodyPr>`;
}

// ---- shapes

export const GROUP_START = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
  + '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

export interface Decoration {
  name: string;
  box: Box;
  /** Fill colour (theme colour XML); none: no fill. */
  fill?: string;
  /** Line: colour XML and width in points; absent: no line. */
  line?: { color: string; width: number };
  geometry?: 'rect' | 'line';
  /** Custom geometry XML (`a:custGeom`) instead of a preset (the quote mark). */
  custom?: string;
}

/** A non-placeholder shape of a master or layout (no text): a band, rule, panel, the quote mark, the logo spot. */
export function decorationShape(id: number, d: Decoration): string {
  const geometry = d.geometry ?? 'rect';
  const fill = d.fill ? solid(d.fill) : '<a:noFill/>';
  const line = d.line ? `<a:ln w="${Math.round(d.line.width * 12700)}">${solid(d.line.color)}</a:ln>` : '<a:ln><a:noFill/></a:ln>';
  const nv = geometry === 'line' ? '<p:cNvCxnSpPr/>' : '<p:cNvSpPr/>';
  const shape = d.custom ?? `<a:prstGeom prst="${geometry}"><a:avLst/></a:prstGeom>`;
  const spPr = `<p:spPr>${xfrm(d.box)}${shape}${geometry === 'line' ? '' : fill}${line}</p:spPr>`;
  if (geometry === 'line') {
    return `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="${id}" name="${esc(d.name)}"/>${nv}<p:nvPr userDrawn="1"/></p:nvCxnSpPr>${spPr}</p:cxnSp>`;
  }
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${esc(d.name)}"/>${nv}<p:nvPr userDrawn="1"/></p:nvSpPr>${spPr}</p:sp>`;
}

/** One paragraph of placeholder or sample text: plain text at a list level, or a field (slide number, date). */
export interface Para { text: string; level?: number; field?: 'slidenum' | 'datetime' }

// Fixed field ids: the same bytes every build.
const FIELD_ID = { slidenum: '{B7A1C0DE-0000-4000-8000-000000000001}', datetime: '{B7A1C0DE-0000-4000-8000-000000000002}' };

export function paragraphs(paras: Para[]): string {
  if (!paras.length) return '<a:p><a:endParaRPr lang="en-US" dirty="0"/></a:p>';
  return paras.map((p) => {
    const pPr = p.level ? `<a:pPr lvl="${p.level}"/>` : '';
    if (p.field) {
      const type = p.field === 'slidenum' ? 'slidenum' : 'datetimeFigureOut';
      return `<a:p>${pPr}<a:fld id="${FIELD_ID[p.field]}" type="${type}"><a:rPr lang="en-US"/><a:t>${esc(p.text)}</a:t></a:fld><a:endParaRPr lang="en-US"/></a:p>`;
    }
    return `<a:p>${pPr}<a:r><a:rPr lang="en-US" dirty="0"/><a:t>${esc(p.text)}</a:t></a:r></a:p>`;
  }).join('');
}
