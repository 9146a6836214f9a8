// Inserting or deleting rows or columns, in a sheet's cells: the rows (or the cells of each row) past the
// point get their new numbers, deleted ones go; and the cell formulas of any sheet that refer to the
// moved sheet are rewritten (formula/formula-insert.ts). A shared formula stays shared when its members'
// formulas are still its master's moved to their cells; otherwise each member gets a formula of its own.
// Array formulas and data tables move their ranges with their cells.
import { columnLetters } from '../a1.ts';
import { moveAt, moveIndex, moveInFormula, moveRangeText, type LineMove } from '../formula/formula-insert.ts';
import { shiftFormula } from '../formula/formula-shift.ts';
import type { CellRec, FormulaRec, RowRec } from '../parts/sheet-data.ts';
import type { Worksheet } from '../parts/worksheet.ts';
import { attrOf, withAttrs, xmlEscape } from '../parts/xml-text.ts';
import { forgetShared } from '../view/cells.ts';

interface Member {
  /** 1-based row and 0-based column, before the move. */
  r: number;
  c: CellRec;
}

/** Where a cell of the moved sheet goes (1-based row), or null when it is deleted. */
function after(r: number, col: number, m: LineMove): { r: number; col: number } | null {
  if (m.axis === 'row') {
    const nr = moveIndex(r - 1, m);
    return nr === null ? null : { r: nr + 1, col };
  }
  const nc = moveIndex(col, m);
  return nc === null ? null : { r, col: nc };
}

function setFormula(c: CellRec, f: FormulaRec): void {
  c.f = f;
  c.raw = null;
}

/**
 * Rewrites the formulas of one sheet (`host`) for a move of `target`'s rows or columns. On the target
 * itself every formula is read; on other sheets only rows that name the target or hold shared formulas.
 */
export function moveCellFormulas(ws: Worksheet, host: string, target: string, m: LineMove): void {
  const isTarget = host.toLowerCase() === target.toLowerCase();
  // (A formula inside a table that grows keeps its ranges: formula-insert.ts, `moveAt`.)
  const fix = (text: string, r: number, col: number) => moveInFormula(text, host, target, isTarget ? moveAt(m, r - 1, col) : m);
  const needles = [target, xmlEscape(target), xmlEscape(target).replace(/'/g, '&apos;')].map((n) => n.toLowerCase());
  const p = ws.prefix;
  const groups = new Map<string, { master: Member | null; members: Member[] }>();
  const touched = new Set<number>();
  for (const row of ws.data.allRows()) {
    if (!row.dirty && !row.body.includes(`<${p}f`)) continue;
    if (!isTarget && !row.dirty && !row.body.includes('shared')) {
      const body = row.body.toLowerCase();
      if (!needles.some((n) => body.includes(n))) continue;
    }
    for (const c of ws.data.cellsOf(row)) {
      const f = c.f;
      if (!f) continue;
      if (f.type === 'shared' && f.si !== null) {
        let g = groups.get(f.si);
        if (!g) groups.set(f.si, (g = { master: null, members: [] }));
        const member = { r: row.r, c };
        g.members.push(member);
        if (f.text) g.master = member;
        continue;
      }
      let tag = f.tag;
      if (isTarget && (f.type === 'array' || f.type === 'dataTable')) {
        for (const name of ['ref', 'r1', 'r2']) {
          const v = attrOf(tag, name);
          if (v === null) continue;
          const moved = moveRangeText(v, m, false) ?? '#REF!';
          if (moved !== v) tag = withAttrs(tag, { [name]: moved });
        }
      }
      const text = f.text ? fix(f.text, row.r, c.col) : f.text;
      if (text === f.text && tag === f.tag) continue;
      setFormula(c, { ...f, text, tag, ref: attrOf(tag, 'ref') });
      touched.add(row.r);
    }
  }
  for (const g of groups.values()) {
    const master = g.master;
    if (!master) continue;
    const mf = master.c.f!;
    const want = g.members.map((it) => ({
      it,
      text: fix(it === master ? mf.text : shiftFormula(mf.text, it.r - master.r, it.c.col - master.c.col), it.r, it.c.col),
      at: isTarget ? after(it.r, it.c.col, m) : { r: it.r, col: it.c.col },
    }));
    const head = want.find((w) => w.it === master)!;
    const alive = want.filter((w) => w.at !== null);
    const stillShared = head.at !== null && alive.every((w) => w === head || shiftFormula(head.text, w.at!.r - head.at!.r, w.at!.col - head.at!.col) === w.text);
    if (stillShared) {
      const ref = isTarget && mf.ref ? moveRangeText(mf.ref, m, false) ?? mf.ref : mf.ref;
      if (head.text === mf.text && ref === mf.ref) continue;
      setFormula(master.c, { ...mf, text: head.text, ref, tag: ref ? withAttrs(mf.tag, { ref }) : mf.tag });
      touched.add(master.r);
      continue;
    }
    // Each member gets its own formula (what it computed before, with the references moved).
    for (const w of alive) {
      const f = w.it.c.f!;
      setFormula(w.it.c, { text: w.text, type: null, ref: null, si: null, tag: withAttrs(f.tag, { t: null, si: null, ref: null }) });
      touched.add(w.it.r);
    }
  }
  for (const r of touched) ws.data.touchRow(r);
  if (touched.size) forgetShared(ws);
}

/**
 * A cell at its new place: its text as read with only its `r` changed (the rest of its bytes kept, and
 * no need to write it again from its parts), or written from its parts when it had no `r`.
 */
function moveCell(c: CellRec, r: number, col: number): void {
  const ref = `${columnLetters(col)}${r}`;
  c.col = col;
  if (c.raw === null || attrOf(c.tag, 'r') === null) { c.raw = null; return; }
  const tag = withAttrs(c.tag, { r: ref });
  c.raw = tag + c.raw.slice(c.tag.length);
  c.tag = tag;
}

/** Moves the target sheet's rows, or the cells of each row, for the move. */
export function moveCells(ws: Worksheet, m: LineMove): void {
  const data = ws.data;
  if (m.axis === 'row') {
    const rows: RowRec[] = [];
    for (const row of data.allRows()) {
      const at = after(row.r, 0, m);
      if (!at) continue;
      if (at.r !== row.r) {
        for (const c of data.cellsOf(row)) moveCell(c, at.r, c.col);
        row.r = at.r;
        row.tag = withAttrs(row.tag, { r: String(at.r) });
        row.dirty = true;
      }
      rows.push(row);
    }
    data.replaceRows(rows);
  } else {
    for (const row of data.allRows()) {
      const cells = data.cellsOf(row);
      let changed = false;
      const kept: CellRec[] = [];
      for (const c of cells) {
        const at = after(row.r, c.col, m);
        if (!at) { changed = true; continue; }
        if (at.col !== c.col) { moveCell(c, row.r, at.col); changed = true; }
        kept.push(c);
      }
      if (!changed) continue;
      row.cells = kept;
      data.touchRow(row.r);
    }
  }
  forgetShared(ws);
}

/**
 * New rows or columns take the formats of the row above or the column to the left, as Excel inserts
 * them: the row's own format and height, and empty cells with the formats of the cells beside them.
 */
export function formatInserted(ws: Worksheet, m: LineMove): void {
  if (m.count <= 0 || m.at === 0 || m.inPlace) return;
  const data = ws.data;
  if (m.axis === 'row') {
    const above = data.row(m.at);
    if (!above) return;
    const cells = data.cellsOf(above).filter((c) => c.s);
    const yes = (name: string) => /^(1|true)$/.test(attrOf(above.tag, name) ?? '');
    const format: Record<string, string | null> = yes('customFormat') ? { s: attrOf(above.tag, 's'), customFormat: '1' } : {};
    const height: Record<string, string | null> = yes('customHeight') ? { ht: attrOf(above.tag, 'ht'), customHeight: '1' } : {};
    if (!cells.length && !format.customFormat && !height.customHeight) return;
    for (let r = m.at + 1; r <= m.at + m.count; r++) {
      const row = data.touchRow(r);
      row.tag = withAttrs(row.tag, { ...format, ...height });
      row.cells = cells.map((c) => ({ col: c.col, raw: null, tag: `<${ws.prefix}c>`, s: c.s, t: null, v: null, f: null, is: null, extra: '' }));
    }
    return;
  }
  for (const row of data.allRows()) {
    const left = data.cell(row.r, m.at - 1);
    if (!left?.s) continue;
    const cells = data.cellsOf(row);
    for (let col = m.at; col < m.at + m.count; col++) {
      if (cells.some((c) => c.col === col)) continue;
      data.put(row.r, { col, raw: null, tag: `<${ws.prefix}c>`, s: left.s, t: null, v: null, f: null, is: null, extra: '' });
    }
  }
}
