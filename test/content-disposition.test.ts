// Every download of a titled document names it twice in Content-Disposition (RFC 6266): `filename`, a
// short ASCII slug (at most 60 characters, no `$`, `%` or `,`), and `filename*` (RFC 8187), the full
// title, percent-encoded UTF-8. That holds for GET /runs/{id}/download, for exports of every kind
// (the original, a native conversion, a LibreOffice one) and their pages, and nothing a title or an
// uploaded file's name holds (quotes, semicolons, CR-LF) can end the header or add a parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { download, fileParts, upload } from './helpers/storage.ts';

let t: TestApp;
let fake: FakeLlmServer;

beforeAll(async () => {
  fake = await startFakeLlmServer();
  t = await startTestApp(withRuns({}), { env: providerEnv(fake) });
}, 180_000);
afterAll(async () => { await t?.close(); await fake?.close(); });

/** The parameters of a Content-Disposition value, split as RFC 6266 reads it (quoted strings kept whole). */
function parameters(header: string): { type: string; params: Record<string, string> } {
  const parts = header.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g)!.map((p) => p.trim());
  const params: Record<string, string> = {};
  for (const p of parts.slice(1)) {
    const eq = p.indexOf('=');
    const name = p.slice(0, eq).toLowerCase();
    expect(params[name], `parameter ${name} given twice in ${header}`).toBeUndefined();
    params[name] = p.slice(eq + 1);
  }
  return { type: parts[0], params };
}

/** What a client that follows RFC 6266 saves the file as: filename* decoded, else the quoted filename. */
function savedName(header: string): { ascii: string; full: string } {
  const { params } = parameters(header);
  const ascii = /^"(.*)"$/.exec(params.filename)![1];
  const star = /^UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]*)$/.exec(params['filename*'])!;
  return { ascii, full: decodeURIComponent(star[1]) };
}

async function titledRun(title: string) {
  fake.reset();
  const org = await t.signup();
  fake.enqueue({ toolCalls: [{ name: 'set_document', args: { title } }, { name: 'add_content', args: { markdown: '## Umsatz\nDer Umsatz stieg im dritten Quartal.' } }, { name: 'finish', args: { summary: 'Done.' } }] });
  const res = await generate(t, org.secret, { prompt: 'Write the Q3 overview' }, 'word');
  expect(res.statusCode, res.body).toBe(200);
  const run = (await t.inject({ method: 'GET', url: `/api/v1/runs/${res.json().run_id}`, headers: key(org.secret) })).json();
  return { org, run };
}

async function dispositionOf(url: string): Promise<string> {
  const file = await download(t, url);
  expect(file.status).toBe(200);
  const header = file.headers['content-disposition'] as string;
  expect(header).not.toMatch(/[\r\n]/);
  expect(header).toMatch(/^[\x20-\x7e]+$/);
  return header;
}

describe('a non-ASCII title', () => {
  it('is the download name in filename* on GET /runs/{id}/download and on every export; filename is its slug', async () => {
    const { org, run } = await titledRun('Überblick Q3 – Umsatz €');
    expect(run.title).toBe('Überblick Q3 – Umsatz €');
    expect(run.file_name).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*\.docx$/);
    expect(run.file_name.length).toBeLessThanOrEqual(60);
    const stem = run.file_name.replace(/\.docx$/, '');
    const encoded = '%C3%9Cberblick%20Q3%20%E2%80%93%20Umsatz%20%E2%82%AC';

    const redirect = await t.inject({ method: 'GET', url: `/api/v1/runs/${run.run_id}/download`, headers: key(org.secret) });
    expect(redirect.statusCode, redirect.body).toBe(302);
    const header = await dispositionOf(redirect.headers.location as string);
    expect(header).toBe(`attachment; filename="${run.file_name}"; filename*=UTF-8''${encoded}.docx`);
    expect(savedName(header)).toEqual({ ascii: run.file_name, full: 'Überblick Q3 – Umsatz €.docx' });

    for (const format of ['docx', 'txt', 'html', 'pdf']) {
      const res = await t.inject({ method: 'POST', url: `/api/v1/runs/${run.run_id}/export`, headers: key(org.secret), payload: { format } });
      expect(res.statusCode, res.body).toBe(200);
      const exported = await dispositionOf(res.json().download_url);
      const ascii = format === 'docx' ? run.file_name : `${stem}.${format}`;
      expect(exported, format).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${encoded}.${format}`);
    }
  }, 120_000);
});

describe('titles and file names that try to break the header', () => {
  it('a title with quotes, semicolons and CR-LF: one filename, one filename*, nothing injected', async () => {
    const title = 'Q3 "Final"; filename=evil.exe\r\nSet-Cookie: a=b, 100% $ok';
    const { org, run } = await titledRun(title);
    expect(run.file_name).toMatch(/^[a-z0-9]+(?:[.-][a-z0-9]+)*\.docx$/);
    expect(run.file_name).not.toMatch(/[$%,]/);
    const redirect = await t.inject({ method: 'GET', url: `/api/v1/runs/${run.run_id}/download`, headers: key(org.secret) });
    const header = await dispositionOf(redirect.headers.location as string);
    const { type, params } = parameters(header);
    expect(type).toBe('attachment');
    expect(Object.keys(params)).toEqual(['filename', 'filename*']);
    const saved = savedName(header);
    expect(saved.ascii).toBe(run.file_name);
    // The full name keeps the words, never a path separator, quote or control character.
    expect(saved.full).toMatch(/^Q3 .*Final.*; filename=evil\.exe Set-Cookie.*a=b, 100% \$ok\.docx$/);
    expect(saved.full).not.toMatch(/["\r\n/\\]/);
  });

  it('an uploaded file named with quotes and semicolons: its download stays one header with two names', async () => {
    const org = await t.signup();
    const name = 'Bericht "neu"; size=1, 50% €.txt';
    const res = await upload(t, org.secret, '/api/v1/files', fileParts(name, Buffer.from('hello'), {}, 'text/plain'));
    expect(res.statusCode, res.body).toBe(201);
    const header = await dispositionOf(res.json().download_url);
    const { params } = parameters(header);
    expect(Object.keys(params)).toEqual(['filename', 'filename*']);
    expect(savedName(header).full).toBe(res.json().file_name);
    expect(savedName(header).ascii).not.toMatch(/["\\]/);
  });
});
