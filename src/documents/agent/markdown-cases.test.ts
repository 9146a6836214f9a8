// The 25 Markdown cases of docs/architecture/readers.md, taken from what users and models write: the
// reader gives each the block structure a person means (inline markup left in the text).
import { describe, expect, it } from 'vitest';
import { parseMarkdown, type MdBlock } from './markdown.ts';

const p = (text: string): MdBlock => ({ type: 'paragraph', text });
const h = (level: number, text: string): MdBlock => ({ type: 'heading', level, text });
const ul = (...items: [string, number][]): MdBlock => ({ type: 'list', ordered: false, items: items.map(([text, level]) => ({ text, level })) });
const ol = (...items: [string, number][]): MdBlock => ({ type: 'list', ordered: true, items: items.map(([text, level]) => ({ text, level })) });
const table = (header: string[], rows: string[][], align: ('left' | 'right' | 'center' | null)[] = header.map(() => null)): MdBlock => ({ type: 'table', header, rows, align });

export const CASES: [string, string, MdBlock[]][] = [
  ['setext heading (=)', 'Title\n=====\n\nBody text.', [h(1, 'Title'), p('Body text.')]],
  ['setext heading (-)', 'Risks\n-----\nSupply is tight.', [h(2, 'Risks'), p('Supply is tight.')]],
  ['ATX heading with closing hashes', '## Plan ##\nText', [h(2, 'Plan'), p('Text')]],
  ['heading with inline markup kept', '# The **Q3** plan for `api`', [h(1, 'The **Q3** plan for `api`')]],
  ['nested list, 2 spaces', '- a\n  - a.1\n    - a.1.1\n- b', [ul(['a', 0], ['a.1', 1], ['a.1.1', 2], ['b', 0])]],
  ['nested list, 4 spaces', '- a\n    - a.1\n- b', [ul(['a', 0], ['a.1', 1], ['b', 0])]],
  ['bullets under a numbered item (3 spaces)', '1. Plan\n   - scope\n   - budget\n2. Do', [ol(['Plan', 0], ['scope', 1], ['budget', 1], ['Do', 0])]],
  ['loose list', '- one\n\n- two\n\n- three', [ul(['one', 0], ['two', 0], ['three', 0])]],
  ['lazy continuation line of an item', '- first item that\ngoes on here\n- second', [ul(['first item that goes on here', 0], ['second', 0])]],
  ['numbered with ) starting at 3', '3) three\n4) four', [ol(['three', 0], ['four', 0])]],
  ['heading then list, no blank line', '# Agenda\n- intro\n- demo', [h(1, 'Agenda'), ul(['intro', 0], ['demo', 0])]],
  ['table with an escaped pipe', '| Expr | Meaning |\n|---|---|\n| x \\| y | x or y |', [table(['Expr', 'Meaning'], [['x | y', 'x or y']])]],
  ['table without outer pipes', 'Region | Revenue\n--- | ---:\nEU | 10', [table(['Region', 'Revenue'], [['EU', '10']], [null, 'right'])]],
  ['table right after a paragraph line', 'Sales by region:\n| Region | Sales |\n|---|---|\n| EU | 3 |', [p('Sales by region:'), table(['Region', 'Sales'], [['EU', '3']])]],
  ['table followed by a sentence without a blank line', '| A | B |\n|---|---|\n| 1 | 2 |\nThe totals are final.', [table(['A', 'B'], [['1', '2']]), p('The totals are final.')]],
  ['inline code holding # and **', 'Run `# not a heading` and `**x**` as is.', [p('Run `# not a heading` and `**x**` as is.')]],
  ['inline code holding a pipe, in prose', 'Use `a | b` to pipe.\nThen stop.', [p('Use `a | b` to pipe. Then stop.')]],
  ['fenced csv block', '```csv\nq,n\nQ1,3\n```', [{ type: 'code', lang: 'csv', text: 'q,n\nQ1,3' }]],
  ['~~~ fence', '~~~ python title\nprint(1)\n~~~', [{ type: 'code', lang: 'python', text: 'print(1)' }]],
  ['fence holding a # line', '```\n# comment\n- not a list\n```', [{ type: 'code', lang: '', text: '# comment\n- not a list' }]],
  ['block quote over two lines', '> First line\n> second line', [{ type: 'quote', text: 'First line second line' }]],
  ['hard-wrapped paragraph', 'This paragraph was\nwrapped by an editor\nat forty columns.', [p('This paragraph was wrapped by an editor at forty columns.')]],
  ['thematic breaks', 'a\n\n***\n\nb\n\n* * *', [p('a'), { type: 'rule' }, p('b'), { type: 'rule' }]],
  ['escaped list marker stays text', '\\- not a bullet\n1\\. not a number', [p('\\- not a bullet 1\\. not a number')]],
  ['• bullets pasted from Word', 'Goals:\n• Grow revenue\n• Hire two people', [p('Goals:'), ul(['Grow revenue', 0], ['Hire two people', 0])]],
];

describe('the Markdown cases users send (docs/architecture/readers.md)', () => {
  it('has the 25 cases of the evaluation', () => expect(CASES).toHaveLength(25));
  it.each(CASES)('%s', (_name, source, expected) => {
    expect(parseMarkdown(source)).toEqual(expected);
  });
});
