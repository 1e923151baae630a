import { ValidationError } from '../../errors/domain-errors.js';
import type { Item } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { loadActiveVault, loadVault, vaultStillActive } from '../vaults/vault-record.js';
import type { Rule } from './rules.js';
import { asPolicy, loadPolicy, pointerItem, policyItem, policyView, type PolicyRecord } from './policy-store.js';
import { bumpPolicyVersion } from './policy-cache.js';
import { nativeAssetId, type NativeProfile } from '../assets/asset-record.js';
import { unknownEntries } from '../address-book/address-book.js';

/**
 * Policies: named rule sets attached to a vault. Several may attach to one vault; the engine combines them all
 * (policy-engine.ts). Policy changes never touch transactions already submitted (their decision is stored on them);
 * the next submission reads the new rules. Every change is audited in the tenant's chain, and moves the tenant's policy
 * version in the same transaction (policy-cache.ts: what tells every container its kept policies are stale).
 */
export type CreatePolicyInput = { vault_id: string; name: string; rules: Rule[] };

/**
 * Every `asset_id` a rule names must be an asset of the tenant: the native asset, a token of the registry, or a token
 * being deployed through the service (its id is its asset's, and its DEPLOY_TOKEN and operations carry it). A rule
 * naming anything else would be accepted and then never apply: 400 1100 naming the rule, its index and type. Assets
 * are never deleted, so what is read here stays true when the policy is written.
 */
async function requireRuleAssets(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  profile: NativeProfile,
  rules: readonly Rule[],
): Promise<void> {
  const tenantId = ctx.principal.tenantId;
  const native = nativeAssetId(profile.chainId);
  const named = rules.flatMap((r, index) =>
    'asset_id' in r && r.asset_id !== undefined && r.asset_id !== native
      ? [{ index, type: r.type, assetId: r.asset_id }]
      : [],
  );
  if (!named.length) return;
  const ids = [...new Set(named.map((n) => n.assetId))];
  const found = await ctx.store.getMany(
    ids.flatMap((id) => [keys.asset(tenantId, id), keys.token(tenantId, id)]),
    { attributes: ['entity'] },
  );
  const known = new Set(ids.filter((_, i) => found[2 * i] !== undefined || found[2 * i + 1] !== undefined));
  const unknown = named.find((n) => !known.has(n.assetId));
  if (unknown) {
    throw new ValidationError(
      `rules.${unknown.index} (${unknown.type}): asset_id ${unknown.assetId} is not an asset of the tenant (see GET /v1/assets)`,
      {
        field: `rules.${unknown.index}.asset_id`,
        rule: unknown.index,
        rule_type: unknown.type,
      },
    );
  }
}

/**
 * Every `entry_ids` member of a WHITELIST_ADDRESS must be an entry of the tenant's address book (another tenant's is
 * unknown): a rule naming anything else could never match. 400 1100 naming the rule and the member. An entry removed
 * later simply stops matching.
 */
async function requireRuleEntries(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  rules: readonly Rule[],
): Promise<void> {
  for (const [index, r] of rules.entries()) {
    if (r.type !== 'WHITELIST_ADDRESS' || !r.entry_ids) continue;
    const [unknown] = await unknownEntries(ctx.store, ctx.principal.tenantId, r.entry_ids);
    if (unknown !== undefined) {
      throw new ValidationError(
        `rules.${index} (${r.type}): entry ${unknown} is not in the tenant's address book (see GET /v1/address-book)`,
        {
          field: `rules.${index}.entry_ids.${r.entry_ids.indexOf(unknown)}`,
          rule: index,
          rule_type: r.type,
        },
      );
    }
  }
}

/** Attaches a new policy to an active vault (unknown vault 404 1400, archived vault 409 1301, unknown asset 400 1100). */
export async function createPolicy(ctx: UseCaseContext, profile: NativeProfile, input: CreatePolicyInput) {
  const tenantId = ctx.principal.tenantId;
  await loadActiveVault(ctx.store, tenantId, input.vault_id);
  await requireRuleAssets(ctx, profile, input.rules);
  await requireRuleEntries(ctx, input.rules);
  const ts = ctx.now.toISOString();
  const policy: PolicyRecord = {
    id: newId(),
    tenant_id: tenantId,
    vault_id: input.vault_id,
    name: input.name,
    rules: input.rules,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  vaultStillActive(ctx.uow, tenantId, input.vault_id);
  ctx.uow.create(policyItem(policy));
  ctx.uow.create(pointerItem(policy));
  bumpPolicyVersion(ctx.uow, tenantId);
  ctx.uow.audit({
    tenantId,
    action: 'policy.created',
    resourceType: 'policy',
    resourceId: policy.id,
    change: { vault_id: policy.vault_id, name: policy.name, rules: policy.rules, version: policy.version },
  });
  return policyView(policy);
}

export async function getPolicy(ctx: Pick<UseCaseContext, 'store' | 'principal'>, policyId: string) {
  return policyView(await loadPolicy(ctx.store, ctx.principal.tenantId, policyId));
}

/**
 * Replaces the rule set (and the name when given); the audit entry keeps the previous rules beside the new ones. The
 * body may be the create body: its `vault_id` must be the policy's own, since a policy does not move (400 1100).
 */
export async function updatePolicy(
  ctx: UseCaseContext,
  profile: NativeProfile,
  policyId: string,
  input: { vault_id?: string; name?: string; rules: Rule[] },
) {
  const tenantId = ctx.principal.tenantId;
  const current = await loadPolicy(ctx.store, tenantId, policyId);
  if (input.vault_id !== undefined && input.vault_id.toLowerCase() !== current.vault_id.toLowerCase()) {
    throw new ValidationError(
      "vault_id: a policy cannot move to another vault; send the policy's own vault_id or none",
      { field: 'vault_id' },
    );
  }
  await requireRuleAssets(ctx, profile, input.rules);
  await requireRuleEntries(ctx, input.rules);
  const updated: PolicyRecord = {
    ...current,
    name: input.name ?? current.name,
    rules: input.rules,
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(policyItem(updated));
  bumpPolicyVersion(ctx.uow, tenantId);
  ctx.uow.audit({
    tenantId,
    action: 'policy.updated',
    resourceType: 'policy',
    resourceId: policyId,
    change: {
      vault_id: current.vault_id,
      name: updated.name,
      rules: updated.rules,
      version: current.version + 1,
      previous: { name: current.name, rules: current.rules, version: current.version },
    },
  });
  return policyView({ ...updated, version: current.version + 1 });
}

export async function deletePolicy(ctx: UseCaseContext, policyId: string): Promise<void> {
  const tenantId = ctx.principal.tenantId;
  const current = await loadPolicy(ctx.store, tenantId, policyId);
  ctx.uow.delete(keys.policy(tenantId, current.vault_id, policyId), { type: 'version', version: current.version });
  ctx.uow.delete(keys.policyPointer(tenantId, policyId), { type: 'exists' });
  bumpPolicyVersion(ctx.uow, tenantId);
  ctx.uow.audit({
    tenantId,
    action: 'policy.deleted',
    resourceType: 'policy',
    resourceId: policyId,
    change: { vault_id: current.vault_id, name: current.name, rules: current.rules },
  });
}

/**
 * Lists the tenant's policies in creation order, or one vault's (`vault_id`; an unknown vault is 404 1400). Both read
 * consistently: the vault's partition, or the tenant's pointers and then their policies.
 */
export async function listPolicies(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  query: PageRequest & { vault_id?: string },
) {
  const tenantId = ctx.principal.tenantId;
  if (query.vault_id) {
    await loadVault(ctx.store, tenantId, query.vault_id);
    const page = await listPage(
      ctx,
      {
        name: 'policies',
        filters: { vault_id: query.vault_id },
        pattern: accessPatterns.policiesOfVault(tenantId, query.vault_id),
        consistent: true,
      },
      query,
    );
    return { policies: page.items.map((i) => policyView(asPolicy(i))), next_cursor: page.next_cursor };
  }
  const page = await listPage(
    ctx,
    { name: 'policies', pattern: accessPatterns.policyPointersOfTenant(tenantId), consistent: true },
    query,
  );
  const items = await ctx.store.getMany(
    page.items.map((p) => keys.policy(tenantId, p.vault_id as string, p.policy_id as string)),
  );
  // A policy deleted between the two reads simply drops out of the page.
  const policies = items.filter((i): i is Item => i !== undefined).map((i) => policyView(asPolicy(i)));
  return { policies, next_cursor: page.next_cursor };
}
