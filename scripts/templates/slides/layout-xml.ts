// ppt/slideLayouts/slideLayoutN.xml from a LayoutSpec: background, decoration (behind), placeholders
// with explicit positions, then the empty "Logo Area" the engine puts a brand logo in.
import { decorationShape, esc, GROUP_START, NS, scheme, solid, XML_DECL } from './drawing.ts';
import type { LayoutSpec } from './layouts.ts';
import { logoArea, placeholderShape } from './placeholders.ts';

/** "Content Placeholder 7" -> numbered after the shape id, as PowerPoint names shapes; role names stay. */
export const shapeName = (name: string, id: number): string => name.replace(/ \d+$/, ` ${id - 1}`);

function background(l: LayoutSpec): string {
  if (l.background === 'master') return '';
  const fill = l.background === 'statement' ? scheme('tx2') : scheme('bg2');
  return `<p:bg><p:bgPr>${solid(fill)}<a:effectLst/></p:bgPr></p:bg>`;
}

export function layoutXml(l: LayoutSpec): string {
  let id = 1;
  const placeholders = l.placeholders.map((p) => {
    id += 1;
    return placeholderShape(id, { ...p, name: shapeName(p.name, id) });
  });
  const decoration = l.decoration.map((d) => decorationShape(++id, d));
  const logo = l.logo ? decorationShape(++id, logoArea(l.logo)) : '';
  const attrs = `${l.showMasterShapes ? '' : ' showMasterSp="0"'} type="${l.type}" preserve="1"`;
  return XML_DECL
    + `<p:sldLayout ${NS}${attrs}>`
    + `<p:cSld name="${esc(l.name)}">${background(l)}<p:spTree>${GROUP_START}${decoration.join('')}${placeholders.join('')}${logo}</p:spTree></p:cSld>`
    + '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr>'
    + '</p:sldLayout>';
}
