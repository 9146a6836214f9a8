// One organization's resources for the fuzz suite: an id for every kind of path parameter the OpenAPI
// document has, so requests reach past "not found" and the tenancy matrix can use another
// organization's real ids.
import type { TestApp } from '../helpers/test-app.ts';
import { fileUpload } from '../helpers/multipart.ts';
import fs from 'node:fs';
import path from 'node:path';
import { png } from '../helpers/fixtures.ts';

/** Folio's own deck template: a real template to upload to POST /templates. */
const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/documents/slides/templates/ivory.pptx'));
const templateUpload = () => fileUpload('brand.pptx', TEMPLATE, { name: 'Fuzz template' });

export interface OrgFixture {
  /** The ID token's subject (tokens are minted again each round: they last 10 minutes). */
  sub: string;
  org_id: string;
  secret: string;
  token: string;
  /** Edit token of the org's completed run. */
  editToken: string;
  /** Path parameter name -> an id of this organization. */
  ids: Record<string, string>;
}

function must(res: { statusCode: number; body: string }, what: string, ok = [200, 201]) {
  if (!ok.includes(res.statusCode)) throw new Error(`fuzz fixture ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
}

/** Recreates the cheap resources a round of fuzzing may have deleted (projects, files, images, webhooks, the spare key). */
export async function refreshOrg(t: TestApp, fx: OrgFixture): Promise<void> {
  fx.token = await t.token(fx.sub);
  const key = { 'x-api-key': fx.secret };
  const project = must(await t.inject({ method: 'POST', url: '/api/v1/projects', headers: key, payload: { name: 'Fuzz again' } }), 'project');
  const upload = (url: string, file: ReturnType<typeof fileUpload>) => t.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...key, ...file.headers }, payload: file.payload });
  fx.ids.project_id = project.project_id;
  fx.ids.project_file_id = must(await upload(`/projects/${project.project_id}/files`, fileUpload('data.csv', Buffer.from('region,revenue\nNorth,10\n'))), 'project file').file_id;
  fx.ids.file_id = must(await upload('/files', fileUpload('notes.txt', Buffer.from('More notes.\n'))), 'file').file_id;
  fx.ids.image_id = must(await upload('/images', fileUpload('logo.png', png(8, 8))), 'image').image_id;
  fx.ids.template_id = must(await upload('/templates', templateUpload()), 'template').template_id;
  const webhook = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: key, payload: { url: 'http://127.0.0.1:9/hook', events: ['run.completed'] } });
  if (webhook.statusCode === 201) fx.ids.webhook_id = webhook.json().webhook_id;
  const spare = await t.inject({ method: 'POST', url: `/api/v1/organizations/${fx.org_id}/api-keys`, headers: { authorization: `Bearer ${fx.token}` }, payload: { name: 'spare' } });
  if (spare.statusCode === 201) fx.ids.key_id = spare.json().key_id;
}

export async function seedOrg(t: TestApp, name: string): Promise<OrgFixture> {
  const sub = `fuzz-${name}`;
  const org = await t.signup(sub, { tier: 'enterprise' });
  const key = { 'x-api-key': org.secret };
  const json = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') => t.inject({ method, url: `/api/v1${url}`, headers: key, payload: payload as any });
  const upload = (url: string, file: ReturnType<typeof fileUpload>) => t.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...key, ...file.headers }, payload: file.payload });

  const project = must(await json('/projects', { name: `Fuzz ${name}` }), 'project');
  const file = must(await upload('/files', fileUpload('notes.txt', Buffer.from('Revenue grew 12% in Q1.\n'))), 'file');
  const projectFile = must(await upload(`/projects/${project.project_id}/files`, fileUpload('data.csv', Buffer.from('region,revenue\nNorth,10\nSouth,12\n'))), 'project file');
  const image = must(await upload('/images', fileUpload('logo.png', png(8, 8))), 'image');
  const template = must(await upload('/templates', templateUpload()), 'template');
  const webhook = must(await json('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['run.completed'] }), 'webhook', [201, 422]);
  const run = must(await json('/word/generate', { prompt: 'A one-page memo about the fuzz suite.' }), 'run');
  const runRes = must(await t.inject({ method: 'GET', url: `/api/v1/runs/${run.run_id}`, headers: key }), 'run read');
  const editToken = new URL(runRes.edit_url).searchParams.get('token') ?? '';
  // A spare key, so DELETE /api-keys/{key_id} never revokes the key the suite uses.
  const spare = must(await t.inject({ method: 'POST', url: `/api/v1/organizations/${org.org_id}/api-keys`, headers: { authorization: `Bearer ${org.token}` }, payload: { name: 'spare' } }), 'spare key');
  const members = must(await t.inject({ method: 'GET', url: `/api/v1/organizations/${org.org_id}/members`, headers: { authorization: `Bearer ${org.token}` } }), 'members');
  const deliveries = webhook.webhook_id ? await t.inject({ method: 'POST', url: `/api/v1/webhooks/${webhook.webhook_id}/test`, headers: key }) : null;
  const delivery = deliveries && deliveries.statusCode < 300 ? JSON.parse(deliveries.body) : {};
  return {
    sub,
    org_id: org.org_id,
    secret: org.secret,
    token: org.token,
    editToken,
    ids: {
      org_id: org.org_id,
      key_id: spare.key_id,
      user_id: members.items?.[0]?.user_id ?? 'usr_01M8A0AW1R16QPE1SX4E59AZEV',
      project_id: project.project_id,
      file_id: file.file_id,
      image_id: image.image_id,
      webhook_id: webhook.webhook_id ?? 'wh_01M8A0AW1R16QPE1SX4E59AZEV',
      delivery_id: delivery.delivery_id ?? 'dlv_01M8A0AW1R16QPE1SX4E59AZEV',
      run_id: run.run_id,
      task_id: run.task_id,
      insight_id: 'ins_01M8A0AW1R16QPE1SX4E59AZEV',
      project_file_id: projectFile.file_id,
      template_id: template.template_id,
    },
  };
}

/** The id to use for a path parameter of an operation (project files use the project's own file). */
export function idFor(fx: OrgFixture, opPath: string, param: string): string | undefined {
  if (param === 'file_id' && opPath.includes('/projects/{project_id}/files/')) return fx.ids.project_file_id;
  return fx.ids[param];
}
