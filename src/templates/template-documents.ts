// Templates as documents of the three engines: checking that an upload is a usable template of its
// format, analysing it, and opening it as the start of a new document. Analysis and generation open a
// template the same way (sample content dropped), so what the analysis reports is what generation does.
import type { Format } from '../config.ts';
import { errors } from '../errors.ts';
import { DocumentUnreadable, unreadableReason } from '../documents/agent/tool-error.ts';
import { ExcelDocument } from '../documents/excel/excel.document.ts';
import { readWorkbook } from '../documents/excel/excel.adapter.ts';
import { XlsxWorkbook } from '../documents/excel/workbook.ts';
import { adapter as slidesAdapter } from '../documents/slides/slides.adapter.ts';
import { SlidesDocument } from '../documents/slides/slides.document.ts';
import { PptxDeck } from '../documents/slides/deck.ts';
import { adapter as wordAdapter } from '../documents/word/word.adapter.ts';
import { WordDocument } from '../documents/word/word.document.ts';
import { analyzeWorkbook, tableStylesInUse, templateTableStyle, type WorkbookAnalysis } from './analysis/excel-analysis.ts';
import { analyzeDeck, type SlidesAnalysis } from './analysis/slides-analysis.ts';
import { analyzeDocument, type DocumentAnalysis } from './analysis/word-analysis.ts';
import { scanFields } from './fields.ts';
import { asDocumentPackage, dropSampleContent, packageOf } from './template-start.ts';

export interface TemplateAnalysis {
  fields: string[];
  slides?: SlidesAnalysis;
  document?: DocumentAnalysis;
  workbook?: WorkbookAnalysis;
  warnings: string[];
}

const notATemplate = (msg: string, type = 'not_a_template') => errors.validation([{ loc: ['body', 'file'], msg, type }], msg);

/** Opens the bytes as a document of the format (read in full, as an init_file is): 422 when they cannot be. */
async function read(format: Format, bytes: Buffer): Promise<unknown> {
  try {
    if (format === 'slides') return await slidesAdapter.read(bytes);
    if (format === 'word') return await wordAdapter.read(bytes);
    return readWorkbook(bytes);
  } catch (err) {
    if (err instanceof DocumentUnreadable || err instanceof Error) throw notATemplate(`The file cannot be used as a template: ${unreadableReason(err)}`, 'document_unreadable');
    throw err;
  }
}

/** A new, editable document of the template's package (not yet stripped). */
function open(format: Format, bytes: Buffer): unknown {
  if (format === 'slides') return new SlidesDocument(PptxDeck.open(bytes), 'file');
  if (format === 'word') return WordDocument.open(bytes, 'file');
  // A workbook made from a template takes the brand into its theme, as one made from Folio's own does.
  return new ExcelDocument(XlsxWorkbook.open(bytes), 'template');
}

/**
 * Checks that bytes of a sniffed template type are a template Folio can make documents from, and
 * analyses them. 422 `validation_error` on `file` for a deck without layouts, a workbook without
 * sheets or a file the engine cannot read.
 */
export async function inspectTemplate(format: Format, bytes: Buffer): Promise<TemplateAnalysis> {
  const doc = await read(format, bytes);
  if (format === 'slides' && (doc as SlidesDocument).catalog().length === 0) {
    throw notATemplate('The deck has no slide layouts (no slide master), so there is no design to make slides from. Upload a deck or .potx with at least one master and layout.', 'empty_deck');
  }
  if (format === 'excel' && (doc as ExcelDocument).worksheetEntries().length === 0) {
    throw notATemplate('The workbook has no worksheets, so there is nothing to make sheets from. Upload a workbook or .xltx with at least one worksheet.', 'no_sheets');
  }
  const fields = scanFields(packageOf(format, doc), format);
  const started = startFromTemplate(format, bytes, false);
  if (format === 'slides') {
    const { analysis, warnings } = analyzeDeck(started.doc as SlidesDocument, started.dropped);
    return { fields, slides: analysis, warnings };
  }
  if (format === 'word') {
    const { analysis, warnings } = analyzeDocument(started.doc as WordDocument, started.dropped);
    return { fields, document: analysis, warnings };
  }
  const { analysis, warnings } = analyzeWorkbook(doc as ExcelDocument);
  return { fields, workbook: analysis, warnings };
}

/**
 * The start of a new document made from a template: the template's package as a document (its type
 * retyped from template to document), with its sample content dropped unless `keepContent`.
 */
export function startFromTemplate(format: Format, bytes: Buffer, keepContent: boolean): { doc: unknown; dropped: number } {
  const doc = open(format, bytes);
  asDocumentPackage(packageOf(format, doc));
  if (format === 'excel') {
    const book = doc as ExcelDocument;
    book.tableStyle = templateTableStyle(book, tableStylesInUse(book));
  }
  const dropped = keepContent ? 0 : dropSampleContent(format, doc);
  return { doc, dropped };
}
