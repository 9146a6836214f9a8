import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
    reporters: ['default'],
  },
});
