import { newId } from '../../shared/domain/ids.js';
import { transactionRecord } from './transaction-record.js';
import { nativeAssetId } from '../../shared/domain/assets/asset-record.js';
import { makeChainProfile, fromHex, type PqEvmTx } from '../../shared/domain/chain/chain-profile.js';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import { signedTxItem, transactionItem } from '../../shared/domain/transactions/transaction-item.js';
import type { Store } from '../../shared/ports/store.js';
import { GWEI, type TestKey } from './pq-chain.js';
import { config } from '../../shared/config.js';
import { randomAddress } from './fixtures.js';

/**
 * A transfer as the signature endpoint leaves it: SIGNED, with the fields of the nonce/fee allocation (txfields) and
 * the signed pq-evm-v1 bytes made with the chain profile's `signedTransaction` from a test key (signed over the
 * profile's digest, as an external signer would). Written with the store through `transactionItem` and `signedTxItem`, so the broadcast
 * and confirmation work can be tested without the signing path. The key's address must be funded on the chain.
 */
export type SeedSigned = {
  tenantId: string;
  key: TestKey;
  /** Default: a fresh address. */
  to?: string;
  /** Wei; default 1. */
  value?: bigint;
  /** Default 0. */
  nonce?: number;
  /** Default: the tests' settings' chain. */
  chainId?: number;
  now: Date;
  vaultId?: string;
  walletId?: string;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
};

export function signedRecord(seed: SeedSigned): TransactionRecord {
  const s = { to: randomAddress(), value: 1n, nonce: 0, chainId: config().CUSTODY_CHAIN_ID, ...seed };
  const at = s.now.toISOString();
  const maxFeePerGas = s.maxFeePerGas ?? 3n * GWEI;
  const maxPriorityFeePerGas = s.maxPriorityFeePerGas ?? GWEI;
  const tx: PqEvmTx = {
    chainId: BigInt(s.chainId),
    nonce: BigInt(s.nonce),
    maxPriorityFeePerGas,
    maxFeePerGas,
    gasLimit: 21_000n,
    to: s.to,
    value: s.value,
    data: '0x',
  };
  const profile = makeChainProfile({
    chainId: s.chainId,
    algorithm: 'ML-DSA-65',
    context: '',
    nativeAsset: { symbol: 'PQ', name: 'PQ' },
  });
  const { unsignedTx, digest } = profile.signingPayload(tx);
  const signature = profile.sign(s.key.secretKey, fromHex(digest));
  const { raw, hash } = profile.signedTransaction(tx, s.key.publicKey, signature);
  return transactionRecord('SIGNED', {
    id: newId(),
    tenantId: s.tenantId,
    sourceVaultId: s.vaultId ?? newId(),
    sourceWalletId: s.walletId ?? newId(),
    destinationAddr: s.to,
    assetId: nativeAssetId(s.chainId),
    amount: s.value.toString(),
    fee: (21_000n * maxFeePerGas).toString(),
    gasLimit: 21_000,
    nonce: s.nonce,
    maxFeePerGas: maxFeePerGas.toString(),
    maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    unsignedTx,
    digest,
    chainId: s.chainId,
    to: s.to,
    data: '0x',
    signedTx: raw,
    chainTxHash: hash,
    createdAt: at,
    updatedAt: at,
    initiator: { userId: 'usr_seed', keyId: 'key_seed' },
    policyDecision: { outcome: 'allow', approvals: 0, reasons: [], evaluatedAt: at, policyIds: [], checks: [] },
  });
}

/** Stores a SIGNED transfer (see signedRecord) and answers it. */
export async function seedSigned(store: Store, s: SeedSigned): Promise<TransactionRecord> {
  const record = signedRecord(s);
  await store.write([
    { op: 'put', item: transactionItem(record), condition: { type: 'notExists' } },
    { op: 'put', item: signedTxItem(record.tenantId, record.id, record.signedTx!) },
  ]);
  return record;
}
