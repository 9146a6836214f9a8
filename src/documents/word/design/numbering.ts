// Lists through the document's own numbering: the List Bullet / List Number styles when it has them
// (with the numbering their definitions carry), else a bullet or decimal definition it already uses,
// else definitions added to numbering.xml (created if the document has none). Existing definitions are
// never changed; a new numbered list gets its own w:num, so it starts at 1.
import type { OoxmlPackage } from '../../ooxml/package.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attr, child, children, fragment, insertBefore, NS, path1, xmlEscape, type Element } from '../../ooxml/xml.ts';
import { ensureStyle, findStyle, type StyleInfo, type StyleRole } from './styles.ts';

const NUMBERING_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml';

export interface ListFormat {
  /** Paragraph style of each level (0-2). */
  styles: [string, string, string];
  /** numId for explicit numbering, null when the styles carry it. */
  numId: string | null;
}

function numberingPart(pkg: OoxmlPackage, main: string, create: boolean): string | null {
  const found = pkg.related(main, REL.numbering)[0];
  if (found || !create) return found ?? null;
  const part = 'word/numbering.xml';
  pkg.put(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${NS.w}"></w:numbering>`, NUMBERING_CT);
  pkg.rels(main).add(REL.numbering, part);
  return part;
}

function format(abstract: Element | null): string | null {
  const lvl = children(abstract, NS.w, 'lvl').find((l) => attr(l, 'w:ilvl') === '0');
  return attr(child(lvl, NS.w, 'numFmt'), 'w:val');
}

/** The abstractNum a w:num points at. */
function abstractOf(root: Element, num: Element): Element | null {
  const id = attr(child(num, NS.w, 'abstractNumId'), 'w:val');
  return children(root, NS.w, 'abstractNum').find((a) => attr(a, 'w:abstractNumId') === id) ?? null;
}

const LEVELS = (ordered: boolean) => [0, 1, 2].map((i) => {
  const fmt = ordered ? ['decimal', 'lowerLetter', 'lowerRoman'][i] : 'bullet';
  const text = ordered ? `%${i + 1}.` : ['\u2022', '\u2013', '\u25AA'][i];
  const font = ordered ? '' : '<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:hint="default"/></w:rPr>';
  return `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${360 * (i + 1)}" w:hanging="360"/></w:pPr>${font}</w:lvl>`;
}).join('');

/** A bullet or decimal definition: one the document uses, else a new one. Returns its abstractNumId. */
function definition(pkg: OoxmlPackage, part: string, ordered: boolean): string {
  const root = pkg.xml(part).documentElement!;
  const want = ordered ? 'decimal' : 'bullet';
  const used = children(root, NS.w, 'num').map((n) => abstractOf(root, n)).find((a) => a && format(a) === want);
  if (used) return attr(used, 'w:abstractNumId')!;
  const doc = pkg.edit(part);
  const ids = children(root, NS.w, 'abstractNum').map((a) => Number(attr(a, 'w:abstractNumId')) || 0);
  const id = String(Math.max(-1, ...ids) + 1);
  const el = fragment(doc, `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="hybridMultilevel"/>${LEVELS(ordered)}</w:abstractNum>`);
  insertBefore(root, el, ['num', 'numIdMacAtCleanup']);
  return id;
}

/** A new w:num for an abstract definition, restarting at 1. */
function newNum(pkg: OoxmlPackage, part: string, abstractId: string, restart: boolean): string {
  const doc = pkg.edit(part);
  const root = doc.documentElement!;
  const id = String(Math.max(0, ...children(root, NS.w, 'num').map((n) => Number(attr(n, 'w:numId')) || 0)) + 1);
  const override = restart ? '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>' : '';
  insertBefore(root, fragment(doc, `<w:num w:numId="${id}"><w:abstractNumId w:val="${xmlEscape(abstractId)}"/>${override}</w:num>`), ['numIdMacAtCleanup']);
  return id;
}

/** The numId a list style carries, with its definition's format. */
function styleNum(pkg: OoxmlPackage, part: string | null, style: StyleInfo | null): { numId: string; format: string | null } | null {
  const numId = attr(path1(style?.el, [NS.w, 'pPr'], [NS.w, 'numPr'], [NS.w, 'numId']), 'w:val');
  if (!numId || !part) return null;
  const root = pkg.xml(part).documentElement!;
  const num = children(root, NS.w, 'num').find((n) => attr(n, 'w:numId') === numId);
  return num ? { numId, format: format(abstractOf(root, num)) } : null;
}

/** How a new bullet or numbered list is written in this document. */
export function listFormat(pkg: OoxmlPackage, main: string, styles: Map<string, StyleInfo>, ordered: boolean): ListFormat {
  const roles: StyleRole[] = ordered ? ['listNumber', 'listNumber2', 'listNumber3'] : ['listBullet', 'listBullet2', 'listBullet3'];
  const top = findStyle(styles, roles[0]);
  const existing = numberingPart(pkg, main, false);
  const carried = styleNum(pkg, existing, top);
  const fits = carried && (carried.format === 'bullet') === !ordered;
  if (top && fits) {
    // The document's list styles carry their numbering; deeper levels use theirs when they exist.
    const deeper = roles.slice(1).map((r) => findStyle(styles, r));
    const levels: [string, string, string] = deeper.every((s) => s && styleNum(pkg, existing, s)) ? [top.id, deeper[0]!.id, deeper[1]!.id] : [top.id, top.id, top.id];
    const sameLevels = levels[1] !== top.id;
    if (!ordered) return { styles: levels, numId: sameLevels ? null : carried.numId };
    // A numbered list starts at 1: its own w:num over the style's definition.
    const abstractId = attr(child(children(pkg.xml(existing!).documentElement, NS.w, 'num').find((n) => attr(n, 'w:numId') === carried.numId) ?? null, NS.w, 'abstractNumId'), 'w:val')!;
    return { styles: levels, numId: newNum(pkg, existing!, abstractId, true) };
  }
  const part = numberingPart(pkg, main, true)!;
  const abstractId = definition(pkg, part, ordered);
  const numId = ordered ? newNum(pkg, part, abstractId, true) : existingNum(pkg, part, abstractId) ?? newNum(pkg, part, abstractId, false);
  const style = top && !top.numbered ? top.id : ensureStyle(pkg, main, styles, 'listParagraph');
  return { styles: [style, style, style], numId };
}

function existingNum(pkg: OoxmlPackage, part: string, abstractId: string): string | null {
  const num = children(pkg.xml(part).documentElement, NS.w, 'num').find((n) => attr(child(n, NS.w, 'abstractNumId'), 'w:val') === abstractId && !child(n, NS.w, 'lvlOverride'));
  return num ? attr(num, 'w:numId') : null;
}
