// A placeholder shape of a foreign deck takes its position (and often its look) from its slide layout.
// Kept on a Folio slide, whose layouts have no such placeholder, it would lose its place: so a kept
// placeholder becomes a plain shape carrying its layout placeholder's position. Empty placeholders
// ("Click to add text") hold nothing and are not kept at all.
import type { Element } from '@xmldom/xmldom';
import { child, childElements, descendants, NS, path1, REL_TYPE, type PptxPackage } from './pptx-package.ts';

function placeholderOf(shape: Element): Element | null {
  const nv = childElements(shape).find((c) => (c.localName ?? '').startsWith('nv'));
  return nv ? path1(nv, [NS.p, 'nvPr'], [NS.p, 'ph']) : null;
}

/** The xfrm of the layout placeholder matching `ph` (same idx, else same type). */
async function layoutPosition(pkg: PptxPackage, slidePart: string, ph: Element): Promise<Element | null> {
  const layoutRel = [...(await pkg.rels(slidePart)).values()].find((r) => r.type === REL_TYPE.slideLayout && !r.external);
  if (!layoutRel || !pkg.has(layoutRel.target)) return null;
  const idx = ph.getAttribute('idx');
  const type = ph.getAttribute('type') ?? 'body';
  const candidates = descendants((await pkg.xml(layoutRel.target)).documentElement!, NS.p, 'sp');
  const match = candidates.find((sp) => idx !== null && placeholderOf(sp)?.getAttribute('idx') === idx)
    ?? candidates.find((sp) => (placeholderOf(sp)?.getAttribute('type') ?? 'body') === type && placeholderOf(sp) !== null);
  return match ? path1(match, [NS.p, 'spPr'], [NS.a, 'xfrm']) : null;
}

/** True for a placeholder with no text of its own (nothing to keep). */
export function isEmptyPlaceholder(shape: Element): boolean {
  if (!placeholderOf(shape) || shape.localName !== 'sp') return false;
  return !descendants(shape, NS.a, 't').some((t) => (t.textContent ?? '').trim());
}

/** `shape` itself when it is not a placeholder; else a copy that no longer depends on the layout. */
export async function standalone(pkg: PptxPackage, slidePart: string, shape: Element): Promise<Element> {
  const ph = placeholderOf(shape);
  if (!ph) return shape;
  const copy = shape.cloneNode(true) as Element;
  const copyPh = placeholderOf(copy)!;
  copyPh.parentNode!.removeChild(copyPh);
  let spPr = child(copy, NS.p, 'spPr');
  if (!child(spPr, NS.a, 'xfrm')) {
    const xfrm = await layoutPosition(pkg, slidePart, ph);
    if (xfrm) {
      if (!spPr && copy.localName === 'sp') {
        spPr = copy.ownerDocument!.createElementNS(NS.p, 'p:spPr');
        const nv = childElements(copy)[0];
        copy.insertBefore(spPr, nv?.nextSibling ?? null);
      }
      spPr?.insertBefore(xfrm.cloneNode(true), spPr.firstChild);
    }
  }
  return copy;
}
