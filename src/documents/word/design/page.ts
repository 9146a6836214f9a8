// The page a position in the document falls on: the section settings (w:sectPr) that govern it, its
// size and margins, and so the text width tables and pictures are fitted to. Sections end where a
// paragraph carries a w:sectPr; the body's last w:sectPr governs the last section.
import { attr, child, childElements, NS, path1, type Element } from '../../ooxml/xml.ts';

export interface PageGeometry {
  /** Twips. */
  width: number;
  height: number;
  textWidth: number;
  landscape: boolean;
}

const A4 = { width: 11906, height: 16838 };

export function geometryOf(sectPr: Element | null): PageGeometry {
  const pgSz = child(sectPr, NS.w, 'pgSz');
  const pgMar = child(sectPr, NS.w, 'pgMar');
  const width = Number(attr(pgSz, 'w:w') ?? A4.width);
  const height = Number(attr(pgSz, 'w:h') ?? A4.height);
  const left = Number(attr(pgMar, 'w:left') ?? 1440);
  const right = Number(attr(pgMar, 'w:right') ?? 1440);
  const cols = child(sectPr, NS.w, 'cols');
  const columns = Math.max(1, Number(attr(cols, 'w:num') ?? 1));
  const space = Number(attr(cols, 'w:space') ?? 720);
  const gutter = Number(attr(pgMar, 'w:gutter') ?? 0);
  const text = Math.max(1440, width - left - right - gutter);
  return { width, height, textWidth: Math.round((text - (columns - 1) * space) / columns), landscape: attr(pgSz, 'w:orient') === 'landscape' || width > height };
}

/** The section settings governing a top-level body element (the next paragraph-level sectPr, else the body's). */
export function sectionOf(body: Element, el: Element | null): Element | null {
  const all = childElements(body);
  const start = el ? Math.max(0, all.indexOf(el)) : all.length;
  for (let i = start; i < all.length; i++) {
    const s = all[i].localName === 'sectPr' ? all[i] : path1(all[i], [NS.w, 'pPr'], [NS.w, 'sectPr']);
    if (s) return s;
  }
  return child(body, NS.w, 'sectPr');
}
