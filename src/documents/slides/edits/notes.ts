// Speaker notes. A slide's notes live in its notes slide, made from the deck's notes master: edited in
// place when the slide has one (its other shapes untouched), created when it has none. A deck without
// a notes master gets Folio's (from the midnight template, with its own theme part) the first time a
// slide needs notes; nothing else of the deck changes.
import { CT } from '../../ooxml/content-types.ts';
import { REL } from '../../ooxml/relationships.ts';
import { child, createEl, insertBefore, NS, type Element } from '../../ooxml/xml.ts';
import { placeholderOf, treeShapes } from '../design/placeholders.ts';
import type { SlidesDocument } from '../slides.document.ts';
import { openTemplate } from '../templates.ts';
import { paragraphsXml, placeholderShape, placeholderXml, spTreeOf } from './shapes.ts';
import { setParagraphs } from './text-body.ts';

/** A notes slide: the slide's picture and the notes text, both placed by the notes master. */
const notesXml = (paragraphs: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<p:notes xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr><p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr><a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr><p:spPr/></p:sp>${placeholderXml(3, { type: 'body', idx: 1 }, paragraphs)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:notes>`;

/** Children of p:presentation after p:notesMasterIdLst, in schema order. */
const AFTER_NOTES_MASTERS = ['handoutMasterIdLst', 'sldIdLst', 'sldSz', 'notesSz', 'smartTags', 'embeddedFontLst', 'custShowLst', 'photoAlbum', 'custDataLst', 'kinsoku', 'defaultTextStyle', 'modifyVerifier', 'extLst'];

/** The deck's notes master, added from Folio's template when it has none. */
export function ensureNotesMaster(d: SlidesDocument): string {
  const existing = d.deck.notesMaster();
  if (existing) return existing;
  const template = openTemplate('midnight').deck;
  const source = template.notesMaster()!;
  const sourceTheme = template.pkg.related(source, REL.theme)[0];
  const part = d.pkg.freeName('ppt/notesMasters/notesMaster', '.xml');
  const theme = d.pkg.freeName('ppt/theme/theme', '.xml');
  d.pkg.put(theme, template.pkg.bytes(sourceTheme), CT.theme);
  d.pkg.put(part, template.pkg.text(source), CT.notesMaster);
  d.pkg.rels(part).add(REL.theme, theme);
  const root = d.pkg.edit(d.deck.presentation).documentElement!;
  const relId = d.pkg.rels(d.deck.presentation).add(REL.notesMaster, part);
  const list = child(root, NS.p, 'notesMasterIdLst') ?? insertBefore(root, createEl(root.ownerDocument!, NS.p, 'notesMasterIdLst'), AFTER_NOTES_MASTERS);
  const id = createEl(root.ownerDocument!, NS.p, 'notesMasterId');
  id.setAttributeNS(NS.r, `${root.lookupPrefix(NS.r) ?? 'r'}:id`, relId);
  list.appendChild(id);
  return part;
}

function notesBody(d: SlidesDocument, notesPart: string): Element | null {
  for (const shape of treeShapes(d.pkg.xml(notesPart).documentElement!)) {
    if (placeholderOf(shape)?.type === 'body') return shape;
  }
  return null;
}

const lines = (text: string) => text.split('\n').map((t) => t.trim()).filter(Boolean).map((t) => ({ text: t, level: 0 }));

/** Sets a slide's speaker notes (empty text clears them). */
export function setNotes(d: SlidesDocument, slidePart: string, text: string): void {
  const notesPart = d.pkg.related(slidePart, REL.notesSlide)[0] ?? null;
  if (!notesPart) {
    if (!text.trim()) return;
    const master = ensureNotesMaster(d);
    const part = d.pkg.freeName('ppt/notesSlides/notesSlide', '.xml');
    d.pkg.put(part, notesXml(paragraphsXml(lines(text), { markup: false })), CT.notesSlide);
    d.pkg.rels(part).add(REL.notesMaster, master);
    d.pkg.rels(part).add(REL.slide, slidePart);
    d.pkg.rels(slidePart).add(REL.notesSlide, part);
    d.changed(slidePart);
    return;
  }
  const doc = d.pkg.edit(notesPart);
  const body = notesBody(d, notesPart);
  if (body) {
    const txBody = child(body, NS.p, 'txBody') ?? body.appendChild(createEl(doc, NS.p, 'txBody'));
    if (!child(txBody as Element, NS.a, 'bodyPr')) (txBody as Element).appendChild(createEl(doc, NS.a, 'bodyPr'));
    setParagraphs(txBody as Element, lines(text), { markup: false });
  } else {
    spTreeOf(doc).appendChild(placeholderShape(doc, 3, { type: 'body', idx: 1 }, lines(text), false));
  }
  d.changed(slidePart);
}
