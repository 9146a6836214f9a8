// Layout thumbnails of a deck template: the template with its sample slides dropped and one slide per
// layout whose placeholders are labelled with their kind (the title with the layout's name), rendered
// to PNG pages through the export pool (LibreOffice, then pdftoppm), one page per layout.
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';
import type { Converter } from '../export/converter.ts';
import { lazyImport } from '../infra/lazy.ts';

const specimen = lazyImport(() => import('./template-specimen.ts'));


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
      await fsp.writeFile(src, (await specimen()).layoutSpecimen(bytes, count));
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
