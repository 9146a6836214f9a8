// The fidelity suite in CI: for every corpus file marked ci: true (test/fixtures/fidelity/corpus.json) of the
// formats below, one small addition through the real HTTP API (builtin engine) must leave the rest of the
// file as it was: parts byte-identical, original slides/sheets/body unchanged, every original page rendered
// identically by LibreOffice, the file's own layouts/styles used, the result opening with the content asked
// for, and the no-op round trip byte-identical. The checks are test/fidelity/fidelity-checks.ts (their own
// test: fidelity-checks.test.ts); `npm run fidelity` runs the whole corpus and prints a score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityFormat } from './fidelity/fidelity-checks.ts';
import { DEFAULT_CORPUS_DIR, failureReasons, FidelitySession, loadCorpus, REQUESTS } from './fidelity/fidelity-run.ts';
import { withRuns } from './helpers/runs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

/** The formats whose ci: true files must pass every check. */
const FIDELITY_FORMATS_IN_CI: FidelityFormat[] = ['slides', 'word', 'excel'];

/** LibreOffice and python on a slow machine: generous, for this file only. */
const TIMEOUT = 4 * 60_000;

const entries = loadCorpus(DEFAULT_CORPUS_DIR, { formats: FIDELITY_FORMATS_IN_CI, ci: true });

let t: TestApp;
let session: FidelitySession;

beforeAll(async () => {
  t = await startTestApp(withRuns({}));
  session = new FidelitySession({ app: t });
  // Every original in one LibreOffice call (one profile for the whole file); each test renders its result.
  await session.renderOriginals(entries);
}, TIMEOUT);

afterAll(async () => {
  session?.close();
  await t?.close();
});

describe(`fidelity of small additions (${FIDELITY_FORMATS_IN_CI.join(', ')}, corpus files with ci: true)`, () => {
  it('the corpus has files to check', () => {
    expect(entries.length, `no entry of ${FIDELITY_FORMATS_IN_CI.join(', ')} with ci: true in ${DEFAULT_CORPUS_DIR}/corpus.json`).toBeGreaterThan(0);
  });

  for (const entry of entries) {
    it(`${entry.file}: "${REQUESTS[entry.format]}" leaves the rest of the file as it was`, { timeout: TIMEOUT }, async () => {
      const r = await session.checkFile(entry);
      const failures = failureReasons(r, true);
      expect(failures, `${entry.file} (${entry.producer ?? 'unknown producer'}):\n  ${failures.join('\n  ')}`).toEqual([]);
    });
  }
});
