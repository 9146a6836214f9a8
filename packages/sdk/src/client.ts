// The Folio client: configuration (options, else FOLIO_API_KEY / FOLIO_BASE_URL where a `process` exists) and
// one object per area of the API. Everything goes through HttpClient, which only needs globalThis.fetch.
import { createApi, type Api } from './api.ts';
import { DocumentsApi, RunsApi, type RunsContext } from './documents.ts';
import { FilesApi } from './files.ts';
import { HttpClient, type RequestOptions } from './http.ts';
import { PageIterator, type Page } from './pagination.ts';
import { TasksApi } from './tasks.ts';
import type { CreateWebhookBody, CreatedWebhook, CreditsBalance, Format, ListDeliveriesParams, Redelivery, Webhook, WebhookDelivery } from './types.ts';

export interface FolioOptions {
  /** Default: FOLIO_API_KEY. */
  apiKey?: string;
  /** Default: FOLIO_BASE_URL, else http://localhost:8080. */
  baseUrl?: string;
  /** Retries of a request on 429/502/503/504 and network errors. Default 2. */
  maxRetries?: number;
  /** Per attempt, in ms (0: none). Default 600000: above the server's 300 s sync ceiling. */
  timeoutMs?: number;
  /** Default: globalThis.fetch. */
  fetch?: typeof fetch;
}

function env(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env?.[name] || undefined;
}

class WebhooksApi {
  #http: HttpClient;
  constructor(http: HttpClient) { this.#http = http; }

  list(params: { limit?: number } = {}): PageIterator<Webhook> {
    return new PageIterator((cursor) => this.#http.request<Page<Webhook>>('GET', '/webhooks', { query: { ...params, cursor } }));
  }
  /** The answer holds the signing `secret`, shown only once. */
  create(body: CreateWebhookBody): Promise<CreatedWebhook> {
    return this.#http.request<CreatedWebhook>('POST', '/webhooks', { body });
  }
  deliveries(webhookId: string, params: ListDeliveriesParams = {}): PageIterator<WebhookDelivery> {
    return new PageIterator((cursor) => this.#http.request<Page<WebhookDelivery>>('GET', `/webhooks/${encodeURIComponent(webhookId)}/deliveries`, { query: { ...params, cursor } }));
  }
  redeliver(webhookId: string, deliveryId: string): Promise<Redelivery> {
    return this.#http.request<Redelivery>('POST', `/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);
  }
}

export class Folio {
  readonly slides: DocumentsApi;
  readonly word: DocumentsApi;
  readonly excel: DocumentsApi;
  readonly files: FilesApi;
  readonly runs: RunsApi;
  readonly tasks: TasksApi;
  readonly webhooks: WebhooksApi;
  readonly credits: { get(): Promise<CreditsBalance> };
  /** One thin typed method per API operation, by operationId: `folio.api.listRuns({ query: { limit: 10 } })`. */
  readonly api: Api;
  readonly #http: HttpClient;

  constructor(opts: FolioOptions = {}) {
    const fetchImpl = opts.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new TypeError('Folio needs fetch: pass opts.fetch on a runtime without globalThis.fetch.');
    this.#http = new HttpClient({
      apiKey: opts.apiKey ?? env('FOLIO_API_KEY'),
      // Given with or without the /api/v1 prefix (the API's links carry it); kept without it.
      baseUrl: (opts.baseUrl ?? env('FOLIO_BASE_URL') ?? 'http://localhost:8080').replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
      maxRetries: opts.maxRetries ?? 2,
      timeoutMs: opts.timeoutMs ?? 600_000,
      // Called unbound: some runtimes' fetch refuses a `this` other than globalThis.
      fetch: (input, init) => fetchImpl(input, init),
    });
    this.tasks = new TasksApi(this.#http);
    const docs = {} as Record<Format, DocumentsApi>;
    const ctx: RunsContext = { http: this.#http, tasks: this.tasks, documents: (format) => docs[format] };
    for (const format of ['slides', 'word', 'excel'] as const) docs[format] = new DocumentsApi(ctx, format);
    this.slides = docs.slides;
    this.word = docs.word;
    this.excel = docs.excel;
    this.files = new FilesApi(this.#http);
    this.runs = new RunsApi(ctx);
    this.webhooks = new WebhooksApi(this.#http);
    this.credits = { get: () => this.#http.request<CreditsBalance>('GET', '/credits') };
    this.api = createApi(this.#http);
  }

  /** The base URL requests go to (without /api/v1). */
  get baseUrl(): string {
    return this.#http.options.baseUrl;
  }

  /** Low-level escape hatch: any endpoint, with the client's auth, retries and errors. `path` is relative to /api/v1. */
  request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return this.#http.request<T>(method, path, opts);
  }
}
