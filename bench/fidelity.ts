// The fidelity suite (npm run fidelity): for each file of the corpus (test/fixtures/fidelity/corpus.json),
// one small addition through the real HTTP API on the embedded defaults (the builtin engine answers), then
// checks that nothing else of the file changed: parts, original slides/sheets/body, LibreOffice's pages,
// the file's own layouts/styles, that it opens and holds the addition; plus a no-op round trip through the
// format's adapter. See test/fidelity/fidelity-checks.ts for what each check compares.
//
//   npm run fidelity -- [--format slides|word|excel]... [--ci] [--file <substring>] [--keep <dir>] [--strict] [--corpus <dir>] [--json]
//
// --ci: only entries with ci: true; --file: only files whose path contains the substring; --keep: write each
// file's original, result, round trip, PDFs, report.txt and part diffs there, and results.json; --strict:
// exit 1 when any file of the selected formats fails (otherwise the exit code is always 0); --corpus: another
// corpus directory (with its corpus.json); --json: print results.json instead of the lines.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FidelityFormat } from '../test/fidelity/fidelity-checks.ts';
import {
  DEFAULT_CORPUS_DIR, FORMATS, FidelitySession, formatResult, formatScores, loadCorpus, passed, resultsJson, startFidelityApp,
} from '../test/fidelity/fidelity-run.ts';

const { values: args } = parseArgs({
  options: {
    format: { type: 'string', multiple: true },
    ci: { type: 'boolean', default: false },
    file: { type: 'string' },
    keep: { type: 'string' },
    strict: { type: 'boolean', default: false },
    corpus: { type: 'string', default: DEFAULT_CORPUS_DIR },
    json: { type: 'boolean', default: false },
  },
});

const formats = (args.format ?? []).flatMap((f) => f.split(',')).map((f) => f.trim()).filter(Boolean) as FidelityFormat[];
for (const f of formats) {
  if (!FORMATS.includes(f)) {
    console.error(`unknown --format ${f} (one of ${FORMATS.join(', ')})`);
    process.exit(2);
  }
}
const corpusDir = path.resolve(args.corpus!);
if (!fs.existsSync(path.join(corpusDir, 'corpus.json'))) {
  console.error(`no corpus manifest at ${path.join(corpusDir, 'corpus.json')}`);
  process.exit(args.strict ? 1 : 0);
}
const entries = loadCorpus(corpusDir, { formats: formats.length ? formats : undefined, ci: args.ci, file: args.file });
if (!entries.length) {
  console.error('no corpus entry matches the selection');
  process.exit(args.strict ? 1 : 0);
}
const keepDir = args.keep ? path.resolve(args.keep) : undefined;
if (keepDir) fs.mkdirSync(keepDir, { recursive: true });

const t0 = performance.now();
// When the app cannot start (the engine does not load), every generation fails with that error.
const app = await startFidelityApp().catch((err: Error) => {
  console.error(`the app did not start: ${err.message}`);
  return null;
});
const session = new FidelitySession({
  app: app ?? undefined, corpusDir, keepDir, progress: args.json ? undefined : (line) => process.stderr.write(`  ... ${line}\n`),
});
// Interrupted: remove the temporary LibreOffice profile and the app's data dir before leaving.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    session.close();
    void (app?.close() ?? Promise.resolve()).catch(() => undefined).finally(() => process.exit(130));
  });
}

let failed = 0;
try {
  const results = await session.run(entries);
  failed = results.filter((r) => !passed(r)).length;
  if (keepDir) fs.writeFileSync(path.join(keepDir, 'results.json'), `${JSON.stringify(resultsJson(results), null, 2)}\n`);
  if (args.json) {
    console.log(JSON.stringify(resultsJson(results), null, 2));
  } else {
    for (const r of results) console.log(formatResult(r));
    console.log('');
    console.log(formatScores(results));
    console.log(`${results.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s${keepDir ? `; results and diffs in ${keepDir}` : ''}`);
  }
} finally {
  session.close();
  await app?.close();
}
process.exit(args.strict && failed > 0 ? 1 : 0);
