// Runs the fidelity suite over the corpus (test/fixtures/fidelity/corpus.json) or a subset: for each file,
// one small request through the real HTTP API (upload, POST /{format}/generate with init_file, download),
// then the checks of fidelity-checks.ts, and a no-op round trip through the format's adapter in-process.
// Used by bench/fidelity.ts (npm run fidelity) and test/fidelity.test.ts. It never imports vitest, so the
// app is handed in: startTestApp in tests, startFidelityApp (no vitest) from the command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
// The app and the adapters are imported when first used, so that the checks (and their self-test) do not
// depend on the document engine loading.
import type { AdapterRegistry } from '../../src/documents/agent/adapter-registry.ts';
import { loadConfig } from '../../src/config.ts';
import { key, withRuns } from '../helpers/runs.ts';
import { runDocument, uploadFile } from '../helpers/slides.ts';
import type { TestApp } from '../helpers/test-app.ts';
import {
  EXTENSION, check, checkExcelContent, excelContentFromXml, openpyxlCannotRead, tocEntries, checkOriginals, checkOwnDesign, checkPages, checkParts, checkRoundTrip, checkSlidesContent, checkWordContent,
  diffable, diffParts, LibreOffice, openWithPython, readParts, showsPageCount, type CheckResult, type FidelityFormat, type PageComparison, type Parts, type PyExcel, type PyWord, type Rendered,
} from './fidelity-checks.ts';

export const DEFAULT_CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'fidelity');

/** The exact prompt of each format's request. */
export const REQUESTS: Record<FidelityFormat, string> = {
  slides: 'Add a slide titled Roadmap with bullets: Q1 beta, Q2 GA',
  word: 'Add a section at the end titled Next steps with bullets: sign contract, schedule kickoff',
  excel: 'Add a new sheet named Notes with the text Reviewed in cell A1',
};

export const FORMATS: FidelityFormat[] = ['slides', 'word', 'excel'];

export interface CorpusEntry {
  file: string;
  format: FidelityFormat;
  producer?: string;
  source?: string;
  license?: string;
  features?: string[];
  pages?: number;
  ci?: boolean;
}

export interface CorpusFilter {
  formats?: FidelityFormat[];
  /** Only entries with ci: true. */
  ci?: boolean;
  /** Only entries whose file contains this substring. */
  file?: string;
}

/** The corpus manifest's entries that pass the filter, in manifest order; [] when there is no manifest. */
export function loadCorpus(dir = DEFAULT_CORPUS_DIR, filter: CorpusFilter = {}): CorpusEntry[] {
  const manifest = path.join(dir, 'corpus.json');
  if (!fs.existsSync(manifest)) return [];
  const entries = JSON.parse(fs.readFileSync(manifest, 'utf8')) as CorpusEntry[];
  if (!Array.isArray(entries)) throw new Error(`${manifest} must hold an array of entries`);
  return entries.filter((e) => (!filter.formats || filter.formats.includes(e.format))
    && (!filter.ci || e.ci === true)
    && (!filter.file || e.file.includes(filter.file)));
}

// ---------------------------------------------------------------------------------------------
// The app
// ---------------------------------------------------------------------------------------------

/** What the suite needs of an app: TestApp (startTestApp) has it, and so has startFidelityApp. */
export type FidelityApp = Pick<TestApp, 'inject' | 'config' | 'signup' | 'close'>;

/**
 * The real app on the embedded defaults (in-memory PGlite, a temporary data dir, no LLM provider: the
 * builtin engine answers), built like startTestApp does, for use outside vitest (startTestApp needs it).
 */
export async function startFidelityApp(): Promise<FidelityApp> {
  const [{ buildApp }, { openDatabase }, { openLocalIssuer }] = await Promise.all([
    import('../../src/app.ts'), import('../../src/db/database.ts'), import('../../src/identity/local-issuer.ts'),
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fidelity-app-'));
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', FOLIO_DATA_DIR: dataDir,
    FOLIO_RATE_LIMIT_FREE: '100000', FOLIO_RATE_LIMIT_PRO: '100000', FOLIO_RATE_LIMIT_ENTERPRISE: '100000',
  }, withRuns({}));
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let issuer: Awaited<ReturnType<typeof openLocalIssuer>>;
  try {
    database = await openDatabase(config, { memory: true });
    app = await buildApp(config, { database, migrate: true });
    issuer = await openLocalIssuer(config.dataDir);
  } catch (err) {
    await database?.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    config,
    inject: (opts: InjectOptions) => app.inject(opts) as Promise<LightMyRequestResponse>,
    async signup(sub = `fidelity-${Math.random().toString(36).slice(2, 10)}`, body: Record<string, unknown> = {}) {
      const token = await issuer.mint({ sub, email: `${sub}@example.com`, name: sub, ttlSeconds: 3600 });
      const res = await app.inject({ method: 'POST', url: '/api/v1/signup', headers: { authorization: `Bearer ${token}` }, payload: { org_name: `Org of ${sub}`, ...body } });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      return { ...res.json(), token };
    },
    async close() {
      await app.close();
      await database!.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

export const CHECKS = ['parts', 'originals', 'pages', 'design', 'opens'] as const;
export type CheckName = (typeof CHECKS)[number];
export const CHECK_LABEL: Record<CheckName | 'roundtrip', string> = {
  parts: '1 parts', originals: '2 originals', pages: '3 pages', design: '4 own design', opens: '5 opens+content', roundtrip: 'no-op round trip',
};

export interface FileResult {
  entry: CorpusEntry;
  /** The generation's error (non-200 answer, failed task, unreadable download), or null. */
  error: string | null;
  summary: string | null;
  checks: Record<CheckName, CheckResult>;
  roundtrip: CheckResult;
  pages: PageComparison | null;
  originalPages: number | null;
  resultPages: number | null;
  ms: { generate: number; checks: number; render: number };
}

/** Everything of a file before its pages are compared (bytes kept for rendering and --keep). */
export interface PendingFile {
  entry: CorpusEntry;
  original: Buffer;
  result: Buffer | null;
  roundtripBytes: Buffer | null;
  error: string | null;
  summary: string | null;
  checks: Omit<Record<CheckName, CheckResult>, 'pages'> & { opens: CheckResult };
  roundtrip: CheckResult;
  /** How the original prints its page count, if it does (explains page differences when the count grows). */
  pageCountShown: string | null;
  /** Word: the entries of the original's table of contents (its pages are exempt from check 3). */
  tocEntries: string[];
  ms: { generate: number; checks: number };
}

export const passed = (r: FileResult) => CHECKS.every((c) => r.checks[c].ok);

/** "3 pages: pages differ: 2, 4 of 5 compared" lines, one per failed check (and the round trip). */
export function failureReasons(r: FileResult, withRoundTrip = false): string[] {
  const out: string[] = [];
  if (r.error) out.push(`generation failed: ${r.error}`);
  for (const c of CHECKS) {
    const reasons = r.checks[c].reasons.filter((m) => !(r.error && m === 'no result'));
    out.push(...reasons.map((m) => `${CHECK_LABEL[c]}: ${m}`));
  }
  if (withRoundTrip && !r.roundtrip.ok) out.push(...r.roundtrip.reasons.map((m) => `${CHECK_LABEL.roundtrip}: ${m}`));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The session: one app, one org per file, one LibreOffice profile, the adapters for round trips
// ---------------------------------------------------------------------------------------------

export interface SessionOptions {
  /** The app generations go through (not needed by checkResults). */
  app?: FidelityApp;
  corpusDir?: string;
  /** Write every original, result, round trip, PDF, report and part diff here. */
  keepDir?: string;
  /** Called with a line of progress ("generating pptx/x.pptx"). */
  progress?: (line: string) => void;
}

export class FidelitySession {
  readonly lo = new LibreOffice();
  private readonly rendered = new Map<string, Rendered>();
  private adapters: AdapterRegistry | null = null;
  private readonly o: SessionOptions;

  constructor(o: SessionOptions) {
    this.o = o;
  }

  private corpusFile(entry: CorpusEntry): string {
    return path.join(this.o.corpusDir ?? DEFAULT_CORPUS_DIR, entry.file);
  }

  private static renderName(entry: CorpusEntry, index: number, kind: 'original' | 'result'): string {
    return `${String(index).padStart(4, '0')}-${kind}.${extensionOf(entry)}`;
  }

  private key(entry: CorpusEntry, kind: 'original' | 'result') {
    return `${kind}:${entry.file}`;
  }

  /** Renders files (originals and/or results) in one LibreOffice call and remembers their pages. */
  async render(items: { entry: CorpusEntry; kind: 'original' | 'result'; bytes: Buffer }[]): Promise<void> {
    const todo = items.filter((i) => !this.rendered.has(this.key(i.entry, i.kind)));
    if (!todo.length) return;
    this.o.progress?.(`rendering ${todo.length} file${todo.length === 1 ? '' : 's'} with LibreOffice`);
    const names = todo.map((i, n) => FidelitySession.renderName(i.entry, n, i.kind));
    const out = await this.lo.render(todo.map((i, n) => ({ name: names[n], bytes: i.bytes })));
    todo.forEach((i, n) => this.rendered.set(this.key(i.entry, i.kind), out.get(names[n]) ?? { pdf: null, pages: [], texts: [], error: 'not converted' }));
  }

  /** Every original in one LibreOffice call (the test does this once, before its files). */
  async renderOriginals(entries: CorpusEntry[]): Promise<void> {
    await this.render(entries.map((entry) => ({ entry, kind: 'original' as const, bytes: fs.readFileSync(this.corpusFile(entry)) })));
  }

  /** Upload, generate, download; then checks 1, 2, 4, 5 (but LibreOffice) and the round trip. */
  async prepare(entry: CorpusEntry): Promise<PendingFile> {
    const original = fs.readFileSync(this.corpusFile(entry));
    this.o.progress?.(`generating ${entry.file}`);
    const t0 = performance.now();
    let result: Buffer | null = null;
    let error: string | null = null;
    let summary: string | null = null;
    try {
      ({ bytes: result, summary } = await this.generate(entry, original));
    } catch (err) {
      error = (err as Error).message;
    }
    return this.assess(entry, original, result, { error, summary, generateMs: performance.now() - t0 });
  }

  /** Checks 1, 2, 4, 5 (but LibreOffice) and the round trip of a result however it was made. */
  async assess(entry: CorpusEntry, original: Buffer, result: Buffer | null, o: { error?: string | null; summary?: string | null; generateMs?: number; roundTrip?: boolean } = {}): Promise<PendingFile> {
    const t1 = performance.now();
    const error = o.error ?? (result ? null : 'no result');
    const failed = (why: string) => check([why]);
    let before: Parts;
    try {
      before = await readParts(original);
    } catch (err) {
      const why = `the original is not a zip package: ${(err as Error).message}`;
      return {
        entry, original, result, roundtripBytes: null, error: o.error ?? null, summary: o.summary ?? null, pageCountShown: null, tocEntries: [],
        checks: { parts: failed(why), originals: failed(why), design: failed(why), opens: failed(why) }, roundtrip: failed(why),
        ms: { generate: o.generateMs ?? 0, checks: performance.now() - t1 },
      };
    }
    let checks: PendingFile['checks'];
    if (!result) {
      const why = 'no result';
      checks = { parts: failed(why), originals: failed(why), design: failed(why), opens: failed(why) };
    } else {
      let after: Parts | null = null;
      try {
        after = await readParts(result);
      } catch (err) {
        const why = `the result is not a zip package: ${(err as Error).message}`;
        checks = { parts: failed(why), originals: failed(why), design: failed(why), opens: failed(why) };
      }
      if (after) {
        const guard = (f: () => CheckResult): CheckResult => {
          try { return f(); } catch (err) { return failed(`check crashed: ${(err as Error).message}`); }
        };
        checks = {
          parts: guard(() => checkParts(entry.format, before, after)),
          originals: guard(() => checkOriginals(entry.format, before, after)),
          design: guard(() => checkOwnDesign(entry.format, before, after)),
          opens: await this.opens(entry, before, after, result, original),
        };
      }
    }
    const rt = o.roundTrip === false ? { check: check([], ['not run']), bytes: null } : await this.roundTrip(entry.format, original, before);
    let pageCountShown: string | null = null;
    try { pageCountShown = showsPageCount(entry.format, before); } catch { /* only explains */ }
    let tocEntryTexts: string[] = [];
    try { if (entry.format === 'word') tocEntryTexts = tocEntries(before); } catch { /* no exemption */ }
    return { entry, original, result, roundtripBytes: rt.bytes, error: result ? null : error, summary: o.summary ?? null, checks: checks!, roundtrip: rt.check, pageCountShown, tocEntries: tocEntryTexts, ms: { generate: o.generateMs ?? 0, checks: performance.now() - t1 } };
  }

  /**
   * Every check of results made some other way (the self-test's hand-made edits), all rendered in one
   * LibreOffice call. Each item's entry.file names it (and must be unique); its bytes are given here.
   */
  async checkResults(items: { entry: CorpusEntry; original: Buffer; result: Buffer | null; roundTrip?: boolean }[]): Promise<FileResult[]> {
    const pending: PendingFile[] = [];
    for (const i of items) pending.push(await this.assess(i.entry, i.original, i.result, { roundTrip: i.roundTrip }));
    for (const p of pending) for (const kind of ['original', 'result'] as const) this.rendered.delete(this.key(p.entry, kind));
    return this.finishAll(pending);
  }

  /** Check 3 and LibreOffice's part of check 5, once both sides are rendered. */
  async finish(p: PendingFile, renderMs = 0): Promise<FileResult> {
    const original = this.rendered.get(this.key(p.entry, 'original'));
    const result = p.result ? this.rendered.get(this.key(p.entry, 'result')) : undefined;
    const pages = checkPages(p.entry.format, original, result, p.pageCountShown, p.checks.originals.ok, p.tocEntries);
    let opens = p.checks.opens;
    if (p.result) {
      const lo = !result ? 'the result was not rendered' : result.error ? `LibreOffice: ${result.error}` : null;
      if (lo) opens = check([lo, ...opens.reasons], opens.notes, opens.notApplicable);
    }
    const out: FileResult = {
      entry: p.entry, error: p.error, summary: p.summary,
      checks: { parts: p.checks.parts, originals: p.checks.originals, pages: p.result ? pages.check : check(['no result']), design: p.checks.design, opens },
      roundtrip: p.roundtrip,
      pages: pages.pages, originalPages: original && !original.error ? original.pages.length : null, resultPages: result && !result.error ? result.pages.length : null,
      ms: { ...p.ms, render: renderMs },
    };
    if (this.o.keepDir) await this.keep(p, out);
    return out;
  }

  /** One file from start to end (its result rendered alone; the original too unless renderOriginals ran). */
  async checkFile(entry: CorpusEntry): Promise<FileResult> {
    const p = await this.prepare(entry);
    const t0 = performance.now();
    await this.render([{ entry, kind: 'original', bytes: p.original }, ...(p.result ? [{ entry, kind: 'result' as const, bytes: p.result }] : [])]);
    return this.finish(p, performance.now() - t0);
  }

  /** Every file: generations one after the other, then one LibreOffice call for all originals and results. */
  async run(entries: CorpusEntry[]): Promise<FileResult[]> {
    const pending: PendingFile[] = [];
    for (const e of entries) pending.push(await this.prepare(e));
    return this.finishAll(pending);
  }

  private async finishAll(pending: PendingFile[]): Promise<FileResult[]> {
    const t0 = performance.now();
    await this.render(pending.flatMap((p) => [
      { entry: p.entry, kind: 'original' as const, bytes: p.original },
      ...(p.result ? [{ entry: p.entry, kind: 'result' as const, bytes: p.result }] : []),
    ]));
    const each = (performance.now() - t0) / Math.max(1, pending.length);
    const out: FileResult[] = [];
    for (const p of pending) out.push(await this.finish(p, each));
    return out;
  }

  close(): void {
    this.lo.close();
  }

  private async generate(entry: CorpusEntry, bytes: Buffer): Promise<{ bytes: Buffer; summary: string | null }> {
    const { app } = this.o;
    if (!app) throw new Error('no app to generate with (it did not start)');
    const org = await app.signup(undefined, { tier: 'enterprise' }).catch(() => app.signup());
    const fileId = await uploadFile(app as TestApp, org.secret, path.basename(entry.file), bytes).catch((err: Error) => {
      const m = /^upload [^:]*: (\d+) ([\s\S]*)$/.exec(err.message);
      throw new Error(m ? `upload answered ${apiError(Number(m[1]), m[2])}` : err.message);
    });
    let res = await app.inject({ method: 'POST', url: `/api/v1/${entry.format}/generate`, headers: key(org.secret), payload: { prompt: REQUESTS[entry.format], init_file: fileId } });
    let body = safeJson(res.body);
    if (res.statusCode === 202) {
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        const task = await app.inject({ method: 'GET', url: `/api/v1/tasks/${body.task_id}`, headers: key(org.secret) });
        const t = safeJson(task.body);
        if (!['queued', 'running'].includes(t.status)) {
          if (t.status !== 'completed') throw new Error(`task ${t.status}: ${t.error ? `${t.error.code}: ${t.error.message}` : task.body.slice(0, 300)}`);
          body = { ...body, summary: t.result?.summary ?? null };
          res = task;
          break;
        }
        if (Date.now() > deadline) throw new Error(`task ${body.task_id} still ${t.status} after 10 minutes`);
        await new Promise((r) => setTimeout(r, 200));
      }
    } else if (res.statusCode !== 200) {
      throw new Error(`POST /${entry.format}/generate answered ${apiError(res.statusCode, res.body)}`);
    } else if (body.status !== 'completed') {
      throw new Error(`task ${body.status}: ${res.body.slice(0, 300)}`);
    }
    const doc = await runDocument(app as TestApp, org.secret, body.run_id);
    return { bytes: doc.bytes, summary: body.summary ?? null };
  }

  private async opens(entry: CorpusEntry, before: Parts, after: Parts, bytes: Buffer, original: Buffer): Promise<CheckResult> {
    const format = entry.format;
    const reasons: string[] = [];
    const notes: string[] = [];
    const notApplicable: string[] = [];
    try {
      if (format === 'slides') {
        reasons.push(...checkSlidesContent(before, after));
      } else {
        const reader = format === 'word' ? 'python-docx' : 'openpyxl';
        const opened = await openWithPython(format, bytes, extensionOf(entry));
        // A reader that cannot read the original either says nothing about the result: not applicable.
        const cannot = format === 'excel' ? openpyxlCannotRead(await openWithPython(format, original, extensionOf(entry)), before) : null;
        if (cannot) {
          notApplicable.push(`${reader} cannot read the original either (${cannot})`);
          notes.push('the content was read from the XML');
          reasons.push(...checkExcelContent(excelContentFromXml(after), 'the workbook XML has'));
        } else if (!opened.ok) reasons.push(`${reader} cannot open it: ${opened.error}`);
        else {
          notes.push(`${reader} opens it`);
          reasons.push(...(format === 'word' ? checkWordContent(opened.value as PyWord) : checkExcelContent(opened.value as PyExcel)));
        }
      }
    } catch (err) {
      reasons.push(`content check crashed: ${(err as Error).message}`);
    }
    return check(reasons, notes, notApplicable);
  }

  private async roundTrip(format: FidelityFormat, bytes: Buffer, before: Parts): Promise<{ check: CheckResult; bytes: Buffer | null }> {
    try {
      this.adapters ??= await (await import('../../src/documents/agent/adapter-registry.ts')).loadInstalledAdapters();
      const adapter = await this.adapters.get(format);
      if (!adapter) return { check: check([`no ${format} adapter is installed`]), bytes: null };
      const doc = await adapter.read(bytes);
      const out = await adapter.render(doc, { brand: null });
      return { check: checkRoundTrip(before, await readParts(out)), bytes: out };
    } catch (err) {
      return { check: check([`${(err as Error).name}: ${(err as Error).message}`]), bytes: null };
    }
  }

  private async keep(p: PendingFile, r: FileResult): Promise<void> {
    const dir = path.join(this.o.keepDir!, p.entry.file.replace(/[\\/]/g, '__'));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const ext = extensionOf(p.entry);
    fs.writeFileSync(path.join(dir, `original.${ext}`), p.original);
    if (p.result) fs.writeFileSync(path.join(dir, `result.${ext}`), p.result);
    if (p.roundtripBytes) fs.writeFileSync(path.join(dir, `roundtrip.${ext}`), p.roundtripBytes);
    for (const kind of ['original', 'result'] as const) {
      const pdf = this.rendered.get(this.key(p.entry, kind))?.pdf;
      if (pdf) fs.writeFileSync(path.join(dir, `${kind}.pdf`), pdf);
    }
    fs.writeFileSync(path.join(dir, 'report.txt'), reportText(r));
    await writeDiffs(path.join(dir, 'result.patch'), p.original, p.result);
    await writeDiffs(path.join(dir, 'roundtrip.patch'), p.original, p.roundtripBytes);
  }
}

/** The corpus file's own extension (.xlsm stays .xlsm for LibreOffice and openpyxl), else the format's. */
function extensionOf(entry: CorpusEntry): string {
  return /\.([a-z]{3,4})$/i.exec(entry.file)?.[1].toLowerCase() ?? EXTENSION[entry.format];
}

/** `422 validation_error: message` from an API error answer. */
function apiError(status: number, text: string): string {
  const body = safeJson(text);
  return `${status} ${body.error ? `${body.error}: ${body.message}` : text.slice(0, 300)}`;
}

function safeJson(text: string): any {
  try { return JSON.parse(text); } catch { return {}; }
}

/**
 * One patch (`diff -ruN` of one-tag-per-line XML) of every part that differs between two packages, written
 * to `file`; binary parts are listed at its top. One diff process per file, however many parts changed.
 */
export async function writeDiffs(file: string, before: Buffer, after: Buffer | null): Promise<void> {
  if (!after) return;
  let a: Parts, b: Parts;
  try {
    [b, a] = [await readParts(before), await readParts(after)];
  } catch {
    return;
  }
  const d = diffParts(b, a);
  const names = [...d.changed, ...d.removed, ...d.added];
  if (!names.length) return;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fidelity-diff-'));
  try {
    const binary: string[] = [];
    for (const name of names) {
      const left = b.get(name);
      const right = a.get(name);
      const lt = left ? diffable(left) : '';
      const rt = right ? diffable(right) : '';
      if (lt === null || rt === null) { binary.push(`binary part ${name}: ${left?.length ?? 'absent'} -> ${right?.length ?? 'absent'} bytes`); continue; }
      for (const [side, text] of [['original', lt], ['result', rt]] as const) {
        const target = path.join(tmp, side, name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        if (side === 'original' ? left : right) fs.writeFileSync(target, text);
      }
    }
    let patch = '';
    try {
      patch = execFileSync('diff', ['-ruN', 'original', 'result'], { cwd: tmp, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
    } catch (err) {
      patch = String((err as { stdout?: string }).stdout ?? '');
    }
    fs.writeFileSync(file, `${binary.map((l) => `${l}\n`).join('')}${patch}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

const mark = (ok: boolean) => (ok ? '✓' : '✗');
/** A check's mark: ✓ with "(n/a: reader)" when a part of it could not apply to the file. */
const markOf = (c: CheckResult) => `${mark(c.ok)}${c.ok && c.notApplicable?.length ? ` (part n/a)` : ''}`;

/** "5 opens+content: not applicable: openpyxl cannot read the original either (...)" lines. */
export function notApplicableReasons(r: FileResult): string[] {
  return CHECKS.flatMap((c) => (r.checks[c].notApplicable ?? []).map((m) => `${CHECK_LABEL[c]}: not applicable: ${m}`));
}

/** One line per file: ✓/✗ per check, then the reasons of each failure on indented lines. */
export function formatResult(r: FileResult): string {
  const head = `${mark(passed(r))} ${r.entry.file.padEnd(40)} ${CHECKS.map((c) => `${CHECK_LABEL[c]} ${markOf(r.checks[c])}`).join('  ')}  ${CHECK_LABEL.roundtrip} ${mark(r.roundtrip.ok)}`;
  const lines = [...failureReasons(r, true), ...notApplicableReasons(r)].map((m) => `    ${m}`);
  const uniq = [...new Set(lines)];
  return [head, ...uniq].join('\n');
}

export function reportText(r: FileResult): string {
  const lines = [`${r.entry.file} (${r.entry.format}${r.entry.producer ? `, ${r.entry.producer}` : ''})`, `request: ${REQUESTS[r.entry.format]}`];
  if (r.error) lines.push(`generation failed: ${r.error}`);
  if (r.summary) lines.push(`summary: ${r.summary}`);
  for (const c of [...CHECKS, 'roundtrip'] as const) {
    const res = c === 'roundtrip' ? r.roundtrip : r.checks[c];
    lines.push(`${mark(res.ok)} ${CHECK_LABEL[c]}`, ...res.reasons.map((m) => `    ✗ ${m}`), ...(res.notApplicable ?? []).map((m) => `    n/a ${m}`), ...res.notes.map((m) => `    - ${m}`));
  }
  lines.push(`time: generate ${r.ms.generate.toFixed(0)} ms, checks ${r.ms.checks.toFixed(0)} ms, render ${r.ms.render.toFixed(0)} ms`);
  return `${lines.join('\n')}\n`;
}

export interface FormatScore {
  format: FidelityFormat;
  files: number;
  preserved: number;
  pagesCompared: number;
  pagesIdentical: number;
  roundTrips: number;
  generationFailures: number;
  /** Files that pass with a part of a check not applicable (a reader that cannot read the original either). */
  notApplicable: number;
}

export function scores(results: FileResult[]): FormatScore[] {
  return FORMATS.map((format) => {
    const rs = results.filter((r) => r.entry.format === format);
    return {
      format, files: rs.length, preserved: rs.filter(passed).length,
      pagesCompared: rs.reduce((n, r) => n + (r.pages?.compared ?? 0), 0),
      pagesIdentical: rs.reduce((n, r) => n + (r.pages?.identical ?? 0), 0),
      roundTrips: rs.filter((r) => r.roundtrip.ok).length,
      generationFailures: rs.filter((r) => r.error).length,
      notApplicable: rs.filter((r) => passed(r) && notApplicableReasons(r).length > 0).length,
    };
  }).filter((s) => s.files > 0);
}

export function formatScores(results: FileResult[]): string {
  const s = scores(results);
  return [
    ...s.map((x) => `${x.format}: ${x.preserved}/${x.files} files preserved${x.notApplicable ? ` (${x.notApplicable} of them with a part of a check not applicable, listed above)` : ''}, ${x.pagesIdentical}/${x.pagesCompared} original pages identical${x.generationFailures ? ` (${x.generationFailures} generation${x.generationFailures === 1 ? '' : 's'} failed)` : ''}`),
    `no-op round trip: ${s.map((x) => `${x.format} ${x.roundTrips}/${x.files}`).join(', ')} files byte-identical`,
  ].join('\n');
}

export function resultsJson(results: FileResult[]): unknown {
  return {
    scores: scores(results),
    files: results.map((r) => ({ ...r, passed: passed(r), failures: failureReasons(r, true) })),
  };
}

