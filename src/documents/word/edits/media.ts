// Pictures of new Word content: media parts related from the main document part.
import { relateImage } from '../../ooxml/media.ts';
import type { WordDocument } from '../word.document.ts';

export function relateWordImage(doc: WordDocument, bytes: Buffer, contentType: string): string {
  return relateImage(doc.pkg, doc.main, bytes, contentType);
}
