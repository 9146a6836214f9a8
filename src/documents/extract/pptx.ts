// PowerPoint through jszip and the XML parser: each slide's text boxes become passages (the title first,
// which then heads the slide's other passages) and its tables become tables. Locations are slides.
import { attrsOf, childrenOf, openPackage, parseXml, tagOf, textUnder, type XmlNode } from '../agent/ooxml-package.ts';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import { DocBuilder, UnreadableFile, type ExtractedDoc } from './extracted.ts';

function walk(nodes: XmlNode[], visit: (n: XmlNode) => boolean): void {
  for (const n of nodes) if (visit(n)) walk(childrenOf(n), visit);
}

const paragraphsOf = (node: XmlNode): string[] => {
  const out: string[] = [];
  walk([node], (n) => {
    if (tagOf(n) === 'a:p') { out.push(textUnder(n, 'a:t')); return false; }
    return true;
  });
  return out.map((t) => t.trim()).filter(Boolean);
};

function tableRows(tbl: XmlNode): string[][] {
  return childrenOf(tbl).filter((n) => tagOf(n) === 'a:tr').map((tr) => childrenOf(tr).filter((n) => tagOf(n) === 'a:tc').map((tc) => paragraphsOf(tc).join('\n')));
}

const isTitle = (sp: XmlNode) => {
  let title = false;
  walk([sp], (n) => {
    if (tagOf(n) === 'p:ph') {
      const type = attrsOf(n).type;
      if (type === 'title' || type === 'ctrTitle') title = true;
    }
    return !title;
  });
  return title;
};

export async function extractPptx(bytes: Buffer, budget: number): Promise<ExtractedDoc> {
  let pkg;
  try {
    pkg = await openPackage(bytes, 'a PowerPoint presentation');
  } catch (err) {
    if (err instanceof DocumentUnreadable) throw new UnreadableFile(err.message);
    throw err;
  }
  const slides = pkg.paths('ppt/slides/slide').filter((p) => /slide\d+\.xml$/.test(p))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const doc = new DocBuilder(budget);
  let tables = 0;
  for (const [i, part] of slides.entries()) {
    if (doc.full) break;
    const slide = i + 1;
    const xml = parseXml((await pkg.text(part))!, part);
    const shapes: { title: boolean; text: string[] }[] = [];
    const slideTables: string[][][] = [];
    walk(xml, (n) => {
      const tag = tagOf(n);
      if (tag === 'p:sp') { shapes.push({ title: isTitle(n), text: paragraphsOf(n) }); return false; }
      if (tag === 'a:tbl') { slideTables.push(tableRows(n)); return false; }
      return true;
    });
    const title = shapes.find((s) => s.title)?.text.join(' ') ?? null;
    let n = 0;
    for (const shape of [...shapes.filter((s) => s.title), ...shapes.filter((s) => !s.title)]) {
      if (!shape.text.length) continue;
      n++;
      doc.passage(shape.text.join('\n'), shape.title ? null : title, { label: `slide ${slide}, text ${n}`, slide, paragraph: n });
    }
    for (const rows of slideTables) {
      tables++;
      doc.table({ rows, headerRow: 0, title, location: { label: `slide ${slide}, table ${tables}`, slide, table: tables } });
    }
  }
  return doc.build('pptx', { slides: slides.length });
}
