import { lazyApiHandler } from '../../shared/http/api-handler.js';

/**
 * The roles family's Lambda entry: the pipeline and services load with it; the routes, their schemas and use cases
 * (family.ts) at the first request, a lazy chunk (shared/http/api-handler.ts, lazyApiHandler).
 */
export const handler = lazyApiHandler(() => import('./family.js'));
