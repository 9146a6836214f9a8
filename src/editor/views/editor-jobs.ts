// The built-in editors' work on a document's bytes, as document-thread jobs (src/documents/isolate):
// open a version and present it as the page's editor content, or open it, apply a save and render the
// new package. Bytes in, plain data or bytes out, so a document too large for a thread's heap ends that
// thread only, and the editor answers 422 while the server keeps serving.
import type { Format } from '../../config.ts';
import type { FormatAdapter } from '../../documents/agent/format-adapter.ts';
import type { EditorSaveBody } from '../editor.schemas.ts';
import { applyExcel, presentExcel } from './excel-view.ts';
import { applySlides, presentSlides } from './slides-view.ts';
import { applyWordEdits } from './word-diff.ts';
import { presentWord } from './word-view.ts';

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

async function adapterOf(format: Format): Promise<FormatAdapter<any>> {
  return (await import(`../../documents/${format}/${format}.adapter.ts`)).adapter;
}

/** The editor content of a version (what GET .../editor shows). */
export async function presentDocument(format: Format, bytes: Uint8Array): Promise<unknown> {
  const model = await (await adapterOf(format)).read(asBuffer(bytes));
  return format === 'word' ? presentWord(model) : format === 'excel' ? presentExcel(model) : presentSlides(model);
}

/** The package after a save: the edits applied to the version they were made on, rendered without a brand. */
export async function applyEditorSave(bytes: Uint8Array, body: EditorSaveBody): Promise<Uint8Array> {
  const adapter = await adapterOf(body.format);
  const model = await adapter.read(asBuffer(bytes));
  if (body.format === 'word') applyWordEdits(model, body.content);
  else if (body.format === 'excel') applyExcel(model, body.content);
  else applySlides(model, body.content);
  return adapter.render(model, { brand: null });
}
