// A run's page: its current document and actions, then every version (generation turns with their prompt,
// editor saves) with a preview of its pages, its exports, and the run's task history.
import { useState } from 'preact/hooks';
import type { RunExport, RunTask, RunVersion } from '@folio/sdk';
import { folio, toProblem, useQuery, type ApiProblem } from '../api.ts';
import { Link } from '../router.tsx';
import { Button } from '../ui/button.tsx';
import { Badge, Card, PageHeader, formatDate } from '../ui/page.tsx';
import { Empty, ErrorState, InlineError, Loading } from '../ui/states.tsx';
import { Table } from '../ui/table.tsx';
import { PageStrip } from '../ui/thumbnails.tsx';
import { EXPORTS, FORMAT_LABEL, STATUS_TONE, formatDuration, type Format } from '../ui/formats.ts';
import '../ui/documents.css';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

function Version({ runId, v, exports, open, onToggle }: { runId: string; v: RunVersion; exports: RunExport[]; open: boolean; onToggle: () => void }) {
  return (
    <article class="version" aria-labelledby={`v-${v.version}`}>
      <div class="version-head">
        <h3 id={`v-${v.version}`}>Version {v.version}</h3>
        <Badge tone={v.source === 'editor' ? 'warn' : 'info'}>{v.source === 'editor' ? 'Editor save' : v.mode === 'ask' ? 'Question' : 'Generation'}</Badge>
        {v.current && <Badge tone="ok">Current</Badge>}
      </div>
      <ul class="meta">
        <li>{formatDate(v.created_at)}</li>
        <li>{v.file_name}</li>
        <li>{kb(v.size)}</li>
      </ul>
      {v.prompt && <p class="prompt"><span class="sr-only">Prompt: </span>{v.prompt}</p>}
      {v.summary && <p class="small muted">{v.summary}</p>}
      {v.source === 'editor' && <p class="small muted">Saved from the editor.</p>}
      <div class="result-actions">
        {v.download_url && <a class="btn btn-sm" href={v.download_url} download>Download</a>}
        <Button size="sm" onClick={onToggle} aria-expanded={open ? 'true' : 'false'}>{open ? 'Hide preview' : 'Show preview'}</Button>
      </div>
      {open && <PageStrip runId={runId} version={v.version} title={`Version ${v.version}`} />}
      {exports.length > 0 && (
        <>
          <h4 class="small muted" style={{ margin: '0.75rem 0 0' }}>Exports of this version</h4>
          <ul class="export-list">
            {exports.map((e) => <li><a class="btn btn-sm btn-ghost" href={e.download_url}>{e.format.toUpperCase()} · {e.file_name}</a></li>)}
          </ul>
        </>
      )}
    </article>
  );
}

function ExportBox({ runId, format, onDone }: { runId: string; format: Format; onDone: () => void }) {
  const [target, setTarget] = useState(EXPORTS[format][0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiProblem>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await (await folio.runs.get(runId)).export(target);
      onDone();
    } catch (err) {
      setError(toProblem(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label class="sr-only" for="run-export">Export format</label>
      <select id="run-export" value={target} style={{ width: 'auto' }} onChange={(e) => setTarget((e.currentTarget as HTMLSelectElement).value)}>
        {EXPORTS[format].map((f) => <option value={f}>{f.toUpperCase()}</option>)}
      </select>
      <Button busy={busy} onClick={run}>Export</Button>
      <InlineError problem={error} />
    </>
  );
}

export function RunPage({ params }: { params: Record<string, string> }) {
  const runId = params.run_id;
  const data = useQuery(async () => {
    const [run, versions, tasks, exports] = await Promise.all([folio.runs.get(runId), folio.runs.versions(runId), folio.runs.tasks(runId), folio.runs.exports(runId)]);
    return { run, versions, tasks, exports };
  }, [runId]);
  const [open, setOpen] = useState<Record<number, boolean>>({});

  if (data.error && !data.data) {
    return (
      <>
        <Link href="/runs" class="back">← Runs</Link>
        <PageHeader title="Run" />
        <ErrorState problem={data.error} onRetry={data.reload} title={data.error.status === 404 ? 'No such run' : data.error.status === 410 ? 'This run expired' : undefined} />
      </>
    );
  }
  if (!data.data) return <><Link href="/runs" class="back">← Runs</Link><Loading label="Loading the run" /></>;
  const { run, versions, tasks, exports } = data.data;
  const title = run.title ?? run.file_name ?? 'Untitled run';
  const isOpen = (v: RunVersion) => open[v.version] ?? v.current;
  return (
    <>
      <Link href="/runs" class="back">← Runs</Link>
      <PageHeader
        title={title}
        description={<>{FORMAT_LABEL[run.format as Format]} · <Badge tone={STATUS_TONE[run.status]}>{run.status}</Badge> · created {formatDate(run.created_at)} · kept until {formatDate(run.expires_at)}</>}
        actions={
          <>
            {run.download_url && <a class="btn btn-primary btn-md" href={run.download_url} download>Download</a>}
            {run.edit_url && <a class="btn btn-md" href={run.edit_url} target="_blank" rel="noopener">Open in editor</a>}
            {!['pending', 'running'].includes(run.status) && <Link href={`/playground?run=${run.run_id}`} class="btn btn-md">Continue in playground</Link>}
          </>
        }
      />
      <Card title={`Versions (${versions.length})`} actions={run.version !== null && <ExportBox runId={run.run_id} format={run.format as Format} onDone={data.reload} />}>
        {versions.length === 0
          ? <Empty title="No document yet">{run.status === 'failed' ? 'The run failed before it wrote a document; see its tasks below.' : 'The first version appears when the task completes.'}</Empty>
          : versions.map((v) => <Version runId={run.run_id} v={v} exports={exports.filter((e) => e.version_id === v.version_id && e.format !== 'png')} open={isOpen(v)} onToggle={() => setOpen({ ...open, [v.version]: !isOpen(v) })} />)}
      </Card>
      <Card title="Task history">
        {tasks.length === 0 ? <Empty title="No tasks" /> : (
          <Table<RunTask> caption="Task history" rows={tasks} rowKey={(t) => t.task_id} columns={[
            { header: 'Started', cell: (t) => formatDate(t.started_at ?? t.created_at) },
            { header: 'Prompt', cell: (t) => <span class="small">{(t.prompt ?? '').slice(0, 140)}{(t.prompt ?? '').length > 140 ? '…' : ''}</span> },
            { header: 'Status', cell: (t) => <><Badge tone={STATUS_TONE[t.status]}>{t.status}</Badge>{t.error && <div class="small muted"><code>{t.error.code}</code> {t.error.message}</div>}</> },
            { header: 'Credits', align: 'right', cell: (t) => t.credits_used },
            { header: 'Time', align: 'right', cell: (t) => formatDuration(t.duration_ms) },
          ]} />
        )}
      </Card>
    </>
  );
}
