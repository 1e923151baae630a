import { createRequire } from 'node:module';

/**
 * Stands in for `node:http` within the Lambda bundles (lib/function-bundle.ts), for our code and our dependencies
 * alike: the same module, reached through `require`. On Node 24 an ES `import` of `node:http`, in any form, builds the
 * module's ES facade, which reads every export, among them the lazy `WebSocket`, `CloseEvent` and `MessageEvent`
 * getters: that loads undici, Node's fetch and WebSocket implementation, about 30 ms of CPU at every cold start of a
 * function that sends HTTP itself (the webhook worker). `require` returns the module object without reading them.
 * An importer that needs a name not exported here fails the build (esbuild: no matching export), never at run time.
 */
const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export default http;
export const {
  Agent,
  ClientRequest,
  IncomingMessage,
  METHODS,
  OutgoingMessage,
  STATUS_CODES,
  Server,
  ServerResponse,
  createServer,
  get,
  request,
  validateHeaderName,
  validateHeaderValue,
} = http;
