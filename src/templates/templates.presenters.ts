// Public shapes of templates. Routes never return rows; stored analysis keeps internal blob keys,
// which are replaced here by signed links.
import type { Static } from 'typebox';
import type { TemplateAnalysis } from './templates.schemas.ts';
import type { TemplateView } from './templates.service.ts';
import type { TemplateVersionRow } from './templates.repository.ts';

function presentAnalysis(analysis: Record<string, unknown>, thumbnails: (string | null)[]): Static<typeof TemplateAnalysis> {
  const { thumbnail_keys: _keys, warnings: _warnings, ...rest } = analysis as Record<string, any>;
  if (rest.slides) {
    rest.slides = {
      ...rest.slides,
      layouts: (rest.slides.layouts as Record<string, unknown>[]).map(({ part: _part, ...l }, i) => ({ ...l, thumbnail_url: thumbnails[i] ?? null })),
    };
  }
  return rest as Static<typeof TemplateAnalysis>;
}

function presentVersion(v: TemplateVersionRow) {
  return { version: v.version, file_name: v.file_name, size: v.size, sha256: v.sha256, created_at: v.created_at.toISOString() };
}

export function presentTemplate({ template: t, file, link, thumbnails, versions }: TemplateView) {
  return {
    template_id: t.template_id,
    format: t.format,
    name: t.name,
    description: t.description,
    tags: t.tags,
    is_default: t.is_default,
    version: t.current_version,
    file: {
      file_name: file.file_name,
      content_type: file.content_type,
      size: file.size,
      sha256: file.sha256,
      download_url: link.url,
      download_url_expires_at: link.expiresAt.toISOString(),
    },
    analysis: presentAnalysis(file.analysis, thumbnails),
    warnings: (file.analysis.warnings as string[] | undefined) ?? [],
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
    ...(versions ? { versions: versions.map(presentVersion) } : {}),
  };
}
