// Deleted templates' bytes: kept for FOLIO_TEMPLATE_PURGE_GRACE_SECONDS (24 h, so generations queued
// before the deletion still find them), then removed by the storage purge sweeper, every version's file
// (and layout thumbnails: see templates.test.ts). The version rows stay, runs keep naming what they were
// made from, and a generation that reaches a purged template fails with a clear not_found.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile } from './helpers/slides.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadTemplate } from './helpers/templates.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({}), { env: { FOLIO_TEMPLATE_THUMBNAILS: 'false' } }); });
afterAll(async () => t?.close());

const blobKeys = async (templateId: string) => (await t.app.ctx.database.db.selectFrom('template_versions').select(['version', 'blob_key']).where('template_id', '=', templateId).orderBy('version').execute()).map((v) => v.blob_key);
const purgedAt = async (templateId: string) => (await t.app.ctx.database.db.selectFrom('templates').select('purged_at').where('template_id', '=', templateId).executeTakeFirstOrThrow()).purged_at;
/** Moves a deletion back in time, as if the grace period had passed. */
const backdate = (templateId: string, hours: number) => sql`update templates set deleted_at = deleted_at - make_interval(hours => ${hours}) where template_id = ${templateId}`.execute(t.app.ctx.database.db);

describe('deleted templates', () => {
  it('keeps the bytes through the grace period, then the sweeper removes every version; other templates are untouched', async () => {
    const org = await t.signup();
    const other = await t.signup();
    const doomed = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Old brand' })).json();
    const v2 = await uploadTemplate(t, org.secret, 'comments.pptx', corpusFile('pptx/pp-comments.pptx'), {}, `/api/v1/templates/${doomed.template_id}/file`, 'PUT');
    expect(v2.statusCode, v2.body).toBe(200);
    const kept = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Current brand' })).json();
    const theirs = (await uploadTemplate(t, other.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Theirs' })).json();
    const keys = await blobKeys(doomed.template_id);
    expect(keys).toHaveLength(2);

    expect((await t.inject({ method: 'DELETE', url: `/api/v1/templates/${doomed.template_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    // Within the grace period (the default, 24 h): nothing is removed.
    const early = await t.app.ctx.storagePurger.sweepOnce();
    expect(early.sources.templates).toBe(0);
    for (const k of keys) expect(await t.app.ctx.blobs.size(k)).toBeGreaterThan(0);
    expect(await purgedAt(doomed.template_id)).toBeNull();

    await backdate(doomed.template_id, 25);
    const swept = await t.app.ctx.storagePurger.sweepOnce();
    expect(swept.sources.templates).toBe(1);
    expect(swept.failed).toBe(0);
    for (const k of keys) expect(await t.app.ctx.blobs.size(k)).toBeNull();
    expect(await purgedAt(doomed.template_id)).toBeInstanceOf(Date);
    // The version rows stay (runs name the version they were made from).
    expect(await blobKeys(doomed.template_id)).toEqual(keys);
    expect((await t.inject({ method: 'GET', url: `/api/v1/templates/${doomed.template_id}`, headers: key(org.secret) })).statusCode).toBe(404);
    // A second sweep finds nothing more to do.
    expect((await t.app.ctx.storagePurger.sweepOnce()).sources.templates).toBe(0);

    // Live templates, this organization's and another's, keep their bytes and still generate.
    for (const [secret, tpl] of [[org.secret, kept], [other.secret, theirs]] as const) {
      for (const k of await blobKeys(tpl.template_id)) expect(await t.app.ctx.blobs.size(k)).toBeGreaterThan(0);
      expect((await t.inject({ method: 'GET', url: `/api/v1/templates/${tpl.template_id}`, headers: key(secret) })).statusCode).toBe(200);
      const gen = await generate(t, secret, { prompt: '# Field report\n\n## What we saw\n- Three new sites', template_id: tpl.template_id }, 'slides');
      expect(gen.statusCode, gen.body).toBe(200);
    }
  }, 120_000);

  it('a generation queued before the deletion fails with not_found once the bytes are gone, not with a storage error', async () => {
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Soon gone' })).json();
    const ref = { template_id: tpl.template_id, version: 1 };
    const request = { prompt: 'A deck' } as never;
    // Deleted but within its grace period: a task that recorded it still opens it.
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/templates/${tpl.template_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    const opened = await t.app.ctx.templates.source.open(org.org_id, 'slides', ref, request);
    expect(opened.doc).toBeTruthy();
    await backdate(tpl.template_id, 25);
    expect((await t.app.ctx.storagePurger.sweepOnce()).sources.templates).toBe(1);
    const err = await t.app.ctx.templates.source.open(org.org_id, 'slides', ref, request).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'not_found', status: 404 });
    expect((err as Error).message).toContain(`Template ${tpl.template_id} was deleted`);
  }, 60_000);

  it('a sweep that cannot delete the bytes leaves the template for the next one', async () => {
    const org = await t.signup();
    const tpl = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Stuck' })).json();
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/templates/${tpl.template_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    await backdate(tpl.template_id, 25);
    const blobs = t.app.ctx.blobs;
    const real = blobs.delete.bind(blobs);
    blobs.delete = async () => { throw new Error('store unavailable'); };
    try {
      const failed = await t.app.ctx.storagePurger.sweepOnce();
      expect(failed.failed).toBeGreaterThanOrEqual(1);
    } finally {
      blobs.delete = real;
    }
    expect(await purgedAt(tpl.template_id)).toBeNull();
    // The failed claim holds its 5-minute lease; once it has run out, the next sweep completes the purge.
    await sql`update templates set purge_lease_until = now() - interval '1 second' where template_id = ${tpl.template_id}`.execute(t.app.ctx.database.db);
    expect((await t.app.ctx.storagePurger.sweepOnce()).sources.templates).toBe(1);
    expect(await purgedAt(tpl.template_id)).toBeInstanceOf(Date);
    for (const k of await blobKeys(tpl.template_id)) expect(await t.app.ctx.blobs.size(k)).toBeNull();
  }, 60_000);
});
