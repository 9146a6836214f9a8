import { describe, expect, it } from 'vitest';
import { hostileMarkdown } from './markdown-hostile.ts';
import { csvBlock, hasStructure, parseMarkdown } from './markdown.ts';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, nested lists, tables, quotes, facts, rules and code', () => {
    const md = [
      '# Report', '', 'Intro line one', 'continues here.', '',
      '- a', '  - a.1', '- b', '', '1. first', '2) second', '',
      '| Region | Revenue |', '|:--|--:|', '| EU | 10 |', '| US | 20 |', '',
      '> Quoted', '> text', '', 'Owner: Dana', 'Due: Friday', '', '---', '',
      '```csv', 'q,n', 'Q1,3', '```',
    ].join('\n');
    const blocks = parseMarkdown(md);
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'table', 'quote', 'facts', 'rule', 'code']);
    expect(blocks[1]).toEqual({ type: 'paragraph', text: 'Intro line one continues here.' });
    expect(blocks[2]).toEqual({ type: 'list', ordered: false, items: [{ text: 'a', level: 0 }, { text: 'a.1', level: 1 }, { text: 'b', level: 0 }] });
    expect(blocks[3]).toMatchObject({ ordered: true, items: [{ text: 'first' }, { text: 'second' }] });
    expect(blocks[4]).toEqual({ type: 'table', header: ['Region', 'Revenue'], rows: [['EU', '10'], ['US', '20']], align: ['left', 'right'] });
    expect(blocks[6]).toEqual({ type: 'facts', pairs: [['Owner', 'Dana'], ['Due', 'Friday']] });
    expect(csvBlock(blocks[8])).toEqual({ header: ['q', 'n'], rows: [['Q1', 3]] });
    // Typed per column like CSV files (csv-typing.ts): a decimal comma, a percentage, a date, an id.
    const typed = parseMarkdown(['```csv', 'Region;Umsatz;Anteil;Stand;Kunde', 'Nord;1.234,56;12,5 %;15.03.2024;0042', 'Süd;980,00;3 %;16.03.2024;0107', '```'].join('\n'));
    expect(csvBlock(typed[0])).toEqual({ header: ['Region', 'Umsatz', 'Anteil', 'Stand', 'Kunde'], rows: [['Nord', 1234.56, '12.5%', '2024-03-15', '0042'], ['Süd', 980, '3.0%', '2024-03-16', '0107']] });
    expect(hasStructure(blocks)).toBe(true);
  });

  it('keeps loose lists (blank lines between items) together, and ends them at a list of the other kind', () => {
    const blocks = parseMarkdown('1. one\n\n2. two\n\n   - detail\n\n3. three\n\n- bullet');
    expect(blocks).toEqual([
      { type: 'list', ordered: true, items: [{ text: 'one', level: 0 }, { text: 'two', level: 0 }, { text: 'detail', level: 1 }, { text: 'three', level: 0 }] },
      { type: 'list', ordered: false, items: [{ text: 'bullet', level: 0 }] },
    ]);
  });

  it('treats plain prose as paragraphs only', () => {
    const blocks = parseMarkdown('Write a short memo about our offsite. Keep it friendly: we meet at 9.');
    expect(blocks).toEqual([{ type: 'paragraph', text: 'Write a short memo about our offsite. Keep it friendly: we meet at 9.' }]);
    expect(hasStructure(blocks)).toBe(false);
  });

  it('keeps what users mean where CommonMark reads otherwise', () => {
    // An item two spaces under a numbered item nests in it; a Key: value line under a list is its own block.
    expect(parseMarkdown('1. Plan\n  - scope\n2. Do\nNotes: keep it short')).toEqual([
      { type: 'list', ordered: true, items: [{ text: 'Plan', level: 0 }, { text: 'scope', level: 1 }, { text: 'Do', level: 0 }] },
      { type: 'paragraph', text: 'Notes: keep it short' },
    ]);
    // Lines over `---` are facts (or a paragraph) and a rule, not a two-line heading; a year starts a sentence, not a list.
    expect(parseMarkdown('Owner: Dana\nDue: Friday\n---\n2024. A good year.')).toEqual([
      { type: 'facts', pairs: [['Owner', 'Dana'], ['Due', 'Friday']] }, { type: 'rule' }, { type: 'paragraph', text: '2024. A good year.' },
    ]);
    // A prompt indented as a whole (a template string) reads as if it were not; an indented line is not code.
    expect(parseMarkdown('    # Title\n    - a\n\n    Intro\n\n        indented words')).toEqual([
      { type: 'heading', level: 1, text: 'Title' }, { type: 'list', ordered: false, items: [{ text: 'a', level: 0 }] },
      { type: 'paragraph', text: 'Intro' }, { type: 'paragraph', text: 'indented words' },
    ]);
    // A line that looks like a link reference definition stays text; raw HTML stays text.
    expect(parseMarkdown('[1]: https://example.com/report\n\n<b>bold</b>')).toEqual([
      { type: 'paragraph', text: '[1]: https://example.com/report' }, { type: 'paragraph', text: '<b>bold</b>' },
    ]);
    // A • inside fenced code is code; a fence inside an item comes out on its own, between the list's parts.
    expect(parseMarkdown('- a\n  ```\n  • kept\n  ```\n- b')).toEqual([
      { type: 'list', ordered: false, items: [{ text: 'a', level: 0 }] }, { type: 'code', lang: '', text: '• kept' }, { type: 'list', ordered: false, items: [{ text: 'b', level: 0 }] },
    ]);
    // Facts under a table; levels deeper than 2 are capped; lists of one kind one after another are one list.
    expect(parseMarkdown('| A |\n|---|\n| 1 |\nOwner: Dana\nDue: Friday\n\n- a\n  - b\n    - c\n      - d\n* e')).toEqual([
      { type: 'table', header: ['A'], rows: [['1']], align: [null] }, { type: 'facts', pairs: [['Owner', 'Dana'], ['Due', 'Friday']] },
      { type: 'list', ordered: false, items: [{ text: 'a', level: 0 }, { text: 'b', level: 1 }, { text: 'c', level: 2 }, { text: 'd', level: 2 }, { text: 'e', level: 0 }] },
    ]);
  });

  it('reads 256 KB of each pathological shape without throwing (its cost is measured by bench/markdown-hostile.bench.ts)', () => {
    for (const input of hostileMarkdown(256 * 1024)) expect(Array.isArray(parseMarkdown(input)), input.slice(0, 20)).toBe(true);
  });
});
