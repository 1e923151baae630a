import '../../shared/app/chain-wiring.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { buildOpenApi } from '../../shared/http/openapi.js';
import { docsPage, scalarScript } from '../../shared/http/docs-page.js';
import { consolePage, consoleScript, consoleStyle } from '../../shared/http/console-page.js';
import { checkReadiness } from '../../shared/domain/health.js';

/** Health probes and the API's own description. No authentication. */
let openapi: string | undefined;

export const handler = apiHandler(metaRoutes, {
  live: async () => ({ body: { status: 'ok' as const } }),
  ready: async (req) => {
    const result = await checkReadiness(req.services);
    return { status: result.status === 'ok' ? 200 : 503, body: result };
  },
  openapi: async () => {
    // Sent as built (raw): the document's own key order, not the sorted order of a free-form map.
    openapi ??= JSON.stringify(buildOpenApi(ALL_ROUTES, { version: '1.0.0' }));
    return { body: openapi, headers: { 'Content-Type': 'application/json' }, raw: true };
  },
  docs: async () => ({ ...docsPage(), raw: true }),
  docsScript: async () => ({ ...scalarScript(), raw: true }),
  console: async () => ({ ...consolePage(), raw: true }),
  consoleScript: async () => ({ ...(await consoleScript()), raw: true }),
  consoleStyle: async () => ({ ...consoleStyle(), raw: true }),
});
