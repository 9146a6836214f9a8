// `{{name}}` fields of a template, found and filled in the package's text without a model. Word and
// PowerPoint split text into runs wherever formatting, spell-checking or an edit history changes, so a
// field is matched on a paragraph's whole text and then written back run by run: the value goes into
// the run where the field starts (keeping its formatting), and the rest of the field's characters are
// removed from the runs they were in. Parts searched: Word's body, headers, footers and notes;
// PowerPoint's slides, layouts, masters and notes; Excel's shared strings.
import type { Format } from '../config.ts';
import type { OoxmlPackage } from '../documents/ooxml/package.ts';
import { NS, type Element } from '../documents/ooxml/xml.ts';

export const FIELD_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,63})\s*\}\}/g;
const X_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

interface Flavour { parts: RegExp; container: [string, string]; text: [string, string] }

const FLAVOURS: Record<Format, Flavour> = {
  word: { parts: /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/i, container: [NS.w, 'p'], text: [NS.w, 't'] },
  slides: { parts: /^ppt\/(slides\/slide|slideLayouts\/slideLayout|slideMasters\/slideMaster|notesSlides\/notesSlide)\d+\.xml$/i, container: [NS.a, 'p'], text: [NS.a, 't'] },
  excel: { parts: /^xl\/sharedStrings\.xml$/i, container: [X_MAIN, 'si'], text: [X_MAIN, 't'] },
};

/** Text nodes of a container, in order, without those of nested containers (a text box inside a paragraph). */
function textNodes(container: Element, f: Flavour): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const e = n as Element;
      if (e.namespaceURI === f.container[0] && e.localName === f.container[1]) continue;
      if (e.namespaceURI === f.text[0] && e.localName === f.text[1]) out.push(e);
      else walk(e);
    }
  };
  walk(container);
  return out;
}

function containers(root: Element, f: Flavour): Element[] {
  return Array.from(root.getElementsByTagNameNS(f.container[0], f.container[1]) as unknown as ArrayLike<Element>);
}

function partsOf(pkg: OoxmlPackage, format: Format): string[] {
  return pkg.paths().filter((p) => FLAVOURS[format].parts.test(p));
}

/** The field names a package contains, in the order first seen. */
export function scanFields(pkg: OoxmlPackage, format: Format): string[] {
  const f = FLAVOURS[format];
  const names = new Set<string>();
  for (const part of partsOf(pkg, format)) {
    if (!pkg.text(part).includes('{')) continue;
    for (const c of containers(pkg.xml(part).documentElement!, f)) {
      const text = textNodes(c, f).map((t) => t.textContent ?? '').join('');
      for (const m of text.matchAll(FIELD_PATTERN)) names.add(m[1]);
    }
  }
  return [...names];
}

export interface FillReport {
  /** Fields filled, with how many places each. */
  filled: Record<string, number>;
  /** Fields of the document that `values` did not give (left as they are). */
  unfilled: string[];
  /** Names given that the document does not contain. */
  unknown: string[];
}

/** Replaces [start, end) of the container's concatenated text with `value`, run by run. */
function splice(nodes: Element[], start: number, end: number, value: string): void {
  let pos = 0;
  let placed = false;
  for (const node of nodes) {
    const text = node.textContent ?? '';
    const from = pos;
    const to = pos + text.length;
    pos = to;
    if (to <= start || from >= end) continue;
    const a = Math.max(start, from) - from;
    const b = Math.min(end, to) - from;
    const next = text.slice(0, a) + (placed ? '' : value) + text.slice(b);
    placed = true;
    node.textContent = next;
    if (node.namespaceURI === NS.w || node.namespaceURI === X_MAIN) node.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
  }
}

/** Fills `{{name}}` fields with `values` in place; parts without a field are not touched. */
export function fillFields(pkg: OoxmlPackage, format: Format, values: Record<string, string>): FillReport {
  const f = FLAVOURS[format];
  const filled: Record<string, number> = {};
  const seen = new Set<string>();
  for (const part of partsOf(pkg, format)) {
    if (!pkg.text(part).includes('{')) continue;
    const root = pkg.xml(part).documentElement!;
    let changed = false;
    for (const c of containers(root, f)) {
      const nodes = textNodes(c, f);
      const text = nodes.map((t) => t.textContent ?? '').join('');
      const matches = [...text.matchAll(FIELD_PATTERN)];
      for (const m of matches) seen.add(m[1]);
      // Last first, so earlier offsets stay valid.
      for (const m of matches.reverse()) {
        if (!(m[1] in values)) continue;
        if (!changed) {
          pkg.edit(part);
          changed = true;
        }
        splice(nodes, m.index!, m.index! + m[0].length, values[m[1]]);
        filled[m[1]] = (filled[m[1]] ?? 0) + 1;
      }
    }
  }
  const order = [...seen];
  return {
    filled: Object.fromEntries(Object.entries(filled).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))),
    unfilled: [...seen].filter((n) => !(n in values)),
    unknown: Object.keys(values).filter((n) => !seen.has(n)),
  };
}
