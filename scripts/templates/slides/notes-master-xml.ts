// ppt/notesMasters/notesMaster1.xml: PowerPoint's portrait notes page (7.5 x 10 in) with header, date,
// the slide image, the notes body, footer and slide number. Its theme is ppt/theme/theme2.xml. The body
// placeholder has idx 1, the index notes slides refer to (PowerPoint's own master numbers it 3 and the
// date 1; here the date takes 3, so every idx stays unique).
import { GROUP_START, NS, XML_DECL, esc, paraProps, scheme, solid, type ParaStyle } from './drawing.ts';
import { CLR_MAP } from './master-xml.ts';

export const NOTES_CX = 6858000;
export const NOTES_CY = 9144000;

interface NotesPh { name: string; ph: string; off: [number, number]; ext: [number, number]; align: 'l' | 'r'; anchor: 't' | 'b'; text: string }

const HALF_W = 2971800;
const NOTES_PHS: NotesPh[] = [
  { name: 'Header Placeholder 1', ph: 'type="hdr" sz="quarter"', off: [0, 0], ext: [HALF_W, 458788], align: 'l', anchor: 't', text: '' },
  { name: 'Date Placeholder 2', ph: 'type="dt" idx="3"', off: [3884613, 0], ext: [HALF_W, 458788], align: 'r', anchor: 't', text: 'date' },
  { name: 'Footer Placeholder 5', ph: 'type="ftr" sz="quarter" idx="4"', off: [0, 8685213], ext: [HALF_W, 458787], align: 'l', anchor: 'b', text: '' },
  { name: 'Slide Number Placeholder 6', ph: 'type="sldNum" sz="quarter" idx="5"', off: [3884613, 8685213], ext: [HALF_W, 458787], align: 'r', anchor: 'b', text: 'slidenum' },
];

const BODY_PR = (anchor: string) => `<a:bodyPr vert="horz" lIns="91440" tIns="45720" rIns="91440" bIns="45720" rtlCol="0" anchor="${anchor}"/>`;
const XFRM = (off: [number, number], ext: [number, number]) => `<a:xfrm><a:off x="${off[0]}" y="${off[1]}"/><a:ext cx="${ext[0]}" cy="${ext[1]}"/></a:xfrm>`;

function smallPlaceholder(id: number, p: NotesPh): string {
  const field = p.text === 'slidenum'
    ? '<a:fld id="{B7A1C0DE-0000-4000-8000-000000000011}" type="slidenum"><a:rPr lang="en-US"/><a:t>\u2039#\u203A</a:t></a:fld>'
    : p.text === 'date' ? '<a:fld id="{B7A1C0DE-0000-4000-8000-000000000012}" type="datetimeFigureOut"><a:rPr lang="en-US"/><a:t>1/1/2026</a:t></a:fld>' : '';
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${esc(p.name)}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph ${p.ph}/></p:nvPr></p:nvSpPr>`
    + `<p:spPr>${XFRM(p.off, p.ext)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>`
    + `<p:txBody>${BODY_PR(p.anchor)}<a:lstStyle><a:lvl1pPr algn="${p.align}"><a:defRPr sz="1200"/></a:lvl1pPr></a:lstStyle>`
    + `<a:p>${field}<a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp>`;
}

function slideImage(id: number): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Slide Image Placeholder 3"/><p:cNvSpPr><a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr>`
    + '<p:nvPr><p:ph type="sldImg" idx="2"/></p:nvPr></p:nvSpPr>'
    + `<p:spPr>${XFRM([685800, 1143000], [5486400, 3086100])}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/>`
    + `<a:ln w="12700">${solid(scheme('tx1'))}</a:ln></p:spPr>`
    + `<p:txBody>${BODY_PR('ctr')}<a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp>`;
}

function notesBody(id: number): string {
  const levels = ['Click to edit Master text styles', 'Second level', 'Third level', 'Fourth level', 'Fifth level'];
  const paras = levels.map((t, i) => `<a:p>${i ? `<a:pPr lvl="${i}"/>` : ''}<a:r><a:rPr lang="en-US"/><a:t>${t}</a:t></a:r></a:p>`).join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Notes Placeholder 4"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>`
    + '<p:nvPr><p:ph type="body" sz="quarter" idx="1"/></p:nvPr></p:nvSpPr>'
    + `<p:spPr>${XFRM([685800, 4400550], [5486400, 3600450])}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>`
    + `<p:txBody>${BODY_PR('t')}<a:lstStyle/>${paras}</p:txBody></p:sp>`;
}

function notesStyle(): string {
  const levels: ParaStyle[] = Array.from({ length: 9 }, (_, i) => ({ marL: 0.5 * i, align: 'l', run: { size: 12, color: scheme('tx1'), font: '+mn-lt' } }));
  return `<p:notesStyle>${levels.map((l, i) => paraProps(`a:lvl${i + 1}pPr`, l, ' rtl="0"')).join('')}</p:notesStyle>`;
}

export function notesMasterXml(): string {
  const [hdr, dt, ftr, num] = NOTES_PHS;
  const shapes = [smallPlaceholder(2, hdr), smallPlaceholder(3, dt), slideImage(4), notesBody(5), smallPlaceholder(6, ftr), smallPlaceholder(7, num)];
  return XML_DECL
    + `<p:notesMaster ${NS}>`
    + `<p:cSld><p:bg><p:bgRef idx="1001">${scheme('bg1')}</p:bgRef></p:bg><p:spTree>${GROUP_START}${shapes.join('')}</p:spTree></p:cSld>`
    + CLR_MAP
    + notesStyle()
    + '</p:notesMaster>';
}
