import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { trimHistory } from './context-trim.ts';

const turn = (id: string, tool: string, value: string, type: 'text' | 'error-text' = 'text'): ModelMessage[] => [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: tool, input: {} }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: tool, output: { type, value } }] },
];
const resultOf = (m: ModelMessage) => ((m.content as any[])[0].output as { value: string }).value;

describe('trimHistory', () => {
  const long = `Added slide s1:\n${'x'.repeat(800)}`;
  const messages: ModelMessage[] = [
    { role: 'user', content: 'Build it' },
    ...turn('a', 'get_outline', 'outline one'),
    ...turn('b', 'add_slide', long),
    ...turn('c', 'add_slide', `Bad: ${'y'.repeat(800)}`, 'error-text'),
    ...turn('d', 'get_outline', 'outline two'),
    ...turn('e', 'add_slide', long),
  ];

  it('replaces superseded outlines and long old results by notes, keeps errors and the latest two turns, and leaves the input alone', () => {
    const sent = trimHistory(messages);
    expect(resultOf(sent[2])).toBe('[Outline left out: a later get_outline result below supersedes it.]');
    expect(resultOf(sent[4])).toBe('Added slide s1: [Rest of this older result left out; get_outline and the read tools show the document as it is now.]');
    expect(resultOf(sent[6])).toMatch(/^Bad: y{800}$/);
    expect(resultOf(sent[8])).toBe('outline two');
    expect(resultOf(sent[10])).toBe(long);
    expect(resultOf(messages[2])).toBe('outline one');
  });

  it('is monotonic: what the previous turn sent stays a prefix up to the newly trimmed result', () => {
    const before = trimHistory(messages.slice(0, 9));
    const after = trimHistory(messages);
    expect(JSON.stringify(after.slice(0, 5))).toBe(JSON.stringify(before.slice(0, 5)));
  });
});
