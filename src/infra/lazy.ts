// Loads a module the first time it is needed and keeps it: the heavy libraries (the document engines,
// their agents and views) stay out of `folio serve`'s start and idle memory until a request uses them.
// A failed load is not kept, so the next use tries again (and fails the same way, loudly).
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
