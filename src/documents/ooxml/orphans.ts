// Parts left without a reference after a part is removed (a sheet's drawing, charts, tables and
// comments; a slide's notes and media) go with it; parts still related from anywhere else stay.
// Relationships of the kinds `keep` names are never followed: the package's structural parts (styles,
// themes, masters, other sheets or slides) are never removed this way.
import type { OoxmlPackage } from './package.ts';

/** Every internal relationship target of the package, counted (each source part counts once per target). */
function referenceCounts(pkg: OoxmlPackage): Map<string, number> {
  const counts = new Map<string, number>();
  for (const source of pkg.relationshipSources()) {
    for (const r of new Set(pkg.rels(source).all().filter((x) => !x.external).map((x) => x.target.toLowerCase()))) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return counts;
}

/**
 * Removes `candidates` (package paths) that nothing references any more, then whatever only they
 * referenced, transitively; relationships whose type `keep` accepts are not followed.
 */
export function removeOrphans(pkg: OoxmlPackage, candidates: string[], keep: (relType: string) => boolean): string[] {
  const removed: string[] = [];
  let queue = candidates.filter((p) => pkg.has(p));
  while (queue.length) {
    const counts = referenceCounts(pkg);
    const next: string[] = [];
    for (const part of queue) {
      if (!pkg.has(part) || (counts.get(part.toLowerCase()) ?? 0) > 0) continue;
      const kids = pkg.rels(part).all().filter((r) => !r.external && !keep(r.type)).map((r) => r.target);
      pkg.remove(part);
      removed.push(part);
      next.push(...kids);
    }
    queue = next.filter((p) => pkg.has(p));
  }
  return removed;
}
