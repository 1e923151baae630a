/**
 * Every key of the single table is built here (pk/sk and the gsi pairs), so the layout is readable in one place.
 *
 * Tenant-owned items carry the tenant id inside their partition key: a read with the caller's tenant id can only
 * ever find that tenant's items, which makes isolation structural rather than a check that could be forgotten.
 */
export type Key = { pk: string; sk: string };

const pad = (n: number | bigint, width = 20) => n.toString().padStart(width, '0');

export const keys = {
  platform: (): Key => ({ pk: 'PLATFORM', sk: 'PLATFORM' }),

  tenant: (tenantId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: 'TENANT' }),
  tenantList: () => ({ gsi1pk: 'TENANTS' }),
  tenantListSort: (tenantId: string) => ({ gsisk: tenantId }),
  userStatusPartition: (tenantId: string, status: string) => ({ gsi1pk: `TENANT#${tenantId}#USERS#${status}` }),

  user: (tenantId: string, userId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `USER#${userId}` }),
  userPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'USER#' }),
  userStatusIndex: (tenantId: string, status: string, userId: string) => ({
    gsi1pk: `TENANT#${tenantId}#USERS#${status}`,
    gsisk: userId,
  }),
  userExternalId: (tenantId: string, externalId: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `USEREXT#${externalId}`,
  }),
  userEmail: (tenantId: string, email: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `USEREMAIL#${email.toLowerCase()}`,
  }),

  credential: (keyId: string): Key => ({ pk: `CRED#${keyId}`, sk: 'CRED' }),
  credentialTenantIndex: (tenantId: string, createdAt: string, keyId: string) => ({
    gsi1pk: `TENANT#${tenantId}#CREDS`,
    gsisk: `${createdAt}#${keyId}`,
  }),
  credentialTenantPartition: (tenantId: string) => ({ gsi1pk: `TENANT#${tenantId}#CREDS` }),

  /** A tenant's single sign-on connection, one per kind (`oidc`, `saml`). */
  ssoConnection: (tenantId: string, kind: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `SSO#${kind}` }),
  /**
   * An outstanding sign-in (OIDC state, SAML request id), keyed by the SHA-256 of its handle: its own partition, read
   * and deleted once, removed by DynamoDB's TTL when abandoned.
   */
  ssoLoginState: (handleHash: string): Key => ({ pk: `SSOSTATE#${handleHash}`, sk: 'SSOSTATE' }),
  /** A finished sign-in's one-time code, keyed by its SHA-256: redeemed once for the session, removed by TTL. */
  ssoHandoff: (codeHash: string): Key => ({ pk: `SSOCODE#${codeHash}`, sk: 'SSOCODE' }),

  idempotency: (tenantId: string, keyHash: string): Key => ({ pk: `IDEM#${tenantId}#${keyHash}`, sk: 'IDEM' }),

  /**
   * Vaults, wallets and assets live in the tenant partition. Vaults and assets are listed with a consistent query on
   * their sort-key prefix; the wallets of a vault through gsi1. Uniqueness (vault name case-insensitive, wallet
   * address, asset contract address and symbol) is a constraint item created in the same transaction.
   */
  vault: (tenantId: string, vaultId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `VAULT#${vaultId}` }),
  vaultPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'VAULT#' }),
  vaultName: (tenantId: string, normalizedName: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `VAULTNAME#${normalizedName}`,
  }),
  wallet: (tenantId: string, walletId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `WALLET#${walletId}` }),
  walletVaultIndex: (tenantId: string, vaultId: string, walletId: string) => ({
    gsi1pk: `TENANT#${tenantId}#VAULT#${vaultId}#WALLETS`,
    gsisk: walletId,
  }),
  walletsOfVault: (tenantId: string, vaultId: string) => ({ gsi1pk: `TENANT#${tenantId}#VAULT#${vaultId}#WALLETS` }),
  walletAddress: (tenantId: string, address: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `WALLETADDR#${address.toLowerCase()}`,
  }),
  asset: (tenantId: string, assetId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `ASSET#${assetId}` }),
  assetPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'ASSET#' }),
  assetContract: (tenantId: string, address: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `ASSETADDR#${address.toLowerCase()}`,
  }),
  assetSymbol: (tenantId: string, symbol: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `ASSETSYM#${symbol.toUpperCase()}`,
  }),
  /** Tokens (Beta, docs/tokens.md) live in the tenant partition; a token's allowlist as read from its contract's logs beside it. */
  token: (tenantId: string, tokenId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `TOKEN#${tokenId}` }),
  tokenPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'TOKEN#' }),
  tokenAllowlist: (tenantId: string, tokenId: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `TOKENALLOW#${tokenId}`,
  }),

  /**
   * Policies live in their vault's policy partition, so a transfer reads all of a vault's policies with ONE strongly
   * consistent query (a GSI is eventually consistent: a policy just created could be missed). A small pointer item in
   * the tenant partition finds a policy, and its vault, by id, and lists a tenant's policies.
   */
  policy: (tenantId: string, vaultId: string, policyId: string): Key => ({
    pk: `TENANT#${tenantId}#VAULT#${vaultId}#POLICIES`,
    sk: `POLICY#${policyId}`,
  }),
  policiesOfVault: (tenantId: string, vaultId: string) => ({
    pk: `TENANT#${tenantId}#VAULT#${vaultId}#POLICIES`,
    skPrefix: 'POLICY#',
  }),
  policyPointer: (tenantId: string, policyId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `POLICY#${policyId}` }),
  policyPointerPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'POLICY#' }),
  /**
   * The tenant's policy version (`policy_version`): a number every policy change adds one to in its own transaction,
   * read in authentication's batch so a container may keep the policies it read under the version it read them at
   * (domain/policies/policy-cache.ts). Its own item, not an attribute of the tenant item: a tenant update puts the
   * whole tenant item back, which would set an attribute it read before a concurrent policy change back to the old
   * number (its version condition does not see an atomic add).
   */
  policyVersion: (tenantId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: 'POLICYVERSION' }),

  /** The tenant's governance settings (quorum, change expiry): its own item, so a tenant update never races it. */
  governance: (tenantId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: 'GOVERNANCE' }),
  /** Governance changes (pending or decided), in their own partition by time-ordered id: listed in request order. */
  change: (tenantId: string, changeId: string): Key => ({ pk: `TENANT#${tenantId}#CHANGES`, sk: `CHANGE#${changeId}` }),
  changePrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#CHANGES`, skPrefix: 'CHANGE#' }),

  /**
   * The tenant's address book, in its own partition, so a transfer's evaluation and a transaction view read the whole
   * book with ONE strongly consistent query. Beside each entry, a constraint item holds its address in its scope
   * (vault or `*`, asset or `*`): one entry per address and scope.
   */
  addressBookEntry: (tenantId: string, entryId: string): Key => ({
    pk: `TENANT#${tenantId}#ADDRBOOK`,
    sk: `ENTRY#${entryId}`,
  }),
  addressBookEntryPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#ADDRBOOK`, skPrefix: 'ENTRY#' }),
  addressBookAddress: (tenantId: string, address: string, vaultId: string | null, assetId: string | null): Key => ({
    pk: `TENANT#${tenantId}#ADDRBOOK`,
    sk: `ADDR#${address.toLowerCase()}#${vaultId ?? '*'}#${assetId?.toLowerCase() ?? '*'}`,
  }),

  /**
   * Audit records (one per audited change, also the source of its events), keyed by their time-ordered id, so the
   * tenant's records list in commit-time order. Events carry the id `<record id>:<n>`.
   */
  auditRecord: (tenantId: string, recordId: string): Key => ({ pk: `TENANT#${tenantId}#AUDIT`, sk: `REC#${recordId}` }),
  auditRecordPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#AUDIT`, skPrefix: 'REC#' }),
  /**
   * A record's entry in gsi1 under the resource it names (`resource_id`: a transaction's, a vault's, ...), sorted by its
   * time-ordered id: one resource's records in commit-time order without reading the tenant's log (a transaction's
   * history). Keys only, like every index; derived from the record's body, and not evidence (verification checks it
   * stays in the tenant's namespace and names the record's id; docs/audit.md).
   */
  auditRecordResourceIndex: (tenantId: string, resourceId: string, recordId: string) => ({
    gsi1pk: `TENANT#${tenantId}#AUDITOF#${resourceId}`,
    gsisk: recordId,
  }),
  auditRecordsOfResource: (tenantId: string, resourceId: string) => ({
    gsi1pk: `TENANT#${tenantId}#AUDITOF#${resourceId}`,
  }),
  /** The names of a record's resource index attributes (the audit module names no index attribute itself). */
  auditRecordIndexAttributes: ['gsi1pk', 'gsisk'] as readonly string[],
  /** Whether a stored record's resource index entry names this record and stays in this tenant's namespace. */
  auditRecordIndexedAs: (item: Record<string, unknown>, tenantId: string, recordId: string): boolean =>
    item.gsisk === recordId && typeof item.gsi1pk === 'string' && item.gsi1pk.startsWith(`TENANT#${tenantId}#AUDITOF#`),
  /**
   * The tenant's signed checkpoints, numbered from 1; and the sequencer's index of the records already sequenced, one
   * item per bucket of record ids (domain/audit/sequencer.ts), mapping each id to its checkpoint's number.
   */
  auditCheckpoint: (tenantId: string, n: number): Key => ({ pk: `TENANT#${tenantId}#AUDIT`, sk: `CKPT#${pad(n)}` }),
  auditCheckpointPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}#AUDIT`, skPrefix: 'CKPT#' }),
  auditSequenced: (tenantId: string, bucket: string): Key => ({ pk: `TENANT#${tenantId}#AUDIT`, sk: `SEQX#${bucket}` }),

  rateCounter: (scope: string, id: string, window: number, shard: number): Key => ({
    pk: `RATE#${scope}#${id}#${window}#${shard}`,
    sk: 'RATE',
  }),

  /**
   * Transactions: each in its own partition (no hot tenant partition), with as few index entries as the lists need
   * (each entry written costs a write unit, doubled in a transaction; a key that changes costs a removal and a write):
   *  - gsi2, by status (`transactionStatusList`): every open transaction of a tenant in ONE partition (`TXOPEN`)
   *    whatever its status, so the steps from SUBMITTED to CONFIRMING move no index key; once ended, a partition per
   *    ending status (`TXSTATUS#<status>`), COMPLETED included. So the tenant's gsi2 partitions together hold each of
   *    its transactions exactly once: the tenant's list is their merge by `gsisk` (`transactionsOfTenant`), and a
   *    transaction writes no tenant-wide entry of its own. A status list reads its partition and filters on the status.
   *  - gsi3, a vault's (and, filtered, a wallet's: a wallet lies in one vault), written once at submission, never moved.
   *    Both sorted by the time-ordered id (`gsisk`, unique in a tenant).
   *  - gsi5, sparse and platform-wide: only a CONFIRMING transaction has its key, so the chain poller finds every
   *    tenant's transactions waiting for confirmations without a scan; spread over CONFIRMING_SHARDS partitions by the
   *    id's last character, sorted by when each was sent (`broadcast_at`), so that a poller run woken by a block reads
   *    only the entries sent since its last run (`confirmingSortKey`).
   * external_id is not an index: a constraint item (`transactionExternalId`) names the transaction. Transactions are
   * not in gsi1 (CHANGELOG.md says when they left it).
   */
  transaction: (tenantId: string, txId: string): Key => ({ pk: `TENANT#${tenantId}#TX#${txId}`, sk: 'TX' }),
  /** A transaction's policy receipt (domain/receipts): beside it in its partition, written once, never changed. */
  transactionReceipt: (tenantId: string, txId: string): Key => ({ pk: `TENANT#${tenantId}#TX#${txId}`, sk: 'RECEIPT' }),
  /**
   * A transaction's signed encoding (domain/transactions/transaction-item.ts, `signedTxItem`): beside it in its partition,
   * written with the move that signs it (and again by a signed replacement), read only to send it to a node. Kept off
   * the transaction item, whose every later write, read and stream image would otherwise carry its 5 KB.
   */
  transactionSigned: (tenantId: string, txId: string): Key => ({ pk: `TENANT#${tenantId}#TX#${txId}`, sk: 'SIGNED' }),
  transactionIndexes: (t: {
    tenantId: string;
    id: string;
    status: string;
    open: boolean;
    sourceVaultId: string;
    sourceWalletId: string;
    broadcastAt?: string | null;
  }) => ({
    gsisk: t.id,
    ...keys.transactionsByVault(t.tenantId, t.sourceVaultId),
    ...keys.transactionStatusList(t.tenantId, t.status, t.open),
    // gsi5, a sparse index of work lists: the CONFIRMING transactions (the poller's) and each wallet's transactions
    // waiting in APPROVED for their nonce (its nonce pass's), oldest first.
    ...(t.status === 'CONFIRMING'
      ? { gsi5pk: `TXCONFIRMING#${confirmingShard(t.id)}`, gsi5sk: confirmingSortKey(t) }
      : t.status === 'APPROVED'
        ? { ...keys.transactionsApproved(t.tenantId, t.sourceWalletId), gsi5sk: t.id }
        : {}),
  }),
  /**
   * The tenant, id and source vault of a stored transaction (or its stream image), read from its keys: the item does
   * not repeat them (every write pays for its bytes). The table key names the tenant and the id; gsi3 (written at
   * submission, never moved) the vault.
   */
  transactionIdentity: (item: Record<string, unknown>): { tenantId: string; id: string; sourceVaultId: string } => {
    const [, tenantId, id] = /^TENANT#(.+)#TX#([^#]+)$/.exec(String(item.pk)) ?? [];
    const vaultList = `TENANT#${tenantId}#TXVAULT#`;
    if (!tenantId || !id || typeof item.gsi3pk !== 'string' || !item.gsi3pk.startsWith(vaultList))
      throw new Error(`not a transaction item: ${String(item.pk)}`);
    return { tenantId, id, sourceVaultId: item.gsi3pk.slice(vaultList.length) };
  },
  /** The gsi2 partition of a transaction in `status` (open: not ended): the tenant's open ones, or its ending's. */
  transactionStatusList: (tenantId: string, status: string, open: boolean) => ({
    gsi2pk: `TENANT#${tenantId}#TX${open ? 'OPEN' : `STATUS#${status}`}`,
  }),
  /** A wallet's transactions waiting in APPROVED for their nonce. */
  transactionsApproved: (tenantId: string, walletId: string) => ({
    gsi5pk: `TENANT#${tenantId}#TXAPPROVED#${walletId}`,
  }),
  /** One shard of the CONFIRMING transactions of all tenants. */
  transactionsConfirming: (shard: number) => ({ gsi5pk: `TXCONFIRMING#${shard}` }),
  transactionsByVault: (tenantId: string, vaultId: string) => ({ gsi3pk: `TENANT#${tenantId}#TXVAULT#${vaultId}` }),
  transactionExternalId: (tenantId: string, externalId: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `TXEXT#${externalId}`,
  }),
  /** A wallet's nonce state (`next`, `released`): its own partition, written with the transaction taking or giving back a nonce. */
  walletNonce: (tenantId: string, walletId: string): Key => ({
    pk: `TENANT#${tenantId}#NONCE#${walletId}`,
    sk: 'NONCE',
  }),
  /**
   * How many transfers from a vault to a destination have COMPLETED (`payments`), added to as each completes: the
   * transaction view's `firstTimeDestination` reads it in its batch (domain/transactions/transaction-display.ts).
   */
  paidDestination: (tenantId: string, vaultId: string, address: string): Key => ({
    pk: `TENANT#${tenantId}#PAIDTO#${vaultId}#${address.toLowerCase()}`,
    sk: 'PAIDTO',
  }),
  /** A DAILY_LIMIT spend counter (one per rule, scope, asset and day window). */
  spendCounter: (tenantId: string, counterId: string): Key => ({
    pk: `TENANT#${tenantId}#SPEND#${counterId}`,
    sk: 'SPEND',
  }),
  /** A lease of a DAILY_LIMIT counter (policies/spend-allowance.ts): in the counter's partition, beside it. */
  spendLease: (tenantId: string, counterId: string, leaseId: string): Key => ({
    pk: `TENANT#${tenantId}#SPEND#${counterId}`,
    sk: `LEASE#${leaseId}`,
  }),
  spendLeasePrefix: (tenantId: string, counterId: string) => ({
    pk: `TENANT#${tenantId}#SPEND#${counterId}`,
    skPrefix: 'LEASE#',
  }),
  /** A tenant-managed screening list entry (address lowercase). */
  screeningEntry: (tenantId: string, address: string): Key => ({
    pk: `TENANT#${tenantId}`,
    sk: `SCREEN#${address.toLowerCase()}`,
  }),
  screeningEntryPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'SCREEN#' }),

  /**
   * Deposits (inbound native transfers to registered wallets): each in its own partition, listed through gsi1 (all of
   * a tenant), gsi2 (by status), gsi3 (by vault), gsi4 (by wallet), newest block first (sort key: zero-padded block
   * number, then the id).
   */
  deposit: (tenantId: string, depositId: string): Key => ({ pk: `TENANT#${tenantId}#DEP#${depositId}`, sk: 'DEP' }),
  depositIndexes: (d: {
    tenant_id: string;
    id: string;
    status: string;
    vault_id: string;
    wallet_id: string;
    block_number: number;
  }) => {
    const sk = `${pad(d.block_number)}#${d.id}`;
    return {
      gsisk: sk,
      gsi1pk: `TENANT#${d.tenant_id}#DEPS`,
      gsi2pk: `TENANT#${d.tenant_id}#DEPSTATUS#${d.status}`,
      gsi3pk: `TENANT#${d.tenant_id}#DEPVAULT#${d.vault_id}`,
      gsi4pk: `TENANT#${d.tenant_id}#DEPWALLET#${d.wallet_id}`,
    };
  },
  depositsAll: (tenantId: string) => ({ gsi1pk: `TENANT#${tenantId}#DEPS` }),
  depositsByStatus: (tenantId: string, status: string) => ({ gsi2pk: `TENANT#${tenantId}#DEPSTATUS#${status}` }),
  depositsByVault: (tenantId: string, vaultId: string) => ({ gsi3pk: `TENANT#${tenantId}#DEPVAULT#${vaultId}` }),
  depositsByWallet: (tenantId: string, walletId: string) => ({ gsi4pk: `TENANT#${tenantId}#DEPWALLET#${walletId}` }),
  /**
   * Platform items of the deposit scanner (not tenant data): the wallets registered at an address in ANY tenant (one
   * item per tenant and wallet, written with the wallet), the DETECTED deposits still waiting for their depth, and the
   * scan cursor.
   */
  walletAtAddress: (address: string, tenantId: string, walletId: string): Key => ({
    pk: `ADDRWALLETS#${address.toLowerCase()}`,
    sk: `TENANT#${tenantId}#WALLET#${walletId}`,
  }),
  walletsAtAddress: (address: string) => ({ pk: `ADDRWALLETS#${address.toLowerCase()}`, skPrefix: 'TENANT#' }),
  pendingDeposit: (tenantId: string, depositId: string): Key => ({
    pk: 'DEPOSITS#PENDING',
    sk: `DEP#${tenantId}#${depositId}`,
  }),
  pendingDepositPrefix: () => ({ pk: 'DEPOSITS#PENDING', skPrefix: 'DEP#' }),
  depositScanCursor: (): Key => ({ pk: 'DEPOSITS#SCAN', sk: 'CURSOR' }),
  /**
   * The token contracts the scanner reads `Transfer` logs of: one item per registered token asset (any tenant), written
   * with the asset, all in one platform partition (the scanner reads it whole once per run).
   */
  watchedToken: (address: string, tenantId: string, assetId: string): Key => ({
    pk: 'DEPOSITS#TOKENS',
    sk: `TOKEN#${address.toLowerCase()}#TENANT#${tenantId}#ASSET#${assetId}`,
  }),
  watchedTokensPrefix: () => ({ pk: 'DEPOSITS#TOKENS', skPrefix: 'TOKEN#' }),

  /**
   * Webhook endpoints live in the tenant partition; each endpoint's deliveries in a partition of their own, sorted by
   * delivery id (time-ordered after the event), so a busy endpoint never makes the tenant partition hot.
   */
  webhook: (tenantId: string, webhookId: string): Key => ({ pk: `TENANT#${tenantId}`, sk: `WEBHOOK#${webhookId}` }),
  webhookPrefix: (tenantId: string) => ({ pk: `TENANT#${tenantId}`, skPrefix: 'WEBHOOK#' }),
  webhookDelivery: (tenantId: string, webhookId: string, deliveryId: string): Key => ({
    pk: `TENANT#${tenantId}#WEBHOOK#${webhookId}`,
    sk: `DLV#${deliveryId}`,
  }),
  webhookDeliveryPrefix: (tenantId: string, webhookId: string) => ({
    pk: `TENANT#${tenantId}#WEBHOOK#${webhookId}`,
    skPrefix: 'DLV#',
  }),
} as const;

/** Partitions of the sparse CONFIRMING index: enough that a busy chain's confirmations do not make one hot partition. */
export const CONFIRMING_SHARDS = 4;

/** The shard of a CONFIRMING transaction: from the last character of its (time-ordered, random-tailed) id. */
export function confirmingShard(txId: string): number {
  return txId.charCodeAt(txId.length - 1) % CONFIRMING_SHARDS;
}

/**
 * A CONFIRMING transaction's gsi5 sort key: when it was sent, then its tenant and id (unique). The time comes first,
 * so the entries sent since a given time are one key range; an entry written before this order (tenant first) is
 * found by the poller's scheduled runs, which read every entry, and takes this order at its next write.
 */
function confirmingSortKey(t: { tenantId: string; id: string; broadcastAt?: string | null }): string {
  return `${t.broadcastAt ?? ''}#${t.tenantId}#${t.id}`;
}

/** Item attributes that only the store layout needs; stripped before an item becomes a domain record. */
export const KEY_ATTRIBUTES = [
  'pk',
  'sk',
  'gsisk',
  'gsi1pk',
  'gsi2pk',
  'gsi3pk',
  'gsi4pk',
  'gsi5pk',
  'gsi5sk',
  'ttl',
  'entity',
] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const out: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRIBUTES) delete out[k];
  return out as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}
