// Edits of one shape on an existing slide: its text (paragraphs keep their formatting), a chart's
// data (the chart part is written again, the frame stays), a table's cells, a picture, removal, and a
// move to another slide (with the relationships it needs). The rest of the slide is left as it was.
import { ToolError } from '../../agent/tool-error.ts';
import { chartPartXml } from '../../ooxml/charts/chart-xml.ts';
import { chartWorkbook } from '../../ooxml/charts/chart-workbook.ts';
import type { ChartData } from '../../ooxml/charts/chart-spec.ts';
import { REL } from '../../ooxml/relationships.ts';
import { attrNS, child, childElements, createEl, descendants, NS, removeNode, type Element } from '../../ooxml/xml.ts';
import type { Box } from '../deck.ts';
import { boxOf } from '../design/placeholders.ts';
import type { SlidesDocument } from '../slides.document.ts';
import type { ElementView, SlideView } from '../view/slide.view.ts';
import { relateImage } from '../../ooxml/media.ts';
import { removeOrphans } from './orphans.ts';
import { nextShapeId, setShapeBox, spTreeOf } from './shapes.ts';
import { tableFrame } from './table.ts';
import { setParagraphs, setText, type TextItem } from './text-body.ts';
import { tableStyleId } from './add-slide.ts';

function txBody(d: SlidesDocument, slide: SlideView, shape: Element): Element {
  d.pkg.edit(slide.part);
  const body = child(shape, NS.p, 'txBody');
  if (body) return body;
  const fresh = createEl(shape.ownerDocument!, NS.p, 'txBody');
  fresh.appendChild(createEl(shape.ownerDocument!, NS.a, 'bodyPr'));
  fresh.appendChild(createEl(shape.ownerDocument!, NS.a, 'lstStyle'));
  shape.appendChild(fresh);
  return fresh;
}

export function setShapeParagraphs(d: SlidesDocument, slide: SlideView, shape: Element, items: TextItem[]): void {
  setParagraphs(txBody(d, slide, shape), items);
  d.changed(slide.part);
}

export function setShapeText(d: SlidesDocument, slide: SlideView, shape: Element, text: string): void {
  setText(txBody(d, slide, shape), text);
  d.changed(slide.part);
}

/** The chart part's relationship from the slide, for an element showing a chart. */
function chartRel(d: SlidesDocument, slide: SlideView, e: ElementView): { id: string; target: string } {
  const ref = descendants(e.shape, NS.c, 'chart')[0];
  const id = attrNS(ref, NS.r, 'id');
  const rel = id ? d.pkg.rels(slide.part).get(id) : undefined;
  if (!rel || rel.external || !d.pkg.has(rel.target)) throw new ToolError(`The chart ${e.id} has no chart data in the file to change.`);
  return { id: rel.id, target: rel.target };
}

/** Writes new data into a chart's part (and its embedded workbook): the frame on the slide stays as it is. */
export function setChartData(d: SlidesDocument, slide: SlideView, e: ElementView, data: ChartData): void {
  const { target } = chartRel(d, slide, e);
  const rels = d.pkg.rels(target);
  let workbook = rels.first(REL.package);
  if (!workbook || workbook.external) {
    const part = d.pkg.freeName('ppt/embeddings/Microsoft_Excel_Worksheet', '.xlsx');
    d.pkg.put(part, chartWorkbook(data));
    rels.add(REL.package, part);
    workbook = rels.first(REL.package);
  } else {
    d.pkg.put(workbook.target, chartWorkbook(data));
  }
  d.pkg.put(target, chartPartXml(data, { workbookRelId: workbook!.id, style: 'slide' }));
  d.changed(slide.part);
}

/** Replaces a table by a new one in the same place, fitted to the frame's width and the space below it. */
export function setTable(d: SlidesDocument, slide: SlideView, e: ElementView, table: { columns: string[]; rows: string[][] }, font: string, area: Box): void {
  const doc = d.pkg.edit(slide.part);
  const box = boxOf(e.shape) ?? area;
  const frame = tableFrame(doc, e.shapeId, e.name || `Table ${e.shapeId}`, { ...box, cy: Math.max(box.cy, area.y + area.cy - box.y) }, table, font, tableStyleId(d));
  e.el.parentNode!.replaceChild(frame, e.el);
  d.changed(slide.part);
}

/** Points a picture at new image bytes (the old media part goes if nothing else shows it). */
export function setPicture(d: SlidesDocument, slide: SlideView, e: ElementView, image: { bytes: Buffer; contentType: string; alt: string }): void {
  d.pkg.edit(slide.part);
  const blip = descendants(e.shape, NS.a, 'blip')[0];
  if (!blip) throw new ToolError(`${e.id} is not a picture.`);
  const old = attrNS(blip, NS.r, 'embed');
  const relId = relateImage(d.pkg, slide.part, image.bytes, image.contentType);
  blip.setAttributeNS(NS.r, blip.lookupPrefix(NS.r) ? `${blip.lookupPrefix(NS.r)}:embed` : 'r:embed', relId);
  const cNvPr = descendants(e.shape, NS.p, 'cNvPr')[0];
  cNvPr?.setAttribute('descr', image.alt);
  if (old && old !== relId) dropUnusedRel(d, slide.part, old);
  d.changed(slide.part);
}

/** Removes a relationship no element of the part refers to any more, and the parts only it led to. */
function dropUnusedRel(d: SlidesDocument, part: string, relId: string): void {
  const root = d.pkg.xml(part).documentElement!;
  const used = (el: Element): boolean => Array.from(el.attributes).some((a) => a.namespaceURI === NS.r && a.value === relId) || childElements(el).some(used);
  if (used(root)) return;
  const rel = d.pkg.rels(part).remove(relId);
  if (rel && !rel.external) removeOrphans(d.pkg, [rel.target]);
}

function relIdsIn(el: Element): string[] {
  const out: string[] = [];
  const walk = (e: Element) => {
    for (const a of Array.from(e.attributes)) if (a.namespaceURI === NS.r) out.push(a.value);
    childElements(e).forEach(walk);
  };
  walk(el);
  return [...new Set(out)];
}

export function deleteElement(d: SlidesDocument, slide: SlideView, e: ElementView): void {
  d.pkg.edit(slide.part);
  const ids = relIdsIn(e.el);
  removeNode(e.el);
  for (const id of ids) dropUnusedRel(d, slide.part, id);
  d.changed(slide.part);
}

/**
 * Moves a shape to another slide: its XML with fresh shape ids, and each relationship it uses
 * (chart, picture, link) related from the target slide. `box` places it there.
 */
export function moveElementTo(d: SlidesDocument, from: SlideView, e: ElementView, to: SlideView, box: Box): ElementView['id'] {
  const target = d.pkg.edit(to.part);
  d.pkg.edit(from.part);
  const copy = target.importNode(e.el, true) as unknown as Element;
  const sourceRels = d.pkg.rels(from.part);
  const targetRels = d.pkg.rels(to.part);
  const walk = (el: Element) => {
    for (const a of Array.from(el.attributes)) {
      if (a.namespaceURI !== NS.r) continue;
      const rel = sourceRels.get(a.value);
      if (rel) el.setAttributeNS(NS.r, a.name, targetRels.add(rel.type, rel.target, rel.external));
    }
    childElements(el).forEach(walk);
  };
  walk(copy);
  let id = nextShapeId(target);
  const first = id;
  for (const c of descendants(copy, NS.p, 'cNvPr')) c.setAttribute('id', String(id++));
  // A placeholder keeps its type on the new slide only if that slide's layout has it; else it becomes a plain shape.
  for (const ph of descendants(copy, NS.p, 'ph')) removeNode(ph);
  setShapeBox(copy.localName === 'AlternateContent' ? childElements(childElements(copy)[0])[0] : copy, box);
  spTreeOf(target).appendChild(copy);
  const ids = relIdsIn(e.el);
  removeNode(e.el);
  for (const rid of ids) {
    const root = d.pkg.xml(from.part).documentElement!;
    if (!relIdsIn(root).includes(rid)) sourceRels.remove(rid);
  }
  d.changed(from.part, to.part);
  return `e${to.sldId}-${first}`;
}

