// The built-in editors in a real browser (Debian's chromium through playwright-core) against a listening
// app: open each format's edit_url, edit the way a person does (keyboard, toolbar, grid, side panel),
// press Save, then check the file the Download button gives, that updated_at moved, that a following
// run_id prompt keeps the edit, and that an expired token shows the error page. Screenshots of every
// editor go to test-artifacts/.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { generate, key, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';
import { PY_DOCX, python } from './helpers/documents.ts';
import { readWithOpenpyxl } from './helpers/openpyxl.ts';
import { inspectPptx, phText } from './helpers/slides.ts';
import { expireTokens } from './helpers/editor.ts';
import { launchBrowser, pageErrors, screenshot } from './helpers/browser.ts';

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  t = await startTestApp(withRuns({}), { listen: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const SAVED = /^Saved at \d{1,2}:\d{2}:\d{2}( [AP]M)?$/;
const getRun = async (secret: string, runId: string) => (await t.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: key(secret) })).json();

async function newRun(format: 'word' | 'excel' | 'slides', prompt: string) {
  const org = await t.signup(undefined, { tier: 'pro' });
  const res = await generate(t, org.secret, { prompt }, format);
  expect(res.statusCode, res.body).toBe(200);
  const run = res.json();
  expect(run.edit_url.startsWith(`${t.url}/api/v1/edit/${run.run_id}?token=`)).toBe(true);
  return { org, run, before: await getRun(org.secret, run.run_id) };
}

/** Opens the edit_url in a fresh browser context and waits until the editor has loaded the document. */
async function openEditor(editUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', acceptDownloads: true });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const res = await page.goto(editUrl);
  expect(res!.status()).toBe(200);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  expect(await page.textContent('#status')).toMatch(SAVED);
  expect(await page.isDisabled('#save')).toBe(true);
  return { page, errors, close: () => context.close() };
}

type EditorSelection = { empty: boolean; text: string; offset: number; selected: string };

/**
 * Waits until the Word editor's own selection (ProseMirror's state, not the DOM's) is where the test
 * put the caret. A person sees the caret before typing; a script sends the next key at once, and on a
 * loaded machine ProseMirror can read the DOM selection change (from the click or End) after that key.
 */
async function caretWhere(page: Page, what: string, ok: (s: EditorSelection) => boolean) {
  const read = () => page.evaluate((): EditorSelection => {
    const sel = (globalThis as any).folioEditor.state.selection;
    return { empty: sel.empty, text: sel.$from.parent.textContent, offset: sel.$from.parentOffset, selected: sel.empty ? '' : (globalThis as any).folioEditor.state.doc.textBetween(sel.from, sel.to) };
  });
  const deadline = Date.now() + 10_000;
  let last = await read();
  while (!ok(last) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    last = await read();
  }
  expect(ok(last), `editor selection ${what}; it is ${JSON.stringify(last)}`).toBe(true);
}

async function expectDirty(page: Page) {
  expect(await page.textContent('#status')).toBe('Unsaved changes');
  expect(await page.isEnabled('#save')).toBe(true);
}

/** Presses Save and waits for the editor to report the save done (and any reload after it). */
async function save(page: Page) {
  const done = Number((await page.getAttribute('body', 'data-saves')) ?? 0) + 1;
  await page.click('#save');
  await page.waitForSelector(`body[data-saves="${done}"]`, { timeout: 60_000 });
  expect(await page.textContent('#status')).toMatch(SAVED);
  expect(await page.isDisabled('#save')).toBe(true);
}

/** What the page's Download button gives, through the browser's own download. */
async function downloadButton(page: Page): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  return fs.readFileSync((await file.path())!);
}

async function expectNewVersion(secret: string, before: any) {
  const after = await getRun(secret, before.run_id);
  expect(after.version).toBe(before.version + 1);
  expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
}

async function resume(secret: string, runId: string, format: string, prompt: string): Promise<Buffer> {
  const res = await generate(t, secret, { prompt, run_id: runId }, format);
  expect(res.statusCode, res.body).toBe(200);
  return (await download(t, res.json().download_url)).body;
}

/** After the run's tokens expire, the same edit_url is a friendly 401 page that never shows the document. */
async function expectExpiredPage(runId: string, editUrl: string, secretText: string, shot?: string) {
  await expireTokens(t, runId);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const res = await page.goto(editUrl);
    expect(res!.status()).toBe(401);
    expect(await page.textContent('h1')).toBe('This edit link has expired');
    expect(await page.content()).not.toContain(secretText);
    expect(await page.locator('#save').count()).toBe(0);
    if (shot) await screenshot(page, shot);
  } finally {
    await context.close();
  }
}

describe('built-in editors in chromium', () => {
  it('Word: types a bold paragraph and changes a table cell, warns before leaving unsaved, saves, downloads, resumes', async () => {
    const prompt = ['# Field Review', '## Summary', 'Crews closed **412** tickets.', '## Regions', '| Region | Open |', '|---|--:|', '| North | 31 |', '| South | 18 |'].join('\n');
    const { org, run, before } = await newRun('word', prompt);
    const { page, errors, close } = await openEditor(run.edit_url);
    expect(await page.inputValue('#doc-title')).toBe('Field Review');
    await page.getByText('Crews closed').click();
    await page.keyboard.press('End');
    await caretWhere(page, 'at the end of the paragraph "Crews closed…"', (s) => s.empty && s.text.startsWith('Crews closed') && s.offset === s.text.length);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Edited in Chromium ');
    await page.click('#toolbar button.b');
    await page.keyboard.type('with care');
    await page.locator('.word-body td', { hasText: '31' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await caretWhere(page, 'selecting the cell text "31"', (s) => s.selected === '31');
    await page.keyboard.type('35');
    await expectDirty(page);
    await screenshot(page, 'editor-word-unsaved');

    // Leaving with unsaved changes asks first; staying keeps the page and the edit.
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    expect(page.isClosed()).toBe(false);
    await expectDirty(page);

    await save(page);
    await screenshot(page, 'editor-word');
    const read = await python(await downloadButton(page), 'docx', PY_DOCX);
    expect(read.paragraphs).toContainEqual(expect.objectContaining({ text: 'Edited in Chromium with care', bold: ['with care'] }));
    expect(read.tables[0]).toEqual([['Region', 'Open'], ['North', '35'], ['South', '18']]);
    await expectNewVersion(org.secret, before);

    // Saved: leaving asks nothing.
    let askedAgain = false;
    page.on('dialog', (d) => { askedAgain = true; void d.accept(); });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(askedAgain).toBe(false);
    expect(errors).toEqual([]);
    await close();

    const resumed = await python(await resume(org.secret, run.run_id, 'word', '## Next steps\nReview in November.'), 'docx', PY_DOCX);
    expect(resumed.paragraphs.map((p: any) => p.text)).toEqual(expect.arrayContaining(['Edited in Chromium with care', 'Review in November.']));
    expect(resumed.tables[0][1]).toEqual(['North', '35']);
    await expectExpiredPage(run.run_id, run.edit_url, 'Field Review', 'editor-expired-link');
  }, 180_000);

  it('Excel: fills amounts into the grid, adds a formula through the formula bar, saves (totals recomputed), downloads, resumes', async () => {
    const { org, run, before } = await newRun('excel', 'Make a Q1 sales workbook: Jan 12000 (40 units), Feb 13500 (44), Mar 15100 (51).');
    const { page, errors, close } = await openEditor(run.edit_url);
    const sheetName = (await page.textContent('#sheet-tabs .tab.active'))!;
    const cell = (row: number, col: number) => page.locator(`td[data-r="${row}"][data-c="${col}"]`);
    // The builtin outline: an Item / Amount table with empty amounts and a live Total under them.
    const total = Number(await page.locator('td[data-c="0"]', { hasText: /^Total$/ }).getAttribute('data-r'));
    expect(await cell(total, 1).getAttribute('class')).toContain('formula-cell');
    const [a, b, free] = [total - 3, total - 2, total + 3]; // 0-based rows: two amounts, an empty row below
    for (const [row, col] of [[a, 1], [b, 1], [free, 0], [free, 1]]) expect(await cell(row, col).textContent()).toBe('');

    await cell(a, 1).click();
    await page.keyboard.type('12000');
    await page.keyboard.press('Enter');
    expect(await page.textContent('#name-box')).toBe(`B${b + 1}`);
    await page.keyboard.type('13,500');
    await page.keyboard.press('Enter');
    await cell(free, 0).click();
    await page.keyboard.type('Average');
    await page.keyboard.press('Tab');
    const average = `=AVERAGE(B${a + 1}:B${b + 1})`;
    await page.fill('#formula', average);
    await page.press('#formula', 'Enter');
    await expectDirty(page);
    await screenshot(page, 'editor-excel-unsaved');

    await save(page);
    // After the reload the grid shows what Folio computed: the Total over the new amounts, the average.
    expect(await cell(total, 1).textContent()).toBe('25500');
    expect(await cell(free, 1).textContent()).toBe('12750');
    await cell(free, 1).click();
    expect(await page.inputValue('#formula')).toBe(average);
    await screenshot(page, 'editor-excel');
    const book = readWithOpenpyxl(await downloadButton(page));
    const sheet = book.sheets.find((s) => s.title === sheetName)!;
    expect([sheet.cells[`B${a + 1}`], sheet.cells[`B${b + 1}`], sheet.cells[`A${free + 1}`], sheet.cells[`B${free + 1}`]]).toEqual([12000, 13500, 'Average', average]);
    expect([sheet.computed[`B${total + 1}`], sheet.computed[`B${free + 1}`]]).toEqual([25500, 12750]);
    await expectNewVersion(org.secret, before);

    // The link expires while the page is open: a save says so, and changes nothing.
    await expireTokens(t, run.run_id);
    await cell(a + 2, 1).click();
    await page.keyboard.type('99');
    await page.keyboard.press('Enter');
    await page.click('#save');
    await expect.poll(() => page.textContent('#status')).toBe('This edit link has expired: your changes were not saved.');
    expect((await getRun(org.secret, run.run_id)).version).toBe(before.version + 1);
    expect(errors).toEqual([]); // (Chromium's log of the 401 itself is left out by pageErrors)
    await close();

    const resumed = readWithOpenpyxl(await resume(org.secret, run.run_id, 'excel', 'Add a forecast tab'));
    expect(resumed.sheets.map((s) => s.title)).toEqual(expect.arrayContaining([sheetName, 'Forecast']));
    const kept = resumed.sheets.find((s) => s.title === sheetName)!;
    expect([kept.cells[`B${a + 1}`], kept.cells[`B${b + 1}`], kept.cells[`B${free + 1}`]]).toEqual([12000, 13500, average]);
    await expectExpiredPage(run.run_id, run.edit_url, 'Average');
  }, 180_000);

  it('Slides: edits a slide\'s title, bullets and notes in the side panel over the slide pictures, saves, downloads, resumes', async () => {
    const { org, run, before } = await newRun('slides', '# Team update\n\n## Hiring\n- Two engineers joined\n- One designer starts in May');
    const { page, errors, close } = await openEditor(run.edit_url);
    const pictures = page.locator('#slide-list img');
    const slideCount = await page.locator('#slide-list li').count();
    expect(slideCount).toBeGreaterThan(1);
    expect(await pictures.count()).toBe(slideCount); // made by the export pipeline (LibreOffice)

    await page.locator('#slide-list').getByAltText(/: Hiring$/).click();
    expect(await page.inputValue('#slide-bullets')).toBe('Two engineers joined\nOne designer starts in May');
    expect(await page.isHidden('#slide-subtitle')).toBe(true); // a bullets slide has no subtitle
    expect(await page.getAttribute('#slide-preview', 'src')).toBe(await page.locator('#slide-list li.active img').getAttribute('src'));
    await page.fill('#slide-title', 'Hiring, edited');
    await page.fill('#slide-bullets', 'Three engineers joined\n  From Leeds');
    await page.fill('#slide-notes', 'Say thanks to the recruiters.');
    await expectDirty(page);

    await save(page);
    const edited = page.locator('#slide-list').getByAltText(/: Hiring, edited$/);
    await expect.poll(() => edited.evaluate((img: any) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
    expect(await page.inputValue('#slide-title')).toBe('Hiring, edited');
    await screenshot(page, 'editor-slides');
    const deck = inspectPptx(await downloadButton(page));
    const slide = deck.slides.find((s) => phText(s, 'title') === 'Hiring, edited')!;
    expect(phText(slide, 'body')).toBe('Three engineers joined\nFrom Leeds');
    expect(slide.placeholders.find((p) => p.type === 'obj')!.levels).toEqual([0, 1]);
    expect(slide.notes).toContain('Say thanks to the recruiters.');
    expect(JSON.stringify(deck.slides)).not.toContain('Two engineers joined');
    await expectNewVersion(org.secret, before);
    expect(errors).toEqual([]);
    await close();

    const resumed = inspectPptx(await resume(org.secret, run.run_id, 'slides', 'Add a slide titled "Next steps" with bullets: Ship the beta in June'));
    const titles = resumed.slides.map((s) => phText(s, 'title'));
    expect(titles).toEqual(expect.arrayContaining(['Hiring, edited', 'Next steps']));
    expect(phText(resumed.slides[titles.indexOf('Hiring, edited')], 'body')).toBe('Three engineers joined\nFrom Leeds');
    await expectExpiredPage(run.run_id, run.edit_url, 'Hiring, edited');
  }, 180_000);
});
