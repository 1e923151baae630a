import type * as MlDsaModule from '../../crypto/ml-dsa.js';
import type { PQ_EVM_V1, PqEvmTx } from './pq-evm-v1.js';
import type { NativeAsset } from './native-asset.js';
import type { KeySizes, PqAlgorithm } from './ml-dsa-sizes.js';

/**
 * The chain profile: everything a post-quantum chain changes between releases, in one place (docs/chain-profile.md). The
 * ML-DSA parameter set and FIPS 204 context string, how an address is derived from a public key, the ownership-proof
 * message, key and signature sizes, the chain id and the native asset. The profile takes plain values (the edge
 * builds it from configuration with `chainProfileFromConfig`), so tests can build one for every parameter set.
 *
 * Keys and signatures travel as 0x-prefixed hex. Never branch on the chain's details anywhere else: add them here.
 *
 * This module holds what the profile is (its type, the values it is built from, key and signature sizes, hex, the
 * ownership proof's clock skew) and imports no code but the sizes and hex: the request schemas check keys and
 * signatures with it (shared/schemas/wallets.ts), so it is in the cold start of the wallets function, whose reads
 * never use a profile. The profile's code (addresses with Keccak-256, the ownership-proof message, the pq-evm-v1
 * transaction format) is chain-profile-build.ts, which never imports ML-DSA (shared/crypto/ml-dsa.ts) itself: a
 * profile gets it from a source. `chain-profile.ts` (what the transactions function's signing routes, the local
 * stack, tests and scripts import) re-exports both and builds profiles with ML-DSA at hand; the wiring of the
 * transaction worker and of the wallets function's registrations (shared/composition/profile-on-demand.ts) builds one
 * that loads it on demand, so that their bundles' cold start does not carry it. Modules of their static imports
 * import values from here or from chain-profile-build.ts, never from `chain-profile.ts` (npm run bundle-sizes would
 * show ML-DSA back in its cold start).
 */
export { keySizes, MAX_PUBLIC_KEY_BYTES, MAX_SIGNATURE_BYTES, PQ_ALGORITHMS } from './ml-dsa-sizes.js';
export type { KeySizes, PqAlgorithm } from './ml-dsa-sizes.js';
export type { PqEvmTx, SignedPqEvmTx } from './pq-evm-v1.js';

/**
 * What a profile uses of ML-DSA (shared/crypto/ml-dsa.ts, with @noble/post-quantum and the self-test vector: about
 * 23 KiB of bundle): the verifier of the process and noble's signing. A profile of `makeChainProfile`
 * (chain-profile.ts) has it at hand; one of `makeChainProfileLoadingMlDsa` loads it when asked (`loadMlDsa`), which
 * the signature paths (acceptSignature, checkOwnershipProof) do before they verify: the profile of the transaction
 * worker and of the wallets function, whose messages and requests mostly never verify a signature.
 */
export type MlDsa = Pick<typeof MlDsaModule, 'mlDsaVerifier' | 'ML_DSA'>;
/**
 * Where a profile gets ML-DSA: `now` answers it (and throws while it is not loaded: a programming error, the caller
 * should have awaited `load`), `load` makes it ready.
 */
export type MlDsaSource = { now: () => MlDsa; load: () => Promise<unknown> };

// ---- 0x hex (shared/domain/chain/hex.ts: no dependency; Keccak-256 is keccak.ts) ----

export { fromHex, isHex, isHexOfBytes, toHex } from './hex.js';

export type ChainProfileValues = {
  chainId: number;
  algorithm: PqAlgorithm;
  /** FIPS 204 context string (UTF-8, at most 255 bytes); empty means no context. */
  context: string;
  nativeAsset: { symbol: string; name: string };
};

export type OwnershipProofFields = { tenantId: string; vaultId: string; address: string; timestamp: number };

export type ChainProfile = Readonly<{
  chainId: number;
  algorithm: PqAlgorithm;
  context: string;
  sizes: KeySizes;
  nativeAsset: NativeAsset;
  /** How long (seconds) an ownership proof's timestamp may differ from the server clock. */
  proofMaxSkewSeconds: number;
  deriveAddress: (publicKey: string | Uint8Array) => string;
  /** `custody-ownership-proof:v1:{chain_id}:{tenant_id}:{vault_id}:{address in lowercase}:{timestamp}` as UTF-8. */
  ownershipProofMessage: (f: OwnershipProofFields) => Uint8Array;
  /**
   * Makes ML-DSA ready for `verify`, `sign`, `signedTransaction`, `openSignedTransaction` and `signTransaction`: at
   * once for a profile of `makeChainProfile`; for one of `makeChainProfileLoadingMlDsa`, its first call loads it (a
   * failed load is not kept: the next call tries again). Those five throw (a programming error) while it is not loaded.
   */
  loadMlDsa: () => Promise<unknown>;
  /** Verifies an ML-DSA signature of the configured parameter set and context (shared/crypto/ml-dsa.ts). Never throws: malformed is false. */
  verify: (publicKeyHex: string, message: Uint8Array, signatureHex: string) => boolean;
  /** Signs as a wallet holder would (tests, the reference signer): ML-DSA of this profile, with its context. */
  sign: (secretKey: Uint8Array, message: Uint8Array) => string;
  /** The transaction format (pq-evm-v1.ts, docs/chain-profile.md). */
  txFormat: typeof PQ_EVM_V1;
  /** The unsigned encoding and the digest the signer signs (both 0x hex). */
  signingPayload: (tx: PqEvmTx) => { unsignedTx: string; digest: string };
  /**
   * The signed transaction (0x hex) and its hash, once the signature over the digest verifies against the key with
   * this profile's parameter set and context; InvalidTxSignatureError otherwise (wrong size, does not verify).
   */
  signedTransaction: (tx: PqEvmTx, publicKeyHex: string, signatureHex: string) => { raw: string; hash: string };
  /**
   * A signed transaction as a node checks it: canonical pq-evm-v1 (else TxDecodeError), this profile's key and
   * signature sizes and a signature that verifies (else InvalidTxSignatureError). Answers the fields, the sender's
   * address (derived from the key) and the hash. The chain id is the caller's to compare.
   */
  openSignedTransaction: (raw: Uint8Array) => OpenedTransaction;
  /** Signs a transaction as a wallet holder would (tests, the reference signer). */
  signTransaction: (secretKey: Uint8Array, publicKeyHex: string, tx: PqEvmTx) => { raw: string; hash: string };
}>;

export type OpenedTransaction = { tx: PqEvmTx; publicKey: string; signature: string; from: string; hash: string };

/** A transaction whose ML-DSA signature or key does not fit the profile or does not verify over its digest. */
export class InvalidTxSignatureError extends Error {}

/** How far (seconds) an ownership proof's timestamp may be from the server clock, either way. */
export const OWNERSHIP_PROOF_MAX_SKEW_SECONDS = 300;

export type ProfileConfig = {
  CUSTODY_CHAIN_ID: number;
  CUSTODY_PQ_ALGORITHM: PqAlgorithm;
  CUSTODY_PQ_CONTEXT: string;
  CUSTODY_NATIVE_ASSET_SYMBOL: string;
  CUSTODY_NATIVE_ASSET_NAME: string;
};
/** The profile's values from the configuration. */
export function chainProfileValues(cfg: ProfileConfig): ChainProfileValues {
  return {
    chainId: cfg.CUSTODY_CHAIN_ID,
    algorithm: cfg.CUSTODY_PQ_ALGORITHM,
    context: cfg.CUSTODY_PQ_CONTEXT,
    nativeAsset: { symbol: cfg.CUSTODY_NATIVE_ASSET_SYMBOL, name: cfg.CUSTODY_NATIVE_ASSET_NAME },
  };
}
