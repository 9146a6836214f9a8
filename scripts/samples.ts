// npm run samples: the gallery, in two labelled sections.
//   1. Typed requests, through the API: a Folio server (the embedded default, builtin engine) is started
//      in this process on a free port, and every request is sent over HTTP as a user would send it:
//      one-line requests (scripts/samples/requests.ts), then the prompt-only samples of
//      scripts/samples/<format>.ts with their data sources inline and their images and files uploaded.
//   2. What a model can drive: samples built from scripted tool calls (the calls a model would make),
//      run through the format's own tools (scripts/samples/sample.ts). No server involved.
// Every document is converted to PDF with LibreOffice and rendered to PNG with pdftoppm; samples/index.html
// shows them, section by section.
//   node scripts/samples.ts [name-filter]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Format } from '../src/config.ts';
import { loadInstalledAdapters } from '../src/documents/agent/adapter-registry.ts';
import { openLocalIssuer } from '../src/identity/local-issuer.ts';
import { FORMATS } from '../src/runs/agents.ts';
import { ONE_LINE_REQUESTS } from './samples/requests.ts';
import { buildSample, type Sample } from './samples/sample.ts';

const run = promisify(execFile);
const OUT = path.resolve(import.meta.dirname, '..', 'samples');
const filter = process.argv[2] ?? '';
const EXT: Record<Format, string> = { word: 'docx', excel: 'xlsx', slides: 'pptx' };

interface Built { section: 'typed' | 'scripted'; name: string; file: string; request: string; summary: string; pages: string[] }

async function samplesOf(format: string): Promise<Sample[]> {
  const file = path.join(import.meta.dirname, 'samples', `${format}.ts`);
  if (!fs.existsSync(file)) return [];
  const inTemplates = ((await import('./samples/templates.ts')) as { templateSamples: Record<string, Sample[]> }).templateSamples[format] ?? [];
  return [...((await import(file)) as { samples: Sample[] }).samples, ...inTemplates];
}

fs.mkdirSync(OUT, { recursive: true });
const built: Built[] = [];

// 1. Through the API.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-samples-'));
const port = await freePort();
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', FOLIO_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', FOLIO_PUBLIC_URL: `http://127.0.0.1:${port}` });
const app = await buildApp(config);
await app.listen({ port, host: '127.0.0.1' });
const API = `http://127.0.0.1:${port}/api/v1`;
try {
  const issuer = await openLocalIssuer(dataDir);
  const token = await issuer.mint({ sub: 'gallery', email: 'gallery@example.com', ttlSeconds: 3600 });
  const signup = await call('POST', '/signup', { org_name: 'Gallery', tier: 'enterprise' }, { authorization: `Bearer ${token}` });
  const key = { 'x-api-key': signup.secret as string };

  const typed = ONE_LINE_REQUESTS.map((r) => ({ name: r.name, format: r.format, body: { prompt: r.prompt } as Record<string, unknown> }));
  for (const format of FORMATS) {
    for (const s of (await samplesOf(format)).filter((x) => !x.calls)) typed.push({ name: s.name, format, body: await requestBody(s, key) });
  }
  for (const t of typed.filter((x) => x.name.includes(filter))) {
    const started = Date.now();
    const res = await call('POST', `/${t.format}/generate`, t.body, key);
    const bytes = Buffer.from(await (await fetch(res.download_url as string)).arrayBuffer());
    const file = `${t.name}.${EXT[t.format]}`;
    fs.writeFileSync(path.join(OUT, file), bytes);
    built.push({ section: 'typed', name: t.name, file, request: String(t.body.prompt), summary: String(res.summary ?? ''), pages: [] });
    console.log(`${file}: ${bytes.length} bytes through POST /${t.format}/generate in ${Date.now() - started} ms`);
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// 2. Scripted tool calls.
const adapters = await loadInstalledAdapters();
for (const format of FORMATS) {
  const adapter = await adapters.get(format);
  if (!adapter) { console.log(`${format}: no adapter installed, skipped`); continue; }
  for (const sample of (await samplesOf(format)).filter((s) => s.calls && s.name.includes(filter))) {
    const { bytes, summary } = await buildSample(adapter, sample);
    const file = `${sample.name}.${adapter.extension}`;
    fs.writeFileSync(path.join(OUT, file), bytes);
    built.push({ section: 'scripted', name: sample.name, file, request: sample.description, summary, pages: [] });
    console.log(`${file}: ${bytes.length} bytes from ${sample.calls!.length} scripted tool calls`);
  }
}

if (built.length) {
  const profile = path.join(OUT, '.lo-profile');
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', OUT, ...built.map((b) => path.join(OUT, b.file))], { timeout: 600_000 });
  fs.rmSync(profile, { recursive: true, force: true });
  for (const b of built) {
    for (const old of fs.readdirSync(OUT).filter((f) => f.startsWith(`${b.name}-`) && f.endsWith('.png'))) fs.rmSync(path.join(OUT, old));
    const pdf = path.join(OUT, `${b.name}.pdf`);
    if (!fs.existsSync(pdf)) throw new Error(`LibreOffice did not convert ${b.file}`);
    await run('pdftoppm', ['-png', '-r', '70', pdf, path.join(OUT, b.name)]);
    b.pages = fs.readdirSync(OUT).filter((f) => f.startsWith(`${b.name}-`) && f.endsWith('.png')).sort();
  }
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const card = (b: Built) => `<section><h3>${esc(b.file)}</h3><p><b>${b.section === 'typed' ? 'Request' : 'Sample'}:</b> ${esc(b.request.length > 400 ? `${b.request.slice(0, 400)}...` : b.request)}</p><p><small>${esc(b.summary)}</small></p>
<p><a href="${esc(b.file)}">${esc(b.file)}</a> · <a href="${esc(b.name)}.pdf">PDF</a></p>
<div class="pages">${b.pages.map((p) => `<img src="${esc(p)}" alt="${esc(p)}">`).join('')}</div></section>`;
  const html = `<!doctype html><meta charset="utf-8"><title>Folio samples</title>
<style>body{font:14px system-ui;margin:24px;background:#f4f5f7}section{background:#fff;margin:0 0 24px;padding:16px;border-radius:8px}
.pages{display:flex;gap:12px;overflow-x:auto}.pages img{height:360px;border:1px solid #ddd}</style>
<h1>Folio samples</h1>
<h2>Typed requests, through the API</h2><p>Each document is what <code>POST /{format}/generate</code> returned for the request shown, on the embedded default with the builtin offline engine (no model).</p>
${built.filter((b) => b.section === 'typed').map(card).join('\n')}
<h2>What a model can drive: scripted tool calls</h2><p>These are built from tool calls written by hand, as a model would make them, run through the same tools the agents use. They show the engines' range, not what the builtin engine writes by itself.</p>
${built.filter((b) => b.section === 'scripted').map(card).join('\n')}`;
  fs.writeFileSync(path.join(OUT, 'index.html'), html);
  console.log(`samples/index.html: ${built.filter((b) => b.section === 'typed').length} typed requests, ${built.filter((b) => b.section === 'scripted').length} scripted samples`);
}

async function call(method: string, route: string, body: unknown, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${API}${route}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

async function upload(route: '/files' | '/images' | '/templates', name: string, bytes: Buffer, type: string, key: Record<string, string>): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  if (route === '/templates') form.append('name', name);
  const res = await fetch(`${API}${route}`, { method: 'POST', headers: key, body: form });
  const json = (await res.json()) as Record<string, string>;
  if (!res.ok) throw new Error(`POST ${route} ${name}: ${res.status} ${JSON.stringify(json)}`);
  return json.file_id ?? json.image_id ?? json.template_id;
}

/** A prompt-only sample as the API request a user would send: data inline, files and images uploaded. */
async function requestBody(s: Sample, key: Record<string, string>): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { prompt: s.prompt };
  // A sample made in an organization template: the corpus file is uploaded to POST /templates first.
  if (s.template) body.template_id = await upload('/templates', path.basename(s.template), fs.readFileSync(path.resolve(import.meta.dirname, '..', s.template)), 'application/octet-stream', key);
  if (s.dataSources?.length) body.data_sources = s.dataSources.map((d) => ({ name: d.name, columns: d.columns, rows: d.rows }));
  if (s.contextFiles?.length) body.context_files = await Promise.all(s.contextFiles.map((f) => upload('/files', f.file_name, Buffer.from(f.text), 'text/plain', key)));
  if (s.images?.length) body.image_assets = await Promise.all(s.images.map(async (i) => ({ image_id: await upload('/images', i.file_name, i.bytes, i.content_type, key), ...(i.caption ? { caption: i.caption } : {}) })));
  if (s.brand) {
    const b = s.brand;
    body.brand = {
      ...(b.primaryColor ? { primary_color: `#${b.primaryColor.replace(/^#/, '')}` } : {}),
      ...(b.secondaryColor ? { secondary_color: `#${b.secondaryColor.replace(/^#/, '')}` } : {}),
      ...(b.font ? { font: b.font } : {}),
      ...(b.logo ? { logo_image_id: await upload('/images', b.logo.file_name, b.logo.bytes, b.logo.content_type, key) } : {}),
    };
  }
  return body;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
    server.on('error', reject);
  });
}
