// Bundles the built-in Word editor (TipTap) into web/dist/word-editor.js, which is committed so that
// `npm ci && npm start` serves it with no build step. `npm run build:web` after changing web/src or
// web/editor/common.js, or after updating TipTap; test/web-bundle.test.ts fails when the two differ.
// The other editors are plain modules under web/editor, served as they are.
import path from 'node:path';
import { build } from 'esbuild';

export const WEB = path.resolve(import.meta.dirname, '..', 'web');
export const BUNDLES = [{ entry: path.join(WEB, 'src', 'word-editor.js'), out: 'word-editor.js' }];

export async function buildWeb(outDir = path.join(WEB, 'dist')): Promise<string[]> {
  const written: string[] = [];
  for (const b of BUNDLES) {
    const outfile = path.join(outDir, b.out);
    await build({ entryPoints: [b.entry], bundle: true, format: 'esm', minify: true, target: 'es2022', legalComments: 'none', charset: 'utf8', outfile, logLevel: 'warning' });
    written.push(outfile);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const file of await buildWeb()) console.log(`built ${path.relative(process.cwd(), file)}`);
}
