// word/theme/theme1.xml: the "Folio Report" theme. Its colour scheme and font pair are what the
// styles refer to (w:themeColor, w:asciiTheme...), so a brand that rewrites them restyles the whole
// document; the format scheme is Office's, shared with the slide templates, so shapes and charts
// drawn later with style references look native.
import { FORMAT_SCHEME } from '../slides/theme-xml.ts';
import type { ReportPalette } from './palette.ts';
import { esc, XML_DECL } from './xml.ts';

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

function colorScheme(p: ReportPalette, name: string): string {
  const slot = (tag: string, hex: string) => `<a:${tag}><a:srgbClr val="${hex}"/></a:${tag}>`;
  return `<a:clrScheme name="${esc(name)}">`
    + slot('dk1', p.dk1) + slot('lt1', p.lt1) + slot('dk2', p.dk2) + slot('lt2', p.lt2)
    + p.accents.map((hex, i) => slot(`accent${i + 1}`, hex)).join('')
    + slot('hlink', p.hlink) + slot('folHlink', p.folHlink)
    + '</a:clrScheme>';
}

function fontScheme(p: ReportPalette, name: string): string {
  const font = (tag: string, typeface: string) => `<a:${tag}><a:latin typeface="${esc(typeface)}"/><a:ea typeface=""/><a:cs typeface=""/></a:${tag}>`;
  return `<a:fontScheme name="${esc(name)}">${font('majorFont', p.majorFont)}${font('minorFont', p.minorFont)}</a:fontScheme>`;
}

export function themeXml(p: ReportPalette): string {
  const name = `Folio ${p.title}`;
  return XML_DECL
    + `<a:theme ${A} name="${esc(name)}">`
    + `<a:themeElements>${colorScheme(p, name)}${fontScheme(p, name)}${FORMAT_SCHEME}</a:themeElements>`
    + '<a:objectDefaults/><a:extraClrSchemeLst/>'
    + '</a:theme>';
}
