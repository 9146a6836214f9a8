// Projects: the list (and a form to start one); a project's page shows its files with their analysis
// status (polled while the analysis runs), its insights filtered by severity with a resolve button, and a
// button that generates the insights report (a Word run, opened on its run page).
import { useEffect, useState } from 'preact/hooks';
import { folio, useAction, useQuery } from '../api.ts';
import { Link, navigate } from '../router.tsx';
import { Button } from '../ui/button.tsx';
import { Badge, Card, PageHeader, formatDate, type Tone } from '../ui/page.tsx';
import { Empty, ErrorState, InlineError, Loading } from '../ui/states.tsx';
import { Table } from '../ui/table.tsx';
import '../ui/documents.css';

interface Project { project_id: string; name: string; description: string | null; file_count: number; created_at: string }
interface FileStatus { file_id: string; file_name: string; index_status: string; pipeline_status: string; error: { stage: string; message: string } | null; facts_count: number | null; updated_at: string }
interface Status { status: 'idle' | 'running' | 'completed' | 'failed'; stage: string | null; progress: number; counts: { files: number; insights: number }; files: FileStatus[] }
interface Insight { insight_id: string; kind: string; severity: string; title: string; description: string; source: { fileName: string | null; location: { label: string } }; resolved: boolean }

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const p = (id: string) => `/projects/${encodeURIComponent(id)}`;

export function ProjectsPage(_props: { params: Record<string, string> }) {
  const list = useQuery(() => folio.request<{ items: Project[] }>('GET', '/projects', { query: { limit: 100 } }));
  const [name, setName] = useState('');
  const create = useAction(async () => {
    const project = await folio.request<Project>('POST', '/projects', { body: { name: name.trim() } });
    navigate(`/projects/${project.project_id}`);
  });
  return (
    <>
      <PageHeader title="Projects" description="Files analysed together: facts, disparities between them, and an insights report." />
      <Card title="New project">
        <form class="form filters" style={{ marginTop: 0 }} onSubmit={(e) => { e.preventDefault(); if (name.trim()) void create.run(); }}>
          <div class="field" style={{ flex: '1 1 240px' }}>
            <label for="project-name">Name</label>
            <input id="project-name" type="text" required maxLength={200} value={name} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} placeholder="Q3 board pack" />
          </div>
          <Button type="submit" variant="primary" busy={create.busy} disabled={!name.trim()}>Create project</Button>
        </form>
        <InlineError problem={create.error} />
      </Card>
      {list.error && !list.data ? <ErrorState problem={list.error} onRetry={list.reload} />
        : !list.data ? <Loading label="Loading projects" />
          : list.data.items.length === 0 ? <Empty title="No projects yet">Create one, then add the documents and workbooks to compare.</Empty>
            : (
              <ul class="project-list">
                {list.data.items.map((x) => (
                  <li><Link href={`/projects/${x.project_id}`}>
                    <strong>{x.name}</strong>
                    <div class="muted small">{plural(x.file_count, 'file')} · {formatDate(x.created_at)}</div>
                  </Link></li>
                ))}
              </ul>
            )}
    </>
  );
}

function fileTone(f: FileStatus): { tone: Tone; label: string } {
  if (f.error) return { tone: 'bad', label: `Failed (${f.error.stage})` };
  if (f.pipeline_status === 'completed') return { tone: 'ok', label: 'Analysed' };
  if (f.index_status !== 'indexed') return { tone: 'info', label: f.index_status === 'pending' ? 'Waiting' : 'Indexing' };
  return { tone: 'info', label: f.pipeline_status === 'reconciling' ? 'Comparing' : 'Extracting facts' };
}

function Files({ projectId, status, onChanged }: { projectId: string; status: Status; onChanged: () => void }) {
  const attach = useAction(async (files: File[]) => {
    for (const f of files) {
      await folio.request('POST', `${p(projectId)}/files`, { timeoutMs: 180_000, form: () => { const form = new FormData(); form.append('file', f, f.name); return form; } });
    }
    onChanged();
  });
  return (
    <Card title="Files" actions={
      <label class="btn btn-sm btn-primary" aria-busy={attach.busy ? 'true' : undefined}>
        {attach.busy && <span class="spinner spinner-sm" aria-hidden="true" />}Add files
        <input type="file" multiple class="sr-only" aria-label="Add files" accept=".docx,.xlsx,.pptx,.pdf,.csv,.txt,.md"
          onChange={(e) => { const fs = Array.from((e.currentTarget as HTMLInputElement).files ?? []); (e.currentTarget as HTMLInputElement).value = ''; if (fs.length) void attach.run(fs); }} />
      </label>
    }>
      {status.status === 'running' && (
        <div style={{ marginBottom: '0.75rem' }}>
          <div class="progress-head"><span role="status">Analysing: {status.stage ?? 'working'}</span><span class="muted small">{status.progress}%</span></div>
          <div class="progress-bar" role="progressbar" aria-label="Analysis progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={status.progress}><span style={{ width: `${status.progress}%` }} /></div>
        </div>
      )}
      <InlineError problem={attach.error} />
      {status.files.length === 0 ? <Empty title="No files yet">Add Word, Excel, PowerPoint, PDF or text files; each is indexed, its facts extracted, then compared with the others.</Empty> : (
        <Table<FileStatus> caption="Project files" rows={status.files} rowKey={(f) => f.file_id} columns={[
          { header: 'File', cell: (f) => <span style={{ overflowWrap: 'anywhere' }}>{f.file_name}</span> },
          { header: 'Analysis', cell: (f) => { const s = fileTone(f); return <><Badge tone={s.tone}>{s.label}</Badge>{f.error && <div class="small muted">{f.error.message}</div>}</>; } },
          { header: 'Facts', align: 'right', cell: (f) => f.facts_count ?? '—' },
          { header: 'Updated', cell: (f) => formatDate(f.updated_at) },
        ]} />
      )}
    </Card>
  );
}

function Insights({ projectId, version }: { projectId: string; version: number }) {
  const [severity, setSeverity] = useState<string[]>([]);
  const [showResolved, setShowResolved] = useState(false);
  // `severity` repeats in the query string, one parameter per severity.
  const filter = severity.map((s) => `severity=${s}`).join('&');
  const list = useQuery(() => folio.request<{ items: Insight[] }>('GET', `${p(projectId)}/insights${filter ? `?${filter}` : ''}`, {
    query: { limit: 100, resolved: showResolved ? 'true' : 'false' },
  }), [projectId, filter, showResolved, version]);
  const resolve = useAction(async (i: Insight) => {
    await folio.request('PATCH', `${p(projectId)}/insights/${encodeURIComponent(i.insight_id)}`, { body: { resolved: !i.resolved } });
    list.reload();
  });
  const rank = (i: Insight) => SEVERITIES.indexOf(i.severity as (typeof SEVERITIES)[number]);
  const items = [...(list.data?.items ?? [])].sort((a, b) => rank(a) - rank(b));
  const toggle = (s: string) => setSeverity(severity.includes(s) ? severity.filter((x) => x !== s) : [...severity, s]);
  return (
    <Card title="Insights" actions={
      <div class="chips" role="group" aria-label="Filter insights">
        {SEVERITIES.map((s) => <button type="button" class="chip" aria-pressed={severity.includes(s) ? 'true' : 'false'} onClick={() => toggle(s)}>{s[0].toUpperCase() + s.slice(1)}</button>)}
        <button type="button" class="chip" aria-pressed={showResolved ? 'true' : 'false'} onClick={() => setShowResolved(!showResolved)}>Resolved</button>
      </div>
    }>
      <InlineError problem={resolve.error} />
      {list.error && !list.data ? <ErrorState problem={list.error} onRetry={list.reload} />
        : !list.data ? <Loading label="Loading insights" />
          : list.data.items.length === 0
            ? <Empty title={showResolved ? 'No resolved insights' : severity.length ? 'No insights of these severities' : 'No open insights'}>{showResolved || severity.length ? 'Change the filters to see others.' : 'Findings appear here once the files are analysed.'}</Empty>
            : (
              <ul class="insights">
                {items.map((i) => (
                  <li class="insight">
                    <div class="insight-head">
                      <div class="insight-title"><span class={`badge sev-${i.severity}`}>{i.severity}</span><Badge>{i.kind}</Badge><strong>{i.title}</strong></div>
                      <Button size="sm" busy={resolve.busy} onClick={() => resolve.run(i)} aria-label={`${i.resolved ? 'Reopen' : 'Resolve'}: ${i.title}`}>{i.resolved ? 'Reopen' : 'Resolve'}</Button>
                    </div>
                    <p>{i.description}</p>
                    <p class="muted small">{i.source.fileName ?? 'A removed file'} · {i.source.location.label}</p>
                  </li>
                ))}
              </ul>
            )}
    </Card>
  );
}

export function ProjectPage({ params }: { params: Record<string, string> }) {
  const id = params.project_id;
  const project = useQuery(() => folio.request<Project>('GET', p(id)), [id]);
  const status = useQuery(() => folio.request<Status>('GET', `${p(id)}/analysis/status`), [id]);
  const report = useAction(async () => {
    const r = await folio.request<{ run_id: string }>('POST', `${p(id)}/reports`, { body: { format: 'docx' }, timeoutMs: 300_000 });
    navigate(`/runs/${r.run_id}`);
  });
  // Poll while the analysis runs; insights reload when it moves on.
  useEffect(() => {
    if (status.data?.status !== 'running') return;
    const timer = setTimeout(status.reload, 1500);
    return () => clearTimeout(timer);
  }, [status.data]);
  const version = (status.data?.counts.insights ?? 0) * 1000 + (status.data?.progress ?? 0);

  if (project.error && !project.data) return <><Link href="/projects" class="back">← Projects</Link><ErrorState problem={project.error} onRetry={project.reload} title={project.error.status === 404 ? 'No such project' : undefined} /></>;
  if (!project.data || !status.data) return <><Link href="/projects" class="back">← Projects</Link><Loading label="Loading the project" /></>;
  return (
    <>
      <Link href="/projects" class="back">← Projects</Link>
      <PageHeader title={project.data.name} description={project.data.description ?? `${plural(status.data.counts.files, 'file')} · ${plural(status.data.counts.insights, 'open insight')}`}
        actions={<Button variant="primary" busy={report.busy} onClick={() => report.run()}>Generate report</Button>} />
      <InlineError problem={report.error} />
      <Files projectId={id} status={status.data} onChanged={status.reload} />
      <Insights projectId={id} version={version} />
    </>
  );
}
