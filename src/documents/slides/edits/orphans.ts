// Parts left without a reference after a slide or a shape is removed (its notes slide, charts and their
// workbooks, media no other part shows) are removed with it (ooxml/orphans.ts); parts still related
// from anywhere else stay. Structural parts (layouts, masters, themes, the notes master, other slides)
// are never removed this way.
import { removeOrphans as removeUnreferenced } from '../../ooxml/orphans.ts';
import type { OoxmlPackage } from '../../ooxml/package.ts';
import { REL } from '../../ooxml/relationships.ts';

const KEEP = new Set<string>([REL.slideLayout, REL.slideMaster, REL.theme, REL.notesMaster, REL.slide]);
const keep = (relType: string): boolean => KEEP.has(relType);

/** Removes `candidates` that nothing references any more, and whatever only they referenced. */
export function removeOrphans(pkg: OoxmlPackage, candidates: string[]): string[] {
  return removeUnreferenced(pkg, candidates, keep);
}

/** The internal, non-structural targets a part relates to (what may become orphaned with it). */
export function dependents(pkg: OoxmlPackage, part: string): string[] {
  return pkg.rels(part).all().filter((r) => !r.external && !keep(r.type)).map((r) => r.target);
}
