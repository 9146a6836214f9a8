// Native PowerPoint tables (a:tbl in a graphic frame) sized to their box: the largest font size (18
// down to 10 points) at which every column is at least as wide as its longest word and every row fits
// the height. Cells are formatted from the theme's colours (header in accent 1, banded rows in a tint
// of it), so a table follows the deck's palette in PowerPoint and LibreOffice alike.
import type { Box } from '../deck.ts';
import { EMU_PER_INCH } from '../deck.ts';
import { fragment, xmlEscape, type Document, type Element } from '../../ooxml/xml.ts';
import { textWidth, wrapCount } from '../design/text-fit.ts';

export interface TableData {
  columns: string[];
  rows: string[][];
}

export const MIN_TABLE_SIZE = 10;
const MAX_TABLE_SIZE = 18;
/** Left plus right cell margins, inches. */
const CELL_PAD = 0.2;
const NUMERIC = /^[-+(]?[$€£¥]?\s?[-+]?\d[\d,]*(\.\d+)?\s?(%|[kKmMbB]n?)?\)?$/;

export interface TableFit { size: number; fits: boolean; widths: number[]; heights: number[] }

function widthsAt(table: TableData, width: number, size: number, font: string): number[] | null {
  const cells = (i: number) => [table.columns[i], ...table.rows.map((r) => r[i] ?? '')];
  const minimum = table.columns.map((_, i) => Math.max(0.5, ...cells(i).flatMap((c) => c.split(/\s+/)).map((w) => textWidth(w, size, font) * 1.05)) + CELL_PAD);
  const spare = width - minimum.reduce((a, b) => a + b, 0);
  if (spare < 0) return null;
  const weights = table.columns.map((_, i) => Math.min(40, Math.max(4, ...cells(i).map((c) => c.length))));
  const total = weights.reduce((a, b) => a + b, 0);
  return minimum.map((m, i) => m + (spare * weights[i]) / total);
}

/** Column widths and row heights (inches) and the font size that fit the box (inches). */
export function tableFit(table: TableData, box: { w: number; h: number }, font: string): TableFit {
  const rows = [table.columns, ...table.rows];
  const heightsAt = (widths: number[], size: number) => rows.map((row) => {
    const lines = Math.max(1, ...widths.map((w, i) => wrapCount(row[i] ?? '', w - CELL_PAD, size, font)));
    return (lines * size * 1.2) / 72 + 0.16;
  });
  for (let size = MAX_TABLE_SIZE; size >= MIN_TABLE_SIZE; size--) {
    const widths = widthsAt(table, box.w, size, font);
    if (!widths) continue;
    const heights = heightsAt(widths, size);
    if (heights.reduce((a, b) => a + b, 0) <= box.h) {
      const roomy = Math.min(0.6, box.h / rows.length);
      return { size, fits: true, widths, heights: heights.map((h) => Math.max(h, roomy)) };
    }
  }
  const even = table.columns.map(() => box.w / table.columns.length);
  return { size: MIN_TABLE_SIZE, fits: false, widths: even, heights: heightsAt(even, MIN_TABLE_SIZE) };
}

const emu = (inches: number) => Math.round(inches * EMU_PER_INCH);

const fill = (scheme: string, mods = '') => `<a:solidFill><a:schemeClr val="${scheme}">${mods}</a:schemeClr></a:solidFill>`;
/** Only a thin rule under each row: the banding carries the structure. */
const RULE = '<a:lnB w="6350"><a:solidFill><a:schemeClr val="tx1"><a:lumMod val="25000"/><a:lumOff val="75000"/></a:schemeClr></a:solidFill></a:lnB>';
const NO_LINE = (side: string) => `<a:${side} w="0"><a:noFill/></a:${side}>`;
const EDGES = `${NO_LINE('lnL')}${NO_LINE('lnR')}${NO_LINE('lnT')}${RULE}`;

function cell(text: string, size: number, header: boolean, banded: boolean, align: 'l' | 'r'): string {
  const color = header ? fill('bg1') : fill('tx1');
  const rPr = `<a:rPr lang="en-US" sz="${size * 100}"${header ? ' b="1"' : ''} dirty="0">${color}</a:rPr>`;
  const background = header ? fill('accent1') : banded ? fill('accent1', '<a:lumMod val="20000"/><a:lumOff val="80000"/>') : fill('bg1');
  return `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:pPr algn="${align}"/>${text ? `<a:r>${rPr}<a:t>${xmlEscape(text)}</a:t></a:r>` : ''}</a:p></a:txBody><a:tcPr marL="91440" marR="91440" marT="45720" marB="45720" anchor="ctr">${EDGES}${background}</a:tcPr></a:tc>`;
}

/** A graphic frame holding the table, placed at the top of `box` (EMU), its width filling the box. */
export function tableFrame(doc: Document, id: number, name: string, box: Box, table: TableData, font: string, styleId: string): Element {
  return fragment(doc, tableFrameXml(id, name, box, table, font, styleId));
}

export function tableFrameXml(id: number, name: string, box: Box, table: TableData, font: string, styleId: string): string {
  const fit = tableFit(table, { w: box.cx / EMU_PER_INCH, h: box.cy / EMU_PER_INCH }, font);
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => !r[i] || NUMERIC.test(r[i].trim())));
  const widths = fit.widths.map(emu);
  const heights = fit.heights.map(emu);
  const grid = widths.map((w) => `<a:gridCol w="${w}"/>`).join('');
  const rows = [table.columns, ...table.rows].map((row, r) => `<a:tr h="${heights[r]}">${table.columns.map((_, i) => cell(row[i] ?? '', fit.size, r === 0, r > 0 && r % 2 === 0, numeric[i] ? 'r' : 'l')).join('')}</a:tr>`).join('');
  const cx = widths.reduce((a, b) => a + b, 0);
  const cy = heights.reduce((a, b) => a + b, 0);
  return `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="${xmlEscape(name)}"/><p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="${box.x}" y="${box.y}"/><a:ext cx="${cx}" cy="${cy}"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr firstRow="1" bandRow="1"><a:tableStyleId>${xmlEscape(styleId)}</a:tableStyleId></a:tblPr><a:tblGrid>${grid}</a:tblGrid>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
}

