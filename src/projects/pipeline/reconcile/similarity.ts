// Near-duplicate passages and tables across files, by shingling and MinHash:
//   - each passage (at least 12 words) and each table (its cells, row by row) becomes the set of its
//     word 5-grams ("shingles"), words lower-cased, punctuation dropped, numbers kept;
//   - a 128-value MinHash signature estimates the Jaccard similarity of two sets; locality-sensitive
//     hashing (32 bands of 4 values) finds candidate pairs from different files without comparing
//     every pair (a pair at Jaccard 0.8 becomes a candidate with probability > 0.9999);
//   - candidates are confirmed on the exact shingle sets: Jaccard >= FOLIO_PROJECT_SIMILARITY_THRESHOLD
//     (default 0.8).
// Severity: `high` when two files share at least half of the smaller file's passages (near-duplicate
// documents, reported once for the pair); `medium` for a passage or table repeated verbatim or nearly
// (Jaccard >= 0.95); `low` for a similar one. Pairs of files with more than five matches are reported
// as one insight listing them.
import { pct, type InsightDraft, type ReconcileFile, type SourceRef } from './insight-draft.ts';

const SHINGLE_WORDS = 5;
const MIN_WORDS = 12;
const HASHES = 128;
const BANDS = 32;
const ROWS = HASHES / BANDS;
const NEAR_VERBATIM = 0.95;
const MAX_SINGLE_MATCHES = 5;

interface Unit {
  fileId: string;
  kind: 'passage' | 'table';
  ref: SourceRef;
  words: number;
  shingles: Uint32Array;
  preview: string;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finalizer: an independent-looking 32-bit hash per seed. */
function mix(x: number, seed: number): number {
  let h = (x ^ seed) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const SEEDS = Array.from({ length: HASHES }, (_, i) => mix(i + 1, 0x9e3779b9));

export function shingles(text: string): { words: number; set: Uint32Array } {
  const words = text.toLowerCase().normalize('NFKD').match(/[\p{L}\p{N}]+(?:[.,]\d+)*/gu) ?? [];
  const set = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) set.add(fnv1a(words.slice(i, i + SHINGLE_WORDS).join(' ')));
  return { words: words.length, set: Uint32Array.from(set).sort() };
}

export function minhash(set: Uint32Array): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const x of set) {
    for (let i = 0; i < HASHES; i++) {
      const h = mix(x, SEEDS[i]);
      if (h < sig[i]) sig[i] = h;
    }
  }
  return sig;
}

/** Exact Jaccard similarity of two sorted sets. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { both++; i++; j++; } else if (a[i] < b[j]) i++; else j++;
  }
  const union = a.length + b.length - both;
  return union === 0 ? 0 : both / union;
}

function unitsOf(file: ReconcileFile): Unit[] {
  const units: Unit[] = [];
  for (const p of file.content.passages) {
    const s = shingles(p.text);
    if (s.words >= MIN_WORDS) units.push({ fileId: file.fileId, kind: 'passage', ref: { fileId: file.fileId, location: p.location }, words: s.words, shingles: s.set, preview: p.text });
  }
  for (const t of file.content.tables) {
    const text = t.rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join(' ')).join(' ');
    const s = shingles(text);
    if (s.words >= MIN_WORDS) units.push({ fileId: file.fileId, kind: 'table', ref: { fileId: file.fileId, location: t.location }, words: s.words, shingles: s.set, preview: text });
  }
  return units;
}

interface Match { a: Unit; b: Unit; similarity: number }

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
};

export function findSimilarities(files: ReconcileFile[], threshold: number): InsightDraft[] {
  const order = new Map(files.map((f, i) => [f.fileId, i]));
  const nameOf = new Map(files.map((f) => [f.fileId, f.fileName]));
  const perFile = new Map(files.map((f) => [f.fileId, unitsOf(f)]));
  const units = [...perFile.values()].flat();
  const buckets = new Map<string, number[]>();
  units.forEach((u, index) => {
    const sig = minhash(u.shingles);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(',')}`;
      const list = buckets.get(key);
      if (list) list.push(index); else buckets.set(key, [index]);
    }
  });
  const checked = new Set<string>();
  const byPair = new Map<string, Match[]>();
  for (const list of buckets.values()) {
    if (list.length < 2) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        let a = units[list[i]];
        let b = units[list[j]];
        if (a.fileId === b.fileId) continue;
        const id = list[i] < list[j] ? `${list[i]}:${list[j]}` : `${list[j]}:${list[i]}`;
        if (checked.has(id)) continue;
        checked.add(id);
        const similarity = jaccard(a.shingles, b.shingles);
        if (similarity < threshold) continue;
        // The earlier upload is the original; the insight's source is the file that repeats it.
        if (order.get(a.fileId)! > order.get(b.fileId)!) [a, b] = [b, a];
        const pair = `${a.fileId}|${b.fileId}`;
        (byPair.get(pair) ?? byPair.set(pair, []).get(pair)!).push({ a, b, similarity });
      }
    }
  }
  const out: InsightDraft[] = [];
  for (const [pair, matches] of byPair) {
    matches.sort((x, y) => y.similarity - x.similarity || x.b.ref.location.label.localeCompare(y.b.ref.location.label));
    const [original, copy] = pair.split('|');
    const nameA = nameOf.get(original)!;
    const nameB = nameOf.get(copy)!;
    const shared = Math.max(
      new Set(matches.map((m) => m.a)).size / Math.max(1, perFile.get(original)!.length),
      new Set(matches.map((m) => m.b)).size / Math.max(1, perFile.get(copy)!.length),
    );
    if (matches.length > MAX_SINGLE_MATCHES || (shared >= 0.5 && matches.length > 1)) {
      out.push({
        fingerprint: `similarity-files|${original}|${copy}`,
        kind: 'similarity',
        severity: shared >= 0.5 ? 'high' : 'medium',
        title: `"${nameB}" repeats ${matches.length} passages of "${nameA}"`,
        description: `${matches.length} passages or tables of "${nameB}" are near-duplicates of passages of "${nameA}" (Jaccard similarity of their word 5-grams at least ${pct(threshold)}); they make up ${pct(shared)} of the passages of one of the files. First: ${matches.slice(0, 3).map((m) => `${m.b.ref.location.label} ~ ${m.a.ref.location.label}`).join('; ')}.`,
        source: matches[0].b.ref,
        related: matches.slice(0, 20).map((m) => m.a.ref),
        details: { matches: matches.length, shared_share: Number(shared.toFixed(4)), pairs: matches.slice(0, 50).map((m) => ({ source: m.b.ref.location, related: m.a.ref.location, similarity: Number(m.similarity.toFixed(4)) })) },
      });
      continue;
    }
    for (const m of matches) {
      const what = m.a.kind === 'table' && m.b.kind === 'table' ? 'table' : 'passage';
      out.push({
        fingerprint: `similarity|${original}|${m.a.ref.location.label}|${copy}|${m.b.ref.location.label}`,
        kind: 'similarity',
        severity: m.similarity >= NEAR_VERBATIM ? 'medium' : 'low',
        title: `Near-duplicate ${what} in "${nameB}" and "${nameA}"`,
        description: `The ${what} at ${m.b.ref.location.label} of "${nameB}" ${m.similarity >= NEAR_VERBATIM ? 'repeats, nearly verbatim,' : 'closely resembles'} the one at ${m.a.ref.location.label} of "${nameA}" (${pct(m.similarity)} of their word 5-grams shared): "${excerpt(m.b.preview)}"`,
        source: m.b.ref,
        related: [m.a.ref],
        details: { similarity: Number(m.similarity.toFixed(4)), words: m.b.words, unit: what },
      });
    }
  }
  return out;
}
