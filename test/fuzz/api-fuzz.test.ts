// Schema-driven fuzzing of every operation of the live OpenAPI document (docs/architecture/input-hygiene.md).
// Seeded and reproducible: FOLIO_FUZZ_SEED (default 27) and FOLIO_FUZZ_REQUESTS (default 1400, about a
// minute here; `npm run fuzz` sends many more). Properties: no 5xx; every response matches the document
// for its status; every error uses the envelope; bad credentials get 401; another organization's id
// in any id parameter gets 404; /health answers after each batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { idFor, refreshOrg, seedOrg, type OrgFixture } from './fixtures.ts';
import { operationsOf, ResponseChecker, type Operation } from './operations.ts';
import { buildCase, newStats, report, send } from './runner.ts';
import { Rng, validValue } from './values.ts';

const SEED = Number(process.env.FOLIO_FUZZ_SEED ?? 27);
const REQUESTS = Number(process.env.FOLIO_FUZZ_REQUESTS ?? 1400);

let t: TestApp;
let ops: Operation[];
let a: OrgFixture;
let b: OrgFixture;
const checker = new ResponseChecker();

beforeAll(async () => {
  // Webhook targets on 127.0.0.1 are accepted, so subscriptions exist (deliveries fail fast: nothing listens on port 9).
  t = await startTestApp({}, { env: { FOLIO_ALLOW_PRIVATE_URLS: 'true', FOLIO_TEMPLATE_THUMBNAILS: 'false' } });
  ops = operationsOf((await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json());
  // Deletions last in a round, so the round's other requests still find the resources.
  ops.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
  a = await seedOrg(t, 'a');
  b = await seedOrg(t, 'b');
  // The suite's own user is never a member-management target (it could demote itself).
  a.ids.user_id = 'usr_01M8A0AW1R16QPE1SX4E59AZEV';
}, 300_000);
afterAll(async () => t?.close());

async function healthy() {
  const res = await t.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers ${REQUESTS} generated and mutated requests as documented (seed ${SEED})`, async () => {
    expect(ops.length).toBeGreaterThan(60);
    const rng = new Rng(SEED);
    const stats = newStats();
    const rounds = Math.max(1, Math.ceil(REQUESTS / ops.length));
    for (let round = 0; round < rounds; round++) {
      for (const op of ops) await send(t, op, buildCase(op, a, rng, round), checker, stats);
      await healthy();
      await refreshOrg(t, a);
    }
    console.log(report(stats));
    for (const op of ops) expect(stats.byOp.get(op.id)?.sent ?? 0, op.id).toBeGreaterThan(0);
    expect(stats.failures.map((f) => `${f.op} [${f.kind}] ${f.status}: ${f.problems[0]}`)).toEqual([]);
  }, Math.max(900_000, REQUESTS * 250));

  it('answers 404 for another organization\'s id in every id parameter (matrix generated from the document)', async () => {
    const rng = new Rng(SEED);
    a.token = await t.token(a.sub);
    b.token = await t.token(b.sub);
    const withIds = ops.filter((op) => op.params.some((p) => p.in === 'path'));
    expect(withIds.length).toBeGreaterThan(30);
    const stats = newStats();
    const wrong: string[] = [];
    for (const op of withIds) {
      const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
      for (const name of names) {
        // Users are not an organization's resources: adding one by the user_id they share is the operation.
        if (op.id === 'PUT /api/v1/organizations/{org_id}/members/{user_id}' && name === 'user_id') continue;
        // This parameter is the other organization's; the others are the caller's own.
        const path: Record<string, string> = {};
        for (const n of names) {
          const id = idFor(n === name ? b : a, op.path, n);
          if (!id) throw new Error(`no fixture id for path parameter ${n} of ${op.id}: add one to test/fuzz/fixtures.ts`);
          path[n] = id;
        }
        const url = op.path.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(path[n]));
        const built = buildCase(op, a, rng, 0);
        built.opts.url = url;
        built.kind = `tenancy: ${name}`;
        const bodySchema = op.body?.['application/json'];
        if (bodySchema) built.opts.payload = JSON.stringify(validValue(bodySchema, rng));
        const res = await send(t, op, built, checker, stats);
        // Edit tokens are credentials for one run: for any other run, existing or not, they are 401.
        const expected = op.auth === 'edit_token' ? 401 : 404;
        if (res.statusCode !== expected) wrong.push(`${op.id} with the other organization's ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (op.auth === 'edit_token') {
          const missing = await send(t, op, { ...built, opts: { ...built.opts, url: url.replace(path[name], 'run_01M8A0AW1R16QPE1SX4E59AZEV') } }, checker, stats);
          if (missing.statusCode !== res.statusCode) wrong.push(`${op.id}: another organization's ${name} answers ${res.statusCode}, a missing one ${missing.statusCode}`);
        }
      }
    }
    console.log(report(stats));
    expect(wrong).toEqual([]);
    expect(stats.failures.map((f) => `${f.op} [${f.kind}] ${f.status}: ${f.problems[0]}`)).toEqual([]);
    await healthy();
  }, 300_000);
});
