import type { Item, Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { BoundedMap } from '../bounded-map.js';
import { loadVaultPolicies, type PolicyRecord } from './policy-store.js';

/**
 * The policies of a vault without a store call when nothing changed (with spend-allowance.ts, a submission makes two store calls).
 *
 * Every policy change (create, update, delete) adds one to the tenant's policy version (`keys.policyVersion`, an
 * atomic add in the change's own transaction: `bumpPolicyVersion`). A container keeps the policies of a vault it read
 * under the version it had read BEFORE reading them; a request uses them only when the version it reads now (strongly
 * consistent, in authentication's batch on the routes that declare it) is the same number. Any change committed
 * before the request's read moved the number, so the request queries the vault's policies again (strongly
 * consistent, as without the cache): a policy is enforced from the moment its change answered, in every container.
 * Versions only grow; a tenant whose version item does not exist yet is at 0.
 */
export const POLICY_VERSION_ATTRIBUTE = 'policy_version';

/** The version a read of `keys.policyVersion` found (0 when the item is missing). */
export function policyVersionOf(item: Item | undefined): number {
  const v = item?.[POLICY_VERSION_ATTRIBUTE];
  return typeof v === 'number' || typeof v === 'bigint' ? Number(v) : 0;
}

/** Stages the version's move in the policy change's own unit of work (no audit record of its own: the change has one). */
export function bumpPolicyVersion(uow: UnitOfWork, tenantId: string): void {
  uow.add(keys.policyVersion(tenantId), POLICY_VERSION_ATTRIBUTE, 1n, { set: { entity: 'policy_version' } });
}

/** (tenant, vault) entries per container: a vault's policies are a few hundred bytes each. */
export const POLICY_CACHE_CAPACITY = 5_000;

type Entry = { version: number; policies: readonly PolicyRecord[] };

export class PolicyCache {
  private readonly entries: BoundedMap<string, Entry>;

  constructor(capacity = POLICY_CACHE_CAPACITY) {
    this.entries = new BoundedMap(capacity);
  }

  /** The policies kept for the vault at exactly `version`, if any. */
  get(tenantId: string, vaultId: string, version: number): readonly PolicyRecord[] | undefined {
    const e = this.entries.get(entryKey(tenantId, vaultId));
    return e && e.version === version ? e.policies : undefined;
  }

  set(tenantId: string, vaultId: string, version: number, policies: readonly PolicyRecord[]): void {
    this.entries.set(entryKey(tenantId, vaultId), { version, policies: Object.freeze([...policies]) });
  }

  clear(): void {
    this.entries.clear();
  }
}

const entryKey = (tenantId: string, vaultId: string) => `${tenantId}\u0000${vaultId}`;

/** One per container (module scope). */
export const policyCache = new PolicyCache();

/**
 * Every policy of a vault as `loadVaultPolicies` reads them, from this container's cache when the tenant's policy
 * version (read first, strongly consistent; through the request's store it is the item read with authentication when
 * the route asked for it) is the one they were read at; else queried and kept under that version.
 */
export async function vaultPolicies(
  store: Store,
  tenantId: string,
  vaultId: string,
  cache: PolicyCache = policyCache,
): Promise<readonly PolicyRecord[]> {
  const version = policyVersionOf(await store.get(keys.policyVersion(tenantId), { consistent: true }));
  const kept = cache.get(tenantId, vaultId, version);
  if (kept) return kept;
  const policies = await loadVaultPolicies(store, tenantId, vaultId);
  cache.set(tenantId, vaultId, version, policies);
  return policies;
}
