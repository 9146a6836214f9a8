// The memory-heavy work on users' files that runs in a document thread (document-isolate.ts): each job
// takes bytes and gives back plain data, so nothing but the bytes and the answer crosses the thread
// boundary. The same functions run in process when no isolate is configured (and in the benchmark).
import type { Format } from '../../config.ts';
import type { DataTable } from '../agent/format-adapter.ts';
import type { EditorSaveBody } from '../../editor/editor.schemas.ts';
import type { WorkbookExport, WorkbookExportResult } from '../../export/converters/xlsx-native.ts';

export interface IsolateJobs {
  /** Opens the file with the format's reader (every part parsed, as at the start of a task): null, or the reader's throw. */
  open: { payload: { format: Format; bytes: Uint8Array }; result: null };
  /** An uploaded data source as tables: one per non-empty sheet of a workbook (exceljs, the default), or a CSV or JSON file's. */
  tables: { payload: { file_id: string; file_name: string; bytes: Uint8Array; kind?: 'xlsx' | 'csv' | 'json' }; result: DataTable[] };
  /** The text of an uploaded Word, PowerPoint or Excel file, or null for a type without text. */
  text: { payload: { bytes: Uint8Array; contentType: string; fileName: string }; result: string | null };
  /** A workbook on disk converted to CSV or HTML files on disk (exceljs): only paths cross the boundary. */
  workbook_export: { payload: WorkbookExport; result: WorkbookExportResult };
  /** A run's version opened and presented as the built-in editor's content (src/editor/views). */
  editor_view: { payload: { format: Format; bytes: Uint8Array }; result: unknown };
  /** A built-in editor's save applied to the version it was made on: the new package. */
  editor_save: { payload: { bytes: Uint8Array; body: EditorSaveBody }; result: Uint8Array };
}

export type JobKind = keyof IsolateJobs;

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Runs one job in the current thread. */
export async function runJob<K extends JobKind>(kind: K, payload: IsolateJobs[K]['payload']): Promise<IsolateJobs[K]['result']> {
  switch (kind) {
    case 'open': {
      const p = payload as IsolateJobs['open']['payload'];
      const { adapter } = await import(`../${p.format}/${p.format}.adapter.ts`);
      await adapter.read(asBuffer(p.bytes));
      return null as IsolateJobs[K]['result'];
    }
    case 'tables': {
      const p = payload as IsolateJobs['tables']['payload'];
      const { readCsvTable, readJsonTable, readXlsxTables } = await import('../agent/data-sources.ts');
      const file = { file_id: p.file_id, file_name: p.file_name, bytes: asBuffer(p.bytes) };
      const tables = p.kind === 'csv' ? [readCsvTable(file)] : p.kind === 'json' ? [readJsonTable(file)] : await readXlsxTables(file);
      return tables as IsolateJobs[K]['result'];
    }
    case 'text': {
      const p = payload as IsolateJobs['text']['payload'];
      const { extractText } = await import('../agent/context-text.ts');
      return (await extractText(asBuffer(p.bytes), p.contentType, p.fileName)) as IsolateJobs[K]['result'];
    }
    case 'workbook_export': {
      const { exportWorkbook } = await import('../../export/converters/xlsx-native.ts');
      return (await exportWorkbook(payload as IsolateJobs['workbook_export']['payload'])) as IsolateJobs[K]['result'];
    }
    case 'editor_view': {
      const p = payload as IsolateJobs['editor_view']['payload'];
      const { presentDocument } = await import('../../editor/views/editor-jobs.ts');
      return (await presentDocument(p.format, p.bytes)) as IsolateJobs[K]['result'];
    }
    case 'editor_save': {
      const p = payload as IsolateJobs['editor_save']['payload'];
      const { applyEditorSave } = await import('../../editor/views/editor-jobs.ts');
      return (await applyEditorSave(p.bytes, p.body)) as IsolateJobs[K]['result'];
    }
    default:
      throw new Error(`Unknown isolate job ${String(kind)}`);
  }
}
