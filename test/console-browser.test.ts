// The web console in Debian's chromium against a listening app: sign in with the development form, create
// an organization, walk the account pages (API keys, webhooks, usage), with axe-core on every page and
// screenshots at 1280 and 390 px in test-artifacts/console/.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/test-app.ts';
import { launchBrowser } from './helpers/browser.ts';
import { axe, createOrganization, openConsole, screenshots, signIn, startConsoleApp, type ConsolePage } from './helpers/console.ts';

let t: TestApp;
let browser: Browser;
let c: ConsolePage;
beforeAll(async () => {
  [browser, t] = await Promise.all([launchBrowser(), startConsoleApp()]);
  c = await openConsole(browser, t);
}, 120_000);
afterAll(async () => {
  await c?.close();
  await browser?.close();
  await t?.close();
});

describe('console shell', () => {
  it('signs in with the development form, creates an organization and shows the shell', async () => {
    const { page } = c;
    await page.goto('/console/');
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'sign-in');
    await signIn(page, 'ada@example.com', 'Ada Lovelace');
    await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await screenshots(page, 'create-organization');
    await createOrganization(page, 'Analytical Engines');
    expect(new URL(page.url()).pathname).toBe('/console/playground');
    expect(await page.locator('#org-switch option').allTextContents()).toEqual(['Analytical Engines']);
    // Keyboard: the first Tab reaches the skip link, drawn with a visible focus ring; Enter moves to <main>.
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
    // The next Tabs walk the page's own controls (the playground's format radio group, then its prompt), each
    // with a visible focus ring.
    for (const expected of ['INPUT', 'TEXTAREA']) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement.closest("main") ? document.activeElement.tagName : "outside main"')).toBe(expected);
      expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    }
    await screenshots(page, 'playground');
    expect(await axe(page)).toEqual([]);
    expect(c.errors).toEqual([]);
  }, 180_000);

  it('a client route loads the app (index.html fallback); a missing asset is 404', async () => {
    const res = await fetch(`${t.url}/console/runs/run_doesnotexist`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="app">');
    expect((await fetch(`${t.url}/console/assets/nope-123.js`)).status).toBe(404);
  });
});
