// Templates: upload a .pptx/.docx/.xlsx (or .potx/.dotx/.xltx), see a deck template's layouts as
// thumbnails, make one the default of its format, delete one (with confirmation).
import { useRef, useState } from 'preact/hooks';
import { folio, useAction, useQuery } from '../api.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { Badge, Card, PageHeader, formatDate } from '../ui/page.tsx';
import { Empty, ErrorState, InlineError, Loading } from '../ui/states.tsx';
import { FORMAT_LABEL, type Format } from '../ui/formats.ts';
import '../ui/documents.css';

interface Layout { name: string; thumbnail_url: string | null }
interface Template {
  template_id: string; format: Format; name: string; description: string | null; is_default: boolean; version: number;
  file: { file_name: string; size: number; download_url: string };
  analysis: { slides?: { layouts: Layout[]; slide_size: { aspect_ratio: string } }; document?: { page: { size: string | null; orientation: string } }; workbook?: { sheets: { name: string }[] } };
  warnings: string[]; created_at: string;
}

/** Layouts shown before "Show all" (a template with several masters can have dozens). */
const FIRST_LAYOUTS = 8;

function Summary({ t }: { t: Template }) {
  const a = t.analysis;
  if (a.slides) return <>{a.slides.layouts.length} layouts · {a.slides.slide_size.aspect_ratio}</>;
  if (a.document) return <>{a.document.page.size ?? 'Custom'} page · {a.document.page.orientation}</>;
  if (a.workbook) return <>{a.workbook.sheets.length} sheet{a.workbook.sheets.length === 1 ? '' : 's'}</>;
  return null;
}

function TemplateCard({ t, onChanged, onDelete }: { t: Template; onChanged: () => void; onDelete: (t: Template) => void }) {
  const makeDefault = useAction(async () => {
    await folio.request('PATCH', `/templates/${encodeURIComponent(t.template_id)}`, { body: { is_default: true } });
    onChanged();
  });
  const all = t.analysis.slides?.layouts ?? [];
  const [showAll, setShowAll] = useState(false);
  const layouts = showAll ? all : all.slice(0, FIRST_LAYOUTS);
  return (
    <Card title={t.name} actions={<>{t.is_default && <Badge tone="ok">Default</Badge>}<Badge>{FORMAT_LABEL[t.format]}</Badge></>}>
      <p class="muted small" style={{ margin: 0 }}><Summary t={t} /> · version {t.version} · {formatDate(t.created_at)}</p>
      {t.description && <p class="small">{t.description}</p>}
      {layouts.length > 0 && (
        <ul class="layouts" aria-label={`Layouts of ${t.name}`}>
          {layouts.map((l) => (
            <li><figure>
              {l.thumbnail_url ? <img src={l.thumbnail_url} alt={`Layout ${l.name}`} loading="lazy" /> : <span class="layout-empty" aria-hidden="true">No preview</span>}
              <figcaption title={l.name}>{l.name}</figcaption>
            </figure></li>
          ))}
        </ul>
      )}
      {all.length > FIRST_LAYOUTS && (
        <Button size="sm" variant="ghost" onClick={() => setShowAll(!showAll)} aria-expanded={showAll ? 'true' : 'false'}>
          {showAll ? 'Show fewer layouts' : `Show all ${all.length} layouts`}
        </Button>
      )}
      {t.warnings.length > 0 && (
        <details class="notes">
          <summary>{t.warnings.length} note{t.warnings.length === 1 ? '' : 's'} on how Folio will use it</summary>
          <ul>{t.warnings.map((w) => <li>{w}</li>)}</ul>
        </details>
      )}
      <InlineError problem={makeDefault.error} />
      <div class="card-foot">
        {!t.is_default && <Button size="sm" variant="primary" busy={makeDefault.busy} onClick={() => makeDefault.run()} aria-label={`Set ${t.name} as the default`}>Set as default</Button>}
        <a class="btn btn-sm" href={t.file.download_url} download>Download</a>
        <Button size="sm" variant="ghost" onClick={() => onDelete(t)} aria-label={`Delete ${t.name}`}>Delete</Button>
      </div>
    </Card>
  );
}

function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useAction(async () => {
    await folio.request('POST', '/templates', {
      timeoutMs: 180_000,
      form: () => {
        const form = new FormData();
        form.append('name', name.trim());
        if (isDefault) form.append('is_default', 'true');
        form.append('file', file!, file!.name);
        return form;
      },
    });
    setName('');
    setFile(null);
    setIsDefault(false);
    if (input.current) input.current.value = '';
    onUploaded();
  });
  const submit = (e: Event) => { e.preventDefault(); if (file && name.trim()) void upload.run(); };
  return (
    <Card title="Upload a template">
      <form class="form" onSubmit={submit} style={{ marginTop: 0 }}>
        <div class="grid-2">
          <div class="field">
            <label for="tpl-name">Name</label>
            <input id="tpl-name" type="text" required maxLength={200} value={name} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} placeholder="Acme brand deck" />
          </div>
          <div class="field">
            <label for="tpl-file">File</label>
            <input id="tpl-file" ref={input} type="file" required accept=".pptx,.potx,.docx,.dotx,.xlsx,.xltx" onChange={(e) => {
              const f = (e.currentTarget as HTMLInputElement).files?.[0] ?? null;
              setFile(f);
              if (f && !name) setName(f.name.replace(/\.[^.]+$/, ''));
            }} />
            <span class="hint">PowerPoint, Word or Excel; the format is read from the file.</span>
          </div>
        </div>
        <label class="check"><input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault((e.currentTarget as HTMLInputElement).checked)} /> Make it the default for its format</label>
        <div class="form-actions">
          <Button type="submit" variant="primary" busy={upload.busy} disabled={!file || !name.trim()}>Upload</Button>
          {upload.busy && <span class="muted small" role="status">Analysing the template and rendering its layouts…</span>}
        </div>
        <InlineError problem={upload.error} />
      </form>
    </Card>
  );
}

export function TemplatesPage(_props: { params: Record<string, string> }) {
  const list = useQuery(() => folio.request<{ items: Template[] }>('GET', '/templates', { query: { limit: 100 } }));
  const [doomed, setDoomed] = useState<Template>();
  const remove = useAction(async (t: Template) => {
    await folio.request('DELETE', `/templates/${encodeURIComponent(t.template_id)}`);
    setDoomed(undefined);
    list.reload();
  });
  return (
    <>
      <PageHeader title="Templates" description="Your designs for new documents: a default per format, or pick one in the playground." />
      <UploadForm onUploaded={list.reload} />
      {list.error && !list.data ? <ErrorState problem={list.error} onRetry={list.reload} />
        : !list.data ? <Loading label="Loading templates" />
          : list.data.items.length === 0
            ? <Empty title="No templates yet">Upload a deck, document or workbook in your design; new documents can be made in it.</Empty>
            : <div class="tpl-grid">{list.data.items.map((t) => <TemplateCard key={t.template_id} t={t} onChanged={list.reload} onDelete={(x) => { remove.reset(); setDoomed(x); }} />)}</div>}
      <ConfirmDialog open={!!doomed} title="Delete this template?" confirmLabel="Delete template" danger busy={remove.busy} error={remove.error}
        onConfirm={() => doomed && remove.run(doomed)} onClose={() => setDoomed(undefined)}>
        <strong>{doomed?.name}</strong> stops being available for new documents{doomed?.is_default ? ' and is no longer the default' : ''}. Documents already made from it keep their design.
      </ConfirmDialog>
    </>
  );
}
