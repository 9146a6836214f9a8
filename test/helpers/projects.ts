// Steps shared by the projects tests: create a project, attach files, wait for the analysis.
import { expect } from 'vitest';
import { fileUpload } from './multipart.ts';
import type { TestApp } from './test-app.ts';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function createProject(t: TestApp, key: string, body: Record<string, unknown> = { name: 'Acme review' }): Promise<any> {
  const res = await t.inject({ method: 'POST', url: '/api/v1/projects', headers: { 'x-api-key': key }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function attach(t: TestApp, key: string, projectId: string, name: string, data: Buffer, fields: Record<string, string> = {}) {
  const form = fileUpload(name, data, fields);
  return t.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/files`, headers: { 'x-api-key': key, ...form.headers }, payload: form.payload });
}

export async function status(t: TestApp, key: string, projectId: string): Promise<any> {
  const res = await t.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/analysis/status`, headers: { 'x-api-key': key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Polls the status until progress is 100, checking that it never goes backwards within a generation. */
export async function waitForAnalysis(t: TestApp, key: string, projectId: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last = { generation: -1, progress: -1 };
  for (;;) {
    const s = await status(t, key, projectId);
    if (s.generation === last.generation) expect(s.progress, 'progress went backwards').toBeGreaterThanOrEqual(last.progress);
    last = s;
    if (s.progress === 100) return s;
    if (Date.now() > deadline) throw new Error(`analysis did not finish: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function insights(t: TestApp, key: string, projectId: string, query = ''): Promise<any[]> {
  const res = await t.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/insights?limit=100${query}`, headers: { 'x-api-key': key } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
