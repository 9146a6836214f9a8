// word/fontTable.xml: the theme's two fonts and Word's fallback serif, with the PANOSE numbers,
// families and Unicode ranges Word writes for them, so Word and LibreOffice pick metric-compatible
// substitutes (Carlito, Caladea) where the fonts are not installed.
import { WR, XML_DECL } from './xml.ts';

interface FontEntry { name: string; panose: string; family: 'swiss' | 'roman'; sig: [string, string, string, string, string, string] }

const FONTS: FontEntry[] = [
  { name: 'Calibri', panose: '020F0502020204030204', family: 'swiss', sig: ['E4002EFF', 'C200247B', '00000009', '00000000', '000001FF', '00000000'] },
  { name: 'Times New Roman', panose: '02020603050405020304', family: 'roman', sig: ['E0002EFF', 'C000785B', '00000009', '00000000', '000001FF', '00000000'] },
  { name: 'Cambria', panose: '02040503050406030204', family: 'roman', sig: ['E00006FF', '420024FF', '02000000', '00000000', '0000019F', '00000000'] },
];

function fontXml(f: FontEntry): string {
  const [usb0, usb1, usb2, usb3, csb0, csb1] = f.sig;
  return `<w:font w:name="${f.name}"><w:panose1 w:val="${f.panose}"/><w:charset w:val="00"/><w:family w:val="${f.family}"/>`
    + `<w:pitch w:val="variable"/><w:sig w:usb0="${usb0}" w:usb1="${usb1}" w:usb2="${usb2}" w:usb3="${usb3}" w:csb0="${csb0}" w:csb1="${csb1}"/></w:font>`;
}

export function fontTableXml(): string {
  return XML_DECL + `<w:fonts ${WR}>${FONTS.map(fontXml).join('')}</w:fonts>`;
}
