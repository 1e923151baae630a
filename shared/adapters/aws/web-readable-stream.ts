/**
 * What `@middy/core` imports from `node:stream/web` in a function bundle (lib/function-bundle.ts swaps it in). Middy
 * uses `ReadableStream` only to recognise a streamed response body (`streamifyResponse`, which this service does not
 * use), yet importing `node:stream/web` loads Node's whole web-streams implementation at every cold start (about
 * 2 ms of CPU, a sixth of what an API function adds to the baseline import). This stand-in answers `instanceof`
 * with the runtime's own class, reached (and loaded) only when a check runs.
 */
export const ReadableStream = class {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
};
