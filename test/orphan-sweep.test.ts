// The orphaned-blob sweep over the real app: bytes no row refers to (a process died between storing a
// blob and committing its row) are removed once they are older than FOLIO_ORPHAN_BLOB_GRACE_SECONDS;
// everything a file, an image, a run version or a template version refers to stays and still downloads;
// young blobs and keys of no known kind are never touched; one pass per interval in the deployment.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, key, withRuns } from './helpers/runs.ts';
import { corpusFile } from './helpers/slides.ts';
import { png } from './helpers/fixtures.ts';
import { download, fileParts, localBlobsDir, upload } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadTemplate } from './helpers/templates.ts';
import { OrphanSweepRepository } from '../src/storage/orphan-sweep.repository.ts';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(withRuns({}), { env: { FOLIO_TEMPLATE_THUMBNAILS: 'false' } }); });
afterAll(async () => t?.close());

const put = (k: string, body = 'orphan') => t.app.ctx.blobs.put(k, Readable.from([Buffer.from(body)]), { contentType: 'application/octet-stream' });
const exists = async (k: string) => (await t.app.ctx.blobs.size(k)) !== null;
/** Every blob file of the local store, written two days ago. */
function ageEverything(days = 2): void {
  const when = new Date(Date.now() - days * 86400_000);
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== '.tmp') walk(p); } else fs.utimesSync(p, when, when);
    }
  };
  walk(localBlobsDir(t));
}
const forgetPasses = () => sql`delete from maintenance_passes`.execute(t.app.ctx.database.db);

describe('orphaned blobs', () => {
  it('removes only old blobs no row refers to; what rows refer to still downloads', async () => {
    const org = await t.signup();
    const file = (await upload(t, org.secret, '/api/v1/files', fileParts('notes.txt', Buffer.from('keep me')))).json();
    const image = (await upload(t, org.secret, '/api/v1/images', fileParts('dot.png', png(4, 4)))).json();
    const tpl = (await uploadTemplate(t, org.secret, 'pencil.pptx', corpusFile('pptx/lo-tpl-pencil.pptx'), { name: 'Brand' })).json();
    const run = (await generate(t, org.secret, { prompt: '# Field report\n\n## What we saw\n- Three new sites' }, 'slides')).json();
    expect(run.status).toBe('completed');
    const deleted = (await upload(t, org.secret, '/api/v1/files', fileParts('gone.txt', Buffer.from('deleted, not yet purged')))).json();
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/files/${deleted.file_id}`, headers: key(org.secret) })).statusCode).toBe(204);
    const db = t.app.ctx.database.db;
    const live = [
      (await db.selectFrom('files').select('blob_key').where('file_id', '=', file.file_id).executeTakeFirstOrThrow()).blob_key,
      (await db.selectFrom('files').select('blob_key').where('file_id', '=', deleted.file_id).executeTakeFirstOrThrow()).blob_key,
      (await db.selectFrom('images').select('blob_key').where('image_id', '=', image.image_id).executeTakeFirstOrThrow()).blob_key,
      (await db.selectFrom('template_versions').select('blob_key').where('template_id', '=', tpl.template_id).executeTakeFirstOrThrow()).blob_key,
      (await db.selectFrom('artifact_versions').select('blob_key').where('run_id', '=', run.run_id).executeTakeFirstOrThrow()).blob_key,
    ];
    // What a process that died between storing and committing leaves behind, of each owned kind.
    const orphans = [
      `orgs/${org.org_id}/files/file_never_committed`,
      `orgs/${org.org_id}/images/img_never_committed`,
      `orgs/${org.org_id}/runs/${run.run_id}/task_lost.2`,
      `orgs/${org.org_id}/runs/run_gone/edit-ver_x`,
      `orgs/${org.org_id}/templates/tpl_never/v1`,
      `orgs/${org.org_id}/templates/tpl_never/v1-layout1.png`,
    ];
    // Never touched: the export cache (its own sweeper), a kind nobody owns, anything outside orgs/.
    // So is an organization this database does not know (a bucket shared with another database).
    const strangers = [`orgs/${org.org_id}/exports/run_x/ver_x/pdf/doc.pdf`, `orgs/${org.org_id}/unknown-kind/x`, 'backups/not-folio.bin', 'orgs/org_of_another_database/files/file_x'];
    for (const k of [...orphans, ...strangers]) await put(k);
    ageEverything();
    const young = `orgs/${org.org_id}/files/file_being_committed`;
    await put(young);
    await forgetPasses();

    const dry = await t.app.ctx.orphanSweeper.sweepOnce({ dryRun: true, force: true });
    expect(dry.orphans.filter((k) => k.startsWith(`orgs/${org.org_id}/`)).sort()).toEqual([...orphans].sort());
    for (const k of [...orphans, ...live]) expect(await exists(k), k).toBe(true);

    const swept = await t.app.ctx.orphanSweeper.sweepOnce();
    expect(swept.ran).toBe(true);
    expect(swept.failed).toBe(0);
    expect(swept.young).toBeGreaterThanOrEqual(1);
    expect(swept.unowned).toBeGreaterThanOrEqual(3);
    for (const k of orphans) expect(await exists(k), k).toBe(false);
    for (const k of [...live, young, ...strangers]) expect(await exists(k), k).toBe(true);
    // The live documents still come back over the API.
    const got = await t.inject({ method: 'GET', url: `/api/v1/files/${file.file_id}`, headers: key(org.secret) });
    expect((await download(t, got.json().download_url)).body.toString()).toBe('keep me');
    expect((await t.inject({ method: 'GET', url: `/api/v1/runs/${run.run_id}/download`, headers: key(org.secret) })).statusCode).toBe(302);
    // Once per interval in the deployment: a second process asking now does not sweep.
    expect((await t.app.ctx.orphanSweeper.sweepOnce()).ran).toBe(false);
  }, 120_000);

  it('keeps a blob written again after it was listed (a template version number used again)', async () => {
    const org = await t.signup();
    const k = `orgs/${org.org_id}/templates/tpl_reused/v1`;
    await put(k, 'old attempt');
    ageEverything();
    await forgetPasses();
    // The store lists the old blob; before the sweep gets to it, a new upload writes the same key.
    const blobs = t.app.ctx.blobs;
    const realList = blobs.list.bind(blobs);
    blobs.list = async function* (prefix: string) {
      for await (const b of realList(prefix)) {
        if (b.key === k) await put(k, 'new version');
        yield b;
      }
    };
    try {
      const r = await t.app.ctx.orphanSweeper.sweepOnce({ force: true });
      expect(r.rewritten).toBe(1);
    } finally {
      blobs.list = realList;
    }
    expect(await exists(k)).toBe(true);
  }, 60_000);

  it('one of several processes claims a pass; the next pass is claimable once the interval has gone by', async () => {
    const repo = new OrphanSweepRepository(t.app.ctx.database.db);
    await forgetPasses();
    const claims = await Promise.all([1, 2, 3, 4].map((i) => repo.claimPass('test-pass', 3600, `host~${i}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimPass('test-pass', 3600, 'host~5')).toBe(false);
    await sql`update maintenance_passes set started_at = now() - interval '2 hours' where name = 'test-pass'`.execute(t.app.ctx.database.db);
    expect(await repo.claimPass('test-pass', 3600, 'host~6')).toBe(true);
  });

  it('removes nothing when most of what it finds looks orphaned (the wrong database), unless told to', async () => {
    const org = await t.signup();
    const keys = Array.from({ length: 120 }, (_, i) => `orgs/${org.org_id}/files/file_mass_${i}`);
    for (const k of keys) await put(k);
    ageEverything();
    const before = await t.app.ctx.orphanSweeper.sweepOnce({ force: true, dryRun: true });
    // The few documents of the other tests are referenced: these 120 are most of what is old and owned.
    expect(before.removed['files and images']).toBe(120);
    expect(before.referenced).toBeLessThan(120);
    const braked = await t.app.ctx.orphanSweeper.sweepOnce({ force: true });
    expect(braked.refused).toBe(true);
    for (const k of keys) expect(await exists(k)).toBe(true);
    const unlimited = await t.app.ctx.orphanSweeper.sweepOnce({ force: true, unlimited: true });
    expect(unlimited.refused).toBe(false);
    for (const k of keys) expect(await exists(k)).toBe(false);
  }, 60_000);
});
