/**
 * `load`, run by the first call and shared by every later one (concurrent callers wait for the same promise). A load
 * that fails is not kept: the next call runs it again. The one rule of the lazy chunks' loaders (an adapter behind a
 * dynamic `import()`, docs/benchmarks.md, "What keeps a cold start small"): a failed import or build fails that call only.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}
