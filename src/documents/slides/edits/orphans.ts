// Parts left without a reference after a slide or a shape is removed (its notes slide, charts and their
// workbooks, media no other part shows) are removed with it; parts still related from anywhere else
// stay. Structural parts (layouts, masters, themes, the notes master) are never removed this way.
import type { OoxmlPackage } from '../../ooxml/package.ts';
import { REL } from '../../ooxml/relationships.ts';

const KEEP = new Set<string>([REL.slideLayout, REL.slideMaster, REL.theme, REL.notesMaster, REL.slide]);

/** Every internal relationship target of the package, counted (each source part counts once per target). */
function referenceCounts(pkg: OoxmlPackage): Map<string, number> {
  const counts = new Map<string, number>();
  for (const source of pkg.relationshipSources()) {
    for (const r of new Set(pkg.rels(source).all().filter((x) => !x.external).map((x) => x.target.toLowerCase()))) counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return counts;
}

/**
 * Removes `candidates` (package paths) that nothing references any more, and then whatever only they
 * referenced, transitively. Relationship types in KEEP are never followed.
 */
export function removeOrphans(pkg: OoxmlPackage, candidates: string[]): string[] {
  const removed: string[] = [];
  let queue = candidates.filter((p) => pkg.has(p));
  while (queue.length) {
    const counts = referenceCounts(pkg);
    const next: string[] = [];
    for (const part of queue) {
      if (!pkg.has(part) || (counts.get(part.toLowerCase()) ?? 0) > 0) continue;
      const children = pkg.rels(part).all().filter((r) => !r.external && !KEEP.has(r.type)).map((r) => r.target);
      pkg.remove(part);
      removed.push(part);
      next.push(...children);
    }
    queue = next.filter((p) => pkg.has(p));
  }
  return removed;
}

/** The internal, non-structural targets a part relates to (what may become orphaned with it). */
export function dependents(pkg: OoxmlPackage, part: string): string[] {
  return pkg.rels(part).all().filter((r) => !r.external && !KEEP.has(r.type)).map((r) => r.target);
}
