import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableRoutes } from '../src/http/unavailable.routes.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
// No agents installed, so the generate endpoints answer 501; and a feature that has not landed,
// registered through the same mechanism the contract's endpoints used while their issues were open.
beforeAll(async () => {
  t = await startTestApp({}, { agents: {}, extraRoutes: (api) => unavailableRoutes(api, [['POST', '/reports/forecast', 'Forecasts'], ['GET', '/reports/forecast/:id', 'Forecasts']]) });
});
afterAll(async () => t?.close());

describe('endpoints whose features have not landed', () => {
  it('authenticate first, then answer 501 not_implemented with a clear message', async () => {
    const org = await t.signup('unavailable');
    for (const [method, url] of [['POST', '/api/v1/word/generate'], ['POST', '/api/v1/reports/forecast'], ['GET', '/api/v1/reports/forecast/fc_1']] as const) {
      const anonymous = await t.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await t.inject({ method, url, headers: { 'x-api-key': org.secret }, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(501);
      expect(res.json()).toEqual({ success: false, error: 'not_implemented', message: expect.stringContaining('not available') });
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
  });

  it('are documented as such in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/reports/forecast'].post.responses['501']).toBeDefined();
    expect(doc.paths['/api/v1/reports/forecast'].post.tags).toEqual(['Not yet available']);
  });
});
