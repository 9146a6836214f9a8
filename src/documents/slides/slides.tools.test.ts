// The Slides tools through the core's toolbox (schema validation first, then the tool): what they
// build, what they refuse and why, the per-call slide cap, and edits that leave the deck as it was
// when they fail.
import { describe, expect, it } from 'vitest';
import { png } from '../../../test/helpers/fixtures.ts';
import { AgentToolbox } from '../agent/agent-toolbox.ts';
import type { ResolvedInputs } from '../agent/format-adapter.ts';
import { createDeck, type Deck } from './model.ts';
import { slidesTools } from './slides.tools.ts';

const inputs: ResolvedInputs = {
  contextFiles: [],
  dataSources: [{ name: 'Sales', columns: ['Region', 'Revenue', 'Units'], rows: [['North', '$1,200', 10], ['South', '$950', 8]], source: { kind: 'inline' } }],
  images: [{ image_id: 'img_1', file_name: 'map.png', content_type: 'image/png', bytes: png(40, 20), width: 40, height: 20, caption: 'Sales map', tags: [] }],
  brand: null,
};

function kit(deck: Deck = createDeck()) {
  const changes: string[] = [];
  const box = new AgentToolbox(slidesTools({ doc: deck, inputs, mode: 'action', noteChange: (c) => changes.push(c) }), (tool, err) => { throw err; });
  const call = async (tool: string, args: unknown) => box.call(tool, args);
  const ok = async (tool: string, args: unknown) => {
    const r = await call(tool, args);
    if (r.isError) throw new Error(`${tool}: ${String(r.output)}`);
    return String(typeof r.output === 'string' ? r.output : JSON.stringify(r.output));
  };
  return { deck, changes, call, ok };
}

describe('building slides', () => {
  it('adds every layout with its content, and writes notes for content slides that have none', async () => {
    const { deck, ok, changes } = kit();
    await ok('add_slide', { layout: 'title', title: 'Sales review', subtitle: 'Q3' });
    await ok('add_slide', { layout: 'bullets', title: 'Points', bullets: ['One', { text: 'One a', level: 1 }, '**Two**'] });
    await ok('add_chart', { title: 'Revenue by region', chart: { type: 'bar', data_source: 'sales' } });
    await ok('add_table', { title: 'Units', table: { data_source: 'Sales', columns: ['Region', 'Units'] }, notes: 'Units per region.' });
    await ok('insert_image', { title: 'Map', image: { image_id: 'img_1' } });
    await ok('add_slide', { layout: 'two-column', title: 'Both', columns: [{ heading: 'Left', bullets: ['A'] }, { chart: { type: 'pie', categories: ['x', 'y'], series: [{ name: 's', values: [1, 3] }] } }] });
    await ok('add_slide', { layout: 'quote', title: '', quote: { text: 'Great.', attribution: 'Ann' } });
    await ok('add_slide', { layout: 'closing', title: 'Thanks', bullets: ['Next step'] });
    expect(deck.slides.map((s) => s.layout)).toEqual(['title', 'bullets', 'chart', 'table', 'image', 'two-column', 'quote', 'closing']);
    expect(deck.slides[2].elements[0]).toMatchObject({ kind: 'chart', chart: { type: 'bar', categories: ['North', 'South'], series: [{ name: 'Revenue', values: [1200, 950] }, { name: 'Units', values: [10, 8] }], source: 'Sales' } });
    expect(deck.slides[3].elements[0]).toMatchObject({ kind: 'table', table: { columns: ['Region', 'Units'], rows: [['North', '10'], ['South', '8']] } });
    expect(deck.slides[4].elements[0]).toMatchObject({ kind: 'image', image: { imageId: 'img_1', alt: 'Sales map', width: 40 } });
    expect(deck.slides[1].notes).toBe('Points. Cover the 2 points: One; Two.');
    expect(deck.slides[2].notes).toMatch(/Revenue is highest for North \(1,200\) and lowest for South \(950\)/);
    expect(deck.slides[3].notes).toBe('Units per region.');
    for (const s of deck.slides.filter((x) => !['title', 'section', 'closing'].includes(x.layout))) expect(s.notes).not.toBe('');
    expect(changes).toHaveLength(8);
  });

  it('refuses content that does not fit, with what to do instead', async () => {
    const { call, deck } = kit();
    const long = await call('add_slide', { layout: 'bullets', title: 'Too much', bullets: Array.from({ length: 14 }, () => 'word '.repeat(100).trim().slice(0, 590)) });
    expect(long).toMatchObject({ isError: true, output: expect.stringMatching(/do not fit on one slide .* split them over two slides/) });
    const title = await call('add_slide', { layout: 'bullets', title: 'WWWWWWWWW '.repeat(16).trim(), bullets: ['x'] });
    expect(title.output).toMatch(/too long for one slide title/);
    const rows = Array.from({ length: 20 }, (_, i) => [`Row ${i}`, 'a long cell text that wraps over several lines in a narrow column '.repeat(2)]);
    expect((await call('add_table', { title: 'Big', table: { columns: ['A', 'B'], rows } })).output).toMatch(/does not fit .* first_row\/row_count/);
    expect(deck.slides).toEqual([]);
  });

  it('explains wrong content for a layout, unknown data sources, images, columns and uneven series', async () => {
    const { call } = kit();
    const cases: [string, unknown, RegExp][] = [
      ['add_slide', { layout: 'bullets', title: 'X', chart: { type: 'bar', categories: ['a'], series: [{ name: 's', values: [1] }] } }, /A bullets slide takes `bullets`, not `chart`/],
      ['add_slide', { layout: 'chart', title: 'X' }, /a chart slide holds 1 element, not 0/],
      ['add_slide', { layout: 'bullets', title: 'X', subtitle: 'no', bullets: ['a'] }, /Only title, section and closing slides have a subtitle/],
      ['add_chart', { title: 'X', chart: { type: 'bar', data_source: 'costs' } }, /no data source named "costs". The request's data sources: "Sales"/],
      ['add_chart', { title: 'X', chart: { type: 'bar', data_source: 'Sales', value_columns: ['Region'] } }, /Column "Region" of "Sales" is not numeric/],
      ['add_chart', { title: 'X', chart: { type: 'pie', data_source: 'Sales' } }, /A pie chart shows one series/],
      ['add_chart', { title: 'X', chart: { type: 'line', categories: ['a', 'b'], series: [{ name: 's', values: [1] }] } }, /has 1 values but there are 2 categories/],
      ['add_table', { title: 'X', table: { data_source: 'Sales', columns: ['Cost'] } }, /has no column "Cost"; its columns: "Region", "Revenue", "Units"/],
      ['insert_image', { title: 'X', image: { image_id: 'img_9' } }, /Image img_9 is not one of this request's images \(img_1\)/],
      ['add_slide', { layout: 'two-column', title: 'X', columns: [{ bullets: ['a'], table: { columns: ['a'], rows: [] } }, { bullets: ['b'] }] }, /exactly one of bullets, chart, table or image, not bullets and table/],
      ['add_slide', { layout: 'nope', title: 'X' }, /Invalid arguments for add_slide: \/layout/],
      ['update_slide', { slide: 's99' }, /There is no slide s99/],
    ];
    for (const [tool, args, message] of cases) {
      const r = await call(tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(String(r.output)).toMatch(message);
    }
  });

  it('adds at most 30 slides per call', async () => {
    const { call, deck } = kit();
    for (let i = 1; i <= 30; i++) expect((await call('add_slide', { layout: 'section', title: `S${i}` })).isError).toBe(false);
    const more = await call('add_chart', { title: 'One more', chart: { type: 'bar', data_source: 'Sales' } });
    expect(more).toMatchObject({ isError: true, output: expect.stringMatching(/already added 30 slides.*at most 30.*run_id/) });
    expect(deck.slides).toHaveLength(30);
    // A new call (a resumed run) may add 30 more to the same deck.
    expect((await kit(deck).call('add_slide', { layout: 'section', title: 'S31' })).isError).toBe(false);
  });
});

describe('editing slides', () => {
  async function built() {
    const k = kit();
    await k.ok('add_slide', { layout: 'title', title: 'Deck' });
    await k.ok('add_slide', { layout: 'bullets', title: 'Summary', bullets: ['A', 'B'], notes: 'Summary notes.' });
    await k.ok('add_chart', { title: 'Revenue', chart: { type: 'bar', data_source: 'Sales', value_columns: ['Revenue'] } });
    await k.ok('add_slide', { layout: 'two-column', title: 'Full', columns: [{ bullets: ['x'] }, { bullets: ['y'] }] });
    return k;
  }

  it('moves an element to another slide, whose layout adapts, and removes the emptied slide', async () => {
    const { deck, ok } = await built();
    const chart = deck.slides[2].elements[0].id;
    const out = await ok('move_element', { element: chart, to_slide: 's2' });
    expect(out).toMatch(/was left empty and removed/);
    expect(deck.slides.map((s) => s.title)).toEqual(['Deck', 'Summary', 'Full']);
    expect(deck.slides[1]).toMatchObject({ layout: 'two-column', notes: 'Summary notes.' });
    expect(deck.slides[1].elements.map((e) => e.kind)).toEqual(['bullets', 'chart']);
  });

  it('leaves the deck exactly as it was when an edit fails', async () => {
    const { deck, call } = await built();
    const before = structuredClone(deck);
    const chart = deck.slides[2].elements[0].id;
    expect((await call('move_element', { element: chart, to_slide: 4 })).output).toMatch(/already holds two elements/);
    expect((await call('update_slide', { slide: 2, layout: 'chart' })).output).toMatch(/cannot hold a bullets element/);
    expect((await call('update_element', { element: deck.slides[1].elements[0].id, bullets: Array.from({ length: 14 }, () => 'word '.repeat(110).trim().slice(0, 590)) })).isError).toBe(true);
    expect(deck).toEqual(before);
  });

  it('updates, moves and deletes slides and elements', async () => {
    const { deck, ok } = await built();
    await ok('update_slide', { slide: 's2', title: 'Summary of Q3', notes: 'New notes.' });
    const bullets = deck.slides[1].elements[0].id;
    await ok('update_element', { element: bullets, heading: 'Key points', bullets: ['C'] });
    expect(deck.slides[1]).toMatchObject({ title: 'Summary of Q3', notes: 'New notes.', elements: [{ id: bullets, heading: 'Key points', items: [{ text: 'C', level: 0 }] }] });
    await ok('move_slide', { slide: 's2', to_position: 1 });
    expect(deck.slides[0].title).toBe('Summary of Q3');
    const right = deck.slides[3].elements[1].id;
    await ok('delete', { element: right });
    expect(deck.slides[3]).toMatchObject({ layout: 'bullets', elements: [{ kind: 'bullets' }] });
    await ok('delete', { slide: 1 });
    expect(deck.slides.map((s) => s.title)).toEqual(['Deck', 'Revenue', 'Full']);
    await ok('set_theme', { theme: 'evergreen', primary_color: '#123', font: 'Carlito' });
    expect(deck).toMatchObject({ theme: 'evergreen', brand: { primary: '112233', font: 'Carlito' } });
  });

  it('reads a slide in full for the model', async () => {
    const { call } = await built();
    const r = await call('read_slide', { slide: 3 });
    expect(r.output).toMatchObject({ layout: 'chart', title: 'Revenue', elements: [{ kind: 'chart', chart: { categories: ['North', 'South'] } }], preserved: [] });
  });
});
