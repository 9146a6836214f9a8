// word/numbering.xml: two lists the list styles use. Abstract 1, bullets (•, –, ▪ in the accent
// colour, repeating), and abstract 2, numbers (1. a. i., repeating), each indented 360 twips a level
// with a 360 hanging indent, levels 0-2 tied to the List Bullet / List Number styles (w:pStyle), so
// Tab and Shift+Tab in Word move an item between List Bullet, List Bullet 2 and List Bullet 3.
// num 1 -> abstract 1, num 2 -> abstract 2; the engine adds w:num elements with a w:startOverride
// for each numbered list that starts again at 1.
import { colorEl, TONE, WR, XML_DECL } from './xml.ts';

export const BULLETS = 1;
export const NUMBERED = 2;

const BULLET_CHARS = ['\u2022', '\u2013', '\u25AA'];
const NUMBER_FORMATS = ['decimal', 'lowerLetter', 'lowerRoman'];
const STEP = 360;

function level(i: number, ordered: boolean): string {
  const style = i < 3 ? `<w:pStyle w:val="${ordered ? 'ListNumber' : 'ListBullet'}${i ? i + 1 : ''}"/>` : '';
  const format = ordered ? NUMBER_FORMATS[i % 3] : 'bullet';
  const text = ordered ? `%${i + 1}.` : BULLET_CHARS[i % 3];
  // Bullets in the accent colour; numbers keep the text's own colour and weight.
  const run = ordered ? '' : `<w:rPr>${colorEl(TONE.accent)}</w:rPr>`;
  return `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${format}"/>${style}`
    + `<w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/>`
    + `<w:pPr><w:ind w:left="${STEP * (i + 1)}" w:hanging="${STEP}"/></w:pPr>${run}</w:lvl>`;
}

function abstractNum(id: number, nsid: string, name: string, ordered: boolean): string {
  return `<w:abstractNum w:abstractNumId="${id}"><w:nsid w:val="${nsid}"/><w:multiLevelType w:val="multilevel"/>`
    + `<w:name w:val="${name}"/>`
    + Array.from({ length: 9 }, (_, i) => level(i, ordered)).join('')
    + '</w:abstractNum>';
}

export function numberingXml(): string {
  return XML_DECL + `<w:numbering ${WR}>`
    + abstractNum(BULLETS, '3F0A1B01', 'Folio Bullets', false)
    + abstractNum(NUMBERED, '3F0A1B02', 'Folio Numbers', true)
    + `<w:num w:numId="${BULLETS}"><w:abstractNumId w:val="${BULLETS}"/></w:num>`
    + `<w:num w:numId="${NUMBERED}"><w:abstractNumId w:val="${NUMBERED}"/></w:num>`
    + '</w:numbering>';
}
