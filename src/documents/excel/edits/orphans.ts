// Parts left without a reference after a sheet or a chart is removed (its drawing, charts, tables,
// comments, media no other part shows) are removed with it; parts still related from anywhere else stay.
// The workbook's shared parts (styles, theme, strings, other sheets) are never removed this way.
import type { OoxmlPackage } from '../../ooxml/package.ts';

const KEEP = /\/(worksheet|chartsheet|styles|theme|sharedStrings|officeDocument|calcChain|pivotCacheDefinition)$/;

function referenceCounts(pkg: OoxmlPackage): Map<string, number> {
  const counts = new Map<string, number>();
  for (const source of pkg.relationshipSources()) {
    for (const r of new Set(pkg.rels(source).all().filter((x) => !x.external).map((x) => x.target.toLowerCase()))) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return counts;
}

/** Removes `candidates` that nothing references any more, then whatever only they referenced. */
export function removeOrphans(pkg: OoxmlPackage, candidates: string[]): string[] {
  const removed: string[] = [];
  let queue = candidates.filter((p) => pkg.has(p));
  while (queue.length) {
    const counts = referenceCounts(pkg);
    const next: string[] = [];
    for (const part of queue) {
      if (!pkg.has(part) || (counts.get(part.toLowerCase()) ?? 0) > 0) continue;
      const kids = pkg.rels(part).all().filter((r) => !r.external && !KEEP.test(r.type)).map((r) => r.target);
      pkg.remove(part);
      removed.push(part);
      next.push(...kids);
    }
    queue = next.filter((p) => pkg.has(p));
  }
  return removed;
}
