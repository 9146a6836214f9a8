// Vite build of the web console: web/console/src -> web/console/dist, served by `folio serve` at /console.
// `npm run build:console` (and `npm ci`, through the root `prepare` script) runs it.
import path from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/console/',
  logLevel: 'warn',
  resolve: {
    // The SDK from the workspace's source, not a published build.
    alias: { '@folio/sdk': path.resolve(root, '../../packages/sdk/src/index.ts') },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
});
