// Produces one cell of the matrix from a source file on disk, inside a scratch directory: native
// converters in-process, LibreOffice through the warm pool, PNG pages through pdftoppm.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, errors } from '../errors.ts';
import { PdftoppmMissing, TooManyPages, pdftoppmAvailable, renderPages } from './converters/pdf-pages.ts';
import { DocumentOutOfMemory, type DocumentIsolate } from '../documents/isolate/document-isolate.ts';
import type { WorkbookExportResult } from './converters/xlsx-native.ts';
import { lazyImport } from '../infra/lazy.ts';
import { writeZip } from './converters/zip.ts';
import { CONTENT_TYPE, engineFor, FAMILY, OOXML_FILTER, XLSX_RECALC_FILTER, type ExportFormat, type SourceType } from './formats.ts';
import { ConversionError, type ConvertRequest } from './libreoffice/libreoffice-instance.ts';
import { QueueFullError } from './libreoffice/libreoffice-pool.ts';
import { LIBREOFFICE_PACKAGES } from './libreoffice/probe.ts';

/** Page images are rendered at this resolution: a 16:9 slide is 1500 x 844 pixels, a Letter page 1275 x 1650. */
const PNG_DPI = 150;

export interface ConversionJob {
  /** The source document, already on disk inside `dir`. */
  srcPath: string;
  source: SourceType;
  format: ExportFormat;
  /** CSV only: a sheet name, '*' for all, undefined for the first. */
  sheet?: string;
  /** Download names start with this (the source's name without extension). */
  stem: string;
  dir: string;
  /** Where a problem with the document itself is reported in a 422 (`["path","run_id"]`). */
  loc: string[];
}

export interface OutputFile {
  path: string;
  fileName: string;
  contentType: string;
}

export interface ConversionResult {
  main: OutputFile;
  /** PNG exports: each page, in order (a single page is also the main file). */
  pages: OutputFile[] | null;
}

export interface LibreOfficeEngine {
  /** null when usable; otherwise why not (checked once). */
  unavailable(): Promise<string | null>;
  convert(req: ConvertRequest): Promise<void>;
}

// The native converters hold exceljs and mammoth: loaded with the first conversion that needs them.
const xlsxNative = lazyImport(() => import('./converters/xlsx-native.ts'));
const docxNative = lazyImport(() => import('./converters/docx-native.ts'));
const csvNative = lazyImport(() => import('./converters/csv-workbook.ts'));

export class Converter {
  private readonly office: LibreOfficeEngine;
  private readonly timeoutMs: number;
  private readonly pngMaxPages: number;
  private readonly isolate: DocumentIsolate | undefined;
  private pdftoppm: Promise<boolean> | null = null;

  /** With `isolate`, native workbook conversions run in its document threads (in process without). */
  constructor(office: LibreOfficeEngine, timeoutMs: number, pngMaxPages: number, isolate?: DocumentIsolate) {
    this.office = office;
    this.timeoutMs = timeoutMs;
    this.pngMaxPages = pngMaxPages;
    this.isolate = isolate;
  }

  async convert(job: ConversionJob): Promise<ConversionResult> {
    try {
      // A CSV is a workbook first (made natively); every cell of the workbook row then starts from it.
      if (job.source === 'csv') {
        const made = await this.csvAsWorkbook(job);
        return job.format === 'xlsx' ? { main: made, pages: null } : await this.convert({ ...job, srcPath: made.path, source: 'xlsx' });
      }
      const engine = engineFor(job.source, job.format);
      if (engine.kind === 'libreoffice') return { main: await this.viaOffice(job, engine.filter, job.format, job.format === 'xlsx'), pages: null };
      if (engine.kind === 'pages') return await this.pages(job, engine.pdfFilter);
      // The native cells (csv, html, txt) of a legacy or OpenDocument source read its Office Open XML rewrite.
      const family = FAMILY[job.source];
      if (family !== job.source) {
        const rewritten = await this.viaOffice({ ...job, format: family }, OOXML_FILTER[family], family, family === 'xlsx');
        return await this.convert({ ...job, srcPath: rewritten.path, source: family });
      }
      if (job.source === 'xlsx') return { main: await this.workbook(job), pages: null };
      return { main: await this.document(job), pages: null };
    } catch (err) {
      throw this.toAppError(err, job);
    }
  }

  /** The CSV as a one-sheet .xlsx (src/export/converters/csv-workbook.ts), in the job's directory. */
  private async csvAsWorkbook(job: ConversionJob): Promise<OutputFile> {
    const { csvWorkbook, CsvUnreadable } = await csvNative();
    let bytes: Buffer;
    try {
      bytes = await csvWorkbook(await fs.readFile(job.srcPath), `${job.stem}.csv`);
    } catch (err) {
      if (err instanceof CsvUnreadable) throw err.kind === 'too_large'
        ? errors.validation([{ loc: job.loc, msg: `${err.message}.`, type: 'document_too_large' }])
        : new ConversionError('unreadable', err.message);
      throw err;
    }
    const out = path.join(job.dir, 'csv-workbook.xlsx');
    await fs.writeFile(out, bytes);
    return { path: out, fileName: `${job.stem}.xlsx`, contentType: CONTENT_TYPE.xlsx };
  }

  /**
   * A legacy Excel workbook (.xls) rewritten as .xlsx by the warm pool, for readers that take OOXML
   * only (workbook analysis). Same errors as an export: 501 without LibreOffice, 503 when the queue is
   * full, 422 (at `loc`) when the file cannot be opened, 502 when the conversion fails.
   */
  async legacyWorkbookToXlsx(srcPath: string, dir: string, loc: string[]): Promise<string> {
    const job: ConversionJob = { srcPath, source: 'xlsx', format: 'xlsx', stem: 'workbook', dir, loc };
    try {
      await this.needOffice('Reading a legacy Excel workbook (.xls)');
      return (await this.viaOffice(job, XLSX_RECALC_FILTER, 'xlsx')).path;
    } catch (err) {
      throw this.toAppError(err, job);
    }
  }

  private async needOffice(what: string): Promise<void> {
    const reason = await this.office.unavailable();
    if (reason) throw errors.notImplemented(`${what} needs LibreOffice: ${reason}. Install the Debian packages ${LIBREOFFICE_PACKAGES}, or set FOLIO_SOFFICE_PATH and FOLIO_SOFFICE_PYTHON.`);
  }

  private async viaOffice(job: ConversionJob, filter: string, ext: string, recalc = false): Promise<OutputFile> {
    await this.needOffice(`Export to ${job.format}`);
    const out = path.join(job.dir, `out-${ext}.${ext}`);
    await this.office.convert({ src: job.srcPath, dst: out, filter, recalc });
    return { path: out, fileName: `${job.stem}.${ext}`, contentType: CONTENT_TYPE[ext as ExportFormat] };
  }

  private async pages(job: ConversionJob, pdfFilter: string): Promise<ConversionResult> {
    this.pdftoppm ??= pdftoppmAvailable();
    if (!(await this.pdftoppm)) throw new PdftoppmMissing('pdftoppm is not installed');
    const pdf = await this.viaOffice(job, pdfFilter, 'pdf');
    const pagesDir = path.join(job.dir, 'pages');
    await fs.mkdir(pagesDir);
    const images = await renderPages(pdf.path, pagesDir, PNG_DPI, this.timeoutMs, this.pngMaxPages);
    if (images.length === 0) throw new ConversionError('failed', 'the document rendered to no page');
    const pages = images.map((p, i) => ({ path: p, fileName: `${job.stem}-page-${String(i + 1).padStart(3, '0')}.png`, contentType: CONTENT_TYPE.png }));
    if (pages.length === 1) return { main: { ...pages[0], fileName: `${job.stem}.png` }, pages };
    const zip = path.join(job.dir, 'pages.zip');
    await writeZip(zip, images.map((p, i) => ({ name: `page-${String(i + 1).padStart(3, '0')}.png`, path: p })));
    return { main: { path: zip, fileName: `${job.stem}-pages.zip`, contentType: CONTENT_TYPE.zip }, pages };
  }

  /**
   * CSV or HTML of a workbook, in a document thread when there is one (a workbook too large for its
   * heap fails this conversion with 422, the server keeps serving). Workbooks whose formulas have no
   * computed values are recalculated by LibreOffice first, then converted.
   */
  private async workbook(job: ConversionJob): Promise<OutputFile> {
    const format = job.format as 'csv' | 'html';
    const run = async (srcPath: string, computed: boolean): Promise<WorkbookExportResult> => {
      const payload = { srcPath, format, sheet: job.sheet, title: job.stem, outDir: job.dir, computed };
      return this.isolate ? this.isolate.run('workbook_export', payload) : (await xlsxNative()).exportWorkbook(payload);
    };
    let result = await run(job.srcPath, false);
    if (result.status === 'needs_recalc') {
      await this.needOffice('This workbook has formulas without computed values; computing them');
      const recalculated = await this.viaOffice(job, XLSX_RECALC_FILTER, 'xlsx', true);
      result = await run(recalculated.path, true);
    }
    if (result.status === 'unreadable') throw new ConversionError('unreadable', result.reason);
    if (result.status === 'no_sheet') {
      const names = result.sheets.map((n) => JSON.stringify(n)).join(', ');
      throw errors.validation([{ loc: ['body', 'sheet'], msg: `No sheet named ${JSON.stringify(job.sheet)}. Sheets: ${names}, or "*" for all of them`, type: 'sheet_not_found', input: job.sheet }]);
    }
    if (result.status !== 'done') throw new ConversionError('failed', 'the workbook could not be converted');
    const [first] = result.files;
    if (format === 'html') return { path: first.path, fileName: `${job.stem}.html`, contentType: CONTENT_TYPE.html };
    if (job.sheet === '*') {
      const zip = path.join(job.dir, 'sheets.zip');
      await writeZip(zip, result.files.map((f) => ({ name: `${f.sheet}.csv`, path: f.path })));
      return { path: zip, fileName: `${job.stem}-sheets.zip`, contentType: CONTENT_TYPE.zip };
    }
    const name = job.sheet === undefined ? `${job.stem}.csv` : `${job.stem}-${first.sheet.replace(/[\\/:*?"<>|\s]+/g, '_')}.csv`;
    return { path: first.path, fileName: name, contentType: CONTENT_TYPE.csv };
  }

  private async document(job: ConversionJob): Promise<OutputFile> {
    const bytes = await fs.readFile(job.srcPath);
    const { docxToHtml, docxToText } = await docxNative();
    const text = await (job.format === 'html' ? docxToHtml(bytes, job.stem) : docxToText(bytes)).catch((err) => { throw new ConversionError('unreadable', (err as Error).message); });
    const p = path.join(job.dir, `out.${job.format}`);
    await fs.writeFile(p, text);
    return { path: p, fileName: `${job.stem}.${job.format}`, contentType: CONTENT_TYPE[job.format] };
  }

  private toAppError(err: unknown, job: ConversionJob): unknown {
    if (err instanceof AppError) return err;
    if (err instanceof QueueFullError) {
      return new AppError('service_unavailable', `The conversion service is busy: ${err.message} Retry in ${err.retryAfterSeconds} s.`, { headers: { 'Retry-After': String(err.retryAfterSeconds) } });
    }
    if (err instanceof TooManyPages) {
      return errors.validation([{ loc: job.loc, msg: `The ${job.source} document has more than ${err.max} pages, the most a png export renders (FOLIO_EXPORT_PNG_MAX_PAGES). Export it to pdf instead.`, type: 'too_many_pages', ctx: { max_pages: err.max } }]);
    }
    if (err instanceof DocumentOutOfMemory) {
      return errors.validation([{ loc: job.loc, msg: `The ${job.source} document is too large to convert to ${job.format} within the ${err.limitMb} MB memory limit of a document thread (FOLIO_RENDER_MAX_HEAP_MB).`, type: 'document_too_large', ctx: { limit_mb: err.limitMb } }]);
    }
    if (err instanceof PdftoppmMissing) {
      return errors.notImplemented('PNG export needs pdftoppm, which is not installed on this server: install the Debian package poppler-utils.');
    }
    if (err instanceof ConversionError) {
      switch (err.kind) {
        case 'unreadable':
          return errors.validation([{ loc: job.loc, msg: `The ${job.source} document cannot be opened (corrupt or not a ${job.source} file): ${err.message.slice(0, 300)}`, type: 'document_unreadable' }]);
        case 'timeout':
          return errors.upstream(`The conversion to ${job.format} did not finish within ${Math.round(this.timeoutMs / 1000)} s and was stopped (the converter was restarted). The document may be too large or malformed.`, err);
        case 'start_failed':
          return errors.upstream(`LibreOffice failed to start: ${err.message}. Retry later.`, err);
        case 'crashed':
          return errors.upstream(`LibreOffice stopped during the conversion to ${job.format}, also on a fresh instance. Retry later; if it persists the document may crash the converter.`, err);
        default:
          return errors.upstream(`The conversion to ${job.format} failed: ${err.message.slice(0, 300)}`, err);
      }
    }
    return err;
  }
}
