import type { Item } from '../../ports/store.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { keys } from '../../store/keys.js';
import { checkStoredRecord, storedEntry } from '../audit/audit-record.js';
import { recordMacKeyOf, type AuditedStore } from '../audit/record-mac.js';
import type { ContractCall, TransactionRecord } from '../transactions/transaction.js';

/**
 * What the submitter asked for, as the service recorded it: the `transaction.created` audit record of the submission,
 * whose hash and MAC (audit/record-mac.ts, a key the table never holds) prove the service wrote it. A change made in
 * the table after submission (destination, amount, asset, wallet, token operation or its call) leaves the transaction
 * unlike its creation record, and no receipt is issued for it.
 */
export type CreationIntent = {
  sourceWalletId: string;
  destinationAddr: string | null;
  assetId: string;
  amount: string;
  operation: string;
  tokenId: string | null;
  contractCall: ContractCall | null;
  policyDecision: Record<string, unknown>;
};

/**
 * Records of a transaction read looking for its creation when it is not the record with the transaction's id (a
 * submission staged after another record of its change, or made before submissions named their record), the first
 * one in commit order: one is read first, and only if that is not it the next ten.
 */
const PAGES = [1, 10];

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The transaction's authenticated creation record, or why there is none to trust. */
export async function creationIntent(
  audited: AuditedStore,
  tenantId: string,
  txId: string,
): Promise<{ intent: CreationIntent } | { problem: string }> {
  const { store } = audited;
  const isCreation = (i: Item | undefined): i is Item => {
    const entry = i && storedEntry(i);
    return (
      !!entry &&
      entry.tenant_id === tenantId &&
      entry.resource_type === 'transaction' &&
      entry.resource_id === txId &&
      entry.action === 'transaction.created'
    );
  };
  // A submission names its creation record with the transaction's id (submit-transfer.ts): one read by key.
  const named = await store.get(keys.auditRecord(tenantId, txId), { consistent: true });
  const item = isCreation(named) ? named : await findAmongRecords(audited, tenantId, txId, isCreation);
  if (!item) return { problem: 'the transaction has no creation record' };
  const entry = storedEntry(item)!;
  const macKey = await recordMacKeyOf(audited);
  const checked = checkStoredRecord(tenantId, item, macKey);
  if ('problem' in checked) return { problem: `the creation record does not verify: ${checked.problem.reason}` };
  const c = (entry.change ?? {}) as Record<string, unknown>;
  const call = c.contractCall as Record<string, unknown> | undefined;
  const sourceWalletId = str(c.sourceWalletId);
  const assetId = str(c.assetId);
  const amount = str(c.amount);
  if (!sourceWalletId || !assetId || !amount)
    return { problem: 'the creation record does not name the wallet, asset and amount' };
  return {
    intent: {
      sourceWalletId,
      destinationAddr: str(c.destinationAddr),
      assetId,
      amount,
      operation: str(c.operation) ?? 'TRANSFER',
      tokenId: str(c.tokenId),
      contractCall: call && typeof call.data === 'string' ? { to: str(call.to), data: call.data } : null,
      policyDecision: (c.policyDecision ?? {}) as Record<string, unknown>,
    },
  };
}

const lower = (v: string | null) => v?.toLowerCase() ?? null;

/** The first field in which the transaction differs from its creation record, or null when it matches. */
export function intentMismatch(tx: TransactionRecord, intent: CreationIntent): string | null {
  const pairs: [string, unknown, unknown][] = [
    ['source wallet', tx.sourceWalletId, intent.sourceWalletId],
    ['destination', lower(tx.destinationAddr), lower(intent.destinationAddr)],
    ['asset', tx.assetId, intent.assetId],
    ['amount', tx.amount, intent.amount],
    ['operation', tx.operation, intent.operation],
    ['token', tx.tokenId, intent.tokenId],
    ['contract call target', lower(tx.contractCall?.to ?? null), lower(intent.contractCall?.to ?? null)],
    ['contract call data', lower(tx.contractCall?.data ?? null), lower(intent.contractCall?.data ?? null)],
  ];
  for (const [name, now, asked] of pairs) if (now !== asked) return `${name} differs from the submission's record`;
  return null;
}

/** The transaction's creation record among its records, in commit order (PAGES), when it is not the named one. */
async function findAmongRecords(
  { store }: AuditedStore,
  tenantId: string,
  txId: string,
  isCreation: (i: Item) => boolean,
): Promise<Item | undefined> {
  const pattern = accessPatterns.auditRecordsOfResource(tenantId, txId);
  let startKey: Record<string, unknown> | undefined;
  for (const limit of PAGES) {
    const page = await store.query({ pattern, limit, startKey });
    const found = page.items.find(isCreation);
    if (found || !page.lastKey) return found;
    startKey = page.lastKey;
  }
  return undefined;
}
