// The Playground: pick a format, type a prompt, set the options (context and data files, an init file, a
// template, a brand), generate while the agent's steps stream in (the SDK follows the task's SSE events),
// then see the pages, download, export, open the editor, or continue with a follow-up prompt (resume).
import { useEffect, useState } from 'preact/hooks';
import type { GenerateBody, RunHandle, TaskEvent } from '@folio/sdk';
import { folio, toProblem, useQuery, type ApiProblem } from '../api.ts';
import { Link, useRoute } from '../router.tsx';
import { Button } from '../ui/button.tsx';
import { Badge, Card, PageHeader } from '../ui/page.tsx';
import { Empty, InlineError } from '../ui/states.tsx';
import { PageStrip } from '../ui/thumbnails.tsx';
import { EXPORTS, FORMAT_LABEL, FORMATS, type Format } from '../ui/formats.ts';
import '../ui/documents.css';

interface Step { message: string; at: string }
interface Live { phase: string; progress: number; steps: Step[] }

const EXAMPLES: Record<Format, string[]> = {
  slides: ['A 5-slide deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets', 'A project kickoff deck: goals, timeline, team, risks'],
  word: ['A one-page memo announcing the new travel policy, with a table of allowances', 'A short report on coffee sales by region with a summary and next steps'],
  excel: ['A 12-month budget for a 5-person team with totals and a chart', 'A loan repayment schedule for 300,000 at 6.5% over 25 years'],
};

const DATA_KIND: Record<string, 'csv' | 'xlsx' | 'json'> = { csv: 'csv', xlsx: 'xlsx', json: 'json' };
const extOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

function Progress({ live, title }: { live: Live; title: string }) {
  return (
    <Card title={title}>
      <div class="progress-head">
        <span aria-live="polite">{live.phase === 'done' ? 'Finished' : `Working: ${live.phase}`}</span>
        <span class="muted small">{live.progress}%</span>
      </div>
      <div class="progress-bar" role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={live.progress}><span style={{ width: `${live.progress}%` }} /></div>
      {live.steps.length > 0
        ? <ol class="step-log" aria-label="Agent steps">{live.steps.map((s) => <li><time>{new Date(s.at).toLocaleTimeString()}</time><span>{s.message}</span></li>)}</ol>
        : <p class="muted small">The agent's steps appear here as it works.</p>}
    </Card>
  );
}

function Result({ run, onResume, busy }: { run: RunHandle; onResume: (prompt: string) => void; busy: boolean }) {
  const [format, setFormat] = useState(EXPORTS[run.format as Format][0]);
  const [exported, setExported] = useState<{ format: string; url: string; name: string }>();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<ApiProblem>();
  const [followUp, setFollowUp] = useState('');
  const title = run.title ?? run.file_name ?? run.run_id;
  const doExport = async () => {
    setExporting(true);
    setError(undefined);
    try {
      const r = await run.export(format);
      setExported({ format, url: r.download_url, name: r.file_name });
    } catch (err) {
      setError(toProblem(err));
    } finally {
      setExporting(false);
    }
  };
  const submit = (e: Event) => {
    e.preventDefault();
    if (followUp.trim()) onResume(followUp.trim());
  };
  return (
    <Card title={title} actions={<><Badge tone="ok">Version {run.version}</Badge><Badge>{FORMAT_LABEL[run.format as Format]}</Badge></>}>
      <PageStrip runId={run.run_id} version={run.version ?? undefined} title={title} />
      <div class="result-actions">
        {run.download_url && <a class="btn btn-primary btn-md" href={run.download_url} download>Download</a>}
        <label class="sr-only" for="export-format">Export format</label>
        <select id="export-format" value={format} onChange={(e) => setFormat((e.currentTarget as HTMLSelectElement).value)}>
          {EXPORTS[run.format as Format].map((f) => <option value={f}>{f.toUpperCase()}</option>)}
        </select>
        <Button busy={exporting} onClick={doExport}>Export</Button>
        {run.edit_url && <a class="btn btn-md" href={run.edit_url} target="_blank" rel="noopener">Open in editor</a>}
        <Link href={`/runs/${run.run_id}`} class="btn btn-ghost btn-md">View run</Link>
      </div>
      {exported && <p class="small" aria-live="polite">Exported: <a href={exported.url}>{exported.name}</a></p>}
      <InlineError problem={error} />
      <form class="form" onSubmit={submit}>
        <div class="field">
          <label for="follow-up">Follow-up prompt</label>
          <textarea id="follow-up" value={followUp} onInput={(e) => setFollowUp((e.currentTarget as HTMLTextAreaElement).value)} placeholder="Add a slide on next quarter's plan" />
          <span class="hint">Continues this run: the agent edits the current document into a new version.</span>
        </div>
        <div class="form-actions"><Button type="submit" variant="primary" busy={busy} disabled={!followUp.trim()}>Continue</Button></div>
      </form>
    </Card>
  );
}

export function PlaygroundPage(_props: { params: Record<string, string> }) {
  const { query } = useRoute();
  const [format, setFormat] = useState<Format>('slides');
  const [prompt, setPrompt] = useState('');
  const [context, setContext] = useState<File[]>([]);
  const [data, setData] = useState<File[]>([]);
  const [init, setInit] = useState<File | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [brand, setBrand] = useState({ on: false, color: '#3b4fd8', font: '' });
  const [live, setLive] = useState<Live>();
  const [run, setRun] = useState<RunHandle>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiProblem>();
  const templates = useQuery(() => folio.request<{ items: { template_id: string; name: string; is_default: boolean }[] }>('GET', '/templates', { query: { format, limit: 100 } }), [format]);
  const continueId = query.get('run');

  useEffect(() => {
    if (!continueId) return;
    folio.runs.get(continueId).then((r) => { setRun(r); setFormat(r.format as Format); }, (err) => setError(toProblem(err)));
  }, [continueId]);

  const onProgress = (e: TaskEvent) => {
    setLive((l) => {
      const cur = l ?? { phase: 'queued', progress: 0, steps: [] };
      if (e.type === 'step') return { ...cur, steps: [...cur.steps, { message: String(e.data?.message ?? ''), at: e.data?.at ?? new Date().toISOString() }] };
      if (e.type === 'progress') return { ...cur, phase: String(e.data?.phase ?? cur.phase), progress: Number(e.data?.progress ?? cur.progress) || cur.progress };
      if (e.type === 'done') return { ...cur, phase: 'done', progress: 100 };
      return cur;
    });
  };

  const work = async (make: () => Promise<RunHandle>) => {
    setBusy(true);
    setError(undefined);
    setLive({ phase: 'queued', progress: 0, steps: [] });
    try {
      setRun(await make());
    } catch (err) {
      setError(toProblem(err));
    } finally {
      setBusy(false);
    }
  };

  const generate = (e: Event) => {
    e.preventDefault();
    if (!prompt.trim()) return;
    void work(async () => {
      const upload = (f: File, purpose: string) => folio.files.upload(f, { purpose });
      const body: GenerateBody = { prompt: prompt.trim() };
      if (context.length) body.context_files = (await Promise.all(context.map((f) => upload(f, 'context')))).map((f) => f.file_id);
      if (data.length) body.data_sources = await Promise.all(data.map(async (f) => ({ file_id: (await upload(f, 'data')).file_id, kind: DATA_KIND[extOf(f.name)] ?? 'csv' })));
      if (init) body.init_file = (await upload(init, 'init')).file_id;
      if (templateId && !init) body.template_id = templateId;
      if (brand.on) body.brand = { primary_color: brand.color, ...(brand.font.trim() ? { font: brand.font.trim() } : {}) };
      setRun(undefined);
      return folio[format].generate(body, { onProgress });
    });
  };

  const files = (e: Event) => Array.from((e.currentTarget as HTMLInputElement).files ?? []);
  return (
    <>
      <PageHeader title="Playground" description="Pick a format, type a prompt and watch the agent make the document." />
      <Card title="New document">
        <form class="form" onSubmit={generate}>
          <fieldset>
            <legend>Format</legend>
            <div class="segmented">
              {FORMATS.map((f) => (
                <label><input type="radio" name="format" value={f} checked={format === f} onChange={() => { setFormat(f); setTemplateId(''); }} />{FORMAT_LABEL[f]}</label>
              ))}
            </div>
          </fieldset>
          <div class="field">
            <label for="prompt">Prompt</label>
            <textarea id="prompt" required maxLength={10000} value={prompt} onInput={(e) => setPrompt((e.currentTarget as HTMLTextAreaElement).value)}
              placeholder="A deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets" />
          </div>
          <details class="options">
            <summary>Options: files, template and brand</summary>
            <div class="grid-2">
              <div class="field">
                <label for="context-files">Context files</label>
                <input id="context-files" type="file" multiple onChange={(e) => setContext(files(e))} />
                <span class="hint">Documents the agent may read.</span>
              </div>
              <div class="field">
                <label for="data-files">Data files</label>
                <input id="data-files" type="file" multiple accept=".csv,.xlsx,.json" onChange={(e) => setData(files(e))} />
                <span class="hint">CSV, XLSX or JSON tables to draw from.</span>
              </div>
              <div class="field">
                <label for="init-file">Start from a file</label>
                <input id="init-file" type="file" accept=".docx,.xlsx,.pptx" onChange={(e) => setInit(files(e)[0] ?? null)} />
                <span class="hint">A .docx, .xlsx or .pptx to edit instead of starting blank.</span>
              </div>
              <div class="field">
                <label for="template">Template</label>
                <select id="template" value={templateId} disabled={!!init} onChange={(e) => setTemplateId((e.currentTarget as HTMLSelectElement).value)}>
                  <option value="">{templates.data?.items.some((t) => t.is_default) ? 'The default template' : "Folio's design"}</option>
                  {templates.data?.items.map((t) => <option value={t.template_id}>{t.name}{t.is_default ? ' (default)' : ''}</option>)}
                </select>
                <span class="hint">{init ? 'Not with a start file.' : <Link href="/templates">Manage templates</Link>}</span>
              </div>
              <div class="field">
                <span class="label" id="brand-label">Brand</span>
                <label class="check"><input type="checkbox" checked={brand.on} onChange={(e) => setBrand({ ...brand, on: (e.currentTarget as HTMLInputElement).checked })} /> Apply a brand colour and font</label>
                <div class="form-actions">
                  <input type="color" aria-label="Brand colour" value={brand.color} disabled={!brand.on} onInput={(e) => setBrand({ ...brand, color: (e.currentTarget as HTMLInputElement).value })} />
                  <input type="text" aria-label="Brand font" placeholder="Font, e.g. Georgia" value={brand.font} disabled={!brand.on} style={{ flex: 1, width: 'auto' }} onInput={(e) => setBrand({ ...brand, font: (e.currentTarget as HTMLInputElement).value })} />
                </div>
              </div>
            </div>
          </details>
          <div class="form-actions">
            <Button type="submit" variant="primary" busy={busy} disabled={!prompt.trim()}>Generate</Button>
            <span class="muted small">Runs in the background; you can follow it here or on the Runs page.</span>
          </div>
          <InlineError problem={error} />
        </form>
      </Card>
      {!live && !run && (
        <Empty title="Your document appears here" action={
          <div class="chips" role="group" aria-label="Example prompts">
            {EXAMPLES[format].map((e) => <button type="button" class="chip" onClick={() => setPrompt(e)}>{e}</button>)}
          </div>
        }>The agent's steps stream in while it works; then you get the pages, downloads and exports. Try an example:</Empty>
      )}
      {live && <Progress live={live} title={busy ? 'Working on it' : `Done: ${live.steps.length} step${live.steps.length === 1 ? '' : 's'}`} />}
      {run && !busy && <Result run={run} busy={busy} onResume={(p) => work(() => run.resume(p, {}, { onProgress }))} />}
    </>
  );
}
