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
  private pending = '';
  /** Where the scan for the next line end resumes in `pending` (what comes before holds none). */
  private scanned = 0;
  private data: string[] = [];
  private dataChars = 0;
  private readonly onEvent: (data: string) => void;

  constructor(onEvent: (data: string) => void) {
    this.onEvent = onEvent;
  }

  push(text: string): void {
    this.pending += text;
    let start = 0;
    let i = this.scanned;
    for (; i < this.pending.length; i++) {
      const c = this.pending.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (c === 13 && i === this.pending.length - 1) break;
      this.line(this.pending.slice(start, i));
      if (c === 13 && this.pending.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.pending = this.pending.slice(start);
    this.scanned = i - start;
    if (this.pending.length + this.dataChars > MAX_EVENT_CHARS) throw new ProviderStreamFailed(`the provider sent an event of more than ${MAX_EVENT_CHARS} characters`);
  }

  /** The end of the stream: a last event without its blank line still counts. */
  end(): void {
    if (this.pending) this.line(this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending);
    this.pending = '';
    this.scanned = 0;
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
