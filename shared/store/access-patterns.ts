import { keys } from './keys.js';
import { TABLE, type IndexName } from './table-definition.js';

/**
 * The reads the service makes of the single table, by name (ElectroDB style): each answers which index (or the table)
 * to query and the key condition (partition value, optional sort-key prefix). Domain code asks for
 * `accessPatterns.transactionsOfVault(tenant, vault)` and never names an index or a key attribute; the store adapter
 * turns a pattern into a query. test/unit/access-patterns.test.ts fails when an index name appears outside the
 * store layer.
 *
 * A pattern is branded: only this module makes one, so a hand-built partition does not compile.
 */
declare const made: unique symbol;
export type AccessPattern = {
  /** The pattern's name (also what a cursor is bound to). */
  readonly name: string;
  /** The index read, or undefined for the table itself. */
  readonly index?: IndexName;
  /** Value of the partition key (of the index when there is one). */
  readonly partition: string;
  /** Sort-key prefix (begins_with), for partitions shared by several item kinds. */
  readonly prefix?: string;
  readonly [made]: true;
};

const onTable = (name: string, k: { pk: string; skPrefix: string }) =>
  ({ name, partition: k.pk, prefix: k.skPrefix }) as AccessPattern;
const onIndex = (name: string, index: IndexName, partition: string) => ({ name, index, partition }) as AccessPattern;

export const accessPatterns = {
  /** Every tenant (platform operators), in id order: ids are time-ordered, so creation order. */
  tenantsAll: () => onIndex('tenantsAll', 'gsi1', keys.tenantList().gsi1pk),

  usersOfTenant: (tenantId: string) => onTable('usersOfTenant', keys.userPrefix(tenantId)),
  usersByStatus: (tenantId: string, status: string) =>
    onIndex('usersByStatus', 'gsi1', keys.userStatusPartition(tenantId, status).gsi1pk),
  /** Credentials of a tenant, sorted by creation time then key id. */
  credentialsOfTenant: (tenantId: string) =>
    onIndex('credentialsOfTenant', 'gsi1', keys.credentialTenantPartition(tenantId).gsi1pk),

  vaultsOfTenant: (tenantId: string) => onTable('vaultsOfTenant', keys.vaultPrefix(tenantId)),
  walletsOfVault: (tenantId: string, vaultId: string) =>
    onIndex('walletsOfVault', 'gsi1', keys.walletsOfVault(tenantId, vaultId).gsi1pk),
  assetsOfTenant: (tenantId: string) => onTable('assetsOfTenant', keys.assetPrefix(tenantId)),
  tokensOfTenant: (tenantId: string) => onTable('tokensOfTenant', keys.tokenPrefix(tenantId)),

  policiesOfVault: (tenantId: string, vaultId: string) =>
    onTable('policiesOfVault', keys.policiesOfVault(tenantId, vaultId)),
  /** The tenant-partition pointers to its policies (each names its vault). */
  policyPointersOfTenant: (tenantId: string) => onTable('policyPointersOfTenant', keys.policyPointerPrefix(tenantId)),
  screeningEntriesOfTenant: (tenantId: string) =>
    onTable('screeningEntriesOfTenant', keys.screeningEntryPrefix(tenantId)),
  /** The leases of a DAILY_LIMIT counter not yet given back (a lease given back is deleted). */
  spendLeasesOfCounter: (tenantId: string, counterId: string) =>
    onTable('spendLeasesOfCounter', keys.spendLeasePrefix(tenantId, counterId)),
  /** A tenant's governance changes in request order. */
  changesOfTenant: (tenantId: string) => onTable('changesOfTenant', keys.changePrefix(tenantId)),
  /** A tenant's address-book entries in creation order (the whole book: one partition). */
  addressBookOfTenant: (tenantId: string) => onTable('addressBookOfTenant', keys.addressBookEntryPrefix(tenantId)),

  /**
   * Every item of the tenant's own partition (the tenant, its users, vaults, wallets, assets, tokens, policy pointers,
   * screening entries and their constraint items), in key order: verification reads their `audit_hash` in pages.
   */
  tenantPartition: (tenantId: string) => onTable('tenantPartition', { pk: keys.tenant(tenantId).pk, skPrefix: '' }),
  /** A tenant's audit records in id (commit-time) order. */
  auditRecordsOfTenant: (tenantId: string) => onTable('auditRecordsOfTenant', keys.auditRecordPrefix(tenantId)),
  /** The audit records naming one resource id (any resource type), in id (commit-time) order: eventually consistent. */
  auditRecordsOfResource: (tenantId: string, resourceId: string) =>
    onIndex('auditRecordsOfResource', 'gsi1', keys.auditRecordsOfResource(tenantId, resourceId).gsi1pk),
  /** A tenant's signed audit checkpoints in number order. */
  auditCheckpointsOfTenant: (tenantId: string) =>
    onTable('auditCheckpointsOfTenant', keys.auditCheckpointPrefix(tenantId)),

  /** Webhook endpoints of a tenant, in creation order (time-ordered ids). */
  webhooksOfTenant: (tenantId: string) => onTable('webhooksOfTenant', keys.webhookPrefix(tenantId)),
  /** Deliveries of one endpoint, by delivery id (time-ordered after the event). */
  deliveriesOfWebhook: (tenantId: string, webhookId: string) =>
    onTable('deliveriesOfWebhook', keys.webhookDeliveryPrefix(tenantId, webhookId)),

  /**
   * Transactions, all sorted by their time-ordered id. A wallet's are its vault's, filtered (keys.ts). The tenant's
   * are in several partitions, each holding some of them and together all, once: the open ones, and one per ending
   * status (`endings`: the transition table's); the tenant's list is their merge by sort key (`listMergedPage`).
   */
  transactionsOfTenant: (tenantId: string, endings: readonly string[]) => [
    accessPatterns.transactionsWithStatus(tenantId, 'OPEN', true),
    ...endings.map((s) => accessPatterns.transactionsWithStatus(tenantId, s, false)),
  ],
  transactionsOfVault: (tenantId: string, vaultId: string) =>
    onIndex('transactionsOfVault', 'gsi3', keys.transactionsByVault(tenantId, vaultId).gsi3pk),
  /**
   * Where the transactions in `status` are (`open`: a status that is not an ending): the tenant's open transactions
   * (every open status together), or the transactions that ended in that status. The open partition holds other
   * statuses too: the reader filters on the status.
   */
  transactionsWithStatus: (tenantId: string, status: string, open: boolean) =>
    onIndex('transactionsWithStatus', 'gsi2', keys.transactionStatusList(tenantId, status, open).gsi2pk),

  /** Deposits, newest block first when read newest first. */
  depositsOfTenant: (tenantId: string) => onIndex('depositsOfTenant', 'gsi1', keys.depositsAll(tenantId).gsi1pk),
  depositsByStatus: (tenantId: string, status: string) =>
    onIndex('depositsByStatus', 'gsi2', keys.depositsByStatus(tenantId, status).gsi2pk),
  depositsOfVault: (tenantId: string, vaultId: string) =>
    onIndex('depositsOfVault', 'gsi3', keys.depositsByVault(tenantId, vaultId).gsi3pk),
  depositsOfWallet: (tenantId: string, walletId: string) =>
    onIndex('depositsOfWallet', 'gsi4', keys.depositsByWallet(tenantId, walletId).gsi4pk),
  /** The (tenant, wallet) pairs registered at an address, across tenants: the deposit scanner's lookup. */
  walletsAtAddress: (address: string) => onTable('walletsAtAddress', keys.walletsAtAddress(address)),
  /** The token assets of every tenant, by contract address: whose `Transfer` logs the deposit scanner reads. */
  watchedTokens: () => onTable('watchedTokens', keys.watchedTokensPrefix()),
  /** DETECTED deposits of every tenant, waiting for their confirmation depth (the scanner's work list). */
  pendingDeposits: () => onTable('pendingDeposits', keys.pendingDepositPrefix()),
  /**
   * Every tenant's CONFIRMING transactions, one shard (0 .. CONFIRMING_SHARDS - 1) at a time: the chain poller's read
   * (a sparse index; nothing else is in it). Platform-wide by design: only the poller uses it.
   */
  transactionsConfirming: (shard: number) =>
    onIndex('transactionsConfirming', 'gsi5', keys.transactionsConfirming(shard).gsi5pk),
  /** A wallet's transactions waiting in APPROVED, oldest first: its nonce pass's work list (gsi5, sparse). */
  transactionsApprovedOfWallet: (tenantId: string, walletId: string) =>
    onIndex('transactionsApprovedOfWallet', 'gsi5', keys.transactionsApproved(tenantId, walletId).gsi5pk),
} as const;

/** The key attributes a pattern reads: partition and sort key of its index, or of the table. */
export function patternKeyNames(p: Pick<AccessPattern, 'index'>): { partitionKey: string; sortKey: string } {
  const index = p.index ? TABLE.indexes.find((i) => i.name === p.index) : undefined;
  return index
    ? { partitionKey: index.partitionKey, sortKey: index.sortKey }
    : { partitionKey: TABLE.partitionKey, sortKey: TABLE.sortKey };
}

/**
 * The attributes of a query's position (DynamoDB's LastEvaluatedKey): the table's key, plus the index's key when the
 * pattern reads an index. What a cursor may carry, and nothing else.
 */
export function positionAttributes(p: Pick<AccessPattern, 'index'>): string[] {
  const own = patternKeyNames(p);
  return [...new Set([TABLE.partitionKey, TABLE.sortKey, own.partitionKey, own.sortKey])];
}

/** An item's sort key in the pattern's order (its index's sort key, or the table's): where a merge places it. */
export function sortKeyOf(p: Pick<AccessPattern, 'index'>, item: Record<string, unknown>): string {
  return String(item[patternKeyNames(p).sortKey]);
}

/** Whether a position (decoded from a cursor) lies inside the pattern's partition and prefix. */
export function positionWithin(p: AccessPattern, position: Record<string, unknown>): boolean {
  const own = patternKeyNames(p);
  if (position[own.partitionKey] !== p.partition) return false;
  return !p.prefix || String(position[own.sortKey] ?? '').startsWith(p.prefix);
}
