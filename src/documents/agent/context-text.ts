// Plain text of a context file, for the model to read and cite: the text extractor's reading of the file
// (documents/extract), the same passages and tables a project indexes, as one string. A file whose text
// cannot be extracted still appears, named, with a note instead of text.
import { fileText } from '../extract/plain-text.ts';

/** The file's text, or null when its type has no text this service can extract. Throws on broken files. */
export async function extractText(bytes: Buffer, contentType: string, fileName: string): Promise<string | null> {
  return fileText(bytes, contentType, fileName);
}
