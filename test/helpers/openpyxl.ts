// An independent reader for the workbooks Folio writes: Debian's python3-openpyxl loads the file and
// reports what it found (sheets, cells with their formulas and number formats, computed values,
// frozen panes, filters, tables, charts, validations, conditional formats) as JSON.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's python3 (where python3-openpyxl is installed), even when another python3 comes first on PATH. */
export const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const DUMP = String.raw`
import json, sys, openpyxl
path = sys.argv[1]
wb = openpyxl.load_workbook(path)
values = openpyxl.load_workbook(path, data_only=True)
out = {"sheets": []}
for ws in wb.worksheets:
    vs = values[ws.title]
    cells, formats, computed = {}, {}, {}
    for row in ws.iter_rows(max_row=min(ws.max_row, 60), max_col=min(ws.max_column, 30)):
        for c in row:
            if c.value is None:
                continue
            v = c.value
            cells[c.coordinate] = v if isinstance(v, (int, float, str, bool)) else str(v)
            formats[c.coordinate] = c.number_format
            cv = vs[c.coordinate].value
            computed[c.coordinate] = cv if isinstance(cv, (int, float, str, bool)) or cv is None else str(cv)
    charts = []
    for ch in ws._charts:
        refs = []
        for s in ch.series:
            refs.append({"values": s.val.numRef.f if s.val and s.val.numRef else None,
                         "categories": (s.cat.strRef or s.cat.numRef).f if s.cat and (s.cat.strRef or s.cat.numRef) else None})
        title = None
        if ch.title and ch.title.tx and ch.title.tx.rich:
            title = "".join(r.t for p in ch.title.tx.rich.p for r in (p.r or []))
        charts.append({"type": type(ch).__name__, "title": title, "series": refs, "grouping": getattr(ch, "grouping", None), "barDir": getattr(ch, "type", None)})
    out["sheets"].append({
        "title": ws.title, "freeze": ws.freeze_panes, "filter": ws.auto_filter.ref,
        "tables": {t.displayName: t.ref for t in ws.tables.values()},
        "charts": charts, "images": len(ws._images),
        "validations": len(ws.data_validations.dataValidation),
        "conditional": len(list(ws.conditional_formatting)),
        "max_row": ws.max_row, "max_col": ws.max_column,
        "cells": cells, "formats": formats, "computed": computed,
        "widths": {k: d.width for k, d in ws.column_dimensions.items() if d.width},
    })
print(json.dumps(out))
`;

export interface PySheet {
  title: string;
  freeze: string | null;
  filter: string | null;
  tables: Record<string, string>;
  charts: { type: string; title: string | null; series: { values: string | null; categories: string | null }[]; grouping: string | null; barDir: string | null }[];
  images: number;
  validations: number;
  conditional: number;
  max_row: number;
  max_col: number;
  cells: Record<string, unknown>;
  formats: Record<string, string>;
  computed: Record<string, unknown>;
  widths: Record<string, number>;
}

/**
 * openpyxl's report of the same bytes, kept by their SHA-256 for this worker process: tests read an original
 * (a corpus file) again after the edit, and reading is deterministic. Each caller gets its own parsed copy.
 */
const dumps = new Map<string, string>();

export function readWithOpenpyxl(bytes: Buffer): { sheets: PySheet[] } {
  const digest = createHash('sha256').update(bytes).digest('hex');
  let out = dumps.get(digest);
  if (out === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openpyxl-'));
    try {
      const file = path.join(dir, 'book.xlsx');
      fs.writeFileSync(file, bytes);
      out = execFileSync(PYTHON, ['-c', DUMP, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    dumps.set(digest, out);
  }
  return JSON.parse(out);
}

/** Runs a Python snippet with openpyxl on a copy of the workbook (`path` names it) and returns the bytes it saved there. */
export function editWithOpenpyxl(bytes: Buffer, code: string): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-openpyxl-'));
  try {
    const file = path.join(dir, 'book.xlsx');
    fs.writeFileSync(file, bytes);
    execFileSync(PYTHON, ['-c', `import openpyxl\npath = ${JSON.stringify(file)}\n${code}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A workbook written by openpyxl itself, from a Python snippet that fills `wb` (saved for you). */
export function workbookFromOpenpyxl(code: string): Buffer {
  return editWithOpenpyxl(Buffer.alloc(0), `wb = openpyxl.Workbook()\n${code}\nwb.save(path)`);
}
