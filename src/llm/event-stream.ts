// A Server-Sent Events parser for the providers' streamed answers (providerStream in provider-fetch.ts):
// fed the answer's text as it arrives, it hands each event's data to `onEvent` (its `data:` lines joined
// with newlines). Lines end in LF, CRLF or CR, wherever the chunks are cut. Comments and the `event:`,
// `id:` and `retry:` fields are not needed by the providers' formats and are dropped. One event may hold
// at most MAX_EVENT_CHARS characters: past that the stream is refused (a provider sending an endless
// line would otherwise grow the server's memory until the call's time limit).
import { ProviderStreamFailed } from './direct-streams.ts';

/** The largest event accepted: far above a finished Responses event, which repeats the whole answer. */
export const MAX_EVENT_CHARS = 8 * 1024 * 1024;

export class EventStreamParser {
  /** The line being read, in the pieces it arrived in (joined once it ends: no quadratic copying). */
  private partial: string[] = [];
  private partialChars = 0;
  /** The last line ended with a CR: an LF that comes next (in this chunk or the next) ends nothing. */
  private afterCR = false;
  private data: string[] = [];
  private dataChars = 0;
  private readonly onEvent: (data: string) => void;

  constructor(onEvent: (data: string) => void) {
    this.onEvent = onEvent;
  }

  push(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.afterCR) {
        this.afterCR = false;
        if (c === 10) { start = i + 1; continue; }
      }
      if (c !== 10 && c !== 13) continue;
      this.partial.push(text.slice(start, i));
      const line = this.partial.length === 1 ? this.partial[0] : this.partial.join('');
      this.partial = [];
      this.partialChars = 0;
      this.line(line);
      this.afterCR = c === 13;
      start = i + 1;
    }
    if (start < text.length) {
      this.partial.push(text.slice(start));
      this.partialChars += text.length - start;
    }
    if (this.partialChars + this.dataChars > MAX_EVENT_CHARS) throw new ProviderStreamFailed(`the provider sent an event of more than ${MAX_EVENT_CHARS} characters`);
  }

  /** The end of the stream: a last event without its blank line still counts. */
  end(): void {
    if (this.partial.length) this.line(this.partial.join(''));
    this.partial = [];
    this.partialChars = 0;
    this.line('');
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length) {
        const data = this.data.join('\n');
        this.data = [];
        this.dataChars = 0;
        this.onEvent(data);
      }
      return;
    }
    let value: string | null = null;
    if (line.startsWith('data:')) value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    else if (line === 'data') value = '';
    if (value === null) return;
    this.data.push(value);
    this.dataChars += value.length + 1;
    if (this.dataChars > MAX_EVENT_CHARS) throw new ProviderStreamFailed(`the provider sent an event of more than ${MAX_EVENT_CHARS} characters`);
  }
}
