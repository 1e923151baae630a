import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessPatterns, positionWithin, type AccessPattern } from '../../shared/store/access-patterns.js';
import { TABLE } from '../../shared/store/table-definition.js';
import {
  tenantItem,
  userItem,
  credentialItem,
  type CredentialRecord,
  type TenantRecord,
  type UserRecord,
} from '../../shared/domain/identity/records.js';
import { walletItem, type WalletRecord } from '../../shared/domain/wallets/wallet-record.js';
import { vaultItem, type VaultRecord } from '../../shared/domain/vaults/vault-record.js';
import { policyItem, type PolicyRecord } from '../../shared/domain/policies/policy-store.js';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import {
  decodeTransaction,
  transactionItem,
  transactionsOfTenant,
  transactionsWithStatus,
} from '../../shared/domain/transactions/transaction-item.js';
import { sampleTransaction } from '../support/sample-transaction.js';
import { STATUSES } from '../../shared/domain/transactions/transition-table.js';

const T = 'tenant-1';

const tx: TransactionRecord = sampleTransaction({
  id: 'tx-1',
  tenantId: T,
  sourceVaultId: 'vault-1',
  sourceWalletId: 'wallet-1',
  policyDecision: {
    outcome: 'require_approval',
    approvals: 2,
    reasons: ['over 1000'],
    evaluatedAt: '2026-11-21T10:00:00.000Z',
    policyIds: ['p-1'],
    checks: [],
  },
  approvals: [
    {
      userId: 'user-2',
      keyId: 'key-2',
      decision: 'approved',
      compliance: false,
      reason: null,
      decidedAt: '2026-11-21T10:05:00.000Z',
    },
  ],
  screening: { provider: 'builtin', result: 'clean', reason: null, checkedAt: '2026-11-21T10:00:02.000Z' },
  version: 3,
});

describe('access patterns', () => {
  it('read only indexes the table has, by their partition attribute', () => {
    const names = TABLE.indexes.map((i) => i.name as string);
    for (const make of Object.values(accessPatterns)) {
      const made = (make as (...a: unknown[]) => AccessPattern | AccessPattern[])('a', ['b']);
      for (const p of [made].flat()) if (p.index) expect(names).toContain(p.index);
    }
  });

  it('find each item where its writer put it (key builders and patterns agree)', () => {
    const item = transactionItem(tx);
    expect(positionWithin(transactionsWithStatus(T, 'SUBMITTED'), item)).toBe(true);
    // Every open status shares one partition; each ending has its own, COMPLETED included.
    expect(positionWithin(transactionsWithStatus(T, 'PENDING_SIGNATURE'), item)).toBe(true);
    expect(positionWithin(transactionsWithStatus(T, 'FAILED'), item)).toBe(false);
    const failed = transactionItem({ ...tx, status: 'FAILED' });
    expect(positionWithin(transactionsWithStatus(T, 'FAILED'), failed)).toBe(true);
    expect(positionWithin(transactionsWithStatus(T, 'CANCELLED'), failed)).toBe(false);
    expect(positionWithin(transactionsWithStatus(T, 'QUEUED'), failed)).toBe(false);
    const completed = transactionItem({ ...tx, status: 'COMPLETED' });
    expect(positionWithin(transactionsWithStatus(T, 'COMPLETED'), completed)).toBe(true);
    expect(positionWithin(transactionsWithStatus(T, 'COMPLETED'), item)).toBe(false);
    // The tenant's partitions hold a transaction in any status exactly once (its list is their merge).
    for (const status of STATUSES) {
      const it = transactionItem({ ...tx, status });
      expect(
        transactionsOfTenant(T).filter((p) => positionWithin(p, it)),
        status,
      ).toHaveLength(1);
      expect(
        transactionsOfTenant('tenant-2').filter((p) => positionWithin(p, it)),
        status,
      ).toHaveLength(0);
    }
    expect(positionWithin(accessPatterns.transactionsOfVault(T, 'vault-1'), item)).toBe(true);
    expect(positionWithin(accessPatterns.transactionsOfVault('tenant-2', 'vault-1'), item)).toBe(false);

    expect(positionWithin(accessPatterns.tenantsAll(), tenantItem({ id: T } as TenantRecord))).toBe(true);
    const user = userItem({ id: 'u', tenant_id: T, status: 'active' } as UserRecord);
    expect(positionWithin(accessPatterns.usersOfTenant(T), user)).toBe(true);
    expect(positionWithin(accessPatterns.usersByStatus(T, 'active'), user)).toBe(true);
    expect(positionWithin(accessPatterns.usersByStatus(T, 'suspended'), user)).toBe(false);
    expect(
      positionWithin(
        accessPatterns.credentialsOfTenant(T),
        credentialItem({ key_id: 'k', tenant_id: T, created_at: 'now' } as CredentialRecord),
      ),
    ).toBe(true);
    expect(
      positionWithin(
        accessPatterns.walletsOfVault(T, 'v'),
        walletItem({ id: 'w', tenant_id: T, vault_id: 'v', public_key: '0x01' } as WalletRecord),
      ),
    ).toBe(true);
    expect(positionWithin(accessPatterns.vaultsOfTenant(T), vaultItem({ id: 'v', tenant_id: T } as VaultRecord))).toBe(
      true,
    );
    expect(positionWithin(accessPatterns.usersOfTenant(T), vaultItem({ id: 'v', tenant_id: T } as VaultRecord))).toBe(
      false,
    );
    expect(
      positionWithin(
        accessPatterns.policiesOfVault(T, 'v'),
        policyItem({ id: 'p', tenant_id: T, vault_id: 'v' } as PolicyRecord),
      ),
    ).toBe(true);
  });
});

describe('stored transactions', () => {
  it('are stored snake_case, nested fields too, with metadata keys as sent', () => {
    const item = transactionItem(tx);
    const camel = (o: unknown, at: string): string[] =>
      o && typeof o === 'object'
        ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => [
            ...(/[A-Z]/.test(k) && at !== 'metadata' ? [k] : []),
            ...camel(v, k),
          ])
        : [];
    expect(camel(item, '')).toEqual([]);
    expect(item).not.toHaveProperty('tenant_id');
    expect(item).not.toHaveProperty('source_vault_id');
    expect(item).not.toHaveProperty('id'); // read from its keys (keys.transactionIdentity)
    expect(item).toMatchObject({ policy_decision: { policy_ids: ['p-1'] }, metadata: { invoiceId: 'INV-2026-0042' } });
  });

  it('read back as the record they were written from', () => {
    expect(decodeTransaction(transactionItem(tx))).toEqual(tx);
    expect(
      decodeTransaction(transactionItem({ ...tx, screening: null, approvals: [], reservations: [], gasLimit: null })),
    ).toEqual({ ...tx, screening: null, approvals: [], reservations: [], gasLimit: null });
  });
});

/** Source folders whose code must not name an index: everything but the store layer and its DynamoDB adapter. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['shared', 'functions', 'lib', 'bin', 'bench', 'scripts', 'tools'];
const STORE_LAYER = ['shared/store/', 'shared/adapters/dynamodb/'];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.(ts|mts|js)$/.test(e.name) ? [rel] : [];
  });
}

describe('the store layer owns the indexes', () => {
  it('no index name or index attribute appears outside shared/store and the DynamoDB adapter', () => {
    const indexNames = TABLE.indexes.flatMap((i) => [i.name, i.partitionKey, i.sortKey]);
    const pattern = new RegExp(`\\b(${indexNames.join('|')})\\b|\\bIndexName\\b`);
    const offenders = SCANNED.flatMap(sources)
      .filter((f) => !STORE_LAYER.some((s) => f.startsWith(s)))
      .flatMap((f) =>
        readFileSync(path.join(ROOT, f), 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
