// Character styles (footnote references, links, strong, emphasis) and table styles: Word's "Normal
// Table" and "Table Grid", and "Folio Table": a header row filled with the primary colour in white bold
// type, light banded rows, thin horizontal rules in a tint of the primary colour and no vertical
// ones, a bold total row with a primary rule above it (when the table's tblLook asks for a last row),
// roomy cell margins and slightly smaller text.
import { condition, type StyleDef } from './style-def.ts';
import { borderEl, shdEl, TONE, type Line } from './xml.ts';

const quiet = { semiHidden: true, unhideWhenUsed: true } as const;

export function characterStyles(): StyleDef[] {
  return [
    { type: 'character', id: 'DefaultParagraphFont', name: 'Default Paragraph Font', isDefault: true, uiPriority: 1, ...quiet },
    { type: 'character', id: 'FootnoteReference', name: 'footnote reference', basedOn: 'DefaultParagraphFont', uiPriority: 99, ...quiet, rPr: { vertAlign: 'superscript' } },
    { type: 'character', id: 'EndnoteReference', name: 'endnote reference', basedOn: 'DefaultParagraphFont', uiPriority: 99, ...quiet, rPr: { vertAlign: 'superscript' } },
    { type: 'character', id: 'Hyperlink', name: 'Hyperlink', basedOn: 'DefaultParagraphFont', uiPriority: 99, unhideWhenUsed: true, rPr: { color: TONE.accent, underline: true } },
    { type: 'character', id: 'Strong', name: 'Strong', basedOn: 'DefaultParagraphFont', uiPriority: 22, qFormat: true, rPr: { bold: true } },
    { type: 'character', id: 'Emphasis', name: 'Emphasis', basedOn: 'DefaultParagraphFont', uiPriority: 20, qFormat: true, rPr: { italic: true } },
  ];
}

/** Cell margins in twips, schema order (top, left, bottom, right). */
function cellMargins(top: number, side: number, bottom: number): string {
  return `<w:tblCellMar><w:top w:w="${top}" w:type="dxa"/><w:left w:w="${side}" w:type="dxa"/>`
    + `<w:bottom w:w="${bottom}" w:type="dxa"/><w:right w:w="${side}" w:type="dxa"/></w:tblCellMar>`;
}

/** w:tblBorders, schema order (top, left, bottom, right, insideH, insideV). */
function tableBorders(b: { top: Line | 'none'; side: Line | 'none'; bottom: Line | 'none'; insideH: Line | 'none'; insideV: Line | 'none' }): string {
  return '<w:tblBorders>' + borderEl('top', b.top) + borderEl('left', b.side) + borderEl('bottom', b.bottom)
    + borderEl('right', b.side) + borderEl('insideH', b.insideH) + borderEl('insideV', b.insideV) + '</w:tblBorders>';
}

const hairline: Line = { tone: TONE.rule, size: 4 };
const grid: Line = { tone: { theme: 'text1', tint: 0x66 }, size: 4 };

export function tableStyles(): StyleDef[] {
  return [
    {
      type: 'table', id: 'TableNormal', name: 'Normal Table', isDefault: true, uiPriority: 99, ...quiet,
      tblPr: '<w:tblInd w:w="0" w:type="dxa"/>' + cellMargins(0, 108, 0),
    },
    {
      type: 'table', id: 'TableGrid', name: 'Table Grid', basedOn: 'TableNormal', uiPriority: 39,
      pPr: { spacing: { after: 0, line: 240 } },
      tblPr: tableBorders({ top: grid, side: grid, bottom: grid, insideH: grid, insideV: grid }),
    },
    {
      type: 'table', id: 'FolioTable', name: 'Folio Table', basedOn: 'TableNormal', uiPriority: 59, qFormat: true,
      pPr: { spacing: { before: 20, after: 20, line: 252 } },
      rPr: { size: 9.5 },
      tblPr: '<w:tblStyleRowBandSize w:val="1"/><w:tblStyleColBandSize w:val="1"/>'
        + tableBorders({ top: hairline, side: 'none', bottom: hairline, insideH: hairline, insideV: 'none' })
        + cellMargins(60, 100, 60),
      conditions: [
        condition('firstRow', { rPr: { bold: true, color: TONE.onPrimary }, tcPr: shdEl(TONE.primary) }),
        condition('lastRow', { rPr: { bold: true }, tcPr: `<w:tcBorders>${borderEl('top', { tone: TONE.primary, size: 8 })}</w:tcBorders>` }),
        condition('band1Horz', { tcPr: shdEl(TONE.panel) }),
      ],
    },
  ];
}
