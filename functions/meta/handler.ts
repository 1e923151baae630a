import { apiHandler } from '../../shared/http/api-handler.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import { buildOpenApi, docsPage } from '../../shared/http/openapi.js';
import { checkReadiness } from '../../shared/domain/health.js';

/** Health probes and the API's own description. No authentication. */
let openapi: ReturnType<typeof buildOpenApi> | undefined;

export const handler = apiHandler(metaRoutes, {
  live: async () => ({ body: { status: 'ok' as const } }),
  ready: async (req) => {
    const result = await checkReadiness(req.services);
    return { status: result.status === 'ok' ? 200 : 503, body: result };
  },
  openapi: async () => {
    openapi ??= buildOpenApi(ALL_ROUTES, { version: '1.0.0' });
    return { body: openapi };
  },
  docs: async () => ({ body: docsPage(), headers: { 'Content-Type': 'text/html; charset=utf-8' }, raw: true }),
});
