import { describe, expect, it } from 'vitest';
import { escapeInline, parseInline, plainText, toInline } from './inline.ts';

describe('inline markdown', () => {
  it('reads bold, italic, both, links and footnotes', () => {
    expect(parseInline('Revenue grew **20%** in *Q3* and ***both*** per [the memo](https://example.com/m)[^Board memo, p. 2].')).toEqual([
      { kind: 'text', text: 'Revenue grew ', bold: false, italic: false, link: null },
      { kind: 'text', text: '20%', bold: true, italic: false, link: null },
      { kind: 'text', text: ' in ', bold: false, italic: false, link: null },
      { kind: 'text', text: 'Q3', bold: false, italic: true, link: null },
      { kind: 'text', text: ' and ', bold: false, italic: false, link: null },
      { kind: 'text', text: 'both', bold: true, italic: true, link: null },
      { kind: 'text', text: ' per ', bold: false, italic: false, link: null },
      { kind: 'text', text: 'the memo', bold: false, italic: false, link: 'https://example.com/m' },
      { kind: 'footnote', text: 'Board memo, p. 2' },
      { kind: 'text', text: '.', bold: false, italic: false, link: null },
    ]);
  });

  it('keeps unpaired markers, snake_case, arithmetic and non-http links literal', () => {
    expect(plainText('5 * 3 = 15 and file_name_here and **open')).toBe('5 * 3 = 15 and file_name_here and **open');
    expect(plainText('[x](javascript:alert(1))')).toBe('[x](javascript:alert(1))');
    expect(parseInline('_italic_ word')[0]).toMatchObject({ text: 'italic', italic: true });
  });

  it('round-trips formatted runs through toInline and parseInline', () => {
    const source = 'A **bold *mixed* end** with \\*stars\\* and [a link](https://x.test/a_b)[^note].';
    const written = toInline(parseInline(source));
    // Whitespace may move outside the markers; the text and its formatting stay the same.
    expect(toInline(parseInline(written))).toBe(written);
    expect(plainText(written)).toBe(plainText(source));
    expect(parseInline(written).filter((s) => s.kind === 'text' && s.bold).map((s) => (s as { text: string }).text.trim())).toEqual(['bold', 'mixed', 'end']);
    expect(parseInline(written)).toContainEqual({ kind: 'footnote', text: 'note' });
    const literal = 'price*2 [draft] _x_ back\\slash';
    expect(plainText(escapeInline(literal))).toBe(literal);
  });
});
