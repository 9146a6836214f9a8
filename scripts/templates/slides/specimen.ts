// The specimen deck: the template with one slide per layout, each filling the layout's placeholders
// with sample text the way the engine will (a placeholder reference, an empty spPr so the position
// comes from the layout, and bare paragraphs so the text style comes from the layout and master).
// Chart, table and picture placeholders are shown as a dashed "chart area" box of the same bounds.
import { esc, GROUP_START, NS, paragraphs, scheme, solid, XML_DECL, xfrm, COLOR, type Para } from './drawing.ts';
import { shapeName } from './layout-xml.ts';
import { layouts, type LayoutSpec } from './layouts.ts';
import { CT, packageParts, relsXml, RT, zipDeck, type Part } from './package.ts';
import { PALETTES, type ThemeName } from './palettes.ts';
import { phReference, type PlaceholderSpec } from './placeholders.ts';

function placeholderText(id: number, p: PlaceholderSpec, text: Para[]): string {
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${esc(shapeName(p.name, id))}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>`
    + `<p:nvPr>${phReference(p)}</p:nvPr></p:nvSpPr><p:spPr/>`
    + `<p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs(text)}</p:txBody></p:sp>`;
}

/** A stand-in for a chart, table or picture: a dashed box over the placeholder's bounds. */
function areaBox(id: number, p: PlaceholderSpec): string {
  const dashed = `<a:ln w="12700">${solid(COLOR.muted)}<a:prstDash val="dash"/></a:ln>`;
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${esc(p.area ?? 'area')}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>`
    + `<p:spPr>${xfrm(p.box)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${solid(scheme('bg2'))}${dashed}</p:spPr>`
    + `<p:txBody><a:bodyPr rtlCol="0" anchor="ctr"><a:noAutofit/></a:bodyPr><a:lstStyle/>`
    + `<a:p><a:pPr marL="0" indent="0" algn="ctr"><a:buNone/></a:pPr><a:r><a:rPr lang="en-US" sz="2000" i="1">${solid(COLOR.muted)}</a:rPr><a:t>${esc(p.area ?? '')}</a:t></a:r></a:p>`
    + '</p:txBody></p:sp>';
}

function slideXml(layout: LayoutSpec, footer: string): string {
  let id = 1;
  const shapes = layout.placeholders.flatMap((p) => {
    id += 1;
    if (p.area) return [areaBox(id, p)];
    if (p.type === 'ftr') return [placeholderText(id, p, [{ text: footer }])];
    if (p.type === 'sldNum') return [placeholderText(id, p, [{ text: '\u2039#\u203A', field: 'slidenum' }])];
    if (!p.sample) return [];
    return [placeholderText(id, p, p.sample)];
  });
  return XML_DECL + `<p:sld ${NS}><p:cSld><p:spTree>${GROUP_START}${shapes.join('')}</p:spTree></p:cSld>`
    + '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>';
}

export function buildSpecimen(theme: ThemeName): Buffer {
  const footer = `Folio \u00B7 ${PALETTES[theme].title} template specimen`;
  const specs = layouts();
  const parts: Part[] = specs.flatMap((spec, i): Part[] => [
    { name: `ppt/slides/slide${i + 1}.xml`, data: slideXml(spec, footer), contentType: CT.slide },
    { name: `ppt/slides/_rels/slide${i + 1}.xml.rels`, data: relsXml([{ type: RT.slideLayout, target: `../slideLayouts/slideLayout${i + 1}.xml` }]) },
  ]);
  const slideNames = specs.map((_, i) => `ppt/slides/slide${i + 1}.xml`);
  return zipDeck(packageParts(theme, { parts, slideNames }));
}
