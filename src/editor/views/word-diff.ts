// An editor save compared with the version it was made from, and applied in place. Blocks are matched
// by content (common start and end, then the longest common subsequence), kept blocks by id: matched
// blocks stay as they are; between matches, a changed block of the same kind is edited where it is
// (its formatting kept), new blocks are written in the document's styles, and the rest are deleted.
// Kept blocks the editor moved are moved; a kept id that is not in the version is refused.
import { errors } from '../../errors.ts';
import { childElements, NS, type Element, type Node } from '../../documents/ooxml/xml.ts';
import type { ContentBlock } from '../../documents/word/content-blocks.ts';
import { updateBlock } from '../../documents/word/edits/block-edit.ts';
import { setTitle } from '../../documents/word/edits/page-setup.ts';
import { deleteBlocks, insertXml, writeContextAt } from '../../documents/word/edits/structure.ts';
import { editTable, setCellText } from '../../documents/word/edits/table-edit.ts';
import { blocksXml } from '../../documents/word/edits/write-blocks.ts';
import type { BlockView } from '../../documents/word/view/body.view.ts';
import { plainText, toInline, type Segment } from '../../documents/word/inline.ts';
import type { WordDocument } from '../../documents/word/word.document.ts';
import { presentBlock, type EditorBlock, type WordContent } from './word-view.ts';

const TEXT_KINDS = new Set(['heading', 'paragraph', 'list', 'table']);
const inline = (segments: Segment[]) => toInline(segments).replace(/\n/g, ' ');

/** A block's content as one comparable string. */
function signature(b: EditorBlock): string {
  switch (b.kind) {
    case 'heading': return `h${b.level}:${inline(b.segments)}`;
    case 'paragraph': return `p${b.style}:${inline(b.segments)}`;
    case 'list': return `l${b.ordered}:${b.items.map((i) => `${i.level}${inline(i.segments)}`).join('\u0001')}`;
    case 'table': return `t:${[b.header, ...b.rows].filter((r) => r.length).map((r) => r.map((c) => plainText(inline(c))).join('\u0002')).join('\u0001')}`;
    case 'kept': return `k:${b.id}`;
  }
}

/** Pairs of equal signatures (indexes into a and b), in order. */
function match(a: string[], b: string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) { pairs.push([start, start]); start++; }
  let endA = a.length;
  let endB = b.length;
  const tail: [number, number][] = [];
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; tail.unshift([endA, endB]); }
  const n = endA - start;
  const m = endB - start;
  if (n && m && n * m <= 4_000_000) {
    const dp = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i][j] = a[start + i] === b[start + j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
    for (let i = 0, j = 0; i < n && j < m;) {
      if (a[start + i] === b[start + j]) { pairs.push([start + i, start + j]); i++; j++; } else if (dp[i + 1][j] >= dp[i][j + 1]) i++; else j++;
    }
  }
  return [...pairs, ...tail];
}

function newContent(b: EditorBlock): ContentBlock[] {
  switch (b.kind) {
    case 'heading': return [{ kind: 'heading', level: b.level as 1 | 2 | 3 | 4, text: inline(b.segments) }];
    case 'paragraph': return [{ kind: 'paragraph', style: b.style, text: inline(b.segments) }];
    case 'list': return b.items.length ? [{ kind: 'list', ordered: b.ordered, items: b.items.map((i) => ({ level: i.level as 0 | 1 | 2, text: inline(i.segments) })) }] : [];
    case 'table': {
      const width = Math.max(b.header.length, ...b.rows.map((r) => r.length), 1);
      const pad = (cells: string[]) => [...cells, ...Array(width - cells.length).fill('')];
      return [{ kind: 'table', header: b.header.length ? pad(b.header.map(inline)) : [], rows: b.rows.map((r) => pad(r.map(inline))), caption: null, align: [] }];
    }
    case 'kept': return [];
  }
}

/** A changed block edited where it is. */
function update(doc: WordDocument, old: BlockView, was: EditorBlock, now: EditorBlock): void {
  if (now.kind === 'heading' && was.kind === 'heading') {
    updateBlock(doc, old, { id: old.id, ...(inline(now.segments) !== inline(was.segments) ? { text: inline(now.segments) || ' ' } : {}), ...(now.level !== was.level ? { level: now.level } : {}) }, []);
  } else if (now.kind === 'paragraph' && was.kind === 'paragraph') {
    updateBlock(doc, old, { id: old.id, ...(inline(now.segments) !== inline(was.segments) ? { text: inline(now.segments) || ' ' } : {}), ...(now.style !== was.style ? { style: now.style } : {}) }, []);
  } else if (now.kind === 'list' && was.kind === 'list') {
    updateBlock(doc, old, { id: old.id, items: now.items.map((i) => `${'  '.repeat(i.level)}- ${inline(i.segments)}`), ...(now.ordered !== was.ordered ? { ordered: now.ordered } : {}) }, []);
  } else if (now.kind === 'table' && was.kind === 'table') {
    const tbl = old.els[0];
    const rows = [now.header, ...now.rows].filter((r, i) => i > 0 || r.length);
    const existing = childElements(tbl).filter((e) => e.localName === 'tr');
    rows.slice(0, existing.length).forEach((cells, r) => {
      const tcs = childElements(existing[r]).filter((e) => e.localName === 'tc');
      cells.forEach((c, i) => { if (tcs[i] && plainText(inline(c)) !== (old.rows![r]?.[i] ?? '')) setCellText(doc, tcs[i], inline(c)); });
    });
    if (rows.length > existing.length) editTable(doc, tbl, { append_rows: rows.slice(existing.length).map((r) => r.map(inline)) });
    if (rows.length < existing.length && rows.length) editTable(doc, tbl, { delete_rows: existing.map((_, i) => i).slice(rows.length) });
  }
}

/** Applies an editor save to the document it was made from, in place. */
export function applyWordEdits(doc: WordDocument, content: WordContent): void {
  const all = doc.blocks();
  const title = all.find((b) => b.kind === 'title');
  const subtitle = all.find((b) => b.kind === 'subtitle');
  const existing = all.filter((b) => b !== title && b !== subtitle);
  const shown = existing.map((b) => presentBlock(doc, b));
  const incoming = content.blocks;
  // Kept ids must name blocks of this version that the editor cannot edit, once each.
  const byId = new Map(existing.map((b, i) => [b.id, i]));
  const keptIds = new Set<string>();
  for (const b of incoming) {
    if (b.kind !== 'kept') continue;
    const i = byId.get(b.id);
    if (i === undefined || keptIds.has(b.id) || TEXT_KINDS.has(existing[i].kind)) {
      throw errors.validation([{ loc: ['body', 'content', 'blocks'], msg: `block ${b.id} is not a kept block of the version being edited`, type: 'unknown_block', input: b.id }]);
    }
    keptIds.add(b.id);
  }
  const pairs = match(shown.map(signature), incoming.map(signature));
  const matchedOld = new Map(pairs.map(([o, n]) => [n, o]));
  const usedOld = new Set(pairs.map(([o]) => o));
  const body = doc.editBody();
  const firstEl = (existing[0]?.els[0] ?? childElements(body).find((e) => e.namespaceURI === NS.w && e.localName === 'sectPr') ?? null) as Node | null;
  let cursor: Node | null = null;
  const after = () => (cursor ? cursor.nextSibling : firstEl);
  const lastOf = (b: BlockView, next: Node | null) => (next ? next.previousSibling : body.lastChild);
  let oldPos = 0;
  const doomed: BlockView[] = [];
  for (let n = 0; n < incoming.length; n++) {
    const block = incoming[n];
    const o = matchedOld.get(n);
    if (o !== undefined) {
      for (; oldPos < o; oldPos++) if (!usedOld.has(oldPos) && !keptIds.has(existing[oldPos].id)) doomed.push(existing[oldPos]);
      oldPos = o + 1;
      cursor = existing[o].els.at(-1)!;
      continue;
    }
    if (block.kind === 'kept') {
      // A kept block the editor moved: its elements come here.
      const old = existing[byId.get(block.id)!];
      usedOld.add(byId.get(block.id)!);
      const ref = after();
      for (const el of old.els) if (el !== ref) body.insertBefore(el, ref);
      cursor = old.els.at(-1)!;
      continue;
    }
    // The next unmatched old block of the same kind before the next match is edited in place.
    const nextMatch = pairs.find(([, nn]) => nn > n)?.[0] ?? existing.length;
    let k = oldPos;
    while (k < nextMatch && (usedOld.has(k) || keptIds.has(existing[k].id) || existing[k].kind !== block.kind)) k++;
    if (k < nextMatch && shown[k].kind === block.kind) {
      for (; oldPos < k; oldPos++) if (!usedOld.has(oldPos) && !keptIds.has(existing[oldPos].id)) doomed.push(existing[oldPos]);
      oldPos = k + 1;
      usedOld.add(k);
      const next = existing[k].els.at(-1)!.nextSibling;
      update(doc, existing[k], shown[k], block);
      cursor = lastOf(existing[k], next);
      continue;
    }
    const xml = blocksXml(writeContextAt(doc, (cursor as Element | null) ?? existing[0]?.els[0] ?? null), newContent(block));
    const els = insertXml(doc, xml, after());
    if (els.length) cursor = els.at(-1)!;
  }
  for (; oldPos < existing.length; oldPos++) if (!usedOld.has(oldPos) && !keptIds.has(existing[oldPos].id)) doomed.push(existing[oldPos]);
  deleteBlocks(doc, doomed);
  const titleNow = content.title?.trim() ?? '';
  if (titleNow !== (title?.text.trim() ?? '')) setTitle(doc, 'title', titleNow);
  const subtitleNow = content.subtitle?.trim() ?? '';
  if (subtitleNow !== (subtitle?.text.trim() ?? '')) setTitle(doc, 'subtitle', subtitleNow);
  doc.changed();
}
