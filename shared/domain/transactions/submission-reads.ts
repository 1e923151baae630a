import { keys, type Key } from '../../store/keys.js';

/**
 * The items `submitTransfer` reads first, named from the request body before it is validated: the source wallet and
 * the external id's constraint (the asset is looked up in the same round, but the native asset is not stored). The
 * API pipeline reads them in authentication's batch (route `readsFirst`), in the caller's tenant only; a body that
 * does not name them as strings, or names them differently once validated, simply reads them later.
 */
export function submissionReads(body: unknown, tenantId: string): Key[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as Record<string, unknown>;
  const out: Key[] = [];
  if (typeof b.sourceWalletId === 'string') out.push(keys.wallet(tenantId, b.sourceWalletId));
  if (typeof b.externalId === 'string') out.push(keys.transactionExternalId(tenantId, b.externalId));
  return out;
}
