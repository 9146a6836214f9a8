// Structural checks on a document snapshot: counts of slides, sections or sheets and their titles,
// charts and their type, tables, cells with typed numbers, number formats and live formulas, labelled
// placeholders, and that the request's own sentences were not pasted in as text. Checks are plain
// data, so evaluation cases (bench/eval) and run verification can declare them.
import type { ChartType, DocumentSnapshot, PartSnapshot, SheetSnapshot } from './snapshot.ts';

export type Check =
  /** Slides, top-level sections or sheets. */
  | { check: 'parts'; min?: number; max?: number; equals?: number }
  /** Part titles (case-insensitive, exact after trimming), all present; `ordered`: in that order. */
  | { check: 'titles'; include: string[]; ordered?: boolean }
  /** Titles that must not appear (e.g. a deleted slide). */
  | { check: 'no_titles'; exclude: string[] }
  /** Native charts: at least `min` (default 1; 0 with `max: 0`, which asks for none), optionally of a type, on a part, over these category labels. */
  | { check: 'charts'; min?: number; max?: number; type?: ChartType; on?: string; categories?: string[] }
  /** Tables (slides, Word) whose header row includes these cells; at least `min`. */
  | { check: 'tables'; min?: number; header?: string[] }
  /** One cell: value, a number, a formula matching a pattern, a number format kind, or the exact format code. */
  | { check: 'cell'; sheet?: string; cell: string; equals?: string | number; numeric?: boolean; formula?: string; format?: 'currency' | 'percent' | 'date'; num_fmt?: string }
  /** Live formulas: at least `min` cells (on a sheet) whose formula matches `pattern`. */
  | { check: 'formulas'; min: number; pattern?: string; sheet?: string }
  /** Numbers stored as numbers (not text): at least `min` on the sheet. */
  | { check: 'numbers'; min: number; sheet?: string }
  /** Text anywhere in the document (case-insensitive substrings). */
  | { check: 'text'; includes?: string[]; excludes?: string[] }
  /** Text under one part (slide, section or sheet named `part`). */
  | { check: 'part_text'; part: string; includes?: string[]; excludes?: string[] }
  /** Bracketed placeholders ("[Add ...]", "[Ergänzen: ...]", ...). */
  | { check: 'placeholders'; min?: number; max?: number }
  /** No sentence of the request pasted into the document's body (content it dictates may be listed in `allow`; the title is not judged here). */
  | { check: 'no_echo'; allow?: string[] }
  | { check: 'page_breaks'; min?: number; max?: number };

export interface CheckResult { check: Check; pass: boolean; detail: string }

const norm = (s: string) => s.toLowerCase().replace(/[*_`\\]/g, '').replace(/\s+/g, ' ').trim();
const PLACEHOLDER = /\[(?:Add|Ergänzen|Añadir|Ajouter)\b[^\]]*\]/g;

/** The part titled `name`: of several (a deck's title slide and a slide of the same title), one with content. */
function partNamed(d: DocumentSnapshot, name: string): PartSnapshot | undefined {
  const n = norm(name);
  const exact = d.parts.filter((p) => norm(p.title) === n);
  return exact.find((p) => p.text.length || p.tables.length) ?? exact[0] ?? d.parts.find((p) => norm(p.title).includes(n));
}

function sheetOf(d: DocumentSnapshot, name?: string): SheetSnapshot | undefined {
  return name ? d.sheets.find((s) => norm(s.title) === norm(name)) : d.sheets[0];
}

function range(n: number, c: { min?: number; max?: number; equals?: number }): boolean {
  return (c.min === undefined || n >= c.min) && (c.max === undefined || n <= c.max) && (c.equals === undefined || n === c.equals);
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Clauses of the request long enough that finding one in the document means it was pasted. */
export function echoedText(request: string, d: DocumentSnapshot, allow: string[] = []): string[] {
  const clauses = request.split(/[.!?\n:;]+/).map(norm).filter((c) => words(c) >= 8);
  const allowed = allow.map(norm);
  const found: string[] = [];
  // The document's title is judged by the title rules (derived from the request's subject), not here: body text only.
  const title = d.title ? norm(d.title) : null;
  for (const t of d.allText.map(norm)) {
    if (t === title || allowed.some((a) => a && t.includes(a))) continue;
    if (clauses.some((c) => t.includes(c)) || (words(t) >= 8 && norm(request).includes(t))) found.push(t);
  }
  return found;
}

function one(d: DocumentSnapshot, c: Check, request: string): CheckResult {
  const ok = (pass: boolean, detail: string): CheckResult => ({ check: c, pass, detail });
  const titles = d.parts.map((p) => p.title);
  switch (c.check) {
    case 'parts': return ok(range(d.parts.length, c), `${d.parts.length} parts: ${titles.map((t) => `"${t}"`).join(', ')}`);
    case 'titles': {
      const have = titles.map(norm);
      const at = c.include.map((t) => have.indexOf(norm(t)));
      const pass = at.every((i) => i >= 0) && (!c.ordered || at.every((i, k) => k === 0 || i > at[k - 1]));
      return ok(pass, `titles ${titles.map((t) => `"${t}"`).join(', ')}; wanted ${c.include.map((t) => `"${t}"`).join(', ')}`);
    }
    case 'no_titles': return ok(!c.exclude.some((t) => titles.map(norm).includes(norm(t))), `titles ${titles.map((t) => `"${t}"`).join(', ')}`);
    case 'charts': {
      const pool = c.on ? partNamed(d, c.on)?.charts ?? [] : d.charts;
      const fit = pool.filter((ch) => (!c.type || ch.type === c.type) && (!c.categories || c.categories.every((x) => ch.categories.map(norm).includes(norm(x)))));
      return ok(range(fit.length, { min: c.min ?? (c.max === 0 ? 0 : 1), max: c.max }), `${pool.length} chart(s): ${pool.map((ch) => `${ch.type} "${ch.title ?? ''}" [${ch.categories.slice(0, 6).join(', ')}]`).join('; ') || 'none'}`);
    }
    case 'tables': {
      const tables = d.format === 'excel' ? [] : d.parts.flatMap((p) => p.tables);
      const fit = tables.filter((t) => !c.header || c.header.every((h) => (t[0] ?? []).map(norm).includes(norm(h))));
      return ok(fit.length >= (c.min ?? 1), `${tables.length} table(s): ${tables.map((t) => `[${(t[0] ?? []).join(' | ')}]`).join('; ') || 'none'}`);
    }
    case 'cell': {
      const sheet = sheetOf(d, c.sheet);
      const cell = sheet?.cells[c.cell.toUpperCase()];
      if (!cell) return ok(false, `no cell ${c.sheet ?? sheet?.title ?? '?'}!${c.cell}`);
      const fmt = cell.numFmt;
      const pass = (c.equals === undefined || (typeof c.equals === 'number' ? cell.value === c.equals : norm(String(cell.value)) === norm(c.equals)))
        && (!c.numeric || typeof cell.value === 'number')
        && (!c.formula || (cell.formula !== null && new RegExp(c.formula, 'i').test(cell.formula)))
        && (c.num_fmt === undefined || fmt === c.num_fmt)
        && (!c.format || (c.format === 'percent' ? fmt.includes('%') : c.format === 'currency' ? /[$€£¥]|\[\$|"(USD|EUR|GBP)/.test(fmt) : /[dy]/i.test(fmt)));
      return ok(pass, `${sheet!.title}!${c.cell} = ${JSON.stringify(cell.value)}${cell.formula ? ` (=${cell.formula})` : ''} format "${fmt}"`);
    }
    case 'formulas': {
      const sheets = c.sheet ? [sheetOf(d, c.sheet)].filter(Boolean) as SheetSnapshot[] : d.sheets;
      const f = sheets.flatMap((s) => Object.values(s.cells).map((x) => x.formula).filter((x): x is string => x !== null));
      const fit = f.filter((x) => !c.pattern || new RegExp(c.pattern, 'i').test(x));
      return ok(fit.length >= c.min, `${fit.length} matching of ${f.length} formula(s): ${f.slice(0, 6).join(', ')}`);
    }
    case 'numbers': {
      const sheets = c.sheet ? [sheetOf(d, c.sheet)].filter(Boolean) as SheetSnapshot[] : d.sheets;
      const n = sheets.flatMap((s) => Object.values(s.cells)).filter((x) => typeof x.value === 'number' && x.formula === null).length;
      return ok(n >= c.min, `${n} number cell(s)`);
    }
    case 'text': {
      const all = norm(d.allText.join('\n'));
      const missing = (c.includes ?? []).filter((t) => !all.includes(norm(t)));
      const present = (c.excludes ?? []).filter((t) => all.includes(norm(t)));
      return ok(!missing.length && !present.length, `${missing.length ? `missing ${missing.map((t) => `"${t}"`).join(', ')}` : ''}${present.length ? ` present ${present.map((t) => `"${t}"`).join(', ')}` : ''}` || 'ok');
    }
    case 'part_text': {
      const p = partNamed(d, c.part);
      if (!p) return ok(false, `no part "${c.part}" among ${titles.map((t) => `"${t}"`).join(', ')}`);
      const text = norm([...p.text, ...p.tables.flat(2)].join('\n'));
      const missing = (c.includes ?? []).filter((t) => !text.includes(norm(t)));
      const present = (c.excludes ?? []).filter((t) => text.includes(norm(t)));
      return ok(!missing.length && !present.length, `"${p.title}": ${text.slice(0, 160)}`);
    }
    case 'placeholders': {
      const n = d.allText.join('\n').match(PLACEHOLDER)?.length ?? 0;
      return ok(range(n, { min: c.min ?? (c.max === undefined ? 1 : 0), max: c.max }), `${n} placeholder(s)`);
    }
    case 'no_echo': {
      const echoed = echoedText(request, d, c.allow);
      return ok(!echoed.length, echoed.length ? `request text in the document: "${echoed[0].slice(0, 120)}"` : 'no request sentence in the document');
    }
    case 'page_breaks': return ok(range(d.pageBreaks, c), `${d.pageBreaks} page break(s)`);
  }
}

/** Runs the checks; `request` is the prompt (for no_echo). */
export function runChecks(d: DocumentSnapshot, checks: Check[], request: string): CheckResult[] {
  return checks.map((c) => {
    try {
      return one(d, c, request);
    } catch (err) {
      return { check: c, pass: false, detail: `check failed to run: ${(err as Error).message}` };
    }
  });
}
