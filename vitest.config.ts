import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files whose outcome does not depend on the backend (embedded PGlite, or PostgreSQL + Redis): CI runs
 * them once, in the embedded phase, and its PostgreSQL + Redis phase sets FOLIO_TEST_BACKEND_ONLY=1 to leave
 * them out (see .ci/run). Without that variable every file runs, so `npm run test:services` alone still
 * runs the whole suite. A file belongs here only if it never opens the database or Redis under test, or
 * if what it asserts is independent of them and the same HTTP paths are covered on both backends by the
 * files that stay (say why, below).
 */
export const BACKEND_INDEPENDENT = [
  // Unit tests next to the sources: no app, no DATABASE_URL/REDIS_URL (src/jobs/queue.test.ts always runs
  // on its own in-memory PGlite, whatever the phase).
  'src/**/*.test.ts',
  // No database at all: committed templates and bundles rebuilt and compared, the scripted LLM provider,
  // the fidelity checker's own checks, the blob stores (disk, S3 protocol), the tick-shape child process.
  'test/blob-store.test.ts',
  'test/excel-template.test.ts',
  'test/fake-llm-server.test.ts',
  // The agent-turns bench in a child process: a scripted provider and the document agent, no database.
  'test/agent-turns-bench.test.ts',
  'test/fidelity-checks.test.ts',
  'test/slide-templates.test.ts',
  'test/tick-shapes.test.ts',
  'test/web-bundle.test.ts',
  // The test runner (scripts/test.ts) on its own small files with their own config: no app at all.
  'test/test-runner.test.ts',
  'test/word-template.test.ts',
  // Static documents checked against a real app: the deployment files (yamllint, Kubernetes schemas), the
  // OpenAPI document's operations, and the SDK package built, packed and installed (its HTTP calls against
  // both backends are test/sdk/sdk-*.test.ts, which stay).
  'test/deploy-manifests.test.ts',
  'test/sdk/openapi-operations.test.ts',
  'test/sdk/sdk-package.test.ts',
  // Document fidelity (test/fixtures/fidelity corpus, builtin engine): what it asserts is the bytes and the
  // LibreOffice rendering of the edited files, which no backend changes; the same upload, generate
  // (init_file) and download path on both backends is word-in-place, excel-in-place and slides-agent, which
  // stay. It is the slowest file of the suite (a LibreOffice rendering of every page before and after).
  'test/fidelity.test.ts',
  // The CLI on a pseudo-terminal (tmux): what it tests is the terminal rendering and Ctrl-C; the same
  // commands against a server on each backend are test/cli/cli-documents.test.ts, which stays.
  'test/cli/cli-terminal.test.ts',
  // The documentation: relative links and anchors, the error reference against src/errors.ts, the module
  // diagram against the imports, the LLM guide's model table against the catalogue. No app at all.
  'test/docs/**',
  // LibreOffice instances ending with the process that started them (no app, no database).
  'test/export-orphans.test.ts',
  // The web console in Chromium: what they test is the pages (rendering, keyboard, axe-core, the flows a
  // person clicks through); every API call a page makes is an ordinary route whose behaviour on both
  // backends has its own HTTP tests (test/console-session.test.ts and test/console-oidc.test.ts for the
  // cookie session, CSRF and sign-in, which stay; test/run-history.test.ts for the run page's endpoints).
  'test/console-browser.test.ts',
  'test/console-account.test.ts',
  'test/console-documents.test.ts',
  // The SDK in Chromium: what it tests is the browser runtime (fetch, streams, WebCrypto, no Node globals);
  // the same SDK calls against both backends are test/sdk/sdk-*.test.ts, which stay.
  'test/sdk/sdk-browser.test.ts',
];

const backendOnly = process.env.FOLIO_TEST_BACKEND_ONLY === '1';

/**
 * The files scripts/test.ts runs once more when their worker died on a signal (a JSON list of paths
 * relative to the root): they alone are included then, whatever filters the command line also gave.
 */
export function rerunInclude(include: string[]): string[] {
  return process.env.FOLIO_TEST_RERUN ? (JSON.parse(process.env.FOLIO_TEST_RERUN) as string[]) : include;
}

export default defineConfig({
  test: {
    include: rerunInclude(['src/**/*.test.ts', 'test/**/*.test.ts']),
    exclude: [...configDefaults.exclude, ...(backendOnly ? BACKEND_INDEPENDENT : [])],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/file-hygiene.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker process (the app's module graph is imported once per worker, not once
    // per file): the suite takes about a third less time and CPU. So a test file must leave no global
    // state behind: no process.env changes, no module mocks, and it closes every app, server and pool it opens.
    isolate: false,
    maxWorkers: 2,
    // The second reporter writes nothing unless scripts/test.ts asks (FOLIO_TEST_CRASH_REPORT): it tells which
    // files a worker took down with it when it died on a signal, so that they can run once more.
    reporters: ['default', './test/helpers/crash-report.ts'],
  },
});
