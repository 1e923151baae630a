import type { Store } from '../../ports/store.js';
import { keys, type Key } from '../../store/keys.js';
import type { transactionView } from './transaction-view.js';
import { nativeAssetId, type NativeProfile } from '../assets/asset-record.js';
import { CANONICAL_AMOUNT_RE, formatUnits } from '../amounts.js';
import { loadBook } from '../address-book/address-book.js';
import { entryNamed, lookalikeOf } from '../address-book/book.js';

/**
 * What a person deciding on a transfer needs beside the transaction's own facts, so an approver reads it without
 * `users:read`, `vaults:read` or `policies:read`: who submitted and who decided (name and e-mail), the paying vault
 * and wallet (vault name, wallet label and address), the asset's symbol and decimals with the amount in its units, and the names of the
 * policies evaluated, and whether the destination was ever paid from this vault (`firstTimeDestination`: no other
 * transfer from the vault to it has COMPLETED; null for an operation without a destination). Read in ONE batch for a
 * whole page (every item in the tenant's partitions), on the read routes and the decision answers; a name that no
 * longer exists (a deleted policy) is null. Beside it, ONE query of the tenant's address book (only when a view has a
 * destination) names a destination found in it and flags one that merely looks like an entry (address poisoning:
 * address-book/book.ts `lookalikeOf`).
 */
type View = ReturnType<typeof transactionView>;

export type TransactionDisplay = {
  assetSymbol: string | null;
  assetDecimals: number | null;
  amountFormatted: string | null;
  sourceVault: { id: string; name: string | null };
  sourceWallet: { id: string; label: string | null; address: string | null };
  destinationName: string | null;
  destinationEntryId: string | null;
  destinationLookalike: { entryId: string; name: string; address: string } | null;
  firstTimeDestination: boolean | null;
};

type Person = { userId: string; name?: string | null; email?: string | null };

export type DescribedTransaction = Omit<View, 'initiatedBy' | 'approvals' | 'policyDecision'> &
  TransactionDisplay & {
    initiatedBy: Person;
    policyDecision: View['policyDecision'] & { policies?: { id: string; name: string | null }[] };
    approvals: Omit<View['approvals'], 'decisions'> & {
      decisions: (View['approvals']['decisions'][number] & { name?: string | null; email?: string | null })[];
    };
  };

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** No COMPLETED transfer from the vault to the destination other than this one (the counter counts this one once it completed). */
function firstTime(tenantId: string, v: View, get: (k: Key) => Record<string, unknown> | undefined): boolean | null {
  if (!v.destinationAddr || v.operation !== 'TRANSFER') return null;
  const counted = get(keys.paidDestination(tenantId, v.sourceVaultId, v.destinationAddr))?.payments;
  const payments = typeof counted === 'number' || typeof counted === 'bigint' ? Number(counted) : 0;
  return payments - (v.status === 'COMPLETED' ? 1 : 0) <= 0;
}

export async function describeTransactions(
  store: Store,
  native: NativeProfile,
  tenantId: string,
  views: View[],
): Promise<DescribedTransaction[]> {
  const nativeId = nativeAssetId(native.chainId);
  if (!views.length) return [];
  const wanted = new Map<string, Key>();
  const want = (k: Key) => wanted.set(`${k.pk}|${k.sk}`, k);
  for (const v of views) {
    if (v.assetId !== nativeId) want(keys.asset(tenantId, v.assetId));
    want(keys.vault(tenantId, v.sourceVaultId));
    want(keys.wallet(tenantId, v.sourceWalletId));
    want(keys.user(tenantId, v.initiatedBy.userId));
    for (const d of v.approvals.decisions) want(keys.user(tenantId, d.userId));
    for (const p of v.policyDecision.policyIds) want(keys.policy(tenantId, v.sourceVaultId, p));
    if (v.destinationAddr && v.operation === 'TRANSFER')
      want(keys.paidDestination(tenantId, v.sourceVaultId, v.destinationAddr));
  }
  const list = [...wanted.values()];
  const [items, book] = await Promise.all([
    store.getMany(list),
    views.some((v) => v.destinationAddr) ? loadBook(store, tenantId) : [],
  ]);
  const found = new Map(list.map((k, i) => [`${k.pk}|${k.sk}`, items[i]]));
  const get = (k: Key) => found.get(`${k.pk}|${k.sk}`);
  const person = (userId: string) => {
    const u = get(keys.user(tenantId, userId));
    return { name: str(u?.name), email: str(u?.email) };
  };
  return views.map((v) => {
    const asset = v.assetId === nativeId ? native.nativeAsset : get(keys.asset(tenantId, v.assetId));
    const decimals = typeof asset?.decimals === 'number' ? asset.decimals : null;
    const wallet = get(keys.wallet(tenantId, v.sourceWalletId));
    const named = v.destinationAddr ? entryNamed(book, v.destinationAddr) : undefined;
    const lookalike = v.destinationAddr && !named ? lookalikeOf(book, v.destinationAddr) : undefined;
    return {
      ...v,
      assetSymbol: str(asset?.symbol),
      assetDecimals: decimals,
      amountFormatted:
        decimals === null || !CANONICAL_AMOUNT_RE.test(v.amount) ? null : formatUnits(v.amount, decimals),
      sourceVault: { id: v.sourceVaultId, name: str(get(keys.vault(tenantId, v.sourceVaultId))?.name) },
      sourceWallet: { id: v.sourceWalletId, label: str(wallet?.label), address: str(wallet?.address) },
      destinationName: named?.name ?? null,
      destinationEntryId: named?.id ?? null,
      destinationLookalike: lookalike
        ? { entryId: lookalike.id, name: lookalike.name, address: lookalike.address }
        : null,
      firstTimeDestination: firstTime(tenantId, v, get),
      initiatedBy: { ...v.initiatedBy, ...person(v.initiatedBy.userId) },
      policyDecision: {
        ...v.policyDecision,
        policies: v.policyDecision.policyIds.map((id) => ({
          id,
          name: str(get(keys.policy(tenantId, v.sourceVaultId, id))?.name),
        })),
      },
      approvals: { ...v.approvals, decisions: v.approvals.decisions.map((d) => ({ ...d, ...person(d.userId) })) },
    };
  });
}
