// Public shapes of the built-in editors' JSON endpoints.
import type { EditSession } from './edit-tokens.repository.ts';
import type { EditorDocument } from './builtin-editor.service.ts';
import type { RunRow, VersionRow } from '../runs/runs.repository.ts';

function versionFields(run: RunRow, version: VersionRow, updatedAt: Date, downloadUrl: string | null) {
  return {
    run_id: run.run_id,
    format: run.format,
    file_name: version.file_name,
    version: version.version_id,
    version_number: version.version,
    saved_at: version.created_at.toISOString(),
    updated_at: updatedAt.toISOString(),
    download_url: downloadUrl,
  };
}

export function presentEditorDocument(view: EditorDocument, session: EditSession) {
  const { run, version } = view.doc;
  return { ...versionFields(run, version, run.updated_at, view.downloadUrl), content: view.content, previews: view.previews, token_expires_at: session.expires_at.toISOString() };
}

export function presentSaved(run: RunRow, version: VersionRow, downloadUrl: string | null) {
  return versionFields(run, version, run.updated_at, downloadUrl);
}
