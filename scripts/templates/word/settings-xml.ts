// word/settings.xml and word/webSettings.xml. Settings, in the schema's order: 100% zoom, a 0.5 inch
// default tab stop, no compression of East Asian punctuation, the footnote and endnote separators,
// Word 2013+ layout (compatibilityMode 15), English theme font languages, and the mapping of the
// text/background colours to the theme's dk/lt slots. No w:updateFields (the engine fills the table
// of contents itself, so Word does not ask to update fields on opening) and no w:evenAndOddHeaders.
import { WR, XML_DECL } from './xml.ts';

const COMPAT: [string, string][] = [
  ['compatibilityMode', '15'],
  ['overrideTableStyleFontSizeAndJustification', '1'],
  ['enableOpenTypeFeatures', '1'],
  ['doNotFlipMirrorIndents', '1'],
  ['differentiateMultirowTableHeaders', '1'],
];

const notePr = (kind: 'footnote' | 'endnote') => `<w:${kind}Pr><w:${kind} w:id="-1"/><w:${kind} w:id="0"/></w:${kind}Pr>`;

export function settingsXml(): string {
  const compat = COMPAT.map(([name, val]) => `<w:compatSetting w:name="${name}" w:uri="http://schemas.microsoft.com/office/word" w:val="${val}"/>`).join('');
  return XML_DECL + `<w:settings ${WR}>`
    + '<w:zoom w:percent="100"/>'
    + '<w:defaultTabStop w:val="720"/>'
    + '<w:characterSpacingControl w:val="doNotCompress"/>'
    + notePr('footnote') + notePr('endnote')
    + `<w:compat>${compat}</w:compat>`
    + '<w:themeFontLang w:val="en-US"/>'
    + '<w:clrSchemeMapping w:bg1="light1" w:t1="dark1" w:bg2="light2" w:t2="dark2" w:accent1="accent1" w:accent2="accent2" '
    + 'w:accent3="accent3" w:accent4="accent4" w:accent5="accent5" w:accent6="accent6" w:hyperlink="hyperlink" w:followedHyperlink="followedHyperlink"/>'
    + '<w:decimalSymbol w:val="."/><w:listSeparator w:val=","/>'
    + '</w:settings>';
}

export function webSettingsXml(): string {
  return XML_DECL + `<w:webSettings ${WR}><w:optimizeForBrowser/><w:allowPNG/></w:webSettings>`;
}
