// A workbook as the structural checks read it (DocumentSnapshot): sheets with their cells (values,
// formulas, number formats), tables and charts read back through their ranges (FormatAdapter.snapshot).
import { chartType, type CellSnapshot, type ChartSnapshot, type DocumentSnapshot, type SheetSnapshot } from '../agent/outcome/snapshot.ts';
import { columnLetters } from './a1.ts';
import type { ExcelDocument } from './excel.document.ts';
import { readCell } from './view/cells.ts';
import { sheetViews } from './view/sheet.view.ts';

export function snapshotExcel(doc: ExcelDocument): DocumentSnapshot {
  const sheets: SheetSnapshot[] = sheetViews(doc).map((v) => {
    const cells: Record<string, CellSnapshot> = {};
    const rows: string[][] = [];
    if (v.ws) {
      for (let r = 0; r < Math.min(v.extent.rows, 200); r++) {
        const row: string[] = [];
        for (let c = 0; c < Math.min(v.extent.cols, 40); c++) {
          const cell = readCell(v.ws, doc, r, c);
          const value = cell?.value instanceof Date ? cell.value.toISOString().slice(0, 10) : (cell?.value ?? null);
          if (cell && (value !== null || cell.formula)) cells[`${columnLetters(c)}${r + 1}`] = { value, formula: cell.formula ?? null, numFmt: doc.styles().numFmt(cell.s) };
          row.push(value === null ? '' : String(value));
        }
        rows.push(row);
      }
    }
    return { title: v.name, text: [], tables: [rows], charts: [] as ChartSnapshot[], cells, tableNames: v.tables.map((t) => t.name) };
  });
  // Chart ranges ("'Sales'!$A$2:$A$4") read back as the labels and numbers they point at.
  const resolve = (ref: string): (string | number | null)[] => {
    const m = /^(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/.exec(ref.trim());
    const sheet = m ? sheets.find((x) => x.title === (m[1]?.replace(/''/g, "'") ?? m[2])) : undefined;
    if (!m || !sheet) return [];
    const [c1, r1, c2, r2] = [m[3], Number(m[4]), m[5] ?? m[3], Number(m[6] ?? m[4])];
    const out: (string | number | null)[] = [];
    for (let r = r1; r <= r2 && out.length < 500; r++) {
      for (const c of c1 === c2 ? [c1] : [c1, c2]) {
        const v = sheet.cells[`${c}${r}`]?.value ?? null;
        out.push(typeof v === 'boolean' ? String(v) : v);
      }
    }
    return out;
  };
  for (const [i, v] of sheetViews(doc).entries()) {
    sheets[i].charts = v.charts.map((c) => ({
      type: chartType(c.kind === 'other' ? c.type : c.kind), title: c.title || null,
      categories: resolve(c.categories).map((x) => (x === null ? '' : String(x))),
      series: c.series.map((s) => ({ name: s.name, values: resolve(s.values).map((x) => (typeof x === 'number' ? x : null)) })),
    }));
  }
  return {
    format: 'excel', title: sheets[0]?.title ?? null, parts: sheets, sheets, pageBreaks: 0,
    charts: sheets.flatMap((s) => s.charts),
    allText: sheets.flatMap((s) => [s.title, ...Object.values(s.cells).map((c) => (typeof c.value === 'string' ? c.value : '')).filter(Boolean)]),
  };
}
