// npm run samples: the gallery. Builds every sample of every installed format (scripts/samples/<format>.ts
// exports `samples: Sample[]`; three per format: a business report, a data-heavy one and a branded one),
// writes them to samples/, converts them to PDF with LibreOffice and renders each page or slide to PNG
// with pdftoppm, then writes samples/index.html to look through them.
//   node scripts/samples.ts [name-filter]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadInstalledAdapters } from '../src/documents/agent/adapter-registry.ts';
import { FORMATS } from '../src/runs/agents.ts';
import { buildSample, type Sample } from './samples/sample.ts';

const run = promisify(execFile);
const OUT = path.resolve(import.meta.dirname, '..', 'samples');
const filter = process.argv[2] ?? '';

async function samplesOf(format: string): Promise<Sample[]> {
  const file = path.join(import.meta.dirname, 'samples', `${format}.ts`);
  if (!fs.existsSync(file)) return [];
  const inTemplates = ((await import('./samples/templates.ts')) as { templateSamples: Record<string, Sample[]> }).templateSamples[format] ?? [];
  return [...((await import(file)) as { samples: Sample[] }).samples, ...inTemplates];
}

const adapters = await loadInstalledAdapters();
fs.mkdirSync(OUT, { recursive: true });
const built: { sample: Sample; file: string; summary: string; pages: string[] }[] = [];
for (const format of FORMATS) {
  const adapter = adapters.get(format);
  if (!adapter) { console.log(`${format}: no adapter installed, skipped`); continue; }
  for (const sample of (await samplesOf(format)).filter((s) => s.name.includes(filter))) {
    const started = Date.now();
    const { bytes, summary } = await buildSample(adapter, sample);
    const file = `${sample.name}.${adapter.extension}`;
    fs.writeFileSync(path.join(OUT, file), bytes);
    built.push({ sample, file, summary, pages: [] });
    console.log(`${file}: ${bytes.length} bytes in ${Date.now() - started} ms`);
  }
}

if (built.length) {
  const profile = path.join(OUT, '.lo-profile');
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', OUT, ...built.map((b) => path.join(OUT, b.file))], { timeout: 600_000 });
  fs.rmSync(profile, { recursive: true, force: true });
  for (const b of built) {
    const stem = b.sample.name;
    for (const old of fs.readdirSync(OUT).filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.png'))) fs.rmSync(path.join(OUT, old));
    const pdf = path.join(OUT, `${stem}.pdf`);
    if (!fs.existsSync(pdf)) throw new Error(`LibreOffice did not convert ${b.file}`);
    await run('pdftoppm', ['-png', '-r', '70', pdf, path.join(OUT, stem)]);
    b.pages = fs.readdirSync(OUT).filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.png')).sort();
    console.log(`${b.file}: ${b.pages.length} page image(s)`);
  }
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = `<!doctype html><meta charset="utf-8"><title>Folio samples</title>
<style>body{font:14px system-ui;margin:24px;background:#f4f5f7}section{background:#fff;margin:0 0 24px;padding:16px;border-radius:8px}
.pages{display:flex;gap:12px;overflow-x:auto}.pages img{height:360px;border:1px solid #ddd}</style>
<h1>Folio samples</h1>
${built.map((b) => `<section><h2>${esc(b.file)}</h2><p>${esc(b.sample.description)}</p><p><small>${esc(b.summary)}</small></p>
<p><a href="${esc(b.file)}">${esc(b.file)}</a> · <a href="${esc(b.sample.name)}.pdf">PDF</a></p>
<div class="pages">${b.pages.map((p) => `<img src="${esc(p)}" alt="${esc(p)}">`).join('')}</div></section>`).join('\n')}`;
  fs.writeFileSync(path.join(OUT, 'index.html'), html);
  console.log(`samples/index.html: ${built.length} documents`);
}
