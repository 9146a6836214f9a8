// Placeholders: what a layout offers a slide (type, idx, bounds, text style) and the text the engine
// puts there. Also the geometry shared by the master and the layouts, from today's renderer
// (slide-painter.ts, masters.ts): title box at 0.6/0.3, body at y 1.72 h 4.98, two columns 0.45 apart,
// footer under a rule at y 6.92, logo spots top right (content) and top left (statement slides).
import {
  bodyProps, COLOR, esc, listStyle, paragraphs, scheme, SLIDE_W, solid, xfrm,
  type BodyStyle, type Box, type Decoration, type Para, type ParaStyle,
} from './drawing.ts';

export interface PlaceholderSpec {
  /** Shape name as PowerPoint writes it ("Title 1") or a role name ("Section Number", "Caption"). */
  name: string;
  /** ph type; absent: an object (content) placeholder. */
  type?: 'title' | 'ctrTitle' | 'subTitle' | 'body' | 'chart' | 'tbl' | 'pic' | 'dt' | 'ftr' | 'sldNum';
  idx?: number;
  sz?: 'half' | 'quarter';
  box: Box;
  body: BodyStyle;
  /** Text style overrides (lstStyle levels); plain-text placeholders carry buNone here. */
  levels: ParaStyle[];
  /** The prompt shown in the layout; custom prompts are marked hasCustomPrompt. */
  prompt: Para[];
  customPrompt?: boolean;
  /** A light rounded panel behind the text (shown while the placeholder holds text). */
  panel?: boolean;
  /** Sample text for the specimen deck; absent on chart, table and picture areas. */
  sample?: Para[];
  /** What the specimen draws in an area placeholder ("chart area"). */
  area?: string;
}

// ---- geometry (inches)

export const MARGIN_X = 0.6;
export const CONTENT_W = SLIDE_W - 2 * MARGIN_X;
export const TITLE_BOX: Box = { x: MARGIN_X, y: 0.3, w: 11.33 - 0.3 - MARGIN_X, h: 1.02 };
export const BODY_BOX: Box = { x: MARGIN_X, y: 1.72, w: CONTENT_W, h: 4.98 };
export const COLUMN_GAP = 0.45;
export const COLUMN_W = (CONTENT_W - COLUMN_GAP) / 2;
export const RIGHT_X = MARGIN_X + COLUMN_W + COLUMN_GAP;
export const CAPTION_H = 0.4;
export const HEADING_H = 0.5;
export const TOP_BAND_H = 0.09;
export const FOOTER_Y = 6.98;
export const LOGO = {
  content: { x: 11.33, y: 0.32, w: 1.4, h: 0.62 },
  statement: { x: 0.7, y: 0.55, w: 1.7, h: 0.7 },
} satisfies Record<string, Box>;

/** Splits an area into the part above a one-line caption and the caption under it. */
export function withCaption(area: Box): { area: Box; caption: Box } {
  const h = area.h - CAPTION_H;
  return { area: { ...area, h }, caption: { x: area.x, y: area.y + h + 0.08, w: area.w, h: CAPTION_H - 0.08 } };
}

// ---- text styles

/** A placeholder that holds one plain paragraph: no bullet, no indent. */
export function plain(run: ParaStyle['run'], extra: Omit<ParaStyle, 'run' | 'bullet'> = {}): ParaStyle[] {
  return [{ marL: 0, indent: 0, bullet: null, ...extra, run }];
}

const noInset: BodyStyle['inset'] = 0;

// ---- placeholders used by several layouts

export function titlePh(box: Box = TITLE_BOX, overrides: Partial<PlaceholderSpec> = {}): PlaceholderSpec {
  return {
    name: 'Title 1', type: 'title', box,
    body: { anchor: 'b', inset: noInset },
    levels: plain(undefined),
    prompt: [{ text: 'Click to edit Master title style' }],
    sample: [{ text: 'Slide title' }],
    ...overrides,
  };
}

export const MASTER_PROMPT: Para[] = [
  { text: 'Click to edit Master text styles' }, { text: 'Second level', level: 1 }, { text: 'Third level', level: 2 },
  { text: 'Fourth level', level: 3 }, { text: 'Fifth level', level: 4 },
];

/** A content (object) placeholder: bullets, or the bounds where a chart, table or image goes. */
export function contentPh(name: string, idx: number, box: Box, o: { sz?: 'half'; panel?: boolean; sample?: Para[] } = {}): PlaceholderSpec {
  const inset: [number, number, number, number] = o.panel ? [0.23, 0.16, 0.23, 0.12] : [0.08, 0.04, 0.08, 0.04];
  return {
    name, idx, sz: o.sz, box, panel: o.panel,
    body: { anchor: 't', inset },
    // Columns are narrower: a size smaller than full-width bullets (today's 22 pt in column panels).
    levels: o.sz === 'half' ? [{ run: { size: 22 } }, { run: { size: 18 } }, { run: { size: 16 } }] : [],
    prompt: MASTER_PROMPT.slice(0, 3),
    sample: o.sample,
  };
}

export function captionPh(idx: number, box: Box, align: 'l' | 'ctr' = 'l'): PlaceholderSpec {
  return {
    name: 'Caption', type: 'body', sz: 'quarter', idx, box, customPrompt: true,
    body: { anchor: 't', inset: noInset },
    levels: plain({ size: 12, italic: true, color: COLOR.muted, font: '+mn-lt' }, { align, spaceBefore: 0 }),
    prompt: [{ text: 'Caption or source' }],
    sample: [{ text: 'Source: operations data warehouse, exported July 2026' }],
  };
}

const FOOTER_TEXT = (align: 'l' | 'r'): ParaStyle[] => plain({ size: 10, color: COLOR.muted, font: '+mn-lt' }, { align, spaceBefore: 0 });

/**
 * Date, footer and slide number as PowerPoint's layouts have them (idx 10, 11, 12). The footer's prompt
 * is a run, not an empty paragraph: LibreOffice styles a slide's footer from the layout's first run.
 */
export function footerPhs(): PlaceholderSpec[] {
  const body: BodyStyle = { anchor: 'ctr', inset: noInset };
  return [
    { name: 'Date Placeholder 4', type: 'dt', sz: 'half', idx: 10, box: { x: 9.2, y: FOOTER_Y, w: 2.6, h: 0.32 }, body, levels: FOOTER_TEXT('r'), prompt: [{ text: '1/1/2026', field: 'datetime' }] },
    { name: 'Footer Placeholder 5', type: 'ftr', sz: 'quarter', idx: 11, box: { x: MARGIN_X, y: FOOTER_Y, w: 8.4, h: 0.32 }, body, levels: FOOTER_TEXT('l'), prompt: [{ text: 'Footer' }] },
    { name: 'Slide Number Placeholder 6', type: 'sldNum', sz: 'quarter', idx: 12, box: { x: SLIDE_W - 1.3, y: FOOTER_Y, w: 0.7, h: 0.32 }, body, levels: FOOTER_TEXT('r'), prompt: [{ text: '\u2039#\u203A', field: 'slidenum' }] },
  ];
}

// ---- decoration used by several layouts

export const logoArea = (box: Box): Decoration => ({ name: 'Logo Area', box });
export const accentRule = (x: number, y: number, w = 0.9, h = 0.07): Decoration => ({ name: 'Accent Rule', box: { x, y, w, h }, fill: COLOR.accent });
export const TOP_BAND: Decoration = { name: 'Top Band', box: { x: 0, y: 0, w: SLIDE_W, h: TOP_BAND_H }, fill: COLOR.band };
export const FOOTER_RULE: Decoration = { name: 'Footer Rule', geometry: 'line', box: { x: MARGIN_X, y: 6.92, w: CONTENT_W, h: 0 }, line: { color: COLOR.rule, width: 0.75 } };

// ---- XML

function phElement(p: PlaceholderSpec): string {
  const attrs = [
    p.type ? ` type="${p.type}"` : '',
    p.sz ? ` sz="${p.sz}"` : '',
    p.idx !== undefined ? ` idx="${p.idx}"` : '',
    p.customPrompt ? ' hasCustomPrompt="1"' : '',
  ].join('');
  return `<p:ph${attrs}/>`;
}

/** A placeholder of a master or layout: explicit position, its text style, and its prompt. */
export function placeholderShape(id: number, p: PlaceholderSpec): string {
  const geometry = p.panel
    ? `<a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" fmla="val 2200"/></a:avLst></a:prstGeom>${solid(scheme('bg2'))}<a:ln><a:noFill/></a:ln>`
    : '';
  const nv = `<p:nvSpPr><p:cNvPr id="${id}" name="${esc(p.name)}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${phElement(p)}</p:nvPr></p:nvSpPr>`;
  return `<p:sp>${nv}<p:spPr>${xfrm(p.box)}${geometry}</p:spPr><p:txBody>${bodyProps(p.body)}${listStyle(p.levels)}${paragraphs(p.prompt)}</p:txBody></p:sp>`;
}

/** The slide-side reference to a layout placeholder (the specimen, and what the engine writes). */
export function phReference(p: PlaceholderSpec): string {
  return phElement({ ...p, customPrompt: false });
}
