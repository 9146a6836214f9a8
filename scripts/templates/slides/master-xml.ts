// ppt/slideMasters/slideMaster1.xml: the canvas background, the chrome every content slide shares (the
// top band in the primary colour and the footer hairline), the master placeholders, and the text styles
// every layout inherits: headings in the major font in the statement colour, bullets "•" and "–" in the
// minor font. Statement layouts (title, section, closing) hide the master's shapes.
import {
  COLOR, decorationShape, GROUP_START, NS, paraProps, scheme, solid, XML_DECL, type ParaStyle,
} from './drawing.ts';
import {
  BODY_BOX, FOOTER_RULE, footerPhs, MASTER_PROMPT, placeholderShape, TITLE_BOX, TOP_BAND, titlePh, type PlaceholderSpec,
} from './placeholders.ts';

/** Slide layout ids start above the master's id (2147483648) and are unique across master and layouts. */
export const MASTER_ID = 2147483648;
export const layoutId = (index: number): number => MASTER_ID + 1 + index;

export const CLR_MAP = '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" '
  + 'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';

/** Bullet levels: "•" at 24 pt, "–" at 20 pt, then 18 pt alternating; bullets in the heading colour, text in tx1. */
export function bodyLevels(): ParaStyle[] {
  const levels: ParaStyle[] = [
    { marL: 0.4, indent: -0.4, lineSpacing: 1.05, spaceBefore: 14, bullet: { char: '\u2022', color: COLOR.heading }, run: { size: 24, color: COLOR.text, font: '+mn-lt' } },
    { marL: 0.8, indent: -0.32, lineSpacing: 1.05, spaceBefore: 6, bullet: { char: '\u2013', color: COLOR.heading }, run: { size: 20, color: COLOR.text, font: '+mn-lt' } },
  ];
  for (let level = 3; level <= 9; level++) {
    levels.push({
      marL: 1.15 + 0.35 * (level - 3), indent: -0.28, lineSpacing: 1.05, spaceBefore: 4,
      bullet: { char: level % 2 ? '\u2022' : '\u2013', color: COLOR.heading }, run: { size: 18, color: COLOR.text, font: '+mn-lt' },
    });
  }
  return levels;
}

const TITLE_LEVEL: ParaStyle = { align: 'l', lineSpacing: 0.95, spaceBefore: 0, bullet: null, run: { size: 32, bold: true, color: COLOR.heading, font: '+mj-lt' } };

function otherLevels(): ParaStyle[] {
  return Array.from({ length: 9 }, (_, i) => ({ marL: 0.5 * i, align: 'l' as const, run: { size: 18, color: COLOR.text, font: '+mn-lt' as const } }));
}

function listXml(tag: string, levels: ParaStyle[], withDefault = false): string {
  const def = withDefault ? '<a:defPPr><a:defRPr lang="en-US"/></a:defPPr>' : '';
  return `<${tag}>${def}${levels.map((l, i) => paraProps(`a:lvl${i + 1}pPr`, l, ' rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1"')).join('')}</${tag}>`;
}

export function masterPlaceholders(): PlaceholderSpec[] {
  const [dt, ftr, sldNum] = footerPhs();
  return [
    titlePh(TITLE_BOX, { levels: [] }),
    { name: 'Text Placeholder 2', type: 'body', idx: 1, box: BODY_BOX, body: { anchor: 't', inset: [0.08, 0.04, 0.08, 0.04] }, levels: [], prompt: MASTER_PROMPT },
    { ...dt, idx: 2 },
    { ...ftr, idx: 3 },
    { ...sldNum, idx: 4 },
  ];
}

export function masterXml(layoutCount: number): string {
  const placeholders = masterPlaceholders();
  let id = 1;
  const phShapes = placeholders.map((p) => {
    id += 1;
    return placeholderShape(id, { ...p, name: p.name.replace(/ \d+$/, ` ${id - 1}`) });
  });
  const decoration = [TOP_BAND, FOOTER_RULE].map((d) => decorationShape(++id, d));
  const layoutIds = Array.from({ length: layoutCount }, (_, i) => `<p:sldLayoutId id="${layoutId(i)}" r:id="rId${i + 1}"/>`).join('');
  return XML_DECL
    + `<p:sldMaster ${NS}>`
    + `<p:cSld><p:bg><p:bgPr>${solid(scheme('bg1'))}<a:effectLst/></p:bgPr></p:bg>`
    + `<p:spTree>${GROUP_START}${decoration.join('')}${phShapes.join('')}</p:spTree></p:cSld>`
    + CLR_MAP
    + `<p:sldLayoutIdLst>${layoutIds}</p:sldLayoutIdLst>`
    + '<p:txStyles>'
    + listXml('p:titleStyle', [TITLE_LEVEL])
    + listXml('p:bodyStyle', bodyLevels())
    + listXml('p:otherStyle', otherLevels(), true)
    + '</p:txStyles>'
    + '</p:sldMaster>';
}
