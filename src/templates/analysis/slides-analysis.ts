// What Folio finds in a deck template: its slide size, theme fonts, and every layout with the
// placeholder kinds it offers and the kinds of slides the Slides engine will make from it. The choice
// is the engine's own (edits/slide-plan.ts pickLayout on the template with its sample slides dropped),
// so what this reports is what generation does.
import { REL } from '../../documents/ooxml/relationships.ts';
import { EMU_PER_INCH } from '../../documents/slides/deck.ts';
import { contentSlots, describeLayout, findPlaceholder, layoutScore, SLIDE_KINDS, type LayoutInfo, type SlideKind } from '../../documents/slides/design/layouts.ts';
import { pickLayout } from '../../documents/slides/edits/slide-plan.ts';
import type { SlidesDocument } from '../../documents/slides/slides.document.ts';

const PLACEHOLDER_KIND: Record<string, string> = {
  title: 'title', ctrTitle: 'title', subTitle: 'subtitle', body: 'text', obj: 'content', chart: 'chart', tbl: 'table', pic: 'picture',
  dgm: 'diagram', media: 'media', clipArt: 'clip_art', dt: 'date', ftr: 'footer', sldNum: 'slide_number', hdr: 'header', sldImg: 'slide_image',
};

/** The kinds of slides Folio makes, in the words of the API. */
const KIND_NAME: Record<SlideKind, string> = {
  title: 'title', section: 'section', bullets: 'bullets', 'two-column': 'two_column', chart: 'chart', table: 'table', image: 'image',
  quote: 'quote', closing: 'closing', 'title-only': 'title_only', blank: 'blank',
};

export interface LayoutEntry {
  layout_id: string;
  name: string;
  master: number;
  placeholders: string[];
  used_for: string[];
  /** Index into the deck's layout list (for thumbnails). */
  part: string;
}

export interface SlidesAnalysis {
  slide_size: { width_emu: number; height_emu: number; width_in: number; height_in: number; aspect_ratio: string };
  masters: number;
  theme: { name: string | null; heading_font: string; body_font: string };
  layouts: LayoutEntry[];
  sample_slides: number;
}

function aspect(cx: number, cy: number): string {
  const r = cx / cy;
  const known: [string, number][] = [['16:9', 16 / 9], ['16:10', 16 / 10], ['4:3', 4 / 3], ['3:2', 3 / 2], ['1:1', 1], ['9:16', 9 / 16], ['A4 landscape', 297 / 210], ['A4 portrait', 210 / 297]];
  const hit = known.find(([, v]) => Math.abs(v - r) < 0.01);
  return hit ? hit[0] : `${(Math.round(r * 100) / 100).toFixed(2)}:1`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Where content goes on a layout with no placeholder for it, for the warnings. */
function fallbackWords(kind: SlideKind, l: LayoutInfo): string {
  const holds = contentSlots(l).length > 0;
  if (holds) return `"${l.name}"`;
  if (kind === 'bullets' || kind === 'quote') return `"${l.name}" plus a text box`;
  if (kind === 'chart' || kind === 'table' || kind === 'image') return `"${l.name}" with the ${kind === 'image' ? 'picture' : kind} placed below the title`;
  return `"${l.name}"`;
}

/** `sampleSlides`: how many slides the template had before they were dropped. */
export function analyzeDeck(doc: SlidesDocument, sampleSlides: number): { analysis: SlidesAnalysis; warnings: string[] } {
  const catalog = doc.catalog();
  const warnings: string[] = [];
  const chosen = new Map<string, string[]>();
  for (const kind of SLIDE_KINDS) {
    if (!catalog.length) break;
    const layout = pickLayout(doc, { kind, title: 'Title' }, 0);
    chosen.set(layout.part, [...(chosen.get(layout.part) ?? []), KIND_NAME[kind]]);
    if (kind === 'blank' || kind === 'title-only') continue;
    const fit = layoutScore(kind, layout);
    if (fit <= 50) {
      const what = kind === 'bullets' ? 'no layout with a content placeholder' : kind === 'two-column' ? 'no layout with two content placeholders side by side'
        : kind === 'chart' || kind === 'table' || kind === 'image' ? `no layout with a ${kind === 'image' ? 'picture' : kind} or content placeholder`
          : `no ${kind} layout`;
      warnings.push(`${what}: ${KIND_NAME[kind].replace('_', '-')} slides will use ${fallbackWords(kind, layout)}.`);
    }
  }
  // Content layouts whose title sits below their content: slides made from them look as the template draws them.
  for (const part of new Set(['bullets', 'chart', 'table'].map((k) => [...chosen].find(([, kinds]) => kinds.includes(k))?.[0]).filter((p): p is string => !!p))) {
    const l = catalog.find((x) => x.part === part)!;
    const title = findPlaceholder(l, 'title')?.resolved;
    const content = contentSlots(l)[0]?.resolved;
    if (title && content && title.y >= content.y + content.cy * 0.5) warnings.push(`Layout "${l.name}" puts its title below its content area; content slides made from it keep that arrangement.`);
  }
  const masters = [...new Set(catalog.map((l) => l.master))];
  const layouts = catalog.map((l, i) => ({
    layout_id: `layout${i + 1}`,
    name: l.name || describeLayout(l, catalog).replace(/"/g, ''),
    master: masters.indexOf(l.master) + 1,
    placeholders: [...new Set(l.placeholders.map((p) => PLACEHOLDER_KIND[p.type] ?? p.type))],
    used_for: chosen.get(l.part) ?? [],
    part: l.part,
  }));
  const { cx, cy } = doc.deck.slideSize();
  const firstMaster = doc.deck.masters()[0];
  const themePart = firstMaster ? doc.pkg.related(firstMaster, REL.theme)[0] : undefined;
  const themeName = themePart ? doc.pkg.xml(themePart).documentElement?.getAttribute('name') || null : null;
  const fonts = catalog[0]?.fonts ?? { major: 'Calibri', minor: 'Calibri' };
  if (masters.length > 1) warnings.push(`The deck has ${masters.length} slide masters; new slides use the layouts of the first master unless placed next to a slide of another.`);
  return {
    analysis: {
      slide_size: { width_emu: cx, height_emu: cy, width_in: round2(cx / EMU_PER_INCH), height_in: round2(cy / EMU_PER_INCH), aspect_ratio: aspect(cx, cy) },
      masters: masters.length,
      theme: { name: themeName, heading_font: fonts.major, body_font: fonts.minor },
      layouts,
      sample_slides: sampleSlides,
    },
    warnings,
  };
}
