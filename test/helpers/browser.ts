// A real browser for the editor tests: Debian's chromium (installed by .ci/run) driven by playwright-core,
// headless. A missing chromium fails the tests with a clear message rather than skipping them. Screenshots
// go to test-artifacts/ (gitignored), where people look at them.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './processes.ts';

export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** The chromium binary on PATH (Debian installs /usr/bin/chromium); throws when there is none. */
export function chromiumPath(): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'chromium');
    if (fs.existsSync(file)) return file;
  }
  throw new Error('chromium was not found on PATH: the browser tests need Debian\'s chromium (`apt-get install -y chromium`; .ci/run installs it).');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--font-render-hinting=none'],
  });
}

/** Collects the page's uncaught errors and console errors, so a test can require there were none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // The expired-token page is a 401 on purpose; Chromium logs the status of every failed load.
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/** Saves a full-page screenshot as test-artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
