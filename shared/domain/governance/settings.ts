import type { Item, Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UseCaseContext } from '../context.js';

/**
 * A tenant's governance settings: how many distinct admins a governance change needs (`quorum`, 1 = every change
 * applies when requested), how long a pending change waits for them (`change_ttl_hours`), and how long a new
 * address-book entry cools before transfers may use it (`address_cooling_hours`, 0 = at once). Kept in their own item,
 * read by every governed request; a tenant without the item (or an item without a setting) has the defaults.
 */
export type GovernanceSettings = {
  quorum: number;
  change_ttl_hours: number;
  address_cooling_hours: number;
  updated_at: string | null;
  version: number;
};

export const GOVERNANCE_DEFAULTS = { quorum: 1, change_ttl_hours: 72, address_cooling_hours: 24 } as const;
export const GOVERNANCE_LIMITS = { quorum: 10, changeTtlHours: 24 * 30, addressCoolingHours: 24 * 30 } as const;

export async function loadGovernance(store: Store, tenantId: string): Promise<GovernanceSettings> {
  return asSettings(await store.get(keys.governance(tenantId)));
}

function asSettings(item: Item | undefined): GovernanceSettings {
  if (!item) return { ...GOVERNANCE_DEFAULTS, updated_at: null, version: 0 };
  if (typeof item.quorum !== 'number' || typeof item.change_ttl_hours !== 'number' || typeof item.version !== 'number')
    throw new Error('malformed governance item');
  const cooling = item.address_cooling_hours ?? GOVERNANCE_DEFAULTS.address_cooling_hours;
  if (typeof cooling !== 'number') throw new Error('malformed governance item');
  return {
    quorum: item.quorum,
    change_ttl_hours: item.change_ttl_hours,
    address_cooling_hours: cooling,
    updated_at: (item.updated_at as string | undefined) ?? null,
    version: item.version,
  };
}

export const governanceView = (s: GovernanceSettings) => ({
  quorum: s.quorum,
  change_ttl_hours: s.change_ttl_hours,
  address_cooling_hours: s.address_cooling_hours,
  updated_at: s.updated_at,
});

export async function getGovernance(ctx: Pick<UseCaseContext, 'store' | 'principal'>) {
  return governanceView(await loadGovernance(ctx.store, ctx.principal.tenantId));
}

export type UpdateGovernanceInput = { quorum: number; change_ttl_hours?: number; address_cooling_hours?: number };

/**
 * Only tightening takes effect at once under a quorum: raising the quorum or the address cooling period, neither
 * lowered and the expiry unchanged (it can only make changes harder, or new addresses slower to use).
 */
export const isPureRaise = (current: GovernanceSettings, input: UpdateGovernanceInput) => {
  const cooling = input.address_cooling_hours ?? current.address_cooling_hours;
  const ttlSame = input.change_ttl_hours === undefined || input.change_ttl_hours === current.change_ttl_hours;
  return (
    ttlSame &&
    input.quorum >= current.quorum &&
    cooling >= current.address_cooling_hours &&
    (input.quorum > current.quorum || cooling > current.address_cooling_hours)
  );
};

/** Writes the settings (the item is created on the first change, then replaced under its version) and audits it. */
export async function updateGovernance(ctx: UseCaseContext, input: UpdateGovernanceInput) {
  const tenantId = ctx.principal.tenantId;
  const current = await loadGovernance(ctx.store, tenantId);
  const next: GovernanceSettings = {
    quorum: input.quorum,
    change_ttl_hours: input.change_ttl_hours ?? current.change_ttl_hours,
    address_cooling_hours: input.address_cooling_hours ?? current.address_cooling_hours,
    updated_at: ctx.now.toISOString(),
    version: current.version,
  };
  const item = {
    ...keys.governance(tenantId),
    entity: 'governance',
    tenant_id: tenantId,
    quorum: next.quorum,
    change_ttl_hours: next.change_ttl_hours,
    address_cooling_hours: next.address_cooling_hours,
    updated_at: next.updated_at,
  };
  if (current.version === 0) ctx.uow.create({ ...item, version: 1 });
  else ctx.uow.replace({ ...item, version: current.version });
  ctx.uow.audit({
    tenantId,
    action: 'governance.updated',
    resourceType: 'governance',
    resourceId: tenantId,
    change: { ...governanceView(next), previous: governanceView(current) },
  });
  return governanceView({ ...next, version: next.version + 1 });
}
