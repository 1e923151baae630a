/**
 * Stands in for `node:stream/web` in @middy/core within the Lambda bundles (lib/function-bundle.ts). middy imports
 * `ReadableStream` from it for one `instanceof` check of a streamed response (`streamifyResponse`, which this service
 * does not use), and loading Node's web streams costs about 1.3 ms of CPU in every API function's cold import (the
 * baseline never loads them). This class answers the same `instanceof` through the global `ReadableStream`, which
 * Node loads only when it is first read: never, unless a handler streams its response.
 */
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
