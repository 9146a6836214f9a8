// Runs: every generation of the organization, newest first, with a thumbnail of its current document, its
// format, status, credits and time; filtered by format and status, paginated with the API's cursor.
import { useState } from 'preact/hooks';
import type { Run } from '@folio/sdk';
import { folio, useQuery } from '../api.ts';
import { Link, navigate, useRoute } from '../router.tsx';
import { Button } from '../ui/button.tsx';
import { Badge, Card, PageHeader, formatDate } from '../ui/page.tsx';
import { Empty, ErrorState, Loading } from '../ui/states.tsx';
import { Table, type Column } from '../ui/table.tsx';
import { Thumbnail } from '../ui/thumbnails.tsx';
import { FORMAT_LABEL, FORMATS, STATUS_TONE, formatDuration, type Format } from '../ui/formats.ts';
import '../ui/documents.css';

const STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'expired'];
const PAGE_SIZE = 20;

type Row = Run & { task?: { credits_used: number; duration_ms: number } };

export function RunsPage(_props: { params: Record<string, string> }) {
  const { query } = useRoute();
  const format = query.get('format') ?? '';
  const status = query.get('status') ?? '';
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const list = useQuery(async () => {
    const page = await folio.request<{ items: Run[]; next_cursor: string | null }>('GET', '/runs', { query: { limit: PAGE_SIZE, cursor, format: format || undefined, status: status || undefined } });
    // Credits and time are the latest task's (GET /tasks/{id}); the list itself does not carry them.
    const items: Row[] = await Promise.all(page.items.map(async (r) => ({ ...r, task: await folio.tasks.get(r.task_id).catch(() => undefined) })));
    return { items, next: page.next_cursor };
  }, [format, status, cursor]);

  const setFilter = (name: string, value: string) => {
    const q = new URLSearchParams(query);
    if (value) q.set(name, value); else q.delete(name);
    setCursors([undefined]);
    navigate(`/runs${q.size ? `?${q}` : ''}`, { replace: true });
  };

  const columns: Column<Row>[] = [
    {
      header: 'Document',
      cell: (r) => (
        <div class="cell-main">
          <Thumbnail runId={r.run_id} format={r.format} enabled={r.version !== null} label={`First page of ${r.title ?? r.file_name ?? r.run_id}`} />
          <div>
            <Link href={`/runs/${r.run_id}`} class="run-name">{r.title ?? r.file_name ?? 'Untitled run'}</Link>
            <div class="muted small">{r.version ? `Version ${r.version}` : 'No document yet'}</div>
          </div>
        </div>
      ),
    },
    { header: 'Format', cell: (r) => FORMAT_LABEL[r.format as Format] },
    { header: 'Status', cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge> },
    { header: 'Credits', align: 'right', cell: (r) => r.task?.credits_used ?? '—' },
    { header: 'Time', align: 'right', cell: (r) => (r.task ? formatDuration(r.task.duration_ms) : '—') },
    { header: 'Updated', cell: (r) => formatDate(r.updated_at) },
  ];

  const filtered = format || status;
  return (
    <>
      <PageHeader title="Runs" description="Every generation, with its versions, exports and task history." actions={<Link href="/playground" class="btn btn-primary btn-md">New document</Link>} />
      <Card>
        <div class="filters">
          <div class="field">
            <label for="filter-format">Format</label>
            <select id="filter-format" value={format} onChange={(e) => setFilter('format', (e.currentTarget as HTMLSelectElement).value)}>
              <option value="">All formats</option>
              {FORMATS.map((f) => <option value={f}>{FORMAT_LABEL[f]}</option>)}
            </select>
          </div>
          <div class="field">
            <label for="filter-status">Status</label>
            <select id="filter-status" value={status} onChange={(e) => setFilter('status', (e.currentTarget as HTMLSelectElement).value)}>
              <option value="">All statuses</option>
              {STATUSES.map((s) => <option value={s}>{s[0].toUpperCase() + s.slice(1)}</option>)}
            </select>
          </div>
          {filtered && <Button variant="ghost" onClick={() => { setCursors([undefined]); navigate('/runs', { replace: true }); }}>Clear filters</Button>}
        </div>
        {list.error && !list.data ? <ErrorState problem={list.error} onRetry={list.reload} />
          : !list.data ? <Loading label="Loading runs" />
            : list.data.items.length === 0
              ? <Empty title={filtered ? 'No runs match these filters' : 'No runs yet'} action={!filtered && <Link href="/playground" class="btn btn-primary btn-md">Open the playground</Link>}>
                  {filtered ? 'Try another format or status.' : 'Documents you generate, here or through the API, are listed here.'}
                </Empty>
              : <Table caption="Runs" rows={list.data.items} rowKey={(r) => r.run_id} columns={columns} />}
        {list.data && (cursors.length > 1 || list.data.next) && (
          <div class="pager">
            <Button disabled={cursors.length <= 1 || list.loading} onClick={() => setCursors(cursors.slice(0, -1))}>Previous</Button>
            <span class="muted small">Page {cursors.length}</span>
            <Button disabled={!list.data.next || list.loading} onClick={() => setCursors([...cursors, list.data!.next!])}>Next</Button>
          </div>
        )}
      </Card>
    </>
  );
}
