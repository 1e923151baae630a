import type { Config } from '../config.js';
import type { ScreeningPort } from '../ports/screening.js';
import type { Store } from '../ports/store.js';
import { BuiltinScreening } from '../domain/screening/builtin-screening.js';

/**
 * The screening provider chosen by `CUSTODY_SCREENING_PROVIDER` (none, the built-in lists, or an HTTP service: `http`,
 * given by the function that screens, ./http-screening.ts). Without `http`, that provider fails when it is first
 * asked to screen (the policies function's dry run only names it), not when it is built.
 */
export function makeScreening(
  cfg: Config,
  store: Store,
  http?: (cfg: Config & { CUSTODY_SCREENING_URL: string }) => ScreeningPort,
): ScreeningPort | null {
  switch (cfg.CUSTODY_SCREENING_PROVIDER) {
    case 'none':
      return null;
    case 'builtin':
      return new BuiltinScreening(store, {
        blocked: cfg.CUSTODY_SCREENING_BLOCKLIST,
        flagged: cfg.CUSTODY_SCREENING_FLAGLIST,
      });
    case 'http':
      if (!cfg.CUSTODY_SCREENING_URL)
        throw new Error('CUSTODY_SCREENING_URL is required when CUSTODY_SCREENING_PROVIDER=http');
      if (http) return http({ ...cfg, CUSTODY_SCREENING_URL: cfg.CUSTODY_SCREENING_URL });
      return {
        name: 'http',
        screen: () => Promise.reject(new Error('no HTTP screening in this function: declare the screening port')),
      };
  }
}
