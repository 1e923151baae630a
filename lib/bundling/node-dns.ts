import { createRequire } from 'node:module';

/**
 * Stands in for `node:dns` within the Lambda bundles (lib/function-bundle.ts), as node-http.ts does for `node:http`:
 * the same module, reached through `require`. An ES `import` of `node:dns` builds the module's ES facade, which reads
 * every export, among them the lazy `promises` getter: that loads Node's promise resolver (about 0.6 ms of CPU at the
 * cold start of the functions that send HTTP themselves: the outbound client and request-filtering-agent import
 * `node:dns` for `dns.lookup`). An importer that needs a name not exported here fails the build, never at run time.
 */
const dns = createRequire(import.meta.url)('node:dns') as typeof import('node:dns');

export default dns;
export const {
  lookup,
  lookupService,
  Resolver,
  getDefaultResultOrder,
  setDefaultResultOrder,
  getServers,
  setServers,
  ADDRCONFIG,
  ALL,
  V4MAPPED,
} = dns;
