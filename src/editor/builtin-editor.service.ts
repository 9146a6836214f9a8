// The built-in editors' use cases: load the run's current document into its format's model and show it
// as the page's editor content; apply a save to the model of the version the page started from, render
// it, and store it through the same path as WOPI PutFile. Both the parse of the user's file and the
// save's render run as document-thread jobs when there are threads (src/documents/isolate): a document
// too large for a thread's heap answers 422 and the server keeps serving.
import type { FastifyBaseLogger } from 'fastify';
import { AppError, errors } from '../errors.ts';
import type { AdapterRegistry } from '../documents/agent/adapter-registry.ts';
import { DocumentUnreadable, unreadableReason } from '../documents/agent/tool-error.ts';
import { DocumentOutOfMemory, type DocumentIsolate } from '../documents/isolate/document-isolate.ts';
import type { ExportService } from '../export/export.service.ts';
import type { RunLinks } from '../runs/run-links.ts';
import type { RunRow, VersionRow } from '../runs/runs.repository.ts';
import type { EditSession } from './edit-tokens.repository.ts';
import type { CurrentDocument, DocumentSavesService } from './document-saves.service.ts';
import type { EditorSaveBody } from './editor.schemas.ts';
import { lazyImport } from '../infra/lazy.ts';

// The editor views hold the format engines: loaded with the first document opened in process.
const editorJobs = lazyImport(() => import('./views/editor-jobs.ts'));

export interface EditorDocument {
  doc: CurrentDocument;
  content: unknown;
  downloadUrl: string | null;
  /** Slides: a picture of every slide (signed links), or null with the reason. */
  previews: { urls: string[] | null; problem: string | null } | null;
}

export class BuiltinEditorService {
  private readonly saves: DocumentSavesService;
  private readonly adapters: AdapterRegistry;
  private readonly exports: ExportService;
  private readonly links: RunLinks;
  private readonly log: FastifyBaseLogger;
  private readonly isolate: DocumentIsolate | undefined;

  /** With `isolate`, documents are opened (and saves rendered) in its threads; in process without. */
  constructor(deps: { saves: DocumentSavesService; adapters: AdapterRegistry; exports: ExportService; links: RunLinks; log: FastifyBaseLogger; isolate?: DocumentIsolate }) {
    this.saves = deps.saves;
    this.adapters = deps.adapters;
    this.exports = deps.exports;
    this.links = deps.links;
    this.log = deps.log;
    this.isolate = deps.isolate;
  }

  async load(session: EditSession): Promise<EditorDocument> {
    const doc = await this.saves.current(session.org_id, session.run_id);
    const format = doc.run.format;
    this.checkInstalled(doc);
    const bytes = await this.saves.bytes(doc.version);
    const content = await this.opening(async () => (this.isolate ? this.isolate.run('editor_view', { format, bytes }) : (await editorJobs()).presentDocument(format, bytes)));
    return { doc, content, downloadUrl: await this.links.download(doc.version), previews: format === 'slides' ? await this.previews(session) : null };
  }

  async save(session: EditSession, body: EditorSaveBody): Promise<{ run: RunRow; version: VersionRow; downloadUrl: string | null }> {
    const doc = await this.saves.current(session.org_id, session.run_id);
    if (body.format !== doc.run.format) {
      throw errors.validation([{ loc: ['body', 'format'], msg: `this run is a ${doc.run.format} document`, type: 'format_mismatch', input: body.format }]);
    }
    if (body.base_version !== doc.version.version_id) {
      throw new AppError('conflict', `The document was changed by someone else (it is now at version ${doc.version.version}). Reload it to see the changes, then edit again.`, { body: { current_version: doc.version.version_id } });
    }
    this.checkInstalled(doc);
    const source = await this.saves.bytes(doc.version);
    const rendered = await this.opening(async () => (this.isolate ? this.isolate.run('editor_save', { bytes: source, body }) : (await editorJobs()).applyEditorSave(source, body)));
    const bytes = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
    const { run, version } = await this.saves.save({
      orgId: session.org_id, runId: session.run_id, bytes, baseVersionId: body.base_version,
      checkLock: (lock) => {
        if (lock) throw errors.conflict('The document is open in another editor (it holds a WOPI lock); save there, or wait until it is closed.');
      },
    });
    return { run, version, downloadUrl: await this.links.download(version) };
  }

  private checkInstalled(doc: CurrentDocument): void {
    if (!this.adapters.has(doc.run.format)) throw errors.notImplemented(`The ${doc.run.format} editor is not available on this deployment.`);
  }

  /** Runs work on the document; a file that cannot be opened, or is too large to, is the caller's 422. */
  private async opening<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof DocumentUnreadable || err instanceof DocumentOutOfMemory) {
        const type = err instanceof DocumentOutOfMemory ? 'document_too_large' : 'document_unreadable';
        throw errors.validation([{ loc: ['path', 'run_id'], msg: `the document cannot be opened in the editor: ${unreadableReason(err)}`, type }]);
      }
      throw err;
    }
  }

  private async previews(session: EditSession): Promise<{ urls: string[] | null; problem: string | null }> {
    try {
      const png = await this.exports.exportRun(session.org_id, session.run_id, { format: 'png' });
      return { urls: png.pages ? png.pages.map((p) => p.link.url) : [png.link.url], problem: null };
    } catch (err) {
      // Previews are a convenience: without LibreOffice the text panel still works.
      this.log.warn({ err }, 'slide previews unavailable');
      return { urls: null, problem: err instanceof AppError ? err.message : 'Slide pictures could not be made.' };
    }
  }
}
