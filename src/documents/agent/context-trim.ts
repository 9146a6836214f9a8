// What the model is sent of the conversation so far. Every turn resends the whole conversation, so old
// tool results the model no longer needs are replaced by a short note: an outline superseded by a later
// one, and long results of turns well behind the latest (the model has acted on them; the read tools
// show the document as it is now). Errors are kept whole, and the latest turns are never trimmed.
// Trimming is monotonic (a result once trimmed stays trimmed), so the conversation the provider saw
// on the previous turn stays a prefix up to the newly trimmed result and prompt caches keep working.
import type { ModelMessage, ToolResultPart } from 'ai';

/** Tool results of the latest this many turns are sent whole. */
const KEEP_TURNS = 2;
/** Longer results of older turns are cut to their first line and a note. */
const LONG_RESULT_CHARS = 600;
const READ_OUTLINE = 'get_outline';

function outputText(part: ToolResultPart): string | null {
  const o = part.output as { type: string; value?: unknown };
  if (o.type === 'text') return String(o.value);
  if (o.type === 'json') return JSON.stringify(o.value);
  return null; // errors and other kinds stay as they are
}

function trimmed(part: ToolResultPart, note: string): ToolResultPart {
  return { ...part, output: { type: 'text', value: note } };
}

/**
 * Marks the last message as an Anthropic cache breakpoint: each turn then reads the previous turn's
 * conversation from the provider's cache and writes its own (the system prompt has its own mark).
 */
export function markCacheBreakpoint(messages: ModelMessage[]): ModelMessage[] {
  const last = messages.at(-1);
  if (!last) return messages;
  const providerOptions = { ...last.providerOptions, anthropic: { ...last.providerOptions?.anthropic, cacheControl: { type: 'ephemeral' } } };
  return [...messages.slice(0, -1), { ...last, providerOptions } as ModelMessage];
}

/** The conversation to send: the given messages with old tool results replaced by notes (a new array; the input is not changed). */
export function trimHistory(messages: ModelMessage[]): ModelMessage[] {
  const toolTurns = messages.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);
  const recent = new Set(toolTurns.slice(-KEEP_TURNS));
  // The last get_outline result; every earlier one is superseded.
  let lastOutline: string | null = null;
  for (const i of toolTurns) {
    for (const p of (messages[i] as { content: ToolResultPart[] }).content) if (p.type === 'tool-result' && p.toolName === READ_OUTLINE) lastOutline = p.toolCallId;
  }
  return messages.map((m, i) => {
    if (m.role !== 'tool' || recent.has(i)) return m;
    const content = (m.content as ToolResultPart[]).map((p) => {
      if (p.type !== 'tool-result') return p;
      const text = outputText(p);
      if (text === null) return p;
      if (p.toolName === READ_OUTLINE && lastOutline !== null && p.toolCallId !== lastOutline) {
        return trimmed(p, '[Outline left out: a later get_outline result below supersedes it.]');
      }
      if (text.length > LONG_RESULT_CHARS) {
        const first = text.split('\n', 1)[0].slice(0, 200);
        return trimmed(p, `${first} [Rest of this older result left out; get_outline and the read tools show the document as it is now.]`);
      }
      return p;
    });
    return { ...m, content } as ModelMessage;
  });
}
