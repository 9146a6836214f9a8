// "delete the East row", "remove the row for Marketing": the data row whose first cell holds that label,
// on the sheet the request names or the active one (a table's rows, or the data under a header row).
// "change Electric to 135", "rename Income 2 to Side gig": the value on a table's labelled row, or the
// label itself. Read without a model; a label found on no row, or on several, is refused with the reason.
import type { ExcelDocument } from '../excel.document.ts';
import { typedValue } from '../../agent/understanding/inline-data.ts';
import { cellAddress } from '../a1.ts';
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

const SET_VALUE = /\b(?:change|set|update|make|rename)\s+(?:the\s+)?(?:(?:value|amount)\s+(?:of|for)\s+)?["“']?([\p{L}][^"”'\n]{0,40}?)["”']?(?:\s+(?:row|amount|value|cost|line))?\s+(?:to|=|into)\s+(?:["“']([^"”'\n]{1,60})["”']|([^"”'\n]{1,60}?))(?:\s+(?:in|on)\s+(?:the\s+)?([^,.;\n]+?))?\s*(?=[,.;\n?!]|$|\s+(?:and|then)\s)/iu;

/**
 * "change Electric to 135": the one number on the table row labelled Electric becomes 135 (its format
 * kept); "rename Income 2 to Side gig" (a text): the label becomes the text. Only a label on one row of
 * the workbook's tables is read; a sheet's name is left to the sheet commands.
 */
export function setLabelledCellCommands(text: string, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): (TableCommand | RefusedCommand)[] {
  // ("set Rent to 850 and change Other to 300": each.)
  return [...text.matchAll(new RegExp(SET_VALUE.source, 'giu'))].map((m) => setLabelledCell(m, sheets, active, doc)).filter((c): c is TableCommand | RefusedCommand => c !== null);
}

function setLabelledCell(m: RegExpMatchArray, sheets: SheetView[], active: SheetView | undefined, doc: ExcelDocument): TableCommand | RefusedCommand | null {
  const label = m[1].trim();
  // (A quoted value is taken whole: 'rename Rent to "Rent and parking"'.)
  const raw = (m[2] ?? m[3]).trim().replace(/[.!]+$/, '');
  if (!label || sheets.some((s) => s.name.toLowerCase() === label.toLowerCase()) || /^(?:sheet|tab|chart|title|theme|column|row)\b/i.test(label)) return null;
  const scope = m[4] ? targetOf(m[4], sheets, active) : null;
  const hits: { sheet: SheetView; table: SheetView['tables'][number]; row: number }[] = [];
  for (const sheet of scope ? [scope.sheet] : sheets) {
    if (!sheet.ws) continue;
    for (const table of scope?.table ? [scope.table] : sheet.tables) {
      const to = table.range.end.row - (table.totalsRow ? 1 : 0);
      for (let r = table.range.start.row + 1; r <= to; r++) {
        const v = readCell(sheet.ws, doc, r, table.range.start.col)?.value;
        if (typeof v === 'string' && v.trim().toLowerCase() === label.toLowerCase()) hits.push({ sheet, table, row: r });
      }
    }
  }
  if (!hits.length) return null;
  if (hits.length > 1) return { refused: `${hits.length} table rows are labelled "${label}" (${hits.map((h) => `"${h.sheet.name}" row ${h.row + 1}`).join(', ')}); say which table` };
  const { sheet, table, row } = hits[0];
  const value = typedValue(raw);
  if (typeof value.value !== 'number') {
    // A text: the label itself is renamed.
    const at = cellAddress({ row, col: table.range.start.col });
    return { calls: [{ tool: 'set_cells', args: { sheet: sheet.name, start: at, rows: [[raw]] } }], what: `renamed "${label}" to "${raw}" (${sheet.name}!${at})` };
  }
  const numeric: number[] = [];
  const computed: number[] = [];
  for (let c = table.range.start.col + 1; c <= table.range.end.col; c++) {
    const cell = readCell(sheet.ws!, doc, row, c);
    if (cell?.formula !== undefined) computed.push(c);
    else if (typeof cell?.value === 'number') numeric.push(c);
  }
  if (numeric.length !== 1) {
    return { refused: numeric.length ? `the row "${label}" of "${sheet.name}" holds ${numeric.length} numbers; say which column to change` : `the row "${label}" of "${sheet.name}" holds no number to change${computed.length ? ' (its figures are formulas)' : ''}` };
  }
  const at = cellAddress({ row, col: numeric[0] });
  return { calls: [{ tool: 'set_cells', args: { sheet: sheet.name, start: at, rows: [[value.value]] } }], what: `set "${label}" to ${raw} (${sheet.name}!${at})` };
}
