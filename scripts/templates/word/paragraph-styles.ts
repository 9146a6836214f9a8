// The report's paragraph styles: a serif display face (the theme's major font) for the title and
// headings in the primary colour over the theme's body font, an accent rule under the title, quiet
// grey captions, a quote with an accent bar, a shaded note with an accent bar, a table of contents
// with dotted leaders to the page numbers, and list styles tied to numbering.xml. Sizes are in points,
// spacing and indents in twips. Body size, line spacing and space after live in docDefaults
// (styles-xml.ts), not in Normal, so a table style's text size and spacing are not overridden by it.
import { BULLETS, NUMBERED } from './numbering-xml.ts';
import { TEXT_WIDTH } from './palette.ts';
import type { RunProps } from './props.ts';
import type { StyleDef } from './style-def.ts';
import { TONE } from './xml.ts';

/** The built-in styles Word keeps hidden until used (semiHidden + unhideWhenUsed). */
const quiet = { semiHidden: true, unhideWhenUsed: true } as const;

function heading(level: 1 | 2 | 3 | 4, size: number, before: number, after: number, look: Pick<RunProps, 'bold' | 'italic' | 'color'>): StyleDef {
  return {
    type: 'paragraph', id: `Heading${level}`, name: `heading ${level}`, basedOn: 'Normal', next: 'Normal',
    uiPriority: 9, ...(level > 1 ? { unhideWhenUsed: true } : {}), qFormat: true,
    pPr: { keepNext: true, keepLines: true, spacing: { before, after, line: 252 }, outlineLevel: level - 1 },
    rPr: { font: 'major', ...look, size },
  };
}

function listStyle(kind: 'Bullet' | 'Number', level: 0 | 1 | 2): StyleDef {
  const id = `List${kind}${level ? level + 1 : ''}`;
  return {
    type: 'paragraph', id, name: `List ${kind}${level ? ` ${level + 1}` : ''}`, basedOn: 'Normal',
    uiPriority: 99, unhideWhenUsed: true,
    pPr: { numbering: { level, numId: kind === 'Bullet' ? BULLETS : NUMBERED }, spacing: { after: 60 } },
  };
}

const tocTab = { val: 'right', leader: 'dot', pos: TEXT_WIDTH } as const;

export function paragraphStyles(): StyleDef[] {
  return [
    { type: 'paragraph', id: 'Normal', name: 'Normal', isDefault: true, qFormat: true },
    {
      type: 'paragraph', id: 'Title', name: 'Title', basedOn: 'Normal', next: 'Normal', uiPriority: 10, qFormat: true,
      pPr: { borders: { bottom: { tone: TONE.accent, size: 12, space: 8 } }, spacing: { before: 0, after: 160, line: 240 }, contextualSpacing: true },
      rPr: { font: 'major', color: TONE.primary, kern: 14, size: 28 },
    },
    {
      type: 'paragraph', id: 'Subtitle', name: 'Subtitle', basedOn: 'Normal', next: 'Normal', uiPriority: 11, qFormat: true,
      pPr: { spacing: { before: 120, after: 360 } },
      rPr: { color: TONE.muted, size: 13 },
    },
    heading(1, 18, 440, 140, { color: TONE.primary }),
    heading(2, 14, 320, 100, { bold: true, color: TONE.primary }),
    heading(3, 12, 240, 80, { bold: true, color: TONE.accent }),
    heading(4, 11, 200, 60, { bold: true, italic: true, color: TONE.text }),
    {
      type: 'paragraph', id: 'NoSpacing', name: 'No Spacing', uiPriority: 1, qFormat: true,
      pPr: { spacing: { after: 0, line: 240 } },
    },
    listStyle('Bullet', 0), listStyle('Bullet', 1), listStyle('Bullet', 2),
    listStyle('Number', 0), listStyle('Number', 1), listStyle('Number', 2),
    {
      type: 'paragraph', id: 'ListParagraph', name: 'List Paragraph', basedOn: 'Normal', uiPriority: 34, qFormat: true,
      pPr: { indent: { left: 720 }, contextualSpacing: true },
    },
    {
      type: 'paragraph', id: 'Caption', name: 'caption', basedOn: 'Normal', next: 'Normal', uiPriority: 35, unhideWhenUsed: true, qFormat: true,
      pPr: { spacing: { before: 80, after: 200, line: 240 } },
      rPr: { italic: true, color: TONE.muted, size: 9 },
    },
    {
      type: 'paragraph', id: 'Quote', name: 'Quote', basedOn: 'Normal', next: 'Normal', uiPriority: 29, qFormat: true,
      pPr: { borders: { left: { tone: TONE.accent, size: 18, space: 12 } }, spacing: { before: 200, after: 240 }, indent: { left: 567, right: 567 } },
      rPr: { italic: true, color: TONE.primary, size: 12 },
    },
    {
      type: 'paragraph', id: 'Note', name: 'Note', basedOn: 'Normal', next: 'Normal', uiPriority: 30, qFormat: true,
      pPr: {
        // The panel-coloured top, bottom and right lines are invisible on the fill: they pad it.
        borders: {
          top: { tone: TONE.panel, size: 4, space: 5 },
          left: { tone: TONE.accent, size: 24, space: 8 },
          bottom: { tone: TONE.panel, size: 4, space: 5 },
          right: { tone: TONE.panel, size: 4, space: 8 },
        },
        shading: TONE.panel,
        spacing: { before: 200, after: 240 },
        indent: { left: 220, right: 170 },
      },
      rPr: { size: 10.5 },
    },
    {
      type: 'paragraph', id: 'TOCHeading', name: 'TOC Heading', basedOn: 'Heading1', next: 'Normal', uiPriority: 39, unhideWhenUsed: true, qFormat: true,
      pPr: { spacing: { before: 240, after: 200 }, outlineLevel: 9 },
      rPr: { size: 16 },
    },
    {
      type: 'paragraph', id: 'TOC1', name: 'toc 1', basedOn: 'Normal', next: 'Normal', uiPriority: 39, unhideWhenUsed: true,
      pPr: { tabs: [tocTab], spacing: { before: 120, after: 40 } },
      rPr: { bold: true },
    },
    {
      type: 'paragraph', id: 'TOC2', name: 'toc 2', basedOn: 'Normal', next: 'Normal', uiPriority: 39, unhideWhenUsed: true,
      pPr: { tabs: [tocTab], spacing: { after: 40 }, indent: { left: 284 } },
    },
    {
      type: 'paragraph', id: 'TOC3', name: 'toc 3', basedOn: 'Normal', next: 'Normal', uiPriority: 39, unhideWhenUsed: true,
      pPr: { tabs: [tocTab], spacing: { after: 40 }, indent: { left: 567 } },
      rPr: { color: TONE.muted },
    },
    {
      type: 'paragraph', id: 'FootnoteText', name: 'footnote text', basedOn: 'Normal', uiPriority: 99, ...quiet,
      pPr: { spacing: { after: 40, line: 240 } },
      rPr: { color: TONE.muted, size: 9 },
    },
    {
      type: 'paragraph', id: 'EndnoteText', name: 'endnote text', basedOn: 'Normal', uiPriority: 99, ...quiet,
      pPr: { spacing: { after: 40, line: 240 } },
      rPr: { color: TONE.muted, size: 9 },
    },
    {
      type: 'paragraph', id: 'Header', name: 'header', basedOn: 'Normal', uiPriority: 99, unhideWhenUsed: true,
      pPr: { tabs: [{ val: 'right', pos: TEXT_WIDTH }], spacing: { after: 0, line: 240 } },
      rPr: { color: TONE.muted, size: 8.5 },
    },
    {
      type: 'paragraph', id: 'Footer', name: 'footer', basedOn: 'Normal', uiPriority: 99, unhideWhenUsed: true,
      pPr: { tabs: [{ val: 'right', pos: TEXT_WIDTH }], spacing: { after: 0, line: 240 } },
      rPr: { color: TONE.muted, size: 8.5 },
    },
  ];
}
