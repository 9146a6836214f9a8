// The view of an agent's document, by format.
import type { ExcelDocument } from '../../excel/excel.document.ts';
import type { SlidesDocument } from '../../slides/slides.document.ts';
import type { WordDocument } from '../../word/word.document.ts';
import type { AskFormat, AskView } from '../ask-view.ts';
import { excelAskView } from './excel.view.ts';
import { slidesAskView } from './slides.view.ts';
import { wordAskView } from './word.view.ts';

export function askViewOf(format: AskFormat, doc: unknown, title: string | null): AskView {
  if (format === 'excel') return excelAskView(doc as ExcelDocument, title);
  if (format === 'slides') return slidesAskView(doc as SlidesDocument);
  return wordAskView(doc as WordDocument);
}
