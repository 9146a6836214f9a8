// Layout thumbnails of a deck template: the template with its sample slides dropped and one slide per
// layout whose placeholders are labelled with their kind (the title with the layout's name), rendered
// to PNG pages through the export pool (LibreOffice, then pdftoppm), one page per layout.
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FOOTER_TYPES } from '../documents/slides/design/placeholders.ts';
import { createSlide } from '../documents/slides/edits/new-slide.ts';
import { paragraphsXml, placeholderXml } from '../documents/slides/edits/shapes.ts';
import type { SlidesDocument } from '../documents/slides/slides.document.ts';
import { AppError } from '../errors.ts';
import type { Converter } from '../export/converter.ts';
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

export class LayoutThumbnails {
  private readonly converter: Converter | null;
  private readonly scratchDir: string;
  private readonly maxPages: number;
  private readonly log: FastifyBaseLogger;

  constructor(converter: Converter | null, scratchDir: string, maxPages: number, log: FastifyBaseLogger) {
    this.converter = converter;
    this.scratchDir = scratchDir;
    this.maxPages = maxPages;
    this.log = log;
  }

  /**
   * PNGs of the template's layouts in catalog order, or a reason why there are none (no LibreOffice,
   * a rendering failure): thumbnails are an aid, so a template is stored without them rather than refused.
   */
  async render(bytes: Buffer, layouts: number): Promise<{ pngs: Buffer[]; problem: string | null }> {
    if (!this.converter) return { pngs: [], problem: 'Layout thumbnails are not rendered on this deployment (FOLIO_TEMPLATE_THUMBNAILS=false).' };
    const count = Math.min(layouts, this.maxPages);
    const dir = path.join(this.scratchDir, `tpl-${randomBytes(8).toString('hex')}`);
    await fsp.mkdir(dir, { recursive: true });
    try {
      const src = path.join(dir, 'layouts.pptx');
      await fsp.writeFile(src, layoutSpecimen(bytes, count));
      const result = await this.converter.convert({ srcPath: src, source: 'pptx', format: 'png', stem: 'layouts', dir, loc: ['body', 'file'] });
      const pages = result.pages ?? [result.main];
      const pngs = await Promise.all(pages.map((p) => fsp.readFile(p.path)));
      const problem = layouts > count ? `Thumbnails show the first ${count} of ${layouts} layouts (FOLIO_EXPORT_PNG_MAX_PAGES).` : null;
      return { pngs, problem };
    } catch (err) {
      this.log.warn({ err }, 'template thumbnails could not be rendered');
      // The cause is logged; the caller is told without server paths or commands.
      const why = err instanceof AppError && err.status < 500 ? `: ${err.message.replace(/\.$/, '')}` : ' (the converter failed or timed out)';
      return { pngs: [], problem: `Layout thumbnails could not be rendered${why}; the template was stored without them. Upload it again as a new version to retry.` };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }
}
