// markdownOf writes blocks back as Markdown that the reader reads back to the same blocks (nested and
// numbered lists included), so a structured request keeps its shape on its way to add_content.
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../agent/markdown.ts';
import { markdownOf } from './plan-parts.ts';

describe('markdownOf', () => {
  it('writes nested numbered and bulleted lists that read back to the same items and levels', () => {
    for (const source of ['1. a\n   1. b\n      - c\n   2. d\n2. e', '- a\n  - b\n    - c\n- d', `${Array.from({ length: 10 }, (_, i) => `${i + 1}. item ${i + 1}`).join('\n')}\n    - under ten`]) {
      const blocks = parseMarkdown(source);
      expect(blocks[0].type).toBe('list');
      expect(parseMarkdown(markdownOf(blocks))).toEqual(blocks);
    }
    // One list has one kind: items under a numbered item are numbered too, from 1, at the parent's text column.
    expect(markdownOf(parseMarkdown('1. a\n2. b\n   - c\n   - d\n3. e'))).toBe('1. a\n2. b\n   1. c\n   2. d\n3. e');
  });
});
