// PDF pages to PNG images through poppler's pdftoppm (Debian package poppler-utils).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class PdftoppmMissing extends Error {}

/** The PDF has more than the allowed number of pages (only that many + 1 were rendered to find out). */
export class TooManyPages extends Error {
  readonly max: number;

  constructor(max: number) {
    super(`more than ${max} pages`);
    this.max = max;
  }
}

/**
 * Renders every page of `pdf` at `dpi` into `dir` and returns the PNG paths in page order; TooManyPages
 * past `maxPages` (pdftoppm stops at page maxPages + 1, so a huge document costs no more than that).
 * pdftoppm names pages prefix-1.png or prefix-01.png depending on the count, so they are sorted by number.
 */
export async function renderPages(pdf: string, dir: string, dpi: number, timeoutMs: number, maxPages: number): Promise<string[]> {
  const prefix = path.join(dir, 'page');
  try {
    await run('pdftoppm', ['-png', '-r', String(dpi), '-l', String(maxPages + 1), pdf, prefix], { timeout: timeoutMs, killSignal: 'SIGKILL' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new PdftoppmMissing('pdftoppm is not installed');
    throw err;
  }
  const pages = (await fs.readdir(dir)).filter((f) => /^page-\d+\.png$/.test(f));
  if (pages.length > maxPages) throw new TooManyPages(maxPages);
  pages.sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  return pages.map((f) => path.join(dir, f));
}

/** Whether pdftoppm can be run here (checked once per process by the caller). */
export async function pdftoppmAvailable(): Promise<boolean> {
  try {
    await run('pdftoppm', ['-v'], { timeout: 10_000 });
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
