// Sheets as the workbook lists them: adding one (a new worksheet part related from the workbook, listed
// in <sheets> with the next sheet id), renaming, moving and deleting. Only the workbook part, its
// relationships and content types change, plus what refers to sheets by name or position: formulas,
// defined names (their localSheetId is a tab position), the active tab, chart series. A deleted sheet
// takes its part and the parts only it used (drawing, charts, tables, comments) with it.
import { ToolError } from '../../agent/tool-error.ts';
import { attr, child, children, createEl, insertBefore, removeNode, type Element } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { Worksheet } from '../parts/worksheet.ts';
import { CT_XL, keepParts, type SheetEntry } from '../workbook.ts';
import { forEachFormula } from './formula-text.ts';
import { removeOrphans } from '../../ooxml/orphans.ts';
import { deleteInFormula, renameInFormula } from './sheet-names.ts';

/** Children of <workbook> that follow <sheets> (a defined names list goes before the first of them after it). */
const AFTER_DEFINED_NAMES = ['calcPr', 'oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'];

/** Sheet names: 1-31 characters, none of `: \ / ? * [ ]`, not starting or ending with an apostrophe. */
export function sheetNameProblem(name: string): string | null {
  if (name.length < 1 || name.length > 31) return 'a sheet name has 1 to 31 characters';
  if (/[:\\/?*[\]]/.test(name)) return 'a sheet name cannot contain : \\ / ? * [ or ]';
  if (name.startsWith("'") || name.endsWith("'")) return 'a sheet name cannot start or end with an apostrophe';
  if (name.toLowerCase() === 'history') return '"History" is reserved by Excel';
  return null;
}

/** A valid sheet name from any text: forbidden characters dropped, cut to 31, made unique. */
export function safeSheetName(doc: ExcelDocument, wanted: string): string {
  let base = wanted.replace(/[:\\/?*[\]]/g, ' ').replace(/\s+/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim() || 'Sheet';
  if (base.toLowerCase() === 'history') base = 'History data';
  let name = base;
  for (let i = 2; doc.findSheet(name); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  return name;
}

function definedNames(doc: ExcelDocument): Element[] {
  return children(child(doc.book.root(), doc.book.ns.x, 'definedNames'), doc.book.ns.x, 'definedName');
}

/** Renumbers localSheetId (a tab position) after the tab order changed: old position -> new position, or null (gone). */
function remapLocalIds(doc: ExcelDocument, map: (old: number) => number | null): void {
  for (const dn of definedNames(doc)) {
    const id = attr(dn, 'localSheetId');
    if (id === null) continue;
    const next = map(Number(id));
    doc.book.edit();
    if (next === null) removeNode(dn);
    else if (next !== Number(id)) dn.setAttribute('localSheetId', String(next));
  }
  const view = children(child(doc.book.root(), doc.book.ns.x, 'bookViews'), doc.book.ns.x, 'workbookView');
  for (const v of view) {
    for (const a of ['activeTab', 'firstSheet']) {
      const t = attr(v, a);
      if (t === null) continue;
      const count = doc.book.sheets().length;
      const next = map(Number(t)) ?? 0;
      const fixed = Math.max(0, Math.min(next, count - 1));
      if (fixed !== Number(t)) { doc.book.edit(); v.setAttribute(a, String(fixed)); }
    }
  }
}

function newWorksheetXml(doc: ExcelDocument): string {
  const { x, r } = doc.book.ns;
  // Default row heights and column widths follow the workbook's own sheets, so the new one lines up with them.
  const first = doc.worksheetEntries()[0];
  let format = '<sheetFormatPr defaultRowHeight="15"/>';
  if (first) {
    const fp = child(doc.worksheet(first).root(), doc.book.ns.x, 'sheetFormatPr');
    const n = (name: string) => (Number.isFinite(Number(attr(fp, name) ?? NaN)) && Number(attr(fp, name)) > 0 ? Number(attr(fp, name)) : null);
    const [base, width, height] = [n('baseColWidth'), n('defaultColWidth'), n('defaultRowHeight')];
    format = `<sheetFormatPr${base !== null ? ` baseColWidth="${base}"` : ''}${width !== null ? ` defaultColWidth="${width}"` : ''} defaultRowHeight="${height ?? 15}"/>`;
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${x}" xmlns:r="${r}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>${format}<sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/><pageSetup orientation="portrait" fitToWidth="1" fitToHeight="0"/></worksheet>`;
}

/** Adds an empty worksheet at a 0-based tab position (default: last). */
export function addSheet(doc: ExcelDocument, name: string, position?: number): SheetEntry {
  const problem = sheetNameProblem(name);
  if (problem) throw new ToolError(`"${name}": ${problem}`);
  if (doc.findSheet(name)) throw new ToolError(`A sheet named "${name}" already exists.`);
  const book = doc.book;
  const part = doc.pkg.freeName('xl/worksheets/sheet', '.xml');
  const xml = newWorksheetXml(doc);
  doc.pkg.put(part, xml, CT_XL.worksheet);
  doc.adopt(new Worksheet(part, xml, book.ns.x));
  const relId = doc.pkg.rels(book.part).add(book.rel('worksheet'), part);
  const before = doc.sheets();
  const at = position === undefined ? before.length : Math.max(0, Math.min(before.length, position));
  const root = book.edit();
  let sheets = child(root, book.ns.x, 'sheets');
  if (!sheets) sheets = insertBefore(root, createEl(root.ownerDocument!, book.ns.x, 'sheets'), ['functionGroups', 'externalReferences', 'definedNames', ...AFTER_DEFINED_NAMES]);
  const el = createEl(root.ownerDocument!, book.ns.x, 'sheet', { name, sheetId: Math.max(0, ...before.map((s) => s.sheetId)) + 1 });
  const prefix = root.lookupPrefix(book.ns.r) ?? 'r';
  if (!root.lookupPrefix(book.ns.r)) root.setAttribute('xmlns:r', book.ns.r);
  el.setAttributeNS(book.ns.r, `${prefix}:id`, relId);
  sheets.insertBefore(el, before[at]?.el ?? null);
  if (at < before.length) remapLocalIds(doc, (old) => (old >= at ? old + 1 : old));
  doc.structureChanged();
  return doc.findSheet(name)!;
}

/** Every formula text of the workbook that may name a sheet, rewritten by `fix`. */
function rewriteReferences(doc: ExcelDocument, name: string, fix: (formula: string) => string): void {
  forEachFormula(doc, name, fix);
  for (const dn of definedNames(doc)) {
    const text = dn.textContent ?? '';
    const next = fix(text);
    if (next !== text) { doc.book.edit(); dn.textContent = next; }
  }
}

export function renameSheet(doc: ExcelDocument, entry: SheetEntry, next: string): void {
  const problem = sheetNameProblem(next);
  if (problem) throw new ToolError(`"${next}": ${problem}`);
  const other = doc.findSheet(next);
  if (other && other.el !== entry.el) throw new ToolError(`A sheet named "${next}" already exists.`);
  const old = entry.name;
  rewriteReferences(doc, old, (f) => renameInFormula(f, old, next));
  for (const p of doc.pkg.paths('xl/pivotCache/')) {
    if (!/pivotCacheDefinition[^/]*\.xml$/.test(p)) continue;
    for (const src of doc.pkg.xml(p).getElementsByTagNameNS(doc.book.ns.x, 'worksheetSource') as unknown as Element[]) {
      if (attr(src, 'sheet') === old) { doc.pkg.edit(p); src.setAttribute('sheet', next); }
    }
  }
  doc.book.edit();
  entry.el.setAttribute('name', next);
  doc.structureChanged();
}

/** Moves a sheet to a 0-based tab position. */
export function moveSheet(doc: ExcelDocument, entry: SheetEntry, position: number): void {
  const sheets = doc.sheets();
  const from = sheets.findIndex((s) => s.el === entry.el);
  const to = Math.max(0, Math.min(sheets.length - 1, position));
  if (from === to) return;
  const order = sheets.map((_, i) => i);
  order.splice(from, 1);
  order.splice(to, 0, from);
  doc.book.edit();
  const parent = entry.el.parentNode!;
  parent.removeChild(entry.el);
  parent.insertBefore(entry.el, order[to + 1] !== undefined ? sheets[order[to + 1]].el : null);
  remapLocalIds(doc, (old) => order.indexOf(old));
  doc.structureChanged();
}

export function deleteSheet(doc: ExcelDocument, entry: SheetEntry): void {
  const sheets = doc.sheets();
  if (sheets.filter((s) => s.state === 'visible').length <= 1 && entry.state === 'visible') {
    throw new ToolError('A workbook keeps at least one visible sheet; add another before deleting this one.');
  }
  const index = sheets.findIndex((s) => s.el === entry.el);
  rewriteReferences(doc, entry.name, (f) => deleteInFormula(f, entry.name));
  const book = doc.book;
  book.edit();
  removeNode(entry.el);
  doc.pkg.rels(book.part).remove(entry.relId);
  if (entry.part) {
    const owned = doc.pkg.related(entry.part);
    doc.pkg.remove(entry.part);
    doc.forget(entry.part);
    removeOrphans(doc.pkg, owned, keepParts);
  }
  remapLocalIds(doc, (old) => (old === index ? null : old > index ? old - 1 : old));
  doc.formulasChanged = true;
  doc.needsRecalc = true;
  doc.structureChanged();
}

