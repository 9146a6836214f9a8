// The last pass over the package pptxgenjs wrote (uncompressed, so reopening it is cheap): repairs
// paragraphs, sets the theme colours, writes preserved shapes back, and compresses once (zip-writer.ts). pptxgenjs emits one <a:pPr> per run,
// so a paragraph with several runs (a bold lead-in, an italic word) gets several, which the schema
// forbids: PowerPoint asks to repair the file and LibreOffice drops the bullet. Only the paragraph's
// first properties are kept, at the start of the paragraph, where the schema wants them.
import JSZip from 'jszip';
import type { Deck } from './model.ts';
import { injectPreserved } from './preserved-shapes.ts';
import type { Palette } from './design/colors.ts';
import { writeZip } from '../ooxml/zip-writer.ts';

const PPR = /<a:pPr\b[^>]*?(?:\/>|>[\s\S]*?<\/a:pPr>)/g;

export function oneParagraphProperties(xml: string): string {
  return xml.replace(/<a:p>([\s\S]*?)<\/a:p>/g, (para, inner: string) => {
    const found = inner.match(PPR);
    if (!found || (found.length === 1 && inner.startsWith(found[0]))) return para;
    return `<a:p>${found[0]}${inner.replace(PPR, '')}</a:p>`;
  });
}

const TEXT_PARTS = /^ppt\/(slides|slideLayouts|notesSlides)\/[^/]+\.xml$/;

/** The theme's colour scheme from the palette, so shapes a person adds in an editor match the deck. */
export function themeColours(xml: string, p: Palette): string {
  const scheme: Record<string, string> = { dk2: p.primary, lt2: p.panel };
  p.series.slice(0, 6).forEach((c, i) => { scheme[`accent${i + 1}`] = c; });
  return xml.replace(/<a:(dk2|lt2|accent[1-6])>\s*<a:srgbClr val="[0-9A-Fa-f]{6}"\s*\/>/g, (m, slot: string) => `<a:${slot}><a:srgbClr val="${scheme[slot]}"/>`);
}

/** Already-compressed media gain nothing from deflate. */
const STORED = /\.(png|jpe?g|gif|webp|mp4|m4a)$/i;

async function zipOf(zip: JSZip): Promise<Buffer> {
  const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir);
  const parts = await Promise.all(names.map((name) => zip.file(name)!.async('nodebuffer')));
  return writeZip(names.map((name, i) => ({ name, data: parts[i], compress: !STORED.test(name) })));
}

export async function finishPackage(stored: Buffer, deck: Deck, palette: Palette): Promise<Buffer> {
  const zip = await JSZip.loadAsync(stored);
  const theme = zip.file('ppt/theme/theme1.xml');
  if (theme) zip.file('ppt/theme/theme1.xml', themeColours(await theme.async('string'), palette));
  await Promise.all(Object.keys(zip.files).filter((name) => TEXT_PARTS.test(name)).map(async (name) => {
    const xml = await zip.file(name)!.async('string');
    const fixed = oneParagraphProperties(xml);
    if (fixed !== xml) zip.file(name, fixed);
  }));
  if (deck.slides.some((s) => s.preserved.length)) await injectPreserved(zip, deck);
  return zipOf(zip);
}
