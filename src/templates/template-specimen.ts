// The specimen deck behind a template's layout thumbnails: the template with its sample slides dropped
// and one slide per layout whose placeholders are labelled with their kind (the title with the layout's
// name). Apart from template-thumbnails.ts so that the Slides engine loads with the first thumbnail.
import { FOOTER_TYPES } from '../documents/slides/design/placeholders.ts';
import { createSlide } from '../documents/slides/edits/new-slide.ts';
import { paragraphsXml, placeholderXml } from '../documents/slides/edits/shapes.ts';
import type { SlidesDocument } from '../documents/slides/slides.document.ts';
import { startFromTemplate } from './template-documents.ts';

const LABEL: Record<string, string> = {
  subTitle: 'Subtitle', body: 'Text', obj: 'Content', chart: 'Chart', tbl: 'Table', pic: 'Picture', dgm: 'Diagram', media: 'Media', clipArt: 'Clip art',
};

/** The template deck with one labelled slide per layout (the first `max` layouts). */
export function layoutSpecimen(bytes: Buffer, max: number): Buffer {
  const doc = startFromTemplate('slides', bytes, false).doc as SlidesDocument;
  const catalog = doc.catalog().slice(0, max);
  catalog.forEach((layout, i) => {
    createSlide(doc, layout, i, (_part, ids) => layout.placeholders
      .filter((p) => !FOOTER_TYPES.has(p.type) && p.type !== 'sldImg')
      .map((p) => {
        const label = p.type === 'title' || p.type === 'ctrTitle' ? layout.name || 'Title' : LABEL[p.type] ?? p.name;
        return placeholderXml(ids(), p, paragraphsXml([{ text: label, level: 0 }], { markup: false }));
      }));
  });
  return doc.deck.save();
}
