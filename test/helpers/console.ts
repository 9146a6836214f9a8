// The web console in a real browser: builds the console once per test process (into a private folder, so
// parallel files never share a half-written build), starts a listening app that serves it, signs in
// through the development form, saves screenshots at 1280 and 390 px to test-artifacts/console/, and
// runs axe-core on a page (serious and critical violations are returned).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import type { Config } from '../../src/config.ts';
import { ARTIFACTS, pageErrors } from './browser.ts';
import { ROOT } from './processes.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const CONSOLE_ARTIFACTS = path.join(ARTIFACTS, 'console');
export const WIDTHS = [1280, 390] as const;

let built: Promise<string> | null = null;

/** The console built from web/console into a temporary folder (once per process). */
export function consoleBuild(): Promise<string> {
  built ??= (async () => {
    const outDir = path.join(os.tmpdir(), `folio-console-${process.pid}-${randomBytes(4).toString('hex')}`);
    await build({ configFile: path.join(ROOT, 'web', 'console', 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
    return outDir;
  })();
  return built;
}

/** A listening test app serving the console (extra config as startTestApp takes it). */
export async function startConsoleApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp(overrides, { listen: true, env, consoleDist: await consoleBuild() });
}

export interface ConsolePage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors of the page so far (a test expects none). */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh browser context (its own cookies) at desktop width; CSP is bypassed so axe-core can be injected. */
export async function openConsole(browser: Browser, t: TestApp, width = 1280): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'UTC', bypassCSP: true, baseURL: t.url! });
  const page = await context.newPage();
  const errors = pageErrors(page);
  return { context, page, errors, close: () => context.close() };
}

/** Signs in with the development form; resolves when the console's shell (or the first-organization page) shows. */
export async function signIn(page: Page, email: string, name?: string): Promise<void> {
  await page.goto('/console/');
  await page.getByLabel('Email').fill(email);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('nav[aria-label="Console"], #org-name', { timeout: 30_000 });
}

/** On the first-organization page: creates one; resolves on the shell. */
export async function createOrganization(page: Page, orgName: string): Promise<void> {
  await page.getByLabel('Organization name').fill(orgName);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForSelector('nav[aria-label="Console"]', { timeout: 30_000 });
}

/** Signs in, creating the organization when the user has none; resolves on the shell. */
export async function signInWithOrg(page: Page, email: string, orgName = 'Acme'): Promise<void> {
  await signIn(page, email);
  if (await page.locator('#org-name').count()) await createOrganization(page, orgName);
}

/** Full-page screenshots at each width (1280 and 390 px) as test-artifacts/console/<name>-<width>.png. */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  fs.mkdirSync(CONSOLE_ARTIFACTS, { recursive: true });
  const before = page.viewportSize();
  const files: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(100); // one layout after the resize
    const file = path.join(CONSOLE_ARTIFACTS, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    files.push(file);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; impact: string; help: string; nodes: string[] }

/** Runs axe-core (WCAG 2 A/AA rules) on the page; returns the serious and critical violations. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('"axe" in window'))) await page.addScriptTag({ content: AXE_SOURCE });
  const result = await page.evaluate(`(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  })()`);
  return (result as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export { pageErrors };
