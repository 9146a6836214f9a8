// ppt/theme/theme1.xml (the slides' theme) and ppt/theme/theme2.xml (the notes master's): the Folio
// colour scheme, the heading/body font pair, and the format scheme as Office writes it (three fill,
// line, effect and background fill styles), so shapes drawn later with style references look native.
import { XML_DECL } from './drawing.ts';
import type { SchemePalette } from './palettes.ts';

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

function colorScheme(p: SchemePalette): string {
  const slot = (name: string, hex: string) => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`;
  return `<a:clrScheme name="Folio ${p.title}">`
    + slot('dk1', p.dk1) + slot('lt1', p.lt1) + slot('dk2', p.dk2) + slot('lt2', p.lt2)
    + p.accents.map((hex, i) => slot(`accent${i + 1}`, hex)).join('')
    + slot('hlink', p.hlink) + slot('folHlink', p.folHlink)
    + '</a:clrScheme>';
}

function fontScheme(p: SchemePalette): string {
  const font = (tag: string, typeface: string) => `<a:${tag}><a:latin typeface="${typeface}"/><a:ea typeface=""/><a:cs typeface=""/></a:${tag}>`;
  return `<a:fontScheme name="Folio ${p.title}">${font('majorFont', p.majorFont)}${font('minorFont', p.minorFont)}</a:fontScheme>`;
}

const ph = (mods: string) => `<a:schemeClr val="phClr">${mods}</a:schemeClr>`;
const gs = (pos: number, mods: string) => `<a:gs pos="${pos}">${ph(mods)}</a:gs>`;
const grad = (stops: string) => `<a:gradFill rotWithShape="1"><a:gsLst>${stops}</a:gsLst><a:lin ang="5400000" scaled="0"/></a:gradFill>`;
const line = (w: number) => `<a:ln w="${w}" cap="flat" cmpd="sng" algn="ctr"><a:solidFill>${ph('')}</a:solidFill><a:prstDash val="solid"/><a:miter lim="800000"/></a:ln>`;

/** Office 2013+ "Office" format scheme. */
export const FORMAT_SCHEME = '<a:fmtScheme name="Office">'
  + '<a:fillStyleLst>'
  + `<a:solidFill>${ph('')}</a:solidFill>`
  + grad(gs(0, '<a:lumMod val="110000"/><a:satMod val="105000"/><a:tint val="67000"/>')
    + gs(50000, '<a:lumMod val="105000"/><a:satMod val="103000"/><a:tint val="73000"/>')
    + gs(100000, '<a:lumMod val="105000"/><a:satMod val="109000"/><a:tint val="81000"/>'))
  + grad(gs(0, '<a:satMod val="103000"/><a:lumMod val="102000"/><a:tint val="94000"/>')
    + gs(50000, '<a:satMod val="110000"/><a:lumMod val="100000"/><a:shade val="100000"/>')
    + gs(100000, '<a:lumMod val="99000"/><a:satMod val="120000"/><a:shade val="78000"/>'))
  + '</a:fillStyleLst>'
  + `<a:lnStyleLst>${line(6350)}${line(12700)}${line(19050)}</a:lnStyleLst>`
  + '<a:effectStyleLst>'
  + '<a:effectStyle><a:effectLst/></a:effectStyle>'
  + '<a:effectStyle><a:effectLst/></a:effectStyle>'
  + '<a:effectStyle><a:effectLst><a:outerShdw blurRad="57150" dist="19050" dir="5400000" algn="ctr" rotWithShape="0">'
  + '<a:srgbClr val="000000"><a:alpha val="63000"/></a:srgbClr></a:outerShdw></a:effectLst></a:effectStyle>'
  + '</a:effectStyleLst>'
  + '<a:bgFillStyleLst>'
  + `<a:solidFill>${ph('')}</a:solidFill>`
  + `<a:solidFill>${ph('<a:tint val="95000"/><a:satMod val="170000"/>')}</a:solidFill>`
  + grad(gs(0, '<a:tint val="93000"/><a:satMod val="150000"/><a:shade val="98000"/><a:lumMod val="102000"/>')
    + gs(50000, '<a:tint val="98000"/><a:satMod val="130000"/><a:shade val="90000"/><a:lumMod val="103000"/>')
    + gs(100000, '<a:shade val="63000"/><a:satMod val="120000"/>'))
  + '</a:bgFillStyleLst>'
  + '</a:fmtScheme>';

/** A theme part. `name` is the theme's own name ("Folio Midnight"; the notes theme adds " Notes"). */
export function themeXml(p: SchemePalette, name = `Folio ${p.title}`): string {
  return XML_DECL
    + `<a:theme ${A} name="${name}">`
    + `<a:themeElements>${colorScheme(p)}${fontScheme(p)}${FORMAT_SCHEME}</a:themeElements>`
    + '<a:objectDefaults/><a:extraClrSchemeLst/>'
    + '</a:theme>';
}
