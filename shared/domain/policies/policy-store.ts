import type { Item, Store, VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { versioned } from '../../store/stored-schema.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { Rule } from './rules.js';

/**
 * How policies are stored and read. A policy item lives in its vault's policy partition; a pointer item in the
 * tenant partition finds it by id (see keys.ts).
 */
export type PolicyRecord = {
  id: string;
  tenant_id: string;
  vault_id: string;
  name: string;
  rules: Rule[];
  created_at: string;
  updated_at: string;
  version: number;
};

export const policyItem = (p: PolicyRecord): VersionedItem => ({
  ...keys.policy(p.tenant_id, p.vault_id, p.id),
  entity: 'policy',
  ...p,
});
export const pointerItem = (p: PolicyRecord): Item => ({
  ...keys.policyPointer(p.tenant_id, p.id),
  entity: 'policy_pointer',
  policy_id: p.id,
  vault_id: p.vault_id,
});
const PolicyItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    vault_id: z.string(),
    name: z.string(),
    // Each rule was checked against the policy body schema when written; here, that it is a rule at all.
    rules: z.array(z.object({ type: z.string() })),
    ...versioned(),
  }),
);
export const asPolicy: (item: Item) => PolicyRecord = schemaDecoder<PolicyRecord>('policy', PolicyItem);

export function policyView(p: PolicyRecord) {
  return {
    id: p.id,
    vault_id: p.vault_id,
    name: p.name,
    rules: p.rules,
    version: p.version,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/**
 * Every policy of a vault, in creation order, read with one strongly consistent query: what the transaction path
 * evaluates, so a policy is enforced from the moment its creation answered.
 */
export async function loadVaultPolicies(store: Store, tenantId: string, vaultId: string): Promise<PolicyRecord[]> {
  const out: PolicyRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({
      pattern: accessPatterns.policiesOfVault(tenantId, vaultId),
      limit: 100,
      startKey,
      consistent: true,
    });
    out.push(...page.items.map(asPolicy));
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/** A policy of the caller's tenant; unknown (or another tenant's) is 404, revealing nothing. */
export async function loadPolicy(store: Store, tenantId: string, policyId: string): Promise<PolicyRecord> {
  const policy = await findPolicy(store, tenantId, policyId);
  if (!policy) throw new NotFoundError('policy');
  return policy;
}

/** A policy of the tenant, or undefined when there is none with this id (deleted, never created). */
export async function findPolicy(store: Store, tenantId: string, policyId: string): Promise<PolicyRecord | undefined> {
  const pointer = await store.get(keys.policyPointer(tenantId, policyId));
  const item = pointer && (await store.get(keys.policy(tenantId, pointer.vault_id as string, policyId)));
  return item ? asPolicy(item) : undefined;
}
