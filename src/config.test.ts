import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS } from './config.ts';
import { CONFIG_DOC, docTable, renderConfigTable } from '../scripts/config-table.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.rateLimits).toEqual({ free: 10, pro: 60, enterprise: 600 });
    expect(c.oidc).toBeNull();
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', FOLIO_RATE_LIMIT_PRO: '0', NODE_ENV: 'staging', DATABASE_URL: 'not a url', FOLIO_SIGNUP_TIERS: 'free,gold' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const needle of ['PORT', 'FOLIO_RATE_LIMIT_PRO', 'NODE_ENV', 'DATABASE_URL', 'gold']) expect(message).toContain(needle);
  });

  it('requires an audience with an OIDC issuer', () => {
    expect(() => loadConfig({ FOLIO_OIDC_ISSUER: 'https://issuer.example' })).toThrow(/FOLIO_OIDC_AUDIENCE/);
    const c = loadConfig({ FOLIO_OIDC_ISSUER: 'https://issuer.example', FOLIO_OIDC_AUDIENCE: 'app' });
    expect(c.oidc).toEqual({ issuer: 'https://issuer.example', audience: 'app', jwksUrl: null });
  });

  it('trims a trailing slash from the public URL', () => {
    expect(loadConfig({ FOLIO_PUBLIC_URL: 'https://folio.example.com/' }).publicUrl).toBe('https://folio.example.com');
  });

  it('declares every setting once', () => {
    const names = SETTINGS.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the configuration reference (docs/reference/configuration.md)', () => {
  it('has the table src/config.ts renders (run `npm run docs:config` to regenerate)', () => {
    expect(docTable(fs.readFileSync(CONFIG_DOC, 'utf8'))).toBe(renderConfigTable());
  });

  it('names every environment variable read by name in src/config.ts and the client CLI (src/config-cli.ts)', () => {
    const doc = fs.readFileSync(CONFIG_DOC, 'utf8');
    const source = ['./config.ts', './config-cli.ts'].map((f) => fs.readFileSync(new URL(f, import.meta.url), 'utf8')).join('\n');
    const names = new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]).filter((n) => n !== 'HOME' && n !== 'TERM'));
    expect(names).toContain('FOLIO_API_KEY');
    expect(names).toContain('NODE_ENV');
    expect([...names].filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});

describe('no process.env outside config', () => {
  it('keeps environment reads in src/config.ts (and the client CLI\'s src/config-cli.ts)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('src/config.ts') && !p.endsWith('src/config-cli.ts') && fs.readFileSync(p, 'utf8').includes('process.env')) offenders.push(p);
      }
    };
    walk(new URL('.', import.meta.url).pathname.replace(/\/$/, ''));
    expect(offenders).toEqual([]);
  });
});
