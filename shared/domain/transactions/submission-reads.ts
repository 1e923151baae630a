import { keys, type Key } from '../../store/keys.js';

/**
 * The items `submitTransfer` reads first, named from the request body before it is validated: the source wallet, the
 * asset when it is a stored (token) asset, the external id's constraint, and the tenant's policy version (which says
 * whether this container's copy of the vault's policies is current: policies/policy-cache.ts). The API pipeline reads
 * them in authentication's batch (route `readsFirst`), in the caller's tenant only; a body that does not name them as
 * strings, or names them differently once validated, simply reads them later. The native asset is not stored: its id
 * is a UUIDv5 (assets/asset-record.ts) while stored assets have UUIDv7 ids, so a v5 id is not asked for (a guess
 * either way costs only a read: the use case reads what it was not handed).
 */
export function submissionReads(body: unknown, tenantId: string): Key[] {
  const out: Key[] = [keys.policyVersion(tenantId)];
  if (typeof body !== 'object' || body === null) return out;
  const b = body as Record<string, unknown>;
  if (typeof b.sourceWalletId === 'string') out.push(keys.wallet(tenantId, b.sourceWalletId));
  if (typeof b.assetId === 'string' && !UUID_V5.test(b.assetId)) out.push(keys.asset(tenantId, b.assetId));
  if (typeof b.externalId === 'string') out.push(keys.transactionExternalId(tenantId, b.externalId));
  return out;
}

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5/i;

/** What a route whose use case evaluates a vault's policies reads first: the tenant's policy version. */
export const policyVersionRead = (_body: unknown, tenantId: string): Key[] => [keys.policyVersion(tenantId)];
