import type { Store } from '../../ports/store.js';
import type { ScreeningPort, ScreeningRequest, ScreeningVerdict } from '../../ports/screening.js';
import { keys } from '../../store/keys.js';

/**
 * The built-in provider: the destination is checked against the tenant's own screening list (entries managed through
 * the API) and the operator's configured lists (`CUSTODY_SCREENING_BLOCKLIST`, `CUSTODY_SCREENING_FLAGLIST`).
 * Blocked wins over flagged. Addresses compare in lowercase.
 */
export class BuiltinScreening implements ScreeningPort {
  readonly name = 'builtin';
  private readonly blocked: Set<string>;
  private readonly flagged: Set<string>;

  constructor(
    private readonly store: Store,
    lists: { blocked: readonly string[]; flagged: readonly string[] },
  ) {
    this.blocked = new Set(lists.blocked.map((a) => a.trim().toLowerCase()).filter(Boolean));
    this.flagged = new Set(lists.flagged.map((a) => a.trim().toLowerCase()).filter(Boolean));
  }

  async screen(req: ScreeningRequest): Promise<ScreeningVerdict> {
    const address = req.destination.toLowerCase();
    const entry = await this.store.get(keys.screeningEntry(req.tenantId, address), { consistent: true });
    const listed = (entry?.list as 'blocked' | 'flagged' | undefined) ?? undefined;
    if (this.blocked.has(address) || listed === 'blocked') {
      return {
        result: 'blocked',
        reason: (entry?.reason as string) ?? 'destination on the block list',
        provider: this.name,
      };
    }
    if (this.flagged.has(address) || listed === 'flagged') {
      return {
        result: 'flagged',
        reason: (entry?.reason as string) ?? 'destination on the review list',
        provider: this.name,
      };
    }
    return { result: 'clean', reason: null, provider: this.name };
  }
}
