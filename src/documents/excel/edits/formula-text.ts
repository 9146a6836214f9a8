// Formula text wherever a workbook keeps it outside defined names: cell formulas (only rows whose text
// mentions the sheet are read), chart series (c:f), data validations, conditional formats and hyperlink
// locations. forEachFormula rewrites each through a function; only what changes is written back.
import { child, childElements, children, descendants, type Element } from '../../ooxml/xml.ts';
import type { ExcelDocument } from '../excel.document.ts';
import { forgetShared } from '../view/cells.ts';
import { xmlEscape } from '../parts/xml-text.ts';

function textChanged(el: Element, fix: (f: string) => string): boolean {
  const text = el.textContent ?? '';
  const next = fix(text);
  if (next === text) return false;
  el.textContent = next;
  return true;
}

/** Rewrites every formula that may mention `name` (the sheet's name) with `fix`. */
export function forEachFormula(doc: ExcelDocument, name: string, fix: (formula: string) => string): void {
  const needles = [name, xmlEscape(name), xmlEscape(name).replace(/'/g, '&apos;')];
  for (const entry of doc.worksheetEntries()) {
    const ws = doc.worksheet(entry);
    let touched = false;
    for (const row of ws.data.allRows()) {
      if (!row.dirty && !needles.some((n) => row.body.includes(n))) continue;
      for (const c of ws.data.cellsOf(row)) {
        if (!c.f?.text) continue;
        const next = fix(c.f.text);
        if (next === c.f.text) continue;
        c.f = { ...c.f, text: next };
        c.raw = null;
        ws.data.touchRow(row.r);
        touched = true;
      }
    }
    if (touched) forgetShared(ws);
    const root = ws.root();
    const x = ws.ns;
    const inRest: Element[] = [
      ...children(child(root, x, 'dataValidations'), x, 'dataValidation').flatMap((dv) => childElements(dv).filter((e) => /^formula[12]$/.test(e.localName ?? ''))),
      ...children(root, x, 'conditionalFormatting').flatMap((cf) => children(cf, x, 'cfRule')).flatMap((r) => children(r, x, 'formula')),
    ];
    let restTouched = false;
    for (const el of inRest) if (textChanged(el, fix)) restTouched = true;
    for (const link of children(child(root, x, 'hyperlinks'), x, 'hyperlink')) {
      const loc = link.getAttribute('location');
      if (loc && loc.includes('!')) {
        const next = fix(loc);
        if (next !== loc) { link.setAttribute('location', next); restTouched = true; }
      }
    }
    if (restTouched) ws.edit();
  }
  for (const part of doc.pkg.paths('xl/charts/')) {
    if (!/\/chart[^/]*\.xml$/.test(part)) continue;
    const root = doc.pkg.xml(part).documentElement!;
    let changed = false;
    for (const f of descendants(root, root.namespaceURI ?? '', 'f')) if (textChanged(f, fix)) changed = true;
    if (changed) doc.pkg.edit(part);
  }
}
