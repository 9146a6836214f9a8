// The deployment files are validated as CI would: yamllint over deploy/, every Kubernetes manifest
// against the Kubernetes API schemas (kubernetes-models), and the compose file, the manifests and the
// Dockerfile checked for what operators rely on (health checks, start order, grace periods, settings
// that exist). The probe paths are asked of a real app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import * as core from 'kubernetes-models/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import { SETTINGS } from '../src/config-settings.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPLOY = path.join(ROOT, 'deploy');
const KNOWN_ENV = new Set(SETTINGS.map((s) => s.env));
/** The Kubernetes API groups the manifests use (a manifest of another group fails until it is added here). */
const MODELS: Record<string, Record<string, unknown>> = { v1: core, 'apps/v1': apps, 'batch/v1': batch, 'policy/v1': policy, 'autoscaling/v2': autoscaling };

function loadYaml(file: string): any[] {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  for (const d of docs) expect(d.errors, `${file}: ${d.errors.join('; ')}`).toEqual([]);
  return docs.map((d) => d.toJS());
}

function yamllint(target: string): { status: number | null; output: string } {
  const r = spawnSync('yamllint', ['-f', 'parsable', '-c', path.join(DEPLOY, '.yamllint.yaml'), target], { encoding: 'utf8' });
  if (r.error) throw new Error(`yamllint could not run (${r.error.message}): install the Debian package yamllint`);
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('yamllint', () => {
  it('passes over deploy/, and does find problems', () => {
    const lint = yamllint(DEPLOY);
    expect(lint.output).toBe('');
    expect(lint.status).toBe(0);
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lint-')), 'bad.yaml');
    fs.writeFileSync(bad, 'a: 1\na: 2\nb:   [1,2]   \n');
    const refused = yamllint(bad);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/duplicat.*key/);
  });
});

describe('Kubernetes manifests', () => {
  const dir = path.join(DEPLOY, 'kubernetes');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
  const objects = files.flatMap((f) => loadYaml(path.join(dir, f)).map((o) => ({ file: f, o })));
  const find = (kind: string, name: string) => {
    const hit = objects.find(({ o }) => o.kind === kind && o.metadata?.name === name);
    expect(hit, `${kind} ${name}`).toBeDefined();
    return hit!.o;
  };

  it('are valid objects of the Kubernetes API', () => {
    expect(objects.length).toBeGreaterThanOrEqual(9);
    for (const { file, o } of objects) {
      expect(MODELS, `${file}: apiVersion ${o.apiVersion}`).toHaveProperty([o.apiVersion]);
      const Model = MODELS[o.apiVersion][o.kind] as (new (o: unknown) => { validate(): void }) | undefined;
      expect(Model, `${file}: no ${o.apiVersion} ${o.kind} in the Kubernetes API`).toBeTypeOf('function');
      expect(() => new Model!(o).validate(), `${file}: ${o.kind} ${o.metadata?.name}`).not.toThrow();
    }
    // The validator does catch mistakes.
    expect(() => new apps.Deployment({ metadata: { name: 'x' }, spec: { replicas: '2', selector: {}, template: { spec: { containers: [{}] } } } } as any).validate()).toThrow(/replicas|name/);
  });

  it('are all listed in the kustomization', () => {
    const [k] = loadYaml(path.join(dir, 'kustomization.yaml'));
    expect([...k.resources].sort()).toEqual([...files].sort());
  });

  it('probe the API on /health, give workers longer than their shutdown grace, and scale and protect them', () => {
    const config = find('ConfigMap', 'folio-config');
    const secret = find('Secret', 'folio-secrets');
    for (const name of [...Object.keys(config.data), ...Object.keys(secret.stringData)]) expect(KNOWN_ENV, `${name} is not a Folio setting`).toContain(name);
    expect(config.data.FOLIO_MIGRATE_ON_START).toBe('false');

    const api = find('Deployment', 'folio-api').spec.template.spec;
    const container = api.containers[0];
    expect(container.args).toEqual(['serve']);
    expect(container.readinessProbe.httpGet.path).toBe('/api/v1/health');
    expect(container.livenessProbe.httpGet.path).toBe('/api/v1/health/live');
    expect(container.env).toContainEqual({ name: 'FOLIO_WORKERS', value: '0' });

    const worker = find('Deployment', 'folio-worker').spec.template.spec;
    expect(worker.containers[0].args).toEqual(['worker']);
    expect(worker.terminationGracePeriodSeconds).toBeGreaterThan(Number(config.data.FOLIO_SHUTDOWN_GRACE_SECONDS) + 15);
    for (const c of [container, worker.containers[0]]) {
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'folio-config' } }, { secretRef: { name: 'folio-secrets' } }]);
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
    }
    expect(find('Job', 'folio-migrate').spec.template.spec.containers[0].args).toEqual(['migrate']);
    const hpa = find('HorizontalPodAutoscaler', 'folio-worker');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'folio-worker' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    for (const name of ['folio-api', 'folio-worker']) {
      expect(find('PodDisruptionBudget', name).spec.selector.matchLabels).toEqual(find('Deployment', name).spec.selector.matchLabels);
    }
  });
});

describe('compose file', () => {
  const [compose] = loadYaml(path.join(DEPLOY, 'compose.yaml'));
  const env = Object.fromEntries(fs.readFileSync(path.join(DEPLOY, '.env.example'), 'utf8').split('\n').filter((l) => /^[A-Z0-9_]+=/.test(l)).map((l) => l.split('=', 2)));
  const s = compose.services;

  it('runs two API replicas behind a proxy, two workers, PostgreSQL, Redis, MinIO, a migration job and Collabora as a profile', () => {
    expect(Object.keys(s).sort()).toEqual(['api', 'collabora', 'migrate', 'minio', 'minio-setup', 'postgres', 'proxy', 'redis', 'worker']);
    expect(s.api.deploy.replicas).toBe(2);
    expect(s.worker.deploy.replicas).toBe(2);
    expect(s.api.command).toEqual(['serve']);
    expect(s.worker.command).toEqual(['worker']);
    expect(s.migrate.command).toEqual(['migrate']);
    expect(s.collabora.profiles).toEqual(['collabora']);
    expect(compose.configs.caddyfile.content).toMatch(/dynamic a api 8080/);
  });

  it('has health checks and starts in order', () => {
    for (const name of ['postgres', 'redis', 'minio', 'api', 'proxy', 'collabora']) expect(s[name].healthcheck?.test, name).toBeDefined();
    expect(s.api.healthcheck.test.join(' ')).toContain('/api/v1/health');
    expect(s.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['api', 'worker']) {
      expect(s[name].depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, 'minio-setup': { condition: 'service_completed_successfully' }, redis: { condition: 'service_healthy' } });
      expect(s[name].environment.FOLIO_MIGRATE_ON_START).toBe('false');
    }
    expect(s['minio-setup'].depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    expect(s.proxy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    expect(parseInt(s.worker.stop_grace_period, 10)).toBeGreaterThan(Number(env.FOLIO_SHUTDOWN_GRACE_SECONDS) + 15);
  });

  it('takes its secrets from .env.example, and passes only settings Folio has', () => {
    const text = fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');
    const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    for (const name of used) expect(Object.keys(env).concat('FOLIO_WOPI_DISCOVERY_URL'), `${name} is not in .env.example`).toContain(name);
    for (const name of ['POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'FOLIO_URL_SIGNING_SECRET']) expect(text).toContain(`\${${name}:?`);
    for (const name of Object.keys(compose['x-folio-env'])) expect(KNOWN_ENV, `${name} is not a Folio setting`).toContain(name);
  });
});

describe('Dockerfile', () => {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  it('builds on a base given as an argument, installs production dependencies before the sources, and runs as a non-root user under tini', () => {
    expect(text).toMatch(/^ARG BASE_IMAGE=debian:bookworm-slim$/m);
    expect(text.match(/^FROM \$\{BASE_IMAGE\}/gm)?.length).toBe(2);
    expect(text).toMatch(/npm ci --omit=dev/);
    expect(text.indexOf('COPY package.json package-lock.json')).toBeLessThan(text.indexOf('COPY src'));
    expect(text).toMatch(/libreoffice-nogui python3-uno/);
    expect(text).toMatch(/poppler-utils/);
    expect(text).toMatch(/^USER folio$/m);
    expect(text).toMatch(/^HEALTHCHECK /m);
    expect(text).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"/m);
    expect(text).toMatch(/^CMD \["serve"\]$/m);
    expect(text).toMatch(/^VOLUME \["\/data"\]$/m);
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', '.git', 'data', 'test']) expect(ignored).toContain(entry);
  });
});

describe('the probe paths', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(); });
  afterAll(async () => t?.close());

  it('answer on a running app', async () => {
    const live = await t.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', ready: true, checks: { database: { status: 'ok' }, blob_store: { status: 'ok' } } });
  });
});
