// Markdown prompts end to end on the builtin engine (no model provider): what CommonMark defines and
// Folio's old line reader missed (setext headings, items nested by four spaces, an item's text wrapped
// onto an unindented line) and the two habits users have that are not Markdown (`•` bullets pasted from
// Word, a sentence right under a table) reach the Word document as the writer meant them, read back by
// python-docx. A structured request goes through markdownOf to add_content, so its lists must read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PY_DOCX, python } from './helpers/documents.ts';
import { generate, withRuns } from './helpers/runs.ts';
import { download } from './helpers/storage.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await startTestApp(withRuns({}));
  secret = (await t.signup()).secret;
});
afterAll(async () => t?.close());

const PROMPT = [
  'Offsite plan',
  '============',
  '',
  'Agenda',
  '------',
  '- Travel',
  '    - Trains from Berlin',
  '- Workshops that run',
  'all afternoon',
  '',
  'Rooms',
  '-----',
  '| Day | Room |',
  '|---|---|',
  '| Mon | Atlas |',
  'Rooms are booked until Friday.',
  '',
  'Bring',
  '-----',
  '• Laptops',
  '• Badges',
  'Note: Badges are at the front desk.',
  '',
  'Steps',
  '-----',
  '1. Book rooms',
  '   1. Atlas',
  '   2. Orion',
  '2. Send invites',
].join('\n');

describe('Markdown prompts (builtin engine)', () => {
  it('setext headings, 4-space nesting, a wrapped item, a sentence under a table, • bullets and numbered sub-items become the document the writer meant', async () => {
    const res = await generate(t, secret, { prompt: PROMPT }, 'word');
    expect(res.statusCode, res.body).toBe(200);
    const file = await download(t, res.json().download_url);
    expect(file.status).toBe(200);
    const doc = await python(file.body, 'docx', PY_DOCX);
    const paras: { style: string; text: string }[] = doc.paragraphs.filter((p: any) => p.text.trim());
    const styleOf = (text: string) => paras.find((p) => p.text === text)?.style;
    expect(paras[0].text).toBe('Offsite plan');
    for (const h of ['Agenda', 'Rooms', 'Bring']) expect(styleOf(h), h).toMatch(/^Heading/);
    expect(paras.map((p) => p.text)).not.toContain('============');
    expect(styleOf('Travel')).toMatch(/^List/);
    expect(styleOf('Trains from Berlin')).toMatch(/^List.* 2$/);
    expect(styleOf('Workshops that run all afternoon')).toMatch(/^List/);
    expect(doc.tables).toEqual([[['Day', 'Room'], ['Mon', 'Atlas']]]);
    expect(styleOf('Rooms are booked until Friday.')).not.toMatch(/^List|^Heading/);
    expect(styleOf('Laptops')).toMatch(/^List/);
    expect(styleOf('Badges')).toMatch(/^List/);
    // A "Key: value" line right under a list is not a lazy continuation of its last item.
    expect(paras.find((p) => /front desk/.test(p.text))?.style).not.toMatch(/^List/);
    expect(styleOf('Book rooms')).toMatch(/^List Number$/);
    expect(styleOf('Atlas')).toMatch(/^List Number 2$/);
    expect(styleOf('Orion')).toMatch(/^List Number 2$/);
    expect(styleOf('Send invites')).toMatch(/^List Number$/);
  });
});
