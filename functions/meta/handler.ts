import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, onDemand, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { openapiDocument } from '../../shared/http/openapi-document.js';
import { docsPage, scalarScript } from '../../shared/http/docs-page.js';
import { consolePage, consoleScript, consoleStyle } from '../../shared/http/console-page.js';
import { checkReadiness } from '../../shared/domain/health.js';
import { policyKeys } from '../../shared/composition/policy-keys.js';

/**
 * Health probes and the API's own description. No authentication. The OpenAPI document is generated ahead of time
 * (`npm run docs:openapi`) and read from the file deployed beside the bundle, not built from the schemas here.
 */

export const ports = {
  ...API_PORTS,
  // The readiness probe alone asks the chain's nodes: their JSON-RPC client (with its metrics and Keccak, about 30 KiB)
  // is a lazy chunk, loaded by the first GET /ready; liveness, the documents and the console never load it.
  loadChain: onDemand(async () => (await import('../../shared/composition/chain.js')).chain),
  // The published policy keys (KMS GetPublicKey on AWS, read once per container; the adapter is a lazy chunk).
  policyKeySet: policyKeys,
};

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    metaRoutes,
    {
      live: async () => ({ body: { status: 'ok' as const } }),
      ready: async (req) => {
        const { store, config, loadChain } = req.deps;
        const result = await checkReadiness({ store, config, chain: await loadChain() });
        return { status: result.status === 'ok' ? 200 : 503, body: result };
      },
      policyKeys: async (req) => ({
        body: { keys: await req.deps.policyKeySet.publicKeys() },
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
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
