// Page images of a run version (GET /runs/{id}/preview through the SDK): a thumbnail for lists and a strip
// of every page for the playground and the run page. Rendering takes LibreOffice seconds the first time,
// so at most two previews are asked for at once, and each is asked for once per run version.
import { useEffect, useState } from 'preact/hooks';
import type { RunPreview } from '@folio/sdk';
import { folio, toProblem, type ApiProblem } from '../api.ts';

const LIMIT = 2;
let active = 0;
const waiting: (() => void)[] = [];
const cache = new Map<string, Promise<RunPreview>>();

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

/** The preview of a version (the current one without `version`), shared by every component asking for it. */
export function loadPreview(runId: string, version?: number): Promise<RunPreview> {
  const key = `${runId}@${version ?? 'current'}`;
  let p = cache.get(key);
  if (!p) {
    p = slot(() => folio.runs.preview(runId, version));
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

function usePreview(runId: string, version: number | undefined, enabled: boolean) {
  const [state, setState] = useState<{ preview?: RunPreview; error?: ApiProblem; loading: boolean }>({ loading: enabled });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ loading: true });
    loadPreview(runId, version).then(
      (preview) => live && setState({ preview, loading: false }),
      (err) => live && setState({ error: toProblem(err), loading: false }),
    );
    return () => { live = false; };
  }, [runId, version, enabled]);
  return state;
}

const FORMAT_MARK: Record<string, string> = { slides: 'P', word: 'W', excel: 'X' };

/** A small first-page image; a lettered tile while it loads, for runs without a document, or when rendering is not available. */
export function Thumbnail({ runId, format, version, enabled = true, label }: { runId: string; format: string; version?: number; enabled?: boolean; label: string }) {
  const { preview, loading } = usePreview(runId, version, enabled);
  if (preview) return <img class={`thumb thumb-${format}`} src={preview.thumbnail_url} alt={label} loading="lazy" />;
  return (
    <span class={`thumb thumb-${format} thumb-tile`} role="img" aria-label={loading ? `${label} (loading)` : label}>
      {loading ? <span class="spinner spinner-sm" aria-hidden="true" /> : FORMAT_MARK[format] ?? '?'}
    </span>
  );
}

/** Every page of a version as a row of images that wraps; each opens full size in a new tab. */
export function PageStrip({ runId, version, title }: { runId: string; version?: number; title: string }) {
  const { preview, error, loading } = usePreview(runId, version, true);
  if (loading) {
    return (
      <div class="page-strip page-strip-loading" role="status">
        <span class="spinner" aria-hidden="true" /> Rendering page images…
      </div>
    );
  }
  if (error || !preview) {
    return (
      <p class="muted small page-strip-error">
        No page images: {error?.message ?? 'nothing to show.'}
        {error?.requestId && <> (request id <code data-request-id>{error.requestId}</code>)</>}
      </p>
    );
  }
  return (
    <ol class="page-strip" aria-label={`${title}: ${preview.pages.length} page${preview.pages.length === 1 ? '' : 's'}`}>
      {preview.pages.map((p) => (
        <li key={p.page}>
          <a href={p.download_url} target="_blank" rel="noopener">
            <img src={p.download_url} alt={`${title}, page ${p.page}`} loading="lazy" />
          </a>
          <span class="page-no" aria-hidden="true">{p.page}</span>
        </li>
      ))}
    </ol>
  );
}
