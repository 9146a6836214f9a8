// Slide masters: the designed, repeated parts of each layout (backgrounds, rules, footer, slide
// number, logo) live in one slide layout per model layout, so slides hold only their content and the
// logo's bytes are stored once per layout. Layouts are named `Folio <theme> <layout>`, which is how the
// reader recognizes a Folio deck, its theme and each slide's layout; decorative shapes carry `folio:`
// names so the reader can recover the theme and brand (band: primary, accent: secondary, footer: font,
// logo) from them, also after an editor renamed the layouts.
import type { DeckBrand, SlideLayout, ThemeName } from './model.ts';
import { SLIDE_H, SLIDE_W, type Pptx } from './pptxgen.ts';
import { contrast, mix, type Palette } from './theme.ts';

type MasterObject = NonNullable<Parameters<Pptx['defineSlideMaster']>[0]['objects']>[number];

export const MASTER_NAME_RE = /^Folio (\w+) ([\w-]+)$/;

export function masterName(theme: ThemeName, layout: SlideLayout): string {
  return `Folio ${theme} ${layout}`;
}

/** Where the logo sits on content slides and on statement (title, section, closing) slides, inches. */
export const LOGO_BOX = { content: { x: 11.33, y: 0.32, w: 1.4, h: 0.62 }, statement: { x: 0.7, y: 0.55, w: 1.7, h: 0.7 } };

export const CONTENT_TOP_BAND = 0.09;

const STATEMENT: readonly SlideLayout[] = ['title', 'section', 'closing'];

export function isStatement(layout: SlideLayout): boolean {
  return STATEMENT.includes(layout);
}

function logoObjects(brand: DeckBrand, box: { x: number; y: number; w: number; h: number }, chip: string | null): MasterObject[] {
  const logo = brand.logo;
  if (!logo) return [];
  const ratio = logo.width > 0 && logo.height > 0 ? logo.width / logo.height : 2;
  const w = Math.min(box.w, box.h * ratio);
  const h = w / ratio;
  const objects: MasterObject[] = [];
  // On a dark or coloured background a dark logo would vanish: it sits on a light chip there.
  if (chip) objects.push({ rect: { objectName: 'folio:logo-chip', x: box.x - 0.14, y: box.y - 0.1, w: w + 0.28, h: h + 0.2, fill: { color: chip }, rectRadius: 0.08 } as never });
  objects.push({ image: { objectName: 'folio:logo', x: box.x, y: box.y, w, h, data: `${logo.contentType};base64,${logo.bytes.toString('base64')}` } });
  return objects;
}

/**
 * The accent rule under titles. Its fill is the brand's own secondary colour (the reader takes the brand
 * back from it); an outline in a darker shade keeps a pale accent visible on the canvas.
 */
function accentBar(p: Palette, x: number, y: number) {
  const pale = contrast(p.secondary, p.canvas) < 1.8;
  return { objectName: 'folio:accent', x, y, w: 0.9, h: 0.07, fill: { color: p.secondary }, ...(pale ? { line: { color: p.accent, width: 1 } } : {}) };
}

function contentMaster(theme: ThemeName, p: Palette, brand: DeckBrand, footer: string): { objects: MasterObject[]; background: { color: string } } {
  return {
    background: { color: p.canvas },
    objects: [
      // The band's name carries the theme: editors that rename layouts (LibreOffice) keep shape names.
      { rect: { objectName: `folio:band#${theme}`, x: 0, y: 0, w: SLIDE_W, h: CONTENT_TOP_BAND, fill: { color: p.primary } } },
      { rect: accentBar(p, 0.6, 1.4) },
      { line: { objectName: 'folio:footer-rule', x: 0.6, y: 6.92, w: SLIDE_W - 1.2, h: 0, line: { color: mix(p.canvas, p.muted, 0.35), width: 0.75 } } },
      { text: { text: footer, options: { objectName: 'folio:footer', x: 0.6, y: 6.98, w: 9.5, h: 0.32, fontFace: p.bodyFont, fontSize: 10, color: p.muted, margin: 0, valign: 'middle' } } },
      ...logoObjects(brand, LOGO_BOX.content, null),
    ],
  };
}

function statementMaster(layout: SlideLayout, p: Palette, brand: DeckBrand): { objects: MasterObject[]; background: { color: string } } {
  const deep = mix(p.primary, '000000', 0.18);
  const objects: MasterObject[] = [];
  if (layout === 'section') {
    objects.push({ rect: { objectName: 'folio:panel', x: 0, y: 0, w: 4.3, h: SLIDE_H, fill: { color: deep } } });
  } else {
    // A tall block on the right and an accent stripe: the title slide's signature.
    objects.push({ rect: { objectName: 'folio:panel', x: SLIDE_W - 3.2, y: 0, w: 3.2, h: SLIDE_H, fill: { color: deep } } });
    objects.push({ rect: { objectName: 'folio:stripe', x: SLIDE_W - 3.2, y: 0, w: 0.12, h: SLIDE_H, fill: { color: p.accentOnPrimary } } });
  }
  objects.push(...logoObjects(brand, LOGO_BOX.statement, 'FFFFFF'));
  return { background: { color: p.primary }, objects };
}

function quoteMaster(theme: ThemeName, p: Palette, brand: DeckBrand, footer: string): { objects: MasterObject[]; background: { color: string } } {
  const base = contentMaster(theme, p, brand, footer);
  return {
    background: { color: p.panel },
    objects: [
      base.objects[0],
      { rect: accentBar(p, 2.4, 1.2) },
      { text: { text: '\u201C', options: { objectName: 'folio:quote-mark', x: 0.55, y: 1.0, w: 1.8, h: 2.4, fontFace: 'Cambria', fontSize: 220, color: p.accent, margin: 0, valign: 'top' } } },
      ...base.objects.slice(2),
    ],
  };
}

/** Defines the masters of the layouts the deck uses. */
export function defineMasters(pptx: Pptx, theme: ThemeName, layouts: Set<SlideLayout>, p: Palette, brand: DeckBrand, footer: string): void {
  for (const layout of layouts) {
    const spec = isStatement(layout) ? statementMaster(layout, p, brand) : layout === 'quote' ? quoteMaster(theme, p, brand, footer) : contentMaster(theme, p, brand, footer);
    pptx.defineSlideMaster({
      title: masterName(theme, layout),
      background: spec.background,
      objects: spec.objects,
      ...(isStatement(layout) ? {} : { slideNumber: { x: SLIDE_W - 1.3, y: 6.98, w: 0.7, h: 0.32, fontFace: p.bodyFont, fontSize: 10, color: p.muted, align: 'right', margin: 0 } as never }),
    });
  }
}
