// Public shapes of exports. Routes never return rows.
import type { ExportView } from './export.service.ts';

function fields(v: ExportView) {
  return {
    format: v.format,
    download_url: v.link.url,
    download_url_expires_at: v.link.expiresAt.toISOString(),
    file_name: v.fileName,
    content_type: v.contentType,
    size: v.size,
    cached: v.cached,
    ...(v.pages ? { pages: v.pages.map((p) => ({ page: p.page, download_url: p.link.url })) } : {}),
  };
}

export function presentRunExport(runId: string, v: ExportView) {
  return { run_id: runId, ...fields(v) };
}

/** The reference service's convert shape (`source_format`, `expires_at`) beside Folio's own fields. */
export function presentFileConversion(fileId: string, v: ExportView) {
  const f = fields(v);
  return { file_id: fileId, source_format: v.source, ...f, expires_at: f.download_url_expires_at };
}

export function presentRunPreview(runId: string, v: ExportView & { version: number }) {
  const pages = (v.pages ?? [{ page: 1, link: v.link }]).map((p) => ({ page: p.page, download_url: p.link.url }));
  return { run_id: runId, version: v.version, thumbnail_url: pages[0].download_url, pages, cached: v.cached };
}

export function presentRunExportItem(v: ExportView & { versionId: string; createdAt: Date }) {
  const { cached: _cached, ...rest } = fields(v);
  return { version_id: v.versionId, ...rest, cached: true, created_at: v.createdAt.toISOString() };
}
