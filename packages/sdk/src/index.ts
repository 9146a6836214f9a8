// @folio/sdk: the TypeScript client of the Folio API (fetch-only core: Node 22+, Bun, Deno, browsers).
export { Folio, type FolioOptions } from './client.ts';
export { OPERATIONS } from './operations.ts';
export type { Api, OperationArgs, OperationId, OperationResult } from './api.ts';
export { DocumentsApi, RunsApi, type GenerateOptions, type RunHandle } from './documents.ts';
export { FilesApi, type UploadInput, type UploadOptions } from './files.ts';
export { TasksApi, EventsUnavailableError, type WaitOptions } from './tasks.ts';
export { PageIterator, type Page } from './pagination.ts';
export type { RequestOptions } from './http.ts';
export { verifyWebhook, WebhookVerificationError } from './webhooks.ts';
export {
  FolioError, AuthenticationError, PermissionError, NotFoundError, ConflictError, ValidationError, RateLimitError,
  InsufficientCreditsError, ServerError, ConnectionError, TimeoutError, TaskFailedError, type FolioErrorInit,
} from './errors.ts';
export type * from './types.ts';
