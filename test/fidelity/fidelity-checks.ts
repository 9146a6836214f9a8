// The checks of the fidelity suite (npm run fidelity, test/fidelity.test.ts), independent of Folio's
// document code: a small request made to an existing file must leave everything else of the file as it
// was. Packages are read with JSZip, XML with @xmldom/xmldom, pages are rendered by LibreOffice and
// rasterized by pdftoppm, and docx/xlsx are opened by Debian's python3-docx / python3-openpyxl.
//
//   1 parts      every part the change did not need to touch is byte-identical (decompressed); no original
//                part is gone; new parts only of the kinds the change needs. Word styles.xml / numbering.xml
//                may only gain definitions (originals compared as canonical XML); Excel styles.xml and
//                sharedStrings.xml may only be appended to; calcChain.xml may go.
//   2 originals  original slides / sheets (and their .rels) byte-identical and still first, in order; Word:
//                every original body element (but the final sectPr) canonically unchanged, as a prefix
//   3 pages      LibreOffice renders every original page pixel-identically at 20 dpi (Word: but the last
//                original page, and none from the page where the addition starts: endnotes or a trailing
//                page can come after the end of the body)
//   4 own design the new slide's layout is one of the deck's, unchanged; new Word paragraphs use the
//                document's styles (or an added style whose fonts are the document's); the new sheet exists
//   5 opens      LibreOffice converts the result; python-docx / openpyxl open it; the requested content is
//                there (slides: the title in a title placeholder, unless no layout of the deck has one).
//                A reader that cannot read the ORIGINAL either (openpyxl and Strict Open XML: it opens such
//                a file but drops every sheet) is not applicable to the file: reported as such, never
//                counted as a pass of that reader; the content is then read from the XML.
//   round trip   the format's adapter reads the file and writes it back with no change: every part identical
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import JSZip from 'jszip';

export type FidelityFormat = 'slides' | 'word' | 'excel';

export const EXTENSION: Record<FidelityFormat, string> = { slides: 'pptx', word: 'docx', excel: 'xlsx' };

export interface CheckResult {
  ok: boolean;
  /** Why it failed (empty when ok). */
  reasons: string[];
  /** What was seen that does not fail the check (added styles, parts changed as allowed...). */
  notes: string[];
  /** Parts of the check that could not apply to this file, and why (a reader that cannot read the original either). */
  notApplicable?: string[];
}

export function check(reasons: string[], notes: string[] = [], notApplicable: string[] = []): CheckResult {
  return { ok: reasons.length === 0, reasons, notes, ...(notApplicable.length ? { notApplicable } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Packages
// ---------------------------------------------------------------------------------------------

export type Parts = Map<string, Buffer>;

/** Every part (zip entry that is not a directory) of a package, decompressed. */
export async function readParts(bytes: Buffer): Promise<Parts> {
  const zip = await JSZip.loadAsync(bytes);
  const parts: Parts = new Map();
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    parts.set(name, await file.async('nodebuffer'));
  }
  return parts;
}

export interface PartDiff {
  changed: string[];
  removed: string[];
  added: string[];
}

export function diffParts(before: Parts, after: Parts): PartDiff {
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [name, bytes] of before) {
    const now = after.get(name);
    if (!now) removed.push(name);
    else if (!now.equals(bytes)) changed.push(name);
  }
  const added = [...after.keys()].filter((n) => !before.has(n));
  return { changed: changed.sort(), removed: removed.sort(), added: added.sort() };
}

/** "a, b, c (+4 more)" */
export function list(names: string[], max = 8): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} (+${names.length - max} more)`;
}

// ---------------------------------------------------------------------------------------------
// XML
// ---------------------------------------------------------------------------------------------

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  x: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
} as const;
const XMLNS = 'http://www.w3.org/2000/xmlns/';

export function parseXml(text: string | Buffer, where = 'xml'): Document {
  const source = typeof text === 'string' ? text : text.toString('utf8');
  let failure: string | null = null;
  const doc = new DOMParser({ onError: (level: string, msg: string) => { if (level !== 'warning') failure ??= msg; } }).parseFromString(source.replace(/^\uFEFF/, ''), 'text/xml');
  if (failure || !doc?.documentElement) throw new Error(`${where} is not well-formed XML${failure ? `: ${String(failure).split('\n')[0]}` : ''}`);
  return doc;
}

export function elements(parent: Node): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** Strict OOXML namespaces, read as their transitional twins (the checks look elements up by the latter). */
const STRICT: Record<string, string> = {
  'http://purl.oclc.org/ooxml/wordprocessingml/main': NS.w,
  'http://purl.oclc.org/ooxml/presentationml/main': NS.p,
  'http://purl.oclc.org/ooxml/drawingml/main': NS.a,
  'http://purl.oclc.org/ooxml/spreadsheetml/main': NS.x,
  'http://purl.oclc.org/ooxml/officeDocument/relationships': NS.r,
};
const STRICT_OF: Record<string, string> = Object.fromEntries(Object.entries(STRICT).map(([k, v]) => [v, k]));
export const isNs = (node: Node | Element, ns: string) => (node.namespaceURI ? STRICT[node.namespaceURI] ?? node.namespaceURI : null) === ns;

export function child(parent: Node, ns: string, local: string): Element | undefined {
  return elements(parent).find((e) => isNs(e, ns) && e.localName === local);
}

export function descendants(parent: Element | Document, ns: string, local: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', local) as unknown as ArrayLike<Element>).filter((e) => isNs(e, ns));
}

export function attr(el: Element | undefined, ns: string | null, local: string): string | null {
  if (!el) return null;
  if (!ns) return el.getAttribute(local) || null;
  return el.getAttributeNS(ns, local) || (STRICT_OF[ns] ? el.getAttributeNS(STRICT_OF[ns], local) : null) || null;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
const qname = (ns: string | null, local: string) => (ns ? `{${ns}}${local}` : local);

/** Attributes whose value lists namespace prefixes (markup compatibility): compared by namespace URI. */
const PREFIX_LIST_ATTRS = new Set([`{${NS.mc}}Ignorable`, `{${NS.mc}}ProcessContent`, `{${NS.mc}}MustUnderstand`, `{${NS.mc}}PreserveElements`, `{${NS.mc}}PreserveAttributes`]);

/**
 * Canonical XML of a node: names written as {namespace-uri}local (so prefixes do not matter), attributes
 * sorted, namespace declarations dropped (prefix lists such as mc:Ignorable resolved to URIs), comments
 * and processing instructions dropped, and whitespace-only text between elements dropped (text of an
 * element without child elements, such as <w:t xml:space="preserve"> </w:t>, is kept as is).
 */
export function canonical(node: Node): string {
  if (node.nodeType === 9) return canonical((node as Document).documentElement as unknown as Node);
  if (node.nodeType === 3 || node.nodeType === 4) return escapeText(node.nodeValue ?? '');
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  const attrs: [string, string][] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.namespaceURI === XMLNS || a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    const name = qname(a.namespaceURI, a.localName ?? a.name);
    let value = a.value;
    if (PREFIX_LIST_ATTRS.has(name)) {
      value = value.split(/\s+/).filter(Boolean).map((token) => {
        const [prefix, local] = token.includes(':') ? token.split(':', 2) : [token, null];
        const uri = el.lookupNamespaceURI(prefix) ?? prefix;
        return local === null ? uri : `{${uri}}${local}`;
      }).sort().join(' ');
    }
    attrs.push([name, value]);
  }
  attrs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  const kids: Node[] = [];
  let hasElementChild = false;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) hasElementChild = true;
    if (n.nodeType === 1 || n.nodeType === 3 || n.nodeType === 4) kids.push(n);
  }
  const inner = kids
    .filter((n) => !(hasElementChild && n.nodeType !== 1 && /^\s*$/.test(n.nodeValue ?? '')))
    .map(canonical).join('');
  const name = qname(el.namespaceURI, el.localName ?? el.nodeName);
  return `<${name}${attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}>${inner}</${name}>`;
}

export function canonicalXml(text: string | Buffer): string {
  return canonical(parseXml(text) as unknown as Node);
}

const SHORT: [string, string][] = [...Object.entries(NS).map(([k, v]) => [`{${v}}`, `${k}:`] as [string, string]), ['{http://www.w3.org/XML/1998/namespace}', 'xml:']];

/** Canonical XML with the usual namespaces written as prefixes again, for messages. */
export function readable(c: string): string {
  let out = c;
  for (const [uri, prefix] of SHORT) out = out.split(uri).join(prefix);
  return out;
}

/** Where two canonical forms first differ: `...<x:t xml:space="preserve">Reg... -> ...<x:t>Region...` */
export function whereDiffers(before: string, after: string, width = 50): string {
  const a = readable(before);
  const b = readable(after);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const start = Math.max(0, a.lastIndexOf('<', i) >= i - width ? a.lastIndexOf('<', i) : i - 20);
  const cut = (s: string) => `${start > 0 ? '...' : ''}${s.slice(start, start + width)}${s.length > start + width ? '...' : ''}`;
  return `${cut(a)} -> ${cut(b) || '(nothing)'}`;
}

/** The text of a node, for short descriptions in reasons ("w:p 'Revenue grew...'"). */
function describe(el: Element): string {
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return `${el.prefix ? `${el.prefix}:` : ''}${el.localName}${text ? ` "${text.length > 40 ? `${text.slice(0, 40)}...` : text}"` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Relationships
// ---------------------------------------------------------------------------------------------

export interface Rel { id: string; type: string; target: string; external: boolean }

export function relsPartOf(part: string): string {
  const dir = path.posix.dirname(part);
  return `${dir === '.' ? '' : `${dir}/`}_rels/${path.posix.basename(part)}.rels`;
}

/** The relationships of a part (the package's when `part` is ''), targets resolved to part names. */
export function relsOf(parts: Parts, part: string): Rel[] {
  const relsPart = part === '' ? '_rels/.rels' : relsPartOf(part);
  const bytes = parts.get(relsPart);
  if (!bytes) return [];
  const doc = parseXml(bytes, relsPart);
  const base = part === '' ? '' : path.posix.dirname(part);
  return descendants(doc, NS.rel, 'Relationship').map((r) => {
    const target = r.getAttribute('Target') ?? '';
    const external = r.getAttribute('TargetMode') === 'External';
    const resolved = external ? target : target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(base, decodeURIComponent(target)));
    return { id: r.getAttribute('Id') ?? '', type: r.getAttribute('Type') ?? '', target: resolved, external };
  });
}

/** Relationship types compared by their last segment (transitional and strict OOXML share it). */
export const relType = (rel: Rel) => rel.type.slice(rel.type.lastIndexOf('/') + 1);

export function targetsOf(parts: Parts, part: string, type: string): string[] {
  return relsOf(parts, part).filter((r) => !r.external && relType(r) === type).map((r) => r.target);
}

/** The main part (ppt/presentation.xml, word/document.xml, xl/workbook.xml) from the package relationships. */
export function mainPart(parts: Parts, format: FidelityFormat): string {
  const fromRels = targetsOf(parts, '', 'officeDocument')[0];
  if (fromRels && parts.has(fromRels)) return fromRels;
  return { slides: 'ppt/presentation.xml', word: 'word/document.xml', excel: 'xl/workbook.xml' }[format];
}

// ---------------------------------------------------------------------------------------------
// Slides: the deck's slides in order, their titles and texts
// ---------------------------------------------------------------------------------------------

export function slideOrder(parts: Parts): string[] {
  const main = mainPart(parts, 'slides');
  const bytes = parts.get(main);
  if (!bytes) return [];
  const byId = new Map(relsOf(parts, main).map((r) => [r.id, r.target]));
  const list = child(parseXml(bytes, main).documentElement as unknown as Node, NS.p, 'sldIdLst');
  return list ? elements(list).map((e) => byId.get(attr(e, NS.r, 'id') ?? '') ?? `(missing relationship ${attr(e, NS.r, 'id')})`) : [];
}

export interface SlideText { part: string; layout: string | null; title: string | null; titleFrom: 'placeholder' | 'shape name' | 'text shape' | null; shapes: { name: string; paragraphs: string[] }[] }

export function slideText(parts: Parts, part: string): SlideText {
  const doc = parseXml(parts.get(part)!, part);
  const layout = targetsOf(parts, part, 'slideLayout')[0] ?? null;
  let title: string | null = null;
  let titleFrom: SlideText['titleFrom'] = null;
  const shapes: SlideText['shapes'] = [];
  for (const sp of descendants(doc, NS.p, 'sp')) {
    const nv = child(sp, NS.p, 'nvSpPr');
    const name = attr(nv && child(nv, NS.p, 'cNvPr'), null, 'name') ?? '';
    const ph = nv && child(nv, NS.p, 'nvPr') && child(child(nv, NS.p, 'nvPr')!, NS.p, 'ph');
    const body = child(sp, NS.p, 'txBody');
    const paragraphs = body ? descendants(body, NS.a, 'p').map((p) => descendants(p, NS.a, 't').map((t) => t.textContent ?? '').join('').trim()).filter(Boolean) : [];
    const phType = ph ? ph.getAttribute('type') : null;
    if (ph && (phType === 'title' || phType === 'ctrTitle')) {
      title = paragraphs.join(' ');
      titleFrom = 'placeholder';
      continue;
    }
    shapes.push({ name, paragraphs });
  }
  if (title === null) {
    const named = shapes.find((s) => /title/i.test(s.name) && s.paragraphs.length);
    if (named) {
      title = named.paragraphs.join(' ');
      titleFrom = 'shape name';
      shapes.splice(shapes.indexOf(named), 1);
    }
  }
  return { part, layout, title, titleFrom, shapes };
}

// ---------------------------------------------------------------------------------------------
// Check 1: parts the change did not need to touch are byte-identical
// ---------------------------------------------------------------------------------------------

const isDocProps = (p: string) => p.startsWith('docProps/');

/** Top-level children of two versions of a part, matched by a key: which changed, were removed, were added. */
function compareChildren(before: Element, after: Element, keyOf: (e: Element) => string): { changed: string[]; removed: string[]; added: string[]; detail: string | null } {
  const index = (root: Element) => {
    const seen = new Map<string, number>();
    const m = new Map<string, string>();
    for (const e of elements(root)) {
      const base = keyOf(e);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      m.set(n ? `${base}#${n + 1}` : base, canonical(e));
    }
    return m;
  };
  const b = index(before);
  const a = index(after);
  const changed = [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k));
  return {
    detail: changed.length ? `${changed[0]}: ${whereDiffers(b.get(changed[0])!, a.get(changed[0])!)}` : null,
    changed,
    removed: [...b.keys()].filter((k) => !a.has(k)),
    added: [...a.keys()].filter((k) => !b.has(k)),
  };
}

const wordKey = (e: Element) => {
  const id = attr(e, NS.w, 'styleId') || attr(e, NS.w, 'abstractNumId') || attr(e, NS.w, 'numId') || attr(e, NS.w, 'numPicBulletId');
  return `${e.localName}${id ? ` ${id}` : ''}`;
};

/** word/styles.xml or word/numbering.xml changed: were original definitions kept (canonically) and only some added? */
function checkWordDefinitions(part: string, before: Buffer, after: Buffer, what: string, one: string): { reasons: string[]; notes: string[] } {
  const diff = compareChildren(parseXml(before, part).documentElement as unknown as Element, parseXml(after, part).documentElement as unknown as Element, wordKey);
  const reasons: string[] = [];
  const notes: string[] = [];
  if (diff.changed.length) reasons.push(`${part}: existing ${what} changed: ${list(diff.changed)} (${diff.detail})`);
  if (diff.removed.length) reasons.push(`${part}: existing ${what} removed: ${list(diff.removed)}`);
  if (!diff.changed.length && !diff.removed.length) notes.push(`${part}: every original ${one} unchanged`);
  if (diff.added.length) notes.push(`${part}: added ${list(diff.added)}`);
  else reasons.push(`${part} changed although no ${one} was added${!diff.changed.length && !diff.removed.length ? ' (same definitions, rewritten)' : ''}`);
  return { reasons, notes };
}

/**
 * xl/styles.xml and xl/sharedStrings.xml may only be appended to: the root keeps its attributes (but
 * count/uniqueCount); sharedStrings keeps its original items as a prefix (strings are referenced by
 * index); styles keeps every collection, each with its original items as a prefix (new collections may
 * appear where there was none).
 */
function checkAppendOnly(part: string, before: Buffer, after: Buffer, rootMode: 'prefix' | 'collections'): string[] {
  const b = parseXml(before, part).documentElement as unknown as Element;
  const a = parseXml(after, part).documentElement as unknown as Element;
  const reasons: string[] = [];
  const shell = (e: Element) => {
    const copy = e.cloneNode(false) as Element;
    copy.removeAttribute('count');
    copy.removeAttribute('uniqueCount');
    return canonical(copy);
  };
  if (shell(b) !== shell(a)) reasons.push(`${part}: root element or its attributes changed: ${whereDiffers(shell(b), shell(a))}`);
  const bk = elements(b);
  const ak = elements(a);
  if (rootMode === 'prefix') {
    const firstDiff = bk.findIndex((e, i) => !ak[i] || canonical(e) !== canonical(ak[i]));
    if (firstDiff >= 0) reasons.push(`${part}: not only appended: item ${firstDiff} (${describe(bk[firstDiff])}) ${ak[firstDiff] ? `changed: ${whereDiffers(canonical(bk[firstDiff]), canonical(ak[firstDiff]))}` : 'is gone'}`);
    return reasons;
  }
  let j = 0;
  for (const e of bk) {
    while (j < ak.length && ak[j].localName !== e.localName) j++;
    if (j >= ak.length) { reasons.push(`${part}: ${e.localName} ${ak.some((x) => x.localName === e.localName) ? 'out of order' : 'is gone'}`); return reasons; }
    const n = ak[j++];
    if (canonical(e) === canonical(n)) continue;
    if (shell(e) !== shell(n)) { reasons.push(`${part}: ${e.localName} attributes changed: ${whereDiffers(shell(e), shell(n))}`); continue; }
    const items = elements(e);
    const now = elements(n);
    const at = items.findIndex((x, i) => !now[i] || canonical(x) !== canonical(now[i]));
    if (at >= 0) reasons.push(`${part}: ${e.localName} not only appended: item ${at} ${now[at] ? `changed: ${whereDiffers(canonical(items[at]), canonical(now[at]))}` : 'is gone'}`);
  }
  return reasons;
}

/** Which top-level children of an allowed, changed part differ (a note to see what an edit rewrote). */
function changedSections(part: string, before: Buffer, after: Buffer): string | null {
  try {
    const diff = compareChildren(parseXml(before, part).documentElement as unknown as Element, parseXml(after, part).documentElement as unknown as Element, (e) => e.localName ?? '');
    const all = [...diff.changed.map((k) => `~${k}`), ...diff.removed.map((k) => `-${k}`), ...diff.added.map((k) => `+${k}`)];
    return `${part} changed (${all.length ? list(all, 12) : 'root attributes or formatting only'})`;
  } catch {
    return `${part} changed`;
  }
}

export function checkParts(format: FidelityFormat, before: Parts, after: Parts): CheckResult {
  const diff = diffParts(before, after);
  const reasons: string[] = [];
  const notes: string[] = [];
  const main = mainPart(before, format);
  const allowed = new Set([main, relsPartOf(main), '[Content_Types].xml']);
  const specialChanged: string[] = [];
  const unexpectedNew: string[] = [];
  const newMain = mainPart(after, format);

  if (format === 'slides') {
    allowed.add('docProps/app.xml').add('docProps/core.xml');
    const newSlides = new Set(targetsOf(after, newMain, 'slide').filter((s) => !before.has(s)));
    const hadNotesMaster = [...before.keys()].some((p) => p.startsWith('ppt/notesMasters/'));
    const newNotesMasters = targetsOf(after, newMain, 'notesMaster').filter((p) => !before.has(p));
    const notesThemes = new Set(hadNotesMaster ? [] : newNotesMasters.flatMap((m) => targetsOf(after, m, 'theme')));
    for (const p of diff.added) {
      const ok = newSlides.has(p) || [...newSlides].some((s) => relsPartOf(s) === p)
        || /^ppt\/slides\/(_rels\/)?slide\d+\.xml(\.rels)?$/.test(p)
        || p.startsWith('ppt/notesSlides/') || p.startsWith('ppt/media/') || p.startsWith('ppt/charts/') || p.startsWith('ppt/embeddings/')
        || (!hadNotesMaster && p.startsWith('ppt/notesMasters/'))
        || notesThemes.has(p) || [...notesThemes].some((t) => relsPartOf(t) === p)
        || p === 'docProps/app.xml' || p === 'docProps/core.xml';
      if (!ok) unexpectedNew.push(p);
    }
  } else if (format === 'word') {
    const styles = targetsOf(before, main, 'styles')[0] ?? 'word/styles.xml';
    const numbering = targetsOf(before, main, 'numbering')[0] ?? 'word/numbering.xml';
    for (const p of diff.changed) {
      if (isDocProps(p)) allowed.add(p);
      if (p === styles || p === numbering) {
        specialChanged.push(p);
        try {
          const r = checkWordDefinitions(p, before.get(p)!, after.get(p)!, p === styles ? 'styles' : 'list definitions', p === styles ? 'style' : 'list definition');
          reasons.push(...r.reasons);
          notes.push(...r.notes);
        } catch (err) {
          reasons.push(`${p}: ${(err as Error).message}`);
        }
      }
    }
    const newTargets = new Set([...targetsOf(after, newMain, 'numbering'), ...targetsOf(after, newMain, 'styles')]);
    for (const p of diff.added) {
      if (isDocProps(p)) continue;
      if (newTargets.has(p)) notes.push(`${p} added`);
      else unexpectedNew.push(p);
    }
  } else {
    const styles = targetsOf(before, main, 'styles')[0] ?? 'xl/styles.xml';
    const strings = targetsOf(before, main, 'sharedStrings')[0] ?? 'xl/sharedStrings.xml';
    const calcChain = targetsOf(before, main, 'calcChain')[0] ?? 'xl/calcChain.xml';
    for (const p of diff.changed) {
      if (isDocProps(p)) allowed.add(p);
      if (p === styles || p === strings) {
        specialChanged.push(p);
        try {
          const r = checkAppendOnly(p, before.get(p)!, after.get(p)!, p === strings ? 'prefix' : 'collections');
          reasons.push(...r);
          if (!r.length) notes.push(`${p}: only appended to`);
        } catch (err) {
          reasons.push(`${p}: ${(err as Error).message}`);
        }
      }
    }
    if (diff.removed.includes(calcChain)) notes.push(`${calcChain} removed (allowed)`);
    const newSheets = new Set([...targetsOf(after, newMain, 'worksheet'), ...targetsOf(after, newMain, 'chartsheet')].filter((p) => !before.has(p)));
    const newTargets = new Set([...targetsOf(after, newMain, 'sharedStrings'), ...targetsOf(after, newMain, 'styles')]);
    for (const p of diff.added) {
      if (isDocProps(p)) continue;
      if (newSheets.has(p) || [...newSheets].some((s) => relsPartOf(s) === p) || /^xl\/worksheets\/(_rels\/)?sheet\d+\.xml(\.rels)?$/.test(p)) continue;
      if (newTargets.has(p)) notes.push(`${p} added`);
      else unexpectedNew.push(p);
    }
    diff.removed = diff.removed.filter((p) => p !== calcChain);
  }

  const touched = diff.changed.filter((p) => !allowed.has(p) && !specialChanged.includes(p));
  if (touched.length) reasons.push(`changed: ${list(touched)}`);
  if (diff.removed.length) reasons.push(`removed: ${list(diff.removed)}`);
  if (unexpectedNew.length) reasons.push(`unexpected new parts: ${list(unexpectedNew)}`);
  for (const p of diff.changed.filter((x) => allowed.has(x) && x.endsWith('.xml'))) {
    const note = changedSections(p, before.get(p)!, after.get(p)!);
    if (note) notes.push(note);
  }
  const added = diff.added.filter((p) => !unexpectedNew.includes(p));
  if (added.length) notes.push(`new parts: ${list(added, 12)}`);
  return check(reasons, notes);
}

// ---------------------------------------------------------------------------------------------
// Check 2: original slides, sheets, body elements unchanged
// ---------------------------------------------------------------------------------------------

function sheetOrder(parts: Parts): { name: string; part: string }[] {
  const main = mainPart(parts, 'excel');
  const bytes = parts.get(main);
  if (!bytes) return [];
  const byId = new Map(relsOf(parts, main).map((r) => [r.id, r.target]));
  const sheets = child(parseXml(bytes, main).documentElement as unknown as Node, NS.x, 'sheets');
  return sheets ? elements(sheets).map((s) => ({ name: s.getAttribute('name') ?? '', part: byId.get(attr(s, NS.r, 'id') ?? '') ?? '' })) : [];
}

export interface WordBody { children: Element[]; sectPr: Element | null }

export function wordBody(parts: Parts): WordBody {
  const main = mainPart(parts, 'word');
  const doc = parseXml(parts.get(main)!, main);
  const body = child(doc.documentElement as unknown as Node, NS.w, 'body');
  const children = body ? elements(body) : [];
  const last = children.at(-1);
  const sectPr = last && isNs(last, NS.w) && last.localName === 'sectPr' ? last : null;
  return { children: sectPr ? children.slice(0, -1) : children, sectPr };
}

/**
 * The top-level body elements of a Word table of contents: a content control that holds a TOC field (or
 * is Word's "Table of Contents" building block), or the paragraphs from the one a TOC field begins in to
 * the one it ends in. Folio updates a table of contents when the headings change, so an addition with a
 * heading changes it: these elements (and the pages they are on) are the one exemption from checks 2
 * and 3, as long as the result still has a table of contents.
 */
export function tocElements(children: Element[]): Set<Element> {
  const out = new Set<Element>();
  const instr = (el: Element) => descendants(el, NS.w, 'instrText').map((t) => t.textContent ?? '').join('') + descendants(el, NS.w, 'fldSimple').map((f) => attr(f, NS.w, 'instr') ?? '').join('');
  const fldChars = (el: Element, type: string) => descendants(el, NS.w, 'fldChar').filter((f) => attr(f, NS.w, 'fldCharType') === type).length;
  let open = 0;
  for (const el of children) {
    if (open > 0) {
      out.add(el);
      open += fldChars(el, 'begin') - fldChars(el, 'end');
      continue;
    }
    const gallery = descendants(el, NS.w, 'docPartGallery').map((g) => attr(g, NS.w, 'val') ?? '').join(' ');
    if (el.localName === 'sdt' && (/table of contents/i.test(gallery) || /\bTOC\b/.test(instr(el)))) out.add(el);
    else if (el.localName === 'p' && /\bTOC\b/.test(instr(el)) && fldChars(el, 'begin')) {
      out.add(el);
      open = fldChars(el, 'begin') - fldChars(el, 'end');
    }
  }
  return out;
}

/** The entry texts of a Word file's table of contents (page numbers left out), for finding its pages. */
export function tocEntries(parts: Parts): string[] {
  const toc = tocElements(wordBody(parts).children);
  const out: string[] = [];
  for (const el of toc) {
    for (const p of el.localName === 'p' ? [el] : descendants(el, NS.w, 'p')) {
      // The entry is the text before its last tab (the page number follows the tab).
      const pieces: string[] = [];
      const walk = (e: Element) => {
        for (const c of elements(e)) {
          if (isNs(c, NS.w) && c.localName === 't') pieces.push(c.textContent ?? '');
          else if (isNs(c, NS.w) && c.localName === 'tab' && e.localName === 'r') pieces.push('\t');
          else if (!(isNs(c, NS.w) && c.localName === 'instrText')) walk(c);
        }
      };
      walk(p);
      const joined = pieces.join('');
      const text = (joined.includes('\t') ? joined.slice(0, joined.lastIndexOf('\t')) : joined.replace(/\s*\d+\s*$/, '')).trim();
      if (text) out.push(text);
    }
  }
  return out;
}

/** Pages (1-based) of a rendering that show lines of the table of contents: an entry, then its page number. */
export function tocPages(texts: string[], entries: string[]): number[] {
  if (!entries.length) return [];
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 40).toLowerCase();
  const wanted = new Set(entries.map(norm));
  const pages: number[] = [];
  texts.forEach((text, i) => {
    const hits = text.split('\n').filter((line) => /\d\s*$/.test(line) && wanted.has(norm(line.replace(/[\s.·…_-]*\d+\s*$/, '')))).length;
    if (hits >= Math.min(2, entries.length)) pages.push(i + 1);
  });
  return pages;
}

export function checkOriginals(format: FidelityFormat, before: Parts, after: Parts): CheckResult {
  const reasons: string[] = [];
  const notes: string[] = [];
  if (format === 'word') {
    const b = wordBody(before);
    const a = wordBody(after);
    // A table of contents is compared only for being there (see tocElements).
    const tocBefore = tocElements(b.children);
    const tocAfter = tocElements(a.children);
    const kept = b.children.filter((e) => !tocBefore.has(e));
    const bc = kept.map(canonical);
    const ac = a.children.filter((e) => !tocAfter.has(e)).map(canonical);
    if (tocBefore.size) {
      if (!tocAfter.size) reasons.push('the table of contents is gone');
      else notes.push(`the table of contents (${tocBefore.size} element${tocBefore.size > 1 ? 's' : ''}) is exempt: Folio updates it when headings change`);
    }
    const changed: string[] = [];
    for (let i = 0; i < bc.length; i++) {
      if (ac[i] === bc[i]) continue;
      const moved = ac.indexOf(bc[i]);
      changed.push(`#${i} ${describe(kept[i])}${moved >= 0 ? ` (moved to #${moved})` : ac[i] === undefined ? ' (gone)' : ''}`);
    }
    const first = bc.findIndex((c, i) => ac[i] !== c && ac.indexOf(c) < 0 && ac[i] !== undefined);
    if (changed.length) reasons.push(`${changed.length} of ${bc.length} original body elements changed or moved: ${list(changed, 4)}${first >= 0 ? `; #${first}: ${whereDiffers(bc[first], ac[first])}` : ''}`);
    else notes.push(`${bc.length} original body elements unchanged, ${ac.length - bc.length} added after them`);
    if (b.sectPr && a.sectPr && canonical(b.sectPr) !== canonical(a.sectPr)) notes.push('the final w:sectPr (page setup of the last section) changed');
    if (b.sectPr && !a.sectPr) notes.push('the final w:sectPr is gone');
    return check(reasons, notes);
  }
  const originals = format === 'slides'
    ? [...new Set([...slideOrder(before), ...[...before.keys()].filter((p) => /^ppt\/slides\/slide[^/]*\.xml$/.test(p))])]
    : [...new Set([...sheetOrder(before).map((s) => s.part), ...[...before.keys()].filter((p) => /^xl\/(worksheets|chartsheets)\/[^/]+\.xml$/.test(p))])];
  const partsToCompare = originals.flatMap((p) => [p, relsPartOf(p)]).filter((p) => before.has(p));
  if (format === 'excel') partsToCompare.push(...[...before.keys()].filter((p) => p.startsWith('xl/chartsheets/') && !partsToCompare.includes(p)));
  const changed = partsToCompare.filter((p) => after.has(p) && !after.get(p)!.equals(before.get(p)!));
  const missing = partsToCompare.filter((p) => !after.has(p));
  if (changed.length) reasons.push(`changed: ${list(changed)}`);
  if (missing.length) reasons.push(`missing: ${list(missing)}`);
  const what = format === 'slides' ? 'slides' : 'sheets';
  const orderBefore = format === 'slides' ? slideOrder(before) : sheetOrder(before).map((s) => `${s.name} (${s.part})`);
  const orderAfter = format === 'slides' ? slideOrder(after) : sheetOrder(after).map((s) => `${s.name} (${s.part})`);
  const prefix = orderBefore.every((p, i) => orderAfter[i] === p);
  if (!prefix) {
    const at = orderBefore.findIndex((p, i) => orderAfter[i] !== p);
    const moved = orderAfter.indexOf(orderBefore[at]);
    reasons.push(`the original ${what} are no longer first and in order: position ${at + 1} held ${orderBefore[at]}, now ${orderAfter[at] ?? 'nothing'}${orderAfter[at] && !orderBefore.includes(orderAfter[at]) ? ' (new)' : ''}; ${orderBefore[at]} is ${moved >= 0 ? `at position ${moved + 1}` : 'gone'} (${orderBefore.length} before, ${orderAfter.length} now)`);
  }
  if (!reasons.length) notes.push(`${orderBefore.length} original ${what} unchanged, ${orderAfter.length - orderBefore.length} added after them`);
  return check(reasons, notes);
}

// ---------------------------------------------------------------------------------------------
// Check 4: the addition uses the file's own layouts / styles; the new sheet is there
// ---------------------------------------------------------------------------------------------

function styleIds(parts: Parts): Map<string, Element> {
  const main = mainPart(parts, 'word');
  const part = targetsOf(parts, main, 'styles')[0] ?? 'word/styles.xml';
  const bytes = parts.get(part);
  const m = new Map<string, Element>();
  if (!bytes) return m;
  for (const s of descendants(parseXml(bytes, part), NS.w, 'style')) m.set(attr(s, NS.w, 'styleId') ?? '', s);
  return m;
}

/** Font names the original document knows: its font table, styles and theme. */
function documentFonts(parts: Parts): Set<string> {
  const fonts = new Set<string>();
  for (const [name, bytes] of parts) {
    if (!/^word\/(fontTable|styles)\.xml$|^word\/theme\/[^/]+\.xml$/.test(name)) continue;
    const text = bytes.toString('utf8');
    for (const m of text.matchAll(/<w:font\s[^>]*w:name="([^"]*)"/g)) fonts.add(m[1]);
    for (const m of text.matchAll(/w:(?:ascii|hAnsi|eastAsia|cs)="([^"]*)"/g)) fonts.add(m[1]);
    for (const m of text.matchAll(/<a:(?:latin|ea|cs|font)\s[^>]*typeface="([^"]*)"/g)) fonts.add(m[1]);
  }
  return fonts;
}

function directFonts(el: Element): string[] {
  const out: string[] = [];
  for (const f of descendants(el, NS.w, 'rFonts')) {
    for (const a of ['ascii', 'hAnsi', 'eastAsia', 'cs']) {
      const v = attr(f, NS.w, a);
      if (v) out.push(v);
    }
  }
  return out;
}

export function checkOwnDesign(format: FidelityFormat, before: Parts, after: Parts): CheckResult {
  const reasons: string[] = [];
  const notes: string[] = [];
  if (format === 'slides') {
    const newSlides = slideOrder(after).filter((s) => !before.has(s));
    if (!newSlides.length) return check(['no new slide in the result']);
    const layouts = [...before.keys()].filter((p) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(p));
    for (const s of newSlides) {
      const layout = after.has(s) ? targetsOf(after, s, 'slideLayout')[0] : undefined;
      if (!layout) reasons.push(`${s} has no slideLayout relationship`);
      else if (!before.has(layout)) reasons.push(`${s} uses ${layout}, a layout the original deck did not have (its layouts: ${list(layouts, 4)})`);
      else if (!after.get(layout)?.equals(before.get(layout)!)) reasons.push(`${s} uses ${layout}, which the result changed`);
      else {
        const name = /<p:cSld[^>]*\sname="([^"]*)"/.exec(before.get(layout)!.toString('utf8'))?.[1];
        notes.push(`${s} uses the deck's own ${layout}${name ? ` ("${name}")` : ''}`);
      }
    }
    return check(reasons, notes);
  }
  if (format === 'excel') {
    const names = new Set(sheetOrder(before).map((s) => s.name));
    const now = sheetOrder(after);
    const added = now.filter((s) => !names.has(s.name));
    const notesSheet = now.find((s) => s.name === 'Notes');
    if (names.has('Notes')) reasons.push('the original already has a sheet named "Notes"');
    else if (!notesSheet) reasons.push(`no sheet named "Notes" (sheets now: ${list(now.map((s) => s.name), 6)})`);
    else if (before.has(notesSheet.part)) reasons.push(`sheet "Notes" points at ${notesSheet.part}, a part of the original`);
    else notes.push(`new sheet "Notes" in ${notesSheet.part}`);
    if (added.length > 1) reasons.push(`more than one new sheet: ${list(added.map((s) => s.name))}`);
    return check(reasons, notes);
  }
  // word: paragraphs that are new (no canonical twin in the original body) use the document's styles.
  const original = new Set(wordBody(before).children.map(canonical));
  const added = wordBody(after).children.filter((e) => !original.has(canonical(e)));
  if (!added.length) return check(['no new body element in the result']);
  const own = styleIds(before);
  const nowStyles = styleIds(after);
  const fonts = documentFonts(before);
  const used = new Map<string, number>();
  for (const el of added) {
    const paragraphs = el.localName === 'p' ? [el] : descendants(el, NS.w, 'p');
    for (const p of paragraphs) {
      const pPr = child(p, NS.w, 'pPr');
      const id = attr(pPr && child(pPr, NS.w, 'pStyle'), NS.w, 'val') ?? '(default paragraph style)';
      used.set(id, (used.get(id) ?? 0) + 1);
    }
    const foreign = [...new Set(directFonts(el))].filter((f) => !fonts.has(f));
    if (foreign.length) reasons.push(`new ${describe(el)} sets fonts the document does not use: ${list(foreign)}`);
  }
  for (const id of used.keys()) {
    if (id.startsWith('(') || own.has(id)) continue;
    const style = nowStyles.get(id);
    if (!style) { reasons.push(`style "${id}" is neither in the original styles.xml nor defined in the result`); continue; }
    // An added style is acceptable when its fonts are the document's: it has no font of its own (it takes
    // them from the style it is based on, or from the document defaults and theme), or only theme fonts and
    // fonts the document already uses. Whether it derives from one of the document's styles is reported.
    const chain: string[] = [];
    let s: Element | undefined = style;
    while (s && chain.length < 20) {
      const base: string | null = attr(child(s, NS.w, 'basedOn'), NS.w, 'val');
      if (!base) break;
      chain.push(base);
      s = own.get(base) ? undefined : nowStyles.get(base);
    }
    const link = attr(child(style, NS.w, 'link'), NS.w, 'val');
    const anchor = chain.find((b) => own.has(b)) ?? (link && own.has(link) ? `link ${link}` : null);
    const fontsOfStyle = [...new Set(directFonts(style))];
    const foreign = fontsOfStyle.filter((f) => !fonts.has(f));
    if (foreign.length) reasons.push(`added style "${id}" brings fonts the document does not use: ${list(foreign)}`);
    else notes.push(`added style "${id}" (${anchor ? `based on the document's ${anchor}` : 'not based on a document style'}; ${fontsOfStyle.length ? `fonts ${list(fontsOfStyle)}, the document's` : 'no font of its own: the document defaults and theme'})`);
  }
  const ownUsed = [...used.keys()].filter((k) => own.has(k) || k.startsWith('('));
  if (ownUsed.length) notes.push(`own styles used: ${list(ownUsed.map((k) => `${k} x${used.get(k)}`))}`);
  return check(reasons, notes);
}

// ---------------------------------------------------------------------------------------------
// Check 5: the requested content, as python-docx / openpyxl / the XML see it
// ---------------------------------------------------------------------------------------------

/** Debian's python3, which has python3-docx and python3-openpyxl (the one first on PATH may not). */
export const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const PY_WORD = String.raw`
import json, sys, docx
from docx.oxml.ns import qn
d = docx.Document(sys.argv[1])
out = []
for p in d.paragraphs:
    st = p.style
    chain, s = [], st
    while s is not None and len(chain) < 20:
        chain.append(s)
        s = s.base_style
    numbered = outline = False
    for ppr in [p._p.pPr] + [x.element.pPr for x in chain]:
        if ppr is None:
            continue
        if ppr.find(qn('w:numPr')) is not None:
            numbered = True
        if ppr.find(qn('w:outlineLvl')) is not None:
            outline = True
    out.append({"text": p.text, "style": st.name if st is not None else None, "chain": [x.name for x in chain], "numbered": numbered, "outline": outline})
print(json.dumps({"paragraphs": out}))
`;

const PY_EXCEL = String.raw`
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
notes = wb["Notes"]["A1"].value if "Notes" in wb.sheetnames else None
print(json.dumps({"sheets": wb.sheetnames, "notes_a1": notes if isinstance(notes, (str, int, float, bool)) or notes is None else str(notes)}))
`;

export interface PyWord { paragraphs: { text: string; style: string | null; chain: string[]; numbered: boolean; outline: boolean }[] }
export interface PyExcel { sheets: string[]; notes_a1: unknown }

function run(cmd: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string; error: Error | null }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => resolve({ stdout: String(stdout), stderr: String(stderr), error: err }));
  });
}

/** Opens a docx with python-docx or an xlsx with openpyxl; the error (last line of the traceback) when it cannot. */
export async function openWithPython(format: 'word' | 'excel', bytes: Buffer, extension = format === 'word' ? 'docx' : 'xlsx'): Promise<{ ok: true; value: PyWord | PyExcel } | { ok: false; error: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fidelity-py-'));
  try {
    const file = path.join(dir, `file.${extension}`);
    fs.writeFileSync(file, bytes);
    const r = await run(PYTHON, ['-c', format === 'word' ? PY_WORD : PY_EXCEL, file], 120_000);
    if (r.error) return { ok: false, error: (r.stderr.trim().split('\n').at(-1) || r.error.message).slice(0, 300) };
    return { ok: true, value: JSON.parse(r.stdout) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const WANTED = {
  slides: { title: 'Roadmap', bullets: ['Q1 beta', 'Q2 GA'] },
  word: { heading: 'Next steps', items: ['sign contract', 'schedule kickoff'] },
  excel: { sheet: 'Notes', a1: 'Reviewed' },
} as const;

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b;

/** Whether any slide layout of the deck offers a title placeholder. */
export function deckHasTitleLayout(parts: Parts): boolean {
  return [...parts.keys()].filter((p) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(p))
    .some((p) => descendants(parseXml(parts.get(p)!, p), NS.p, 'ph').some((ph) => /^(title|ctrTitle)$/.test(ph.getAttribute('type') ?? '')));
}

export function checkSlidesContent(before: Parts, after: Parts): string[] {
  const slides = slideOrder(after).filter((s) => after.has(s)).map((s) => slideText(after, s));
  const titleLayouts = deckHasTitleLayout(before);
  let match = slides.filter((s) => s.title !== null && same(s.title, WANTED.slides.title));
  if (!match.length && !titleLayouts) {
    // No layout of the deck has a title placeholder: a shape whose whole text is "Roadmap" is the title.
    match = slides.filter((s) => s.shapes.some((sh) => sh.paragraphs.length === 1 && same(sh.paragraphs[0], WANTED.slides.title)))
      .map((s) => ({ ...s, title: WANTED.slides.title, titleFrom: 'text shape' as const, shapes: s.shapes.filter((sh) => !(sh.paragraphs.length === 1 && same(sh.paragraphs[0], WANTED.slides.title))) }));
  }
  if (!match.length) {
    const newOnes = slides.filter((s) => !before.has(s.part));
    return [`no slide titled "Roadmap" (new slides: ${newOnes.length ? list(newOnes.map((s) => `${s.part} title ${JSON.stringify(s.title)}`), 3) : 'none'})`];
  }
  const withBullets = match.find((s) => s.shapes.some((sh) => sh.paragraphs.length === 2 && sh.paragraphs.every((p, i) => same(p, WANTED.slides.bullets[i]))));
  if (!withBullets) return [`slide "Roadmap" (${match[0].part}) has no shape with exactly the bullets "Q1 beta", "Q2 GA" (its texts: ${JSON.stringify(match[0].shapes.map((s) => s.paragraphs).filter((p) => p.length))})`];
  const reasons: string[] = [];
  if (withBullets.titleFrom !== 'placeholder' && titleLayouts) reasons.push(`the "Roadmap" title of ${withBullets.part} is not in a title placeholder, though the deck has layouts with one (found by shape name)`);
  return reasons;
}

const isHeading = (p: PyWord['paragraphs'][number]) => p.outline || p.chain.some((n) => /^(heading|title)\b/i.test(n));
const isList = (p: PyWord['paragraphs'][number]) => p.numbered || p.chain.some((n) => /list|bullet/i.test(n));

export function checkWordContent(doc: PyWord): string[] {
  const ps = doc.paragraphs;
  const at = ps.map((p, i) => (same(p.text, WANTED.word.heading) ? i : -1)).filter((i) => i >= 0).at(-1);
  if (at === undefined) return ['no paragraph "Next steps"'];
  const reasons: string[] = [];
  const h = ps[at];
  if (!isHeading(h)) reasons.push(`"Next steps" is not a heading (style "${h.style}", no outline level)`);
  const next = ps.slice(at + 1).filter((p) => p.text.trim());
  WANTED.word.items.forEach((item, i) => {
    const p = next[i];
    if (!p || !same(p.text, item)) reasons.push(`expected list paragraph "${item}" after "Next steps", found ${p ? JSON.stringify(p.text) : 'nothing'}`);
    else if (!isList(p)) reasons.push(`"${item}" is not a list paragraph (style "${p.style}", no numbering)`);
  });
  return reasons;
}

/**
 * What openpyxl reports of a workbook (its sheets, Notes!A1), read from the XML instead: for files
 * openpyxl cannot read (Strict Open XML, whose namespaces it does not know).
 */
export function excelContentFromXml(parts: Parts): PyExcel {
  const sheets = sheetOrder(parts);
  const notes = sheets.find((s) => s.name === WANTED.excel.sheet);
  let a1: unknown = null;
  if (notes && parts.has(notes.part)) {
    const cell = descendants(parseXml(parts.get(notes.part)!, notes.part), NS.x, 'c').find((c) => c.getAttribute('r') === 'A1');
    const texts = (el: Element | Document) => descendants(el, NS.x, 't').map((t) => t.textContent ?? '').join('');
    if (cell) {
      const type = cell.getAttribute('t');
      const v = child(cell, NS.x, 'v')?.textContent ?? null;
      if (type === 'inlineStr') a1 = texts(cell);
      else if (type === 's' && v !== null) {
        const strings = targetsOf(parts, mainPart(parts, 'excel'), 'sharedStrings')[0];
        const item = strings && parts.has(strings) ? descendants(parseXml(parts.get(strings)!, strings), NS.x, 'si')[Number(v)] : undefined;
        a1 = item ? texts(item) : null;
      } else a1 = v;
    }
  }
  return { sheets: sheets.map((s) => s.name), notes_a1: a1 };
}

/** Why openpyxl cannot read the original (it fails, or drops sheets the workbook lists), or null when it can. */
export function openpyxlCannotRead(opened: { ok: true; value: PyWord | PyExcel } | { ok: false; error: string }, original: Parts): string | null {
  if (!opened.ok) return opened.error;
  const listed = sheetOrder(original).length;
  const seen = (opened.value as PyExcel).sheets.length;
  return seen < listed ? `it sees ${seen} of the ${listed} sheets the workbook lists` : null;
}

/** `seenBy`: who read the workbook ("openpyxl sees", or "the workbook XML has" when openpyxl cannot read it). */
export function checkExcelContent(book: PyExcel, seenBy = 'openpyxl sees'): string[] {
  if (!book.sheets.includes(WANTED.excel.sheet)) return [`${seenBy} no sheet "Notes" (sheets: ${list(book.sheets, 6)})`];
  if (book.notes_a1 !== WANTED.excel.a1) return [`Notes!A1 is ${JSON.stringify(book.notes_a1)}, not "Reviewed"`];
  return [];
}

// ---------------------------------------------------------------------------------------------
// Check 3: LibreOffice renders, pdftoppm rasterizes at low resolution, pages are hashed
// ---------------------------------------------------------------------------------------------

export interface Rendered {
  /** The PDF, or null when LibreOffice produced none. */
  pdf: Buffer | null;
  /** `${width}x${height}:${sha256 of the pixel bytes}` per page. */
  pages: string[];
  /** The text of each page (pdftotext), to find where an addition starts. */
  texts: string[];
  /** Hashes of each page without its header and footer bands (MARGIN_BAND), for files that print their page count. */
  bodies?: string[];
  error: string | null;
}

/**
 * One headless LibreOffice profile for the whole run; conversions are serialized (two soffice processes
 * on one profile would hand their work to each other). Many files go through one soffice call.
 */
export class LibreOffice {
  readonly dir: string;
  private queue: Promise<unknown> = Promise.resolve();
  private batch = 0;
  constructor(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fidelity-lo-'))) {
    this.dir = dir;
    fs.mkdirSync(path.join(dir, 'profile'), { recursive: true });
  }

  /** Converts every file to PDF (names must be unique and carry the extension) and rasterizes it at `dpi` (pdftoppm writes PPM by default; this poppler has no -ppm flag). */
  render(files: { name: string; bytes: Buffer }[], dpi = 20): Promise<Map<string, Rendered>> {
    const next = this.queue.then(() => this.renderNow(files, dpi));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async convert(names: string[], inDir: string, outDir: string): Promise<string> {
    const r = await run('soffice', [`-env:UserInstallation=file://${path.join(this.dir, 'profile')}`, '--headless', '--norestore', '--nolockcheck', '--convert-to', 'pdf', '--outdir', outDir, ...names.map((n) => path.join(inDir, n))], 120_000 + 30_000 * names.length);
    const stderr = r.stderr.split('\n').filter((l) => l.trim() && !/javaldx/.test(l)).join('\n');
    return [r.error && !r.stdout ? r.error.message : '', stderr].filter(Boolean).join('\n').trim();
  }

  private async renderNow(files: { name: string; bytes: Buffer }[], dpi: number): Promise<Map<string, Rendered>> {
    const out = new Map<string, Rendered>();
    if (!files.length) return out;
    const batch = path.join(this.dir, `batch-${++this.batch}`);
    const inDir = path.join(batch, 'in');
    const outDir = path.join(batch, 'out');
    fs.mkdirSync(inDir, { recursive: true });
    fs.mkdirSync(outDir, { recursive: true });
    try {
      for (const f of files) fs.writeFileSync(path.join(inDir, f.name), f.bytes);
      const pdfOf = (name: string) => path.join(outDir, name.replace(/\.[^.]+$/, '.pdf'));
      const log = await this.convert(files.map((f) => f.name), inDir, outDir);
      for (const f of files) {
        const pdf = pdfOf(f.name);
        let error: string | null = null;
        if (!fs.existsSync(pdf) && files.length > 1) {
          // Convert it alone, for its own error message (or because another file upset the batch).
          const alone = await this.convert([f.name], inDir, outDir);
          if (!fs.existsSync(pdf)) error = `LibreOffice produced no PDF${alone ? `: ${alone.split('\n').slice(-2).join(' ')}` : ''}`;
        } else if (!fs.existsSync(pdf)) {
          error = `LibreOffice produced no PDF${log ? `: ${log.split('\n').slice(-2).join(' ')}` : ''}`;
        }
        if (error) { out.set(f.name, { pdf: null, pages: [], texts: [], error }); continue; }
        const prefix = path.join(outDir, `${f.name}-page`);
        const r = await run('pdftoppm', ['-r', String(dpi), pdf, prefix], 120_000);
        if (r.error) { out.set(f.name, { pdf: fs.readFileSync(pdf), pages: [], texts: [], error: `pdftoppm failed: ${r.stderr.trim() || r.error.message}` }); continue; }
        const base = path.basename(prefix);
        const ppms = fs.readdirSync(outDir).filter((n) => n.startsWith(`${base}-`) && n.endsWith('.ppm'))
          .map((n) => ({ n, i: Number(/-(\d+)\.ppm$/.exec(n)![1]) })).sort((x, y) => x.i - y.i)
          .map(({ n }) => fs.readFileSync(path.join(outDir, n)));
        const pages = ppms.map((ppm) => hashPpm(ppm));
        const bodies = ppms.map((ppm) => hashPpm(ppm, MARGIN_BAND));
        const text = await run('pdftotext', ['-layout', pdf, '-'], 120_000);
        const texts = text.error ? [] : text.stdout.split('\f').slice(0, pages.length);
        out.set(f.name, { pdf: fs.readFileSync(pdf), pages, texts, bodies, error: pages.length ? null : 'the PDF has no pages' });
      }
      return out;
    } finally {
      fs.rmSync(batch, { recursive: true, force: true });
    }
  }

  close(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `${width}x${height}:${sha256}` of a binary PPM's pixel bytes (the header is parsed, not hashed). */
/** Share of the page height at the top and at the bottom where headers and footers print. */
export const MARGIN_BAND = 0.07;

export function hashPpm(ppm: Buffer, band = 0): string {
  let pos = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (pos < ppm.length && /\s/.test(String.fromCharCode(ppm[pos]))) pos++;
    if (ppm[pos] === 0x23) { while (pos < ppm.length && ppm[pos] !== 0x0a) pos++; continue; }
    const start = pos;
    while (pos < ppm.length && !/\s/.test(String.fromCharCode(ppm[pos]))) pos++;
    fields.push(ppm.subarray(start, pos).toString('latin1'));
  }
  pos++; // the single whitespace after maxval
  if (fields[0] !== 'P6') throw new Error(`not a binary PPM (${fields[0]})`);
  const pixels = ppm.subarray(pos);
  if (!band) return `${fields[1]}x${fields[2]}:${createHash('sha256').update(pixels).digest('hex')}`;
  // The body only: the rows of the top and bottom bands are left out.
  const row = Number(fields[1]) * 3;
  const rows = Number(fields[2]);
  const skip = Math.ceil(rows * band);
  return `${fields[1]}x${fields[2]}-body:${createHash('sha256').update(pixels.subarray(skip * row, (rows - skip) * row)).digest('hex')}`;
}

export interface PageComparison {
  compared: number;
  identical: number;
  /** 1-based numbers of the original pages that differ (or are missing) in the result. */
  differing: number[];
}

/**
 * Original page i against result page i, for every original page (Word: but the last one, onto which
 * the addition may flow, and none from the page where the addition starts: endnotes or a trailing page
 * can follow the end of the body). A page the result lacks counts as differing.
 */
export function comparePages(format: FidelityFormat, original: string[], result: string[], additionStartsOn: number | null = null, exempt: number[] = []): PageComparison {
  let compared = format === 'word' ? Math.max(0, original.length - 1) : original.length;
  if (format === 'word' && additionStartsOn !== null) compared = Math.min(compared, additionStartsOn - 1);
  const differing: number[] = [];
  let skipped = 0;
  for (let i = 0; i < compared; i++) {
    if (exempt.includes(i + 1)) { skipped++; continue; }
    if (result[i] !== original[i]) differing.push(i + 1);
  }
  compared -= skipped;
  return { compared, identical: compared - differing.length, differing };
}

/** The page (1-based) of the result where the Word addition's heading is (a line of its own), the last one showing it; null if none. */
export function additionPage(texts: string[]): number | null {
  for (let i = texts.length - 1; i >= 0; i--) if (/^\s*Next\s+steps\s*$/m.test(texts[i])) return i + 1;
  return null;
}

/** Whether the file prints its total page count (Word NUMPAGES / SECTIONPAGES fields, Excel &N in headers and footers). */
export function showsPageCount(format: FidelityFormat, parts: Parts): string | null {
  for (const [name, bytes] of parts) {
    if (format === 'word' && /^word\/[^/]+\.xml$/.test(name) && /\b(NUMPAGES|SECTIONPAGES)\b/.test(bytes.toString('utf8'))) return 'a NUMPAGES field';
    if (format === 'excel' && /^xl\/worksheets\/[^/]+\.xml$/.test(name) && /<(?:\w+:)?(?:odd|even|first)(?:Header|Footer)>[^<]*&amp;N/.test(bytes.toString('utf8'))) return '&N in a header or footer';
  }
  return null;
}

/**
 * `appendedAtEnd`: check 2 found the original body intact with the addition after it; only then may Word's
 * comparison stop before the page where the addition starts (else it would excuse an addition put first).
 */
export function checkPages(format: FidelityFormat, original: Rendered | undefined, result: Rendered | undefined, pageCountShown: string | null = null, appendedAtEnd = false, tocEntryTexts: string[] = []): { check: CheckResult; pages: PageComparison | null } {
  if (!original || original.error) return { check: check([`the original did not render: ${original?.error ?? 'not converted'}`]), pages: null };
  if (!result) return { check: check(['no result to render']), pages: { compared: comparePages(format, original.pages, []).compared, identical: 0, differing: [] } };
  const starts = format === 'word' && appendedAtEnd && !result.error ? additionPage(result.texts) : null;
  // The pages of a table of contents that Folio updated are not compared (see tocElements).
  const exempt = format === 'word' ? tocPages(original.texts, tocEntryTexts) : [];
  // A file that prints its page count (Page 1 of 4) changes on every page when an addition adds a page:
  // then the pages are compared without their header and footer bands, where the count prints.
  const countChanged = !!pageCountShown && !result.error && result.pages.length !== original.pages.length && !!original.bodies && !!result.bodies;
  const pages = countChanged
    ? comparePages(format, original.bodies!, result.bodies!, starts, exempt)
    : comparePages(format, original.pages, result.error ? [] : result.pages, starts, exempt);
  if (result.error) return { check: check([`the result did not render: ${result.error}`]), pages: { ...pages, identical: 0 } };
  const reasons: string[] = [];
  const missing = pages.differing.filter((n) => n > result.pages.length);
  const differ = pages.differing.filter((n) => n <= result.pages.length);
  const grew = result.pages.length !== original.pages.length;
  if (differ.length) reasons.push(`pages differ: ${ranges(differ)} of ${pages.compared} compared${countChanged ? ' (header and footer bands left out)' : ''}`);
  if (missing.length) reasons.push(`the result has ${result.pages.length} pages, original pages ${ranges(missing)} are missing`);
  const notes = [`original ${original.pages.length} pages, result ${result.pages.length}; ${pages.identical}/${pages.compared} compared pages identical`];
  if (countChanged) notes.push(`the file prints its page count (${pageCountShown}), which went from ${original.pages.length} to ${result.pages.length}: pages compared without their top and bottom ${Math.round(MARGIN_BAND * 100)}% (headers and footers)`);
  if (exempt.length) notes.push(`page${exempt.length > 1 ? 's' : ''} ${ranges(exempt)} (the table of contents) not compared`);
  if (format === 'word') notes.push(starts !== null && starts - 1 < original.pages.length - 1
    ? `the addition starts on page ${starts} (pages after the body's end, such as endnotes, follow it): pages ${starts}-${original.pages.length} not compared`
    : 'the last original page is not compared');
  return { check: check(reasons, notes), pages };
}

/** [1,2,3,5] -> "1-3, 5" */
export function ranges(ns: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    out.push(i === j ? String(ns[i]) : `${ns[i]}-${ns[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

// ---------------------------------------------------------------------------------------------
// The no-op round trip
// ---------------------------------------------------------------------------------------------

export function checkRoundTrip(before: Parts, after: Parts): CheckResult {
  const diff = diffParts(before, after);
  const reasons: string[] = [];
  if (diff.changed.length) reasons.push(`changed: ${list(diff.changed)}`);
  if (diff.removed.length) reasons.push(`removed: ${list(diff.removed)}`);
  if (diff.added.length) reasons.push(`added: ${list(diff.added)}`);
  return check(reasons, reasons.length ? [] : [`${before.size} parts byte-identical`]);
}

/** Pretty XML for a human diff (one tag per line), or null for a binary part. */
export function diffable(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  if (!/^\s*(\uFEFF)?</.test(text.slice(0, 200))) return null;
  return text.replace(/>\s*</g, '>\n<') + '\n';
}
