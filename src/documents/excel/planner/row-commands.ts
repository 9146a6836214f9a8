// "delete the East row", "remove the row for Marketing": the data row whose first cell holds that label,
// on the sheet the request names or the active one (a table's rows, or the data under a header row).
// Read without a model; a label found on no row, or on several, is refused with the reason.
import type { ExcelDocument } from '../excel.document.ts';
import { readCell } from '../view/cells.ts';
import type { SheetView } from '../view/sheet.view.ts';
import { targetOf, type RefusedCommand, type TableCommand } from './table-commands.ts';

const DELETE_ROW = /\b(?:delete|remove|drop)\s+(?:the\s+)?(?:row\s+(?:for|of|with|labell?ed|called|named)\s+["“']?([^"”',.;\n]{1,40}?)["”']?|["“']?([\p{L}][^"”',.;\n]{0,39}?)["”']?\s+row)(?:\s+(?:from|in|on)\s+(?:the\s+)?([^,.;\n]+?))?\s*(?=[,.;\n?!]|$|\s+(?:and|then)\s)/iu;

export function deleteLabelledRowCommand(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const m = DELETE_ROW.exec(text);
  if (!m) return null;
  const label = (m[1] ?? m[2]).trim().replace(/^(?:the|a|an)\s+/i, '');
  // ("delete the last row", "delete row 5": read elsewhere or not a label.)
  if (!label || /^(?:last|first|top|bottom|empty|blank|total|totals|header|\d+)$/i.test(label)) return null;
  const target = targetOf(m[3], sheets, active);
  if (!target) return null;
  const { sheet, table } = target;
  const rows: number[] = [];
  const from = table ? table.range.start.row + 1 : 0;
  const to = table ? table.range.end.row - (table.totalsRow ? 1 : 0) : sheet.extent.rows - 1;
  for (let r = from; r <= to; r++) {
    const v = readCell(sheet.ws!, doc, r, table ? table.range.start.col : 0)?.value;
    if (typeof v === 'string' && v.trim().toLowerCase() === label.toLowerCase()) rows.push(r);
  }
  if (!rows.length) return { refused: `no row of "${sheet.name}" is labelled "${label}"` };
  if (rows.length > 1) return { refused: `${rows.length} rows of "${sheet.name}" are labelled "${label}" (rows ${rows.map((r) => r + 1).join(', ')}); say which row number to delete` };
  // A whole sheet row goes: not when it also holds cells beside the table (another table, a summary).
  if (table) {
    const beside = Array.from({ length: sheet.extent.cols }, (_, c) => c).filter((c) => (c < table.range.start.col || c > table.range.end.col) && ![null, undefined, ''].includes(readCell(sheet.ws!, doc, rows[0], c)?.value as never));
    if (beside.length) return { refused: `row ${rows[0] + 1} of "${sheet.name}" also holds cells outside table ${table.name}, which deleting the row would remove; say "delete row ${rows[0] + 1}" if that is meant` };
  }
  return { calls: [{ tool: 'delete_rows', args: { sheet: sheet.name, at: rows[0] + 1, count: 1 } }], what: `deleted the row "${label}" (row ${rows[0] + 1}) from "${sheet.name}"` };
}
