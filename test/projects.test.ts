// Projects end to end on the real app: CRUD, uploads (good and bad), the analysis pipeline on the
// generated fixture set (a disparity, a similarity and workbook insights with their sources and
// severities), progress to 100, resolving insights, removing a file, and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { reportPdf, salesXlsx, summaryDocx } from './helpers/project-fixtures.ts';
import { attach, createProject, insights, status, waitForAnalysis } from './helpers/projects.ts';
import { multipartBody } from './helpers/multipart.ts';
import { png } from './helpers/fixtures.ts';

let t: TestApp;
let a: { secret: string; org_id: string };
let b: { secret: string };
let project: any;
const ids: Record<string, string> = {};
const auth = (key: string) => ({ 'x-api-key': key });

beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await Promise.all([t.signup('projects-a'), t.signup('projects-b')]);
  project = await createProject(t, a.secret, { name: 'Acme Q1 review', description: 'Board pack', tags: ['finance', 'q1'], color: '#1F3A5F', icon: 'chart' });
  for (const [name, bytes] of [['summary.docx', await summaryDocx()], ['report.pdf', reportPdf()], ['sales.xlsx', await salesXlsx()]] as const) {
    const res = await attach(t, a.secret, project.project_id, name, bytes, name === 'sales.xlsx' ? { role: 'data', category: 'Sales', tags: 'sales, 2024' } : {});
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().file_id;
  }
}, 60_000);
afterAll(async () => t?.close());

describe('projects', () => {
  it('are created, listed, read, changed and validated', async () => {
    expect(project).toMatchObject({ name: 'Acme Q1 review', description: 'Board pack', tags: ['finance', 'q1'], color: '#1F3A5F', icon: 'chart', file_count: 0 });
    expect(project.project_id).toMatch(/^prj_/);
    const bad = await t.inject({ method: 'POST', url: '/api/v1/projects', headers: auth(a.secret), payload: { description: 'no name', extra: 1 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: any) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.name', 'body.extra']));
    const badColor = await t.inject({ method: 'POST', url: '/api/v1/projects', headers: auth(a.secret), payload: { name: 'x', color: 'blue' } });
    expect(badColor.statusCode).toBe(422);
    const second = await createProject(t, a.secret, { name: 'Second' });
    const list = await t.inject({ method: 'GET', url: '/api/v1/projects?limit=1', headers: auth(a.secret) });
    expect(list.json().items.map((p: any) => p.project_id)).toEqual([second.project_id]);
    const next = await t.inject({ method: 'GET', url: `/api/v1/projects?limit=1&cursor=${list.json().next_cursor}`, headers: auth(a.secret) });
    expect(next.json().items[0]).toMatchObject({ project_id: project.project_id, file_count: 3 });
    const patched = await t.inject({ method: 'PATCH', url: `/api/v1/projects/${second.project_id}`, headers: auth(a.secret), payload: { name: 'Renamed', color: null } });
    expect(patched.json()).toMatchObject({ name: 'Renamed', color: null });
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/projects/${second.project_id}`, headers: auth(a.secret) })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/api/v1/projects/${second.project_id}`, headers: auth(a.secret) })).statusCode).toBe(404);
  });

  it('refuse bad uploads and keep nothing of them', async () => {
    const pid = project.project_id;
    const image = await attach(t, a.secret, pid, 'chart.png', png(4, 4));
    expect(image.statusCode).toBe(422);
    expect(image.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'unsupported_file_type' });
    const empty = await attach(t, a.secret, pid, 'empty.txt', Buffer.alloc(0));
    expect(empty.json().detail[0].type).toBe('empty_file');
    const corrupt = await attach(t, a.secret, pid, 'broken.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]));
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().detail[0].type).toBe('zip_invalid');
    const binary = await attach(t, a.secret, pid, 'data.bin', Buffer.from([0, 1, 2, 3, 255, 254, 0, 9]));
    expect(binary.json().detail[0].type).toBe('unsupported_file_type');
    const badRole = await attach(t, a.secret, pid, 'notes.txt', Buffer.from('hello'), { role: 'not a role!' });
    expect(badRole.json().detail[0].loc).toEqual(['body', 'role']);
    const noFile = multipartBody([{ name: 'role', value: 'context' }]);
    const missing = await t.inject({ method: 'POST', url: `/api/v1/projects/${pid}/files`, headers: { ...auth(a.secret), ...noFile.headers }, payload: noFile.payload });
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });
    const files = await t.inject({ method: 'GET', url: `/api/v1/projects/${pid}/files`, headers: auth(a.secret) });
    expect(files.json().items.map((f: any) => f.file_name).sort()).toEqual(['report.pdf', 'sales.xlsx', 'summary.docx']);
    const all = await t.inject({ method: 'GET', url: '/api/v1/files?limit=100', headers: auth(a.secret) });
    expect(all.json().items).toHaveLength(3);
  });

  it('analyse the files: progress reaches 100 and the expected insights appear with their sources and severities', async () => {
    const done = await waitForAnalysis(t, a.secret, project.project_id);
    expect(done).toMatchObject({ status: 'completed', stage: null, progress: 100, counts: { files: 3, indexed: 3, completed: 3, failed: 0, insights: 4 } });
    expect(done.pipeline).toMatchObject({ status: 'completed', error: null });
    expect(done.pipeline.done).toBe(done.pipeline.requested);
    const file = await t.inject({ method: 'GET', url: `/api/v1/projects/${project.project_id}/files/${ids['sales.xlsx']}`, headers: auth(a.secret) });
    expect(file.json()).toMatchObject({ role: 'data', category: 'Sales', tags: ['sales', '2024'], index_status: 'indexed', pipeline_status: 'completed', error: null, stats: { sheets: 2, tables: 2 } });
    const found = await insights(t, a.secret, project.project_id);
    const by = (kind: string) => found.filter((i) => i.kind === kind);
    expect(by('disparity')).toHaveLength(1);
    expect(by('disparity')[0]).toMatchObject({
      severity: 'high', resolved: false,
      source: { fileId: ids['summary.docx'], fileName: 'summary.docx', location: { paragraph: 2 } },
      related: [{ fileId: ids['report.pdf'], location: { page: 1, paragraph: 2 } }],
      details: { period: '2024-Q1', relative_difference: 0.1111 },
    });
    expect(by('disparity')[0].title).toContain('$1.2M vs $1.35M');
    expect(by('similarity')).toHaveLength(1);
    expect(by('similarity')[0]).toMatchObject({
      severity: 'medium', source: { fileId: ids['report.pdf'], location: { page: 1, paragraph: 4 } },
      related: [{ fileId: ids['summary.docx'], location: { paragraph: 5 } }], details: { similarity: 1 },
    });
    const outlier = by('insight').find((i) => i.title.startsWith('Outlier'));
    expect(outlier).toMatchObject({ severity: 'high', source: { fileId: ids['sales.xlsx'], location: { sheet: 'Monthly', cell: 'B8' } }, details: { value: 980, median: 126.5 } });
    const missing = by('insight').find((i) => i.title.startsWith('No Bookings'));
    expect(missing).toMatchObject({ severity: 'medium', title: 'No Bookings figure for Q3 2024', source: { fileId: ids['sales.xlsx'], location: { sheet: 'Quarterly' } } });
    expect(found).toHaveLength(4);
  });

  it('filter insights, resolve and reopen them', async () => {
    const pid = project.project_id;
    expect((await insights(t, a.secret, pid, '&severity=high')).map((i) => i.kind).sort()).toEqual(['disparity', 'insight']);
    expect(await insights(t, a.secret, pid, '&severity=high&severity=medium&kind=similarity')).toHaveLength(1);
    expect((await insights(t, a.secret, pid, `&file_id=${ids['report.pdf']}`)).map((i) => i.kind).sort()).toEqual(['disparity', 'similarity']);
    const [similarity] = await insights(t, a.secret, pid, '&kind=similarity');
    const url = `/api/v1/projects/${pid}/insights/${similarity.insight_id}`;
    const resolved = await t.inject({ method: 'PATCH', url, headers: auth(a.secret), payload: { resolved: true } });
    expect(resolved.json()).toMatchObject({ resolved: true, resolved_at: expect.any(String) });
    expect(await insights(t, a.secret, pid)).toHaveLength(3);
    expect((await insights(t, a.secret, pid, '&resolved=true')).map((i) => i.insight_id)).toEqual([similarity.insight_id]);
    expect((await t.inject({ method: 'PATCH', url, headers: auth(a.secret), payload: { resolved: 'yes' } })).statusCode).toBe(422);
    expect((await t.inject({ method: 'PATCH', url, headers: auth(a.secret), payload: { resolved: false } })).json().resolved).toBe(false);
    expect((await t.inject({ method: 'PATCH', url: `/api/v1/projects/${pid}/insights/ins_missing`, headers: auth(a.secret), payload: { resolved: true } })).statusCode).toBe(404);
  });

  it("are another organization's business: 404 everywhere, like a missing project", async () => {
    const pid = project.project_id;
    const [one] = await insights(t, a.secret, pid);
    const attempts = [
      { method: 'GET', url: `/api/v1/projects/${pid}` },
      { method: 'PATCH', url: `/api/v1/projects/${pid}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `/api/v1/projects/${pid}` },
      { method: 'GET', url: `/api/v1/projects/${pid}/files` },
      { method: 'GET', url: `/api/v1/projects/${pid}/files/${ids['summary.docx']}` },
      { method: 'DELETE', url: `/api/v1/projects/${pid}/files/${ids['summary.docx']}` },
      { method: 'GET', url: `/api/v1/projects/${pid}/analysis/status` },
      { method: 'GET', url: `/api/v1/projects/${pid}/insights` },
      { method: 'PATCH', url: `/api/v1/projects/${pid}/insights/${one.insight_id}`, payload: { resolved: true } },
      { method: 'POST', url: `/api/v1/projects/${pid}/reports`, payload: {} },
      { method: 'GET', url: `/api/v1/files/${ids['summary.docx']}` },
    ] as const;
    for (const req of attempts) {
      const res = await t.inject({ ...req, headers: auth(b.secret) });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const upload = await attach(t, b.secret, pid, 'notes.txt', Buffer.from('Revenue: $5M'));
    expect(upload.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/projects', headers: auth(b.secret) })).json().items).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/v1/projects/${pid}`, headers: auth(a.secret) })).json().name).toBe('Acme Q1 review');
    expect(await insights(t, a.secret, pid)).toHaveLength(4);
  });

  it('fail the index stage of a file that cannot be read, and still complete the project', async () => {
    const other = await createProject(t, a.secret, { name: 'Damaged' });
    const res = await attach(t, a.secret, other.project_id, 'scan.pdf', Buffer.from('%PDF-1.4\nthis is not a PDF body'));
    expect(res.json()).toMatchObject({ content_type: 'application/pdf', index_status: 'pending', pipeline_status: 'pending' });
    const done = await waitForAnalysis(t, a.secret, other.project_id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, counts: { files: 1, failed: 1, insights: 0 } });
    expect(done.files[0]).toMatchObject({ index_status: 'failed', pipeline_status: 'failed', error: { stage: 'index', message: expect.stringContaining('PDF') } });
  });

  it('start a new generation when a file is removed, and drop its insights', async () => {
    const pid = project.project_id;
    const before = await status(t, a.secret, pid);
    const res = await t.inject({ method: 'DELETE', url: `/api/v1/projects/${pid}/files/${ids['report.pdf']}`, headers: auth(a.secret) });
    expect(res.statusCode).toBe(204);
    expect((await insights(t, a.secret, pid)).map((i) => i.kind)).toEqual(['insight', 'insight']);
    const after = await waitForAnalysis(t, a.secret, pid);
    expect(after.generation).toBe(before.generation + 1);
    expect(after.counts).toMatchObject({ files: 2, insights: 2 });
    expect((await t.inject({ method: 'GET', url: `/api/v1/files/${ids['report.pdf']}`, headers: auth(a.secret) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/projects/${pid}/files/${ids['report.pdf']}`, headers: auth(a.secret) })).statusCode).toBe(404);
  });
});
