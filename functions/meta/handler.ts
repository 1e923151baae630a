import { apiHandler } from '../../shared/http/api-handler.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { openapiDocument } from '../../shared/http/openapi-document.js';
import { docsPage, scalarScript } from '../../shared/http/docs-page.js';
import { consolePage, consoleScript, consoleStyle } from '../../shared/http/console-page.js';
import { checkReadiness } from '../../shared/domain/health.js';
import { makePolicyKeys } from '../../shared/app/policy-keys.js';
import type { Config } from '../../shared/config.js';

/** The published policy keys (KMS GetPublicKey on AWS, read once per container; the adapter is a lazy chunk). */
let policyKeySet: { cfg: Config; keys: ReturnType<typeof makePolicyKeys> } | undefined;
const policyKeysOf = (cfg: Config) =>
  (policyKeySet?.cfg === cfg ? policyKeySet : (policyKeySet = { cfg, keys: makePolicyKeys(cfg) })).keys;

/**
 * Health probes and the API's own description. No authentication. The OpenAPI document is generated ahead of time
 * (`npm run docs:openapi`) and read from the file deployed beside the bundle, not built from the schemas here.
 */

export const handler = apiHandler(metaRoutes, {
  live: async () => ({ body: { status: 'ok' as const } }),
  ready: async (req) => {
    // The readiness probe alone asks the chain's nodes: their JSON-RPC client (with its metrics and Keccak, about
    // 30 KiB) is a lazy chunk, installed by the first GET /ready; liveness, the documents and the console never load it.
    await import('../../shared/app/chain-wiring.js');
    const result = await checkReadiness(req.services);
    return { status: result.status === 'ok' ? 200 : 503, body: result };
  },
  policyKeys: async (req) => ({
    body: { keys: await policyKeysOf(req.services.config).publicKeys() },
    headers: { 'Cache-Control': 'public, max-age=300' },
  }),
  openapi: async () => {
    // Sent as generated (raw): the document's own key order, not the sorted order of a free-form map.
    return { body: openapiDocument(), headers: { 'Content-Type': 'application/json' }, raw: true };
  },
  docs: async () => ({ ...docsPage(), raw: true }),
  docsScript: async () => ({ ...scalarScript(), raw: true }),
  console: async () => ({ ...consolePage(), raw: true }),
  consoleScript: async () => ({ ...(await consoleScript()), raw: true }),
  consoleStyle: async () => ({ ...consoleStyle(), raw: true }),
});
