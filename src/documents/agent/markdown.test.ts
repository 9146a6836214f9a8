import { describe, expect, it } from 'vitest';
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
});
