import { HttpScreening } from '../adapters/screening/http-screening.js';
import { sharedOutboundClient } from '../adapters/http/outbound-client.js';
import { provideHttpScreening } from './worker-services.js';

/**
 * Imported (for its effect) by the entry of the function that screens transfers (the transaction worker) and by the
 * local stack: the HTTP screening provider (`CUSTODY_SCREENING_PROVIDER=http`), which calls out through the one
 * SSRF-safe outbound client. Keeps that client (ipaddr.js, request-filtering-agent) out of the other background
 * functions' bundles (`makeScreening` in worker-services.ts).
 */
provideHttpScreening((cfg) => new HttpScreening({ url: cfg.CUSTODY_SCREENING_URL, timeoutMs: cfg.CUSTODY_SCREENING_TIMEOUT_MS, client: sharedOutboundClient(cfg) }));
