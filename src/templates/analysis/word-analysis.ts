// What Folio finds in a document template: the page setup of its last section (the one new content
// lands in), its theme fonts, and the style the Word engine will use for each role (design/styles.ts
// findStyle, the engine's own lookup). A role the template lacks is added by the engine when first
// needed, based on Normal with the template's heading font and colour; the analysis says so.
import { REL } from '../../documents/ooxml/relationships.ts';
import { attr, child, descendants, NS } from '../../documents/ooxml/xml.ts';
import { geometryOf } from '../../documents/word/design/page.ts';
import { findStyle, type StyleRole } from '../../documents/word/design/styles.ts';
import type { WordDocument } from '../../documents/word/word.document.ts';

const ROLES: [string, StyleRole, string][] = [
  ['title', 'title', 'Title'], ['subtitle', 'subtitle', 'Subtitle'], ['heading_1', 'heading1', 'Heading 1'], ['heading_2', 'heading2', 'Heading 2'],
  ['heading_3', 'heading3', 'Heading 3'], ['list_bullet', 'listBullet', 'List Bullet'], ['list_number', 'listNumber', 'List Number'],
  ['caption', 'caption', 'Caption'], ['quote', 'quote', 'Quote'],
];

export interface StyleUse { style_id: string | null; name: string; source: 'template' | 'added' }

export interface DocumentAnalysis {
  page: { size: string | null; width_mm: number; height_mm: number; orientation: 'portrait' | 'landscape'; margins_mm: { top: number; right: number; bottom: number; left: number }; sections: number };
  theme: { name: string | null; heading_font: string | null; body_font: string | null };
  styles: Record<string, StyleUse>;
  has_header: boolean;
  has_footer: boolean;
  sample_blocks: number;
}

const mm = (twips: number) => Math.round((twips / 1440) * 25.4 * 10) / 10;

function paperName(w: number, h: number): string | null {
  const [a, b] = [Math.min(w, h), Math.max(w, h)].map(mm);
  const sizes: [string, number, number][] = [['A4', 210, 297], ['Letter', 215.9, 279.4], ['Legal', 215.9, 355.6], ['A5', 148, 210], ['A3', 297, 420]];
  return sizes.find(([, x, y]) => Math.abs(a - x) < 2 && Math.abs(b - y) < 2)?.[0] ?? null;
}

function themeOf(doc: WordDocument): DocumentAnalysis['theme'] {
  const part = doc.pkg.related(doc.main, REL.theme)[0];
  if (!part) return { name: null, heading_font: null, body_font: null };
  const root = doc.pkg.xml(part).documentElement!;
  const face = (kind: string) => attr(child(descendants(root, NS.a, kind)[0] ?? null, NS.a, 'latin'), 'typeface') || null;
  return { name: root.getAttribute('name') || null, heading_font: face('majorFont'), body_font: face('minorFont') };
}

/** The table style new tables get when the body has none of its own: the template's "Folio Table", a table style named like the company's, else Table Grid. */
function tableStyleUse(doc: WordDocument): StyleUse {
  const tables = [...doc.styles().values()].filter((s) => s.type === 'table');
  const folio = tables.find((s) => s.name === 'folio table');
  if (folio) return { style_id: folio.id, name: folio.name, source: 'template' };
  const grid = findStyle(doc.styles(), 'tableGrid');
  return grid ? { style_id: grid.id, name: 'Table Grid', source: 'template' } : { style_id: null, name: 'Table Grid', source: 'added' };
}

/** `sectPr` is the body's final section settings; `sampleBlocks` what the template's body held. */
export function analyzeDocument(doc: WordDocument, sampleBlocks: number): { analysis: DocumentAnalysis; warnings: string[] } {
  const body = doc.body();
  const sectPr = child(body, NS.w, 'sectPr');
  const g = geometryOf(sectPr);
  const mar = child(sectPr, NS.w, 'pgMar');
  const margin = (side: string) => mm(Math.abs(Number(attr(mar, `w:${side}`) ?? 1440)));
  const styles: Record<string, StyleUse> = {};
  const warnings: string[] = [];
  for (const [key, role, builtIn] of ROLES) {
    const s = findStyle(doc.styles(), role);
    styles[key] = s ? { style_id: s.id, name: attr(child(s.el, NS.w, 'name'), 'w:val') ?? s.id, source: 'template' } : { style_id: null, name: builtIn, source: 'added' };
  }
  styles.table = tableStyleUse(doc);
  const missing = Object.entries(styles).filter(([, s]) => s.source === 'added').map(([, s]) => s.name);
  if (missing.length) warnings.push(`The template has no ${missing.join(', ')} style${missing.length > 1 ? 's' : ''}: Folio adds ${missing.length > 1 ? 'them' : 'it'} when needed, based on Normal with the template's heading font and colour.`);
  if (!doc.pkg.related(doc.main, REL.styles)[0]) warnings.push('The template has no styles part: every style Folio uses is added to it.');
  const sections = descendants(body, NS.w, 'sectPr').length;
  if (sections > 1) warnings.push(`The template has ${sections} sections; its sample body is dropped with their breaks, and new content uses the page setup of the last section.`);
  const refs = (kind: string) => !!sectPr && descendants(sectPr, NS.w, `${kind}Reference`).length > 0;
  return {
    analysis: {
      page: { size: paperName(g.width, g.height), width_mm: mm(g.width), height_mm: mm(g.height), orientation: g.landscape ? 'landscape' : 'portrait', margins_mm: { top: margin('top'), right: margin('right'), bottom: margin('bottom'), left: margin('left') }, sections: Math.max(1, sections) },
      theme: themeOf(doc),
      styles,
      has_header: refs('header'),
      has_footer: refs('footer'),
      sample_blocks: sampleBlocks,
    },
    warnings,
  };
}
