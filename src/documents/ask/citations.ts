// Citations a model gives by label, checked against the view: a label the view holds (a sheet, a
// slide, a section, a line's or a table's label), or a range on a sheet that exists. Anything else is
// dropped, so an answer never cites a place the document does not have.
import { parseSheetRange, rangeAddress } from '../excel/a1.ts';
import type { AskView, Citation } from './ask-view.ts';

export function resolveCitations(view: AskView, labels: string[]): Citation[] {
  const known = new Map<string, Citation>();
  for (const p of view.parts) {
    known.set(p.cite.label.toLowerCase(), p.cite);
    for (const l of p.lines) known.set(l.cite.label.toLowerCase(), l.cite);
  }
  const out: Citation[] = [];
  for (const raw of labels) {
    const label = raw.trim().replace(/^\[|\]$/g, '').trim();
    const found = known.get(label.toLowerCase()) ?? sheetRange(view, label) ?? numbered(view, label);
    if (found && !out.some((c) => c.label === found.label)) out.push(found);
  }
  return out;
}

function sheetRange(view: AskView, label: string): Citation | null {
  if (view.format !== 'excel') return null;
  const ref = parseSheetRange(label);
  const part = ref?.sheet ? view.parts.find((p) => p.name.toLowerCase() === ref.sheet!.toLowerCase()) : undefined;
  if (!ref || !part) return null;
  const range = rangeAddress(ref.range);
  return { label: `${part.name}!${range}`, sheet: part.name, range };
}

function numbered(view: AskView, label: string): Citation | null {
  const m = /^(slide|section|sheet)\s+(\d+)\b/i.exec(label);
  if (!m) return null;
  return view.parts.find((p) => p.kind === m[1].toLowerCase() && p.number === Number(m[2]))?.cite ?? null;
}
