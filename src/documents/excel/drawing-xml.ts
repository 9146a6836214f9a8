// The smaller package parts Folio writes itself next to exceljs's output: Excel table parts
// (xl/tables/tableN.xml), drawing parts and chart anchors (xl/drawings/drawingN.xml), and relationship
// entries. Kept as plain strings: each is a few lines of a fixed shape.
import { rangeAddress } from './a1.ts';
import type { ChartAnchor, TableModel } from './model.ts';
import { CHART_NS, xmlEscape } from './chart-xml.ts';

export const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const XDR_NS = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
export const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';

export const REL_TYPE = {
  table: `${REL_NS}/table`,
  drawing: `${REL_NS}/drawing`,
  chart: `${REL_NS}/chart`,
};

export const CONTENT_TYPE = {
  table: 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
};

const TOTALS_CODE: Record<string, number> = { sum: 109, average: 101, count: 103, min: 105, max: 104 };

/** The SUBTOTAL formula a table's totals row holds for a column (ignores rows a filter hides). */
export function totalsFormula(fn: keyof typeof TOTALS_CODE, dataRange: string): string {
  return `SUBTOTAL(${TOTALS_CODE[fn]},${dataRange})`;
}

export function tablePartXml(table: TableModel, id: number): string {
  const ref = rangeAddress(table.range);
  const filterEnd = table.totalsRow ? { row: table.range.end.row - 1, col: table.range.end.col } : table.range.end;
  const filterRef = rangeAddress({ start: table.range.start, end: filterEnd });
  const cols = table.columns.map((c, i) => {
    const totals = !table.totalsRow ? '' : c.totalsFunction ? ` totalsRowFunction="${c.totalsFunction}"` : c.totalsLabel ? ` totalsRowLabel="${xmlEscape(c.totalsLabel)}"` : '';
    return `<tableColumn id="${i + 1}" name="${xmlEscape(c.name)}"${totals}/>`;
  }).join('');
  const totals = table.totalsRow ? ' totalsRowCount="1"' : ' totalsRowShown="0"';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<table xmlns="${SPREADSHEET_NS}" id="${id}" name="${xmlEscape(table.name)}" displayName="${xmlEscape(table.name)}" ref="${ref}"${totals}><autoFilter ref="${filterRef}"/><tableColumns count="${table.columns.length}">${cols}</tableColumns><tableStyleInfo name="${xmlEscape(table.style)}" showFirstColumn="0" showLastColumn="0" showRowStripes="${table.bandedRows ? 1 : 0}" showColumnStripes="0"/></table>`;
}

function marker(tag: 'from' | 'to', pos: { row: number; col: number }): string {
  return `<xdr:${tag}><xdr:col>${pos.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${pos.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
}

export function chartAnchorXml(anchor: ChartAnchor, shapeId: number, relId: string, name: string): string {
  return `<xdr:twoCellAnchor editAs="oneCell">${marker('from', anchor.from)}${marker('to', anchor.to)}<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${shapeId}" name="${xmlEscape(name)}"/><xdr:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></xdr:cNvGraphicFramePr></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${CHART_NS}"><c:chart xmlns:c="${CHART_NS}" xmlns:r="${REL_NS}" r:id="${relId}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`;
}

/** An anchor read from a file, given the ids of its new home (its chart relationship and shape id). */
export function rebaseAnchorXml(anchorXml: string, shapeId: number, relId: string | null): string {
  let xml = anchorXml.replace(/(<(?:[\w-]+:)?cNvPr\b[^>]*?\bid=")\d+(")/, `$1${shapeId}$2`);
  if (relId) xml = xml.replace(/(<(?:[\w-]+:)?chart\b[^>]*?\br:id=")[^"]*(")/, `$1${relId}$2`);
  return xml;
}

export function emptyDrawingXml(): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xdr:wsDr xmlns:xdr="${XDR_NS}" xmlns:a="${A_NS}"></xdr:wsDr>`;
}

export function emptyRelsXml(): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${PKG_REL_NS}"></Relationships>`;
}

/** Adds a relationship to a .rels document; returns the new document and the id it got. */
export function addRelationship(relsXml: string, type: string, target: string): { xml: string; id: string } {
  const taken = new Set([...relsXml.matchAll(/\bId="([^"]+)"/g)].map((m) => m[1]));
  let n = taken.size + 1;
  while (taken.has(`rId${n}`)) n++;
  const id = `rId${n}`;
  const rel = `<Relationship Id="${id}" Type="${type}" Target="${xmlEscape(target)}"/>`;
  const xml = relsXml.includes('</Relationships>') ? relsXml.replace('</Relationships>', `${rel}</Relationships>`) : relsXml.replace(/<Relationships([^>]*)\/>/, `<Relationships$1>${rel}</Relationships>`);
  return { xml, id };
}

/** Adds an Override to [Content_Types].xml for a part, unless one is there. */
export function addContentType(typesXml: string, partName: string, contentType: string): string {
  if (typesXml.includes(`PartName="${partName}"`)) return typesXml;
  return typesXml.replace('</Types>', `<Override PartName="${partName}" ContentType="${contentType}"/></Types>`);
}

// Elements that must follow <drawing> (and <tableParts>) in a worksheet, in schema order.
const AFTER_DRAWING = ['<legacyDrawing', '<legacyDrawingHF', '<drawingHF', '<picture', '<oleObjects', '<controls', '<webPublishItems', '<tableParts', '<extLst', '</worksheet>'];
const AFTER_TABLE_PARTS = ['<extLst', '</worksheet>'];

function insertBefore(xml: string, candidates: string[], fragment: string): string {
  for (const tag of candidates) {
    const at = xml.indexOf(tag);
    if (at >= 0) return xml.slice(0, at) + fragment + xml.slice(at);
  }
  throw new Error('worksheet part has no closing tag');
}

export function addDrawingElement(sheetXml: string, relId: string): string {
  return insertBefore(sheetXml, AFTER_DRAWING, `<drawing r:id="${relId}"/>`);
}

export function addTableParts(sheetXml: string, relIds: string[]): string {
  const parts = relIds.map((id) => `<tablePart r:id="${id}"/>`).join('');
  return insertBefore(sheetXml, AFTER_TABLE_PARTS, `<tableParts count="${relIds.length}">${parts}</tableParts>`);
}
