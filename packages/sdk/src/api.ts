// `folio.api`: one thin typed method per operation of the API, named by its operationId (`folio.api.listRuns()`,
// `folio.api.getRun({ path: { run_id } })`), built from the generated table (operations.ts) and typed from schema.d.ts.
import type { HttpClient, RequestOptions } from './http.ts';
import { OPERATIONS } from './operations.ts';
import type { operations } from './schema.d.ts';

export type OperationId = keyof typeof OPERATIONS & keyof operations;

type PathArgs<Op> = Op extends { parameters: { path: infer P } } ? { path: P } : {};
type QueryArgs<Op> = Op extends { parameters: { query: infer Q } }
  ? { query: Q }
  : Op extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined] ? {} : { query?: Q }) : {};
type BodyArgs<Op> = Op extends { requestBody?: never }
  ? {}
  : Op extends { requestBody: { content: { 'application/json': infer B } } } ? { body: B }
  : Op extends { requestBody?: { content: { 'application/json': infer B } } } ? { body?: B }
  : Op extends { requestBody?: { content: { 'multipart/form-data': unknown } } } ? { form: FormData | (() => FormData) }
  : {};

/** What one operation takes: its path parameters, query, JSON body or multipart form, and per-call options. */
export type OperationArgs<Id extends OperationId> = PathArgs<operations[Id]> & QueryArgs<operations[Id]> & BodyArgs<operations[Id]>
  & Pick<RequestOptions, 'headers' | 'signal' | 'maxRetries' | 'timeoutMs' | 'replayable'>;

type ResponseBody<R> = R extends { content: infer C } ? ('application/json' extends keyof C ? C['application/json'] : Response) : undefined;
type SuccessOf<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 | 203 | 204 | 206 ? ResponseBody<R[S]> : never }[keyof R]
  : never;
/** The parsed 2xx JSON body; `undefined` for 204; the Response itself for other media (files, event streams, redirects followed). */
export type OperationResult<Id extends OperationId> = [SuccessOf<operations[Id]>] extends [never] ? Response : SuccessOf<operations[Id]>;

export type Api = {
  [Id in OperationId]: {} extends OperationArgs<Id>
    ? (args?: OperationArgs<Id>) => Promise<OperationResult<Id>>
    : (args: OperationArgs<Id>) => Promise<OperationResult<Id>>;
};

/**
 * POST operations that may be sent twice without harm, so the transport retries them after a 502, a 504, a
 * dropped connection or a timeout, as it does GET, DELETE, PUT and PATCH (uploads are never among them).
 * A generate also counts when its body carries an `idempotency_key`.
 */
const REPLAYABLE_POSTS = new Set(['cancelTask', 'exportRun', 'preflightGeneration', 'keepEditorAlive']);

/** Builds the `api` object: for each operation, substitutes path parameters, sends through the client's transport. */
export function createApi(http: HttpClient): Api {
  const api: Record<string, (args?: Record<string, any>) => Promise<unknown>> = {};
  for (const [id, op] of Object.entries(OPERATIONS)) {
    api[id] = async (args = {}) => {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = args.path?.[name];
        if (value === undefined || value === null || value === '') throw new TypeError(`${id}: path parameter "${name}" is required.`);
        return encodeURIComponent(String(value));
      });
      const form = args.form;
      const response = await http.send(op.method, path, {
        query: args.query,
        body: op.body === 'json' ? args.body : undefined,
        form: op.body === 'form' && form ? (typeof form === 'function' ? form : () => form) : undefined,
        headers: args.headers,
        signal: args.signal,
        maxRetries: args.maxRetries,
        timeoutMs: args.timeoutMs,
        replayable: args.replayable ?? (op.method === 'POST' ? REPLAYABLE_POSTS.has(id) || (op.body === 'json' && typeof args.body?.idempotency_key === 'string') : undefined),
      });
      if (response.status === 204) return undefined;
      if (!/\bjson\b/.test(response.headers.get('content-type') ?? '')) return response;
      const text = await response.text();
      return text ? JSON.parse(text) : undefined;
    };
  }
  return api as unknown as Api;
}
