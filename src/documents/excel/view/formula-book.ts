// The document as the formula evaluator reads it: sheets by name answering for their cells (values as
// stored, formulas with shared ones expanded), tables by name for structured references, and defined
// names (a sheet's own first, as Excel reads them).
import { WorkbookEvaluator, type FormulaBook, type FormulaSheet } from '../formula/formula-evaluator.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { attr, children } from '../../ooxml/xml.ts';
import { readCell } from './cells.ts';
import { findTable, sheetViews } from './sheet.view.ts';

export function formulaBook(doc: ExcelDocument): FormulaBook {
  const sheets = new Map<string, FormulaSheet>();
  const sheetOf = (name: string): FormulaSheet | undefined => {
    const key = name.toLowerCase();
    let s = sheets.get(key);
    if (s) return s;
    const entry = doc.findSheet(name);
    if (!entry || entry.kind !== 'worksheet' || !entry.part) return undefined;
    const ws = doc.worksheet(entry);
    s = {
      key: entry.part,
      name: entry.name,
      cell: (row, col) => readCell(ws, doc, row, col),
      usedRows: () => sheetViews(doc).find((v) => v.entry.part === entry.part)?.extent.rows ?? 0,
    };
    sheets.set(key, s);
    return s;
  };
  let names: Map<string, { sheet: number | null; text: string }[]> | null = null;
  const namesOf = () => {
    if (names) return names;
    names = new Map();
    const x = doc.book.ns.x;
    for (const dn of children(children(doc.book.root(), x, 'definedNames')[0], x, 'definedName')) {
      const name = (attr(dn, 'name') ?? '').toLowerCase();
      const text = (dn.textContent ?? '').trim();
      if (!name || !text || name.startsWith('_xlnm.')) continue;
      const local = attr(dn, 'localSheetId');
      const list = names.get(name) ?? [];
      list.push({ sheet: local === null ? null : Number(local), text });
      names.set(name, list);
    }
    return names;
  };
  return {
    sheet: sheetOf,
    name(name, from) {
      const list = namesOf().get(name.toLowerCase());
      if (!list) return undefined;
      const index = from ? doc.sheets().findIndex((e) => e.part === from.key) : -1;
      return (list.find((n) => n.sheet !== null && n.sheet === index) ?? list.find((n) => n.sheet === null))?.text;
    },
    table(name) {
      const t = findTable(doc, name);
      const sheet = t ? sheetOf(t.sheet.name) : undefined;
      return t && sheet ? { sheet, range: t.range, columns: t.columns, totalsRow: t.totalsRow } : undefined;
    },
  };
}

/** A fresh evaluator over the document as it is now (results are memoized for its lifetime only). */
export function evaluatorFor(doc: ExcelDocument): { evaluator: WorkbookEvaluator; book: FormulaBook } {
  const book = formulaBook(doc);
  return { evaluator: new WorkbookEvaluator(book), book };
}
