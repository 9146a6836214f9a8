// One answer of the ask engine: the text (with its citations written in it), whether the document
// answered the question at all, the citations as data, and the figures behind it when there are any.
import type { Citation } from '../ask-view.ts';

export interface Answer {
  text: string;
  /** false: the document does not answer the question; the text says so and what can be asked. */
  answered: boolean;
  citations: Citation[];
  data: Record<string, unknown> | null;
}
