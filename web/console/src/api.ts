// The console's one way to the API: a Folio SDK client whose fetch sends the session cookie and the
// session's CSRF token, plus the hooks pages use to load data (useQuery) and to act (useAction).
import { Folio, FolioError } from '@folio/sdk';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

let csrfToken = '';

/** Set by the session once it is known; every API call sends it as X-CSRF-Token. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

function consoleFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (csrfToken) headers.set('X-CSRF-Token', csrfToken);
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
}

/** The SDK client every page uses: `folio.webhooks.list()`, `folio.runs...`, or `folio.request(method, path, opts)`. */
export const folio = new Folio({ baseUrl: window.location.origin, fetch: consoleFetch, maxRetries: 1, timeoutMs: 120_000 });

/** What an error state shows: the message, the error code and the request id of the failed call. */
export interface ApiProblem {
  message: string;
  code: string;
  status: number;
  requestId?: string;
}

export function toProblem(err: unknown): ApiProblem {
  if (err instanceof FolioError) return { message: err.message, code: err.code, status: err.status, requestId: err.requestId };
  return { message: err instanceof Error ? err.message : String(err), code: 'client_error', status: 0 };
}

export interface Query<T> {
  data: T | undefined;
  error: ApiProblem | undefined;
  loading: boolean;
  /** Loads again (keeps showing the current data meanwhile). */
  reload: () => void;
}

/** Loads data when the component mounts and whenever `deps` change. */
export function useQuery<T>(load: () => Promise<T>, deps: unknown[] = []): Query<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiProblem; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => { if (mine === seq.current) setState({ data, loading: false }); },
      (err) => { if (mine === seq.current) setState((s) => ({ data: s.data, error: toProblem(err), loading: false })); },
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export interface Action<A extends unknown[], T> {
  run: (...args: A) => Promise<T | undefined>;
  busy: boolean;
  error: ApiProblem | undefined;
  reset: () => void;
}

/** Wraps a call that changes something: tracks busy and the error (resolves undefined on failure). */
export function useAction<A extends unknown[], T>(act: (...args: A) => Promise<T>): Action<A, T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiProblem | undefined>();
  const run = async (...args: A) => {
    setBusy(true);
    setError(undefined);
    try {
      return await act(...args);
    } catch (err) {
      setError(toProblem(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, reset: () => setError(undefined) };
}

/** Every item of a paginated list endpoint, up to `max` (the console's tables show the newest). */
export async function firstItems<T>(iter: AsyncIterable<T>, max = 100): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iter) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
