import type { ScreeningPort } from '../ports/screening.js';
import type { Config } from '../config.js';
import type { Store } from '../ports/store.js';
import { makeScreening } from './screening.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The screening port of the function that screens transfers (the transaction worker): the provider the settings
 * choose (./screening.ts), with the HTTP provider (`CUSTODY_SCREENING_PROVIDER=http`), which calls out through the one
 * SSRF-safe outbound client. Keeps that client (ipaddr.js, request-filtering-agent) out of the other functions'
 * bundles.
 *
 * In the worker the adapter and the client (about 23 KiB: shared/adapters/screening/http-screening.ts,
 * shared/adapters/http/outbound-client.ts, ipaddr.js, request-filtering-agent) are a lazy chunk, loaded by the first
 * screening of a process whose provider is `http` (the PENDING_AML_SCREENING step), not at its cold start: with the
 * built-in lists (the default) or no screening it is never loaded, and with `http` the services (and so the provider)
 * is built by the first message, not at init, and a worker's messages that do not screen (approval, signing,
 * broadcasting) need none of it. A failed load is not kept: the next screening tries again (the step throws, so the
 * message comes back).
 */
export type HttpScreeningModules = [
  typeof import('../adapters/screening/http-screening.js'),
  typeof import('../adapters/http/outbound-client.js'),
];

export const loadHttpScreening = (): Promise<HttpScreeningModules> =>
  Promise.all([import('../adapters/screening/http-screening.js'), import('../adapters/http/outbound-client.js')]);

/** The HTTP screening provider of `cfg`, whose adapter `load` brings at its first screening. */
export function httpScreeningOnDemand(
  cfg: Config & { CUSTODY_SCREENING_URL: string },
  load: () => Promise<HttpScreeningModules> = loadHttpScreening,
): ScreeningPort {
  const get = loadOnce(() =>
    load().then(
      ([{ HttpScreening }, { sharedOutboundClient }]) =>
        new HttpScreening({
          url: cfg.CUSTODY_SCREENING_URL,
          timeoutMs: cfg.CUSTODY_SCREENING_TIMEOUT_MS,
          client: sharedOutboundClient(cfg),
        }),
    ),
  );
  return { name: 'http', screen: async (req) => (await get()).screen(req) };
}

export const screening = (d: { config: Config; store: Store }): ScreeningPort | null =>
  makeScreening(d.config, d.store, (cfg) => httpScreeningOnDemand(cfg));
