// word/styles.xml: document defaults (the theme's body font, body text colour, 11 pt, 1.2 line
// spacing, 7 pt after paragraphs, widow control), the latent styles Word lists in its gallery, then
// the paragraph, character and table styles and the "No List" numbering style. Fonts are theme fonts
// and colours theme colours only, so rewriting the theme restyles the document.
import { paragraphStyles } from './paragraph-styles.ts';
import { paraChildren, runChildren } from './props.ts';
import { styleXml, type StyleDef } from './style-def.ts';
import { characterStyles, tableStyles } from './table-styles.ts';
import { TONE, WR, XML_DECL } from './xml.ts';

function docDefaults(): string {
  const rPr = runChildren({ font: 'minor', color: TONE.text, size: 11, lang: ['en-US', 'en-US', 'ar-SA'] });
  const pPr = paraChildren({ widowControl: true, spacing: { after: 140, line: 288 } });
  return `<w:docDefaults><w:rPrDefault><w:rPr>${rPr}</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr>${pPr}</w:pPr></w:pPrDefault></w:docDefaults>`;
}

/**
 * Latent styles as Word writes them: every built-in not listed is visible with priority 99; these
 * get their gallery priority, and the ones Word hides until used are marked so.
 */
const LATENT: [name: string, priority: number, flags: string][] = [
  ['Normal', 0, 'q'],
  ...Array.from({ length: 9 }, (_, i): [string, number, string] => [`heading ${i + 1}`, 9, i ? 'hq' : 'q']),
  ...Array.from({ length: 9 }, (_, i): [string, number, string] => [`toc ${i + 1}`, 39, 'h']),
  ['footnote text', 99, 'h'], ['header', 99, 'h'], ['footer', 99, 'h'], ['caption', 35, 'hq'],
  ['footnote reference', 99, 'h'], ['endnote reference', 99, 'h'], ['endnote text', 99, 'h'],
  ['List Bullet', 99, 'h'], ['List Number', 99, 'h'], ['List Bullet 2', 99, 'h'], ['List Bullet 3', 99, 'h'],
  ['List Number 2', 99, 'h'], ['List Number 3', 99, 'h'],
  ['Title', 10, 'q'], ['Default Paragraph Font', 1, 'h'], ['Subtitle', 11, 'q'], ['Hyperlink', 99, 'h'],
  ['Strong', 22, 'q'], ['Emphasis', 20, 'q'], ['Normal Table', 99, 'h'], ['No List', 99, 'h'], ['Table Grid', 39, ''],
  ['No Spacing', 1, 'q'], ['List Paragraph', 34, 'q'], ['Quote', 29, 'q'], ['Intense Quote', 30, 'q'],
  ['Subtle Emphasis', 19, 'q'], ['Intense Emphasis', 21, 'q'], ['Subtle Reference', 31, 'q'], ['Intense Reference', 32, 'q'],
  ['Book Title', 33, 'q'], ['Bibliography', 37, 'h'], ['TOC Heading', 39, 'hq'],
];

function latentStyles(): string {
  const exceptions = LATENT.map(([name, priority, flags]) => `<w:lsdException w:name="${name}"`
    + (flags.includes('h') ? ' w:semiHidden="1"' : '') + ` w:uiPriority="${priority}"`
    + (flags.includes('h') ? ' w:unhideWhenUsed="1"' : '') + (flags.includes('q') ? ' w:qFormat="1"' : '') + '/>');
  return '<w:latentStyles w:defLockedState="0" w:defUIPriority="99" w:defSemiHidden="0" w:defUnhideWhenUsed="0" w:defQFormat="0" w:count="376">'
    + exceptions.join('') + '</w:latentStyles>';
}

/** Every style of the template, in the order styles.xml lists them. */
export function allStyles(): StyleDef[] {
  return [
    ...paragraphStyles(),
    ...characterStyles(),
    ...tableStyles(),
    { type: 'numbering', id: 'NoList', name: 'No List', isDefault: true, uiPriority: 99, semiHidden: true, unhideWhenUsed: true },
  ];
}

export function stylesXml(): string {
  return XML_DECL + `<w:styles ${WR}>` + docDefaults() + latentStyles() + allStyles().map(styleXml).join('') + '</w:styles>';
}
