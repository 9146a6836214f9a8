// The console's document pages in Debian's chromium against a listening app (builtin engine, real
// LibreOffice): make a deck in the playground with live progress (the agent's steps over SSE), resume it,
// see both versions on the run page, list and filter runs, upload a template and make it the default,
// analyse a project's file and resolve an insight, generate the report; axe-core on every page and
// screenshots at 1280 and 390 px in test-artifacts/console/.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/test-app.ts';
import { launchBrowser } from './helpers/browser.ts';
import { axe, openConsole, screenshots, signInWithOrg, startConsoleApp, type ConsolePage } from './helpers/console.ts';
import { corpusFile } from './helpers/slides.ts';
import { salesXlsx } from './helpers/project-fixtures.ts';

let t: TestApp;
let browser: Browser;
let c: ConsolePage;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchBrowser(), startConsoleApp()]);
  c = await openConsole(browser, t);
  await signInWithOrg(c.page, 'grace@example.com', 'Hopper & Co');
}, 180_000);
afterAll(async () => {
  await c?.close();
  await browser?.close();
  await t?.close();
});

async function clean(name: string): Promise<void> {
  expect(await axe(c.page), name).toEqual([]);
  await c.page.evaluate('window.scrollTo(0, 0)');
  await screenshots(c.page, name);
}

describe('console: documents', () => {
  it('makes a deck in the playground with live progress, resumes it, and shows both versions on the run page', async () => {
    const { page } = c;
    const streams: string[] = [];
    page.on('request', (r) => { if (/\/api\/v1\/tasks\/[^/]+\/events/.test(r.url())) streams.push(r.url()); });
    await page.goto('/console/playground');
    await page.getByRole('heading', { name: 'Playground' }).waitFor();
    await clean('playground');

    await page.getByLabel('Slides').check();
    await page.getByLabel('Prompt', { exact: true }).fill('A 4-slide deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('list', { name: 'Agent steps' }).locator('li').first().waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: /^Done: \d+ steps?$/ }).waitFor({ timeout: 90_000 });
    expect(streams.length).toBeGreaterThan(0);
    const steps = await page.getByRole('list', { name: 'Agent steps' }).locator('li').count();
    expect(steps).toBeGreaterThan(1);
    await page.locator('.page-strip img').first().waitFor({ timeout: 120_000 });
    expect(await page.locator('.page-strip img').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.page-strip img').first().evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(100);
    await clean('playground-result');

    await page.getByLabel('Follow-up prompt').fill('Add a slide titled Next steps with three bullets: hire, expand, review');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Version 2', { exact: true }).waitFor({ timeout: 120_000 });

    await page.getByRole('link', { name: 'View run' }).click();
    await page.getByRole('heading', { name: 'Version 2' }).waitFor();
    await page.getByRole('heading', { name: 'Version 1' }).waitFor();
    expect(await page.locator('.prompt').allTextContents()).toEqual([
      'Prompt: Add a slide titled Next steps with three bullets: hire, expand, review',
      'Prompt: A 4-slide deck on our Q3 results: revenue up 12%, churn down to 3%, two new markets',
    ]);
    expect(await page.getByRole('table', { name: 'Task history' }).locator('tbody tr').count()).toBe(2);
    await page.locator('.version').first().locator('.page-strip img').first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Show preview' }).click();
    await page.locator('.version').nth(1).locator('.page-strip img').first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText(/^PDF · /).waitFor({ timeout: 120_000 });
    await clean('run');
    expect(streams.length).toBeGreaterThan(1);
  }, 600_000);

  it('lists runs with thumbnails, filters them, and shows a designed empty state', async () => {
    const { page } = c;
    await page.goto('/console/runs');
    const rows = page.getByRole('table', { name: 'Runs' }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await rows.first().locator('img.thumb').waitFor({ timeout: 60_000 });
    expect(await rows.first().textContent()).toContain('completed');
    await clean('runs');
    await page.getByLabel('Format').selectOption('word');
    await page.getByRole('heading', { name: 'No runs match these filters' }).waitFor();
    expect(new URL(page.url()).search).toBe('?format=word');
    await clean('runs-empty');
    // A missing run: the designed error state with the request id (Chromium logs the 404s it loaded).
    const seen = c.errors.length;
    await page.goto('/console/runs/run_doesnotexist');
    await page.getByRole('heading', { name: 'No such run' }).waitFor();
    expect(await page.locator('[data-request-id]').textContent()).toMatch(/\S{8,}/);
    await clean('run-not-found');
    expect(c.errors.slice(seen).filter((e) => !/status of 404/.test(e))).toEqual([]);
    c.errors.splice(seen);
  }, 180_000);

  it('uploads a template, shows its layouts and makes it the default', async () => {
    const { page } = c;
    await page.goto('/console/templates');
    await page.getByRole('heading', { name: 'No templates yet' }).waitFor();
    await page.getByLabel('File').setInputFiles({ name: 'Office.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', buffer: corpusFile('pptx/pp-comments.pptx') });
    expect(await page.getByLabel('Name').inputValue()).toBe('Office');
    await page.getByLabel('Name').fill('Acme deck');
    await page.getByRole('button', { name: 'Upload' }).click();
    const card = page.getByRole('region', { name: 'Acme deck' });
    await card.waitFor({ timeout: 120_000 });
    expect(await card.getByRole('list', { name: 'Layouts of Acme deck' }).locator('img').count()).toBeGreaterThan(0);
    expect(await card.getByText('Default', { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Set Acme deck as the default' }).click();
    await card.getByText('Default', { exact: true }).waitFor();
    await clean('templates');
  }, 240_000);

  it("adds a file to a project, resolves an insight and generates the report", async () => {
    const { page } = c;
    await page.goto('/console/projects');
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await clean('projects-empty');
    await page.getByLabel('Name').fill('Sales review');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Sales review' }).waitFor();
    await page.getByLabel('Add files').setInputFiles({ name: 'sales.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await salesXlsx() });
    await page.getByRole('table', { name: 'Project files' }).getByText('Analysed').waitFor({ timeout: 120_000 });
    const items = page.locator('.insight');
    await items.first().waitFor({ timeout: 60_000 });
    const before = await items.count();
    const title = (await items.first().locator('strong').textContent())!;
    await clean('project');
    await items.first().getByRole('button', { name: `Resolve: ${title}` }).click();
    await expect.poll(() => items.count()).toBe(before - 1);
    await page.getByRole('button', { name: 'Resolved' }).click();
    await page.getByRole('button', { name: `Reopen: ${title}` }).waitFor();
    await page.getByRole('button', { name: 'Generate report' }).click();
    await page.getByRole('heading', { name: 'Version 1' }).waitFor({ timeout: 120_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/runs\/run_/);
    expect(c.errors).toEqual([]);
  }, 300_000);
});
