// POST /text/humanize, /text/rewrite and /text/new-content: LLM calls with fixed instructions, through
// the same path as /llm/invoke (model chain, credits, usage). On the builtin engine they take its
// rule-based path; on real providers the instructions below do the work. A humanized text must keep
// every number of the original: an answer that drops or changes one gets the repair turn.
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import type { LlmResult, LlmService } from './llm.service.ts';

const HUMANIZE = 'Rewrite the text the user sends so that it reads naturally, the way a careful person writes: plain words, varied sentences, no filler or stock phrases. Keep the meaning, every fact, number, date and name exactly as they are; add nothing and leave nothing out. Answer with the rewritten text only.';
const REWRITE = 'Rewrite the text as the instruction asks. Unless the instruction says otherwise, keep the facts, numbers and names as they are. Answer with the rewritten text only.';
const NEW_CONTENT = 'Write the content the user asks for, ready to use: a title, then well-organized sections. Use Markdown headings unless plain text is asked for. Invent no facts, figures or names that the request does not give; mark where the author must fill something in with [brackets]. Answer with the content only.';

// A number as written, separators included: 4, 1,200, 12.5, 2025-03-31, 10:30.
const NUMBER = /(?<![\w])\d(?:[\d,.:/-]*\d)?/g;

/** Numbers of `source` that an answer no longer contains (thousands separators ignored). */
export function missingNumbers(source: string, answer: string): string[] {
  const norm = (s: string) => s.replace(/,/g, '');
  const kept = new Set((answer.match(NUMBER) ?? []).map(norm));
  return [...new Set((source.match(NUMBER) ?? []).filter((n) => !kept.has(norm(n))))];
}

export interface TextCall {
  key: KeyWithOrg;
  requestId: string;
  signal: AbortSignal;
}

export class TextService {
  private readonly llm: LlmService;

  constructor(llm: LlmService) {
    this.llm = llm;
  }

  humanize(c: TextCall, text: string): Promise<LlmResult> {
    return this.llm.call({
      ...c, operation: 'text.humanize', model: null,
      messages: [{ role: 'system', content: HUMANIZE }, { role: 'user', content: text }],
      mode: {
        type: 'text',
        check: (answer) => {
          const lost = missingNumbers(text, answer);
          return lost.length ? [`these numbers of the original are missing or changed: ${lost.join(', ')}; keep every number exactly`] : [];
        },
      },
      builtinTask: { task: 'humanize', text },
    });
  }

  rewrite(c: TextCall, text: string, prompt: string): Promise<LlmResult> {
    return this.llm.call({
      ...c, operation: 'text.rewrite', model: null,
      messages: [{ role: 'system', content: REWRITE }, { role: 'user', content: `Instruction: ${prompt}\n\nText:\n${text}` }],
      mode: { type: 'text' },
      builtinTask: { task: 'rewrite', text, prompt },
    });
  }

  newContent(c: TextCall, prompt: string, fileName: string | null): Promise<LlmResult> {
    return this.llm.call({
      ...c, operation: 'text.new_content', model: null,
      messages: [{ role: 'system', content: NEW_CONTENT }, { role: 'user', content: fileName ? `${prompt}\n\n(The text is for the file "${fileName}".)` : prompt }],
      mode: { type: 'text' },
      builtinTask: { task: 'new-content', prompt, file_name: fileName },
    });
  }
}
