import { config } from '../../shared/config.js';
import {
  deriveAddress,
  makeChainProfile,
  ML_DSA,
  toHex,
  type PqAlgorithm,
  type PqEvmTx,
} from '../../shared/domain/chain/chain-profile.js';

/**
 * Wallet keys and pq-evm-v1 transactions for tests against the dev chain: a key from a fixed seed, and a signer that
 * fills the fields a test does not care about (chain 20803, 2 gwei max fee, 1 gwei tip, 21000 gas, no data).
 */
export type TestKey = { publicKey: string; secretKey: Uint8Array; address: string };

export function testKey(seedByte: number, algorithm: PqAlgorithm = 'ML-DSA-65'): TestKey {
  const { publicKey, secretKey } = ML_DSA[algorithm].keygen(new Uint8Array(32).fill(seedByte));
  return { publicKey: toHex(publicKey), secretKey, address: deriveAddress(publicKey) };
}

/** A new random key, of the parameter set the service is configured for (CUSTODY_PQ_ALGORITHM). */
export function freshTestKey(algorithm: PqAlgorithm = config().CUSTODY_PQ_ALGORITHM as PqAlgorithm): TestKey {
  const { publicKey, secretKey } = ML_DSA[algorithm].keygen();
  return { publicKey: toHex(publicKey), secretKey, address: deriveAddress(publicKey) };
}

export const GWEI = 1_000_000_000n;

export function txFields(f: Partial<PqEvmTx> = {}): PqEvmTx {
  return {
    chainId: 20803n,
    nonce: 0n,
    maxPriorityFeePerGas: GWEI,
    maxFeePerGas: 2n * GWEI,
    gasLimit: 21_000n,
    to: null,
    value: 0n,
    data: '0x',
    ...f,
  };
}

/** Signs with ML-DSA (the given parameter set and context) as the wallet holder would: `{raw, hash}`. */
export function signTx(
  key: TestKey,
  f: Partial<PqEvmTx>,
  opts: { algorithm?: PqAlgorithm; context?: string } = {},
): { raw: string; hash: string } {
  const tx = txFields(f);
  const profile = makeChainProfile({
    chainId: Number(tx.chainId),
    algorithm: opts.algorithm ?? 'ML-DSA-65',
    context: opts.context ?? '',
    nativeAsset: { symbol: 'PQ', name: 'PQ' },
  });
  return profile.signTransaction(key.secretKey, key.publicKey, tx);
}
