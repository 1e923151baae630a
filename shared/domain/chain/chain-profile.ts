import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fromHex, isHex, toHex } from './hex.js';
import { decodeSignedTx, encodeSignedTx, PQ_EVM_V1, signingPayload, txHash, type PqEvmTx } from './pq-evm-v1.js';

export { PQ_EVM_V1, PQ_EVM_V1_TX_TYPE, TxDecodeError, decodeSignedTx, decodeUnsignedTx, encodeSignedTx, encodeUnsignedTx, signingPayload, txDigest, txHash } from './pq-evm-v1.js';
export type { PqEvmTx, SignedPqEvmTx } from './pq-evm-v1.js';
import { mlDsaVerifier } from '../../crypto/ml-dsa.js';
import { nativeAssetOf, type NativeAsset } from './native-asset.js';
import { keySizes, type KeySizes, type PqAlgorithm } from './ml-dsa-sizes.js';

/**
 * The chain profile: everything a post-quantum chain changes between releases, in one place (DESIGN.md 6). The
 * ML-DSA parameter set and FIPS 204 context string, how an address is derived from a public key, the ownership-proof
 * message, key and signature sizes, the chain id and the native asset. The profile takes plain values (the edge
 * builds it from configuration with `chainProfileFromConfig`), so tests can build one for every parameter set.
 *
 * Keys and signatures travel as 0x-prefixed hex. Never branch on the chain's details anywhere else: add them here.
 */
export { keySizes, MAX_PUBLIC_KEY_BYTES, MAX_SIGNATURE_BYTES, PQ_ALGORITHMS } from './ml-dsa-sizes.js';
export type { KeySizes, PqAlgorithm } from './ml-dsa-sizes.js';

/** The @noble/post-quantum (0.7.1, pinned: `sign(msg, secretKey, opts)`) implementation of each parameter set. */
export const ML_DSA = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;

// ---- Keccak-256 and 0x hex (shared/domain/chain/hex.ts: the JSON-RPC adapter uses them without ML-DSA) ----

export { fromHex, isHex, isHexOfBytes, keccak256Hex, toHex } from './hex.js';

/** `0x` + the last 20 bytes of Keccak-256 of the public key bytes, lowercase. */
export function deriveAddress(publicKey: string | Uint8Array): string {
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey) : publicKey;
  return `0x${bytesToHex(keccak_256(bytes).slice(-20))}`;
}

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

const OWNERSHIP_PROOF_PREFIX = 'custody-ownership-proof:v1';
/** How far (seconds) an ownership proof's timestamp may be from the server clock, either way. */
export const OWNERSHIP_PROOF_MAX_SKEW_SECONDS = 300;

export function makeChainProfile(v: ChainProfileValues): ChainProfile {
  const impl = ML_DSA[v.algorithm];
  if (!impl) throw new Error(`unknown ML-DSA parameter set ${String(v.algorithm)}`);
  const ctxBytes = utf8ToBytes(v.context);
  if (ctxBytes.length > 255) throw new Error('FIPS 204 context string must be at most 255 bytes');
  const opts = ctxBytes.length ? { context: ctxBytes } : undefined;
  const sizes = keySizes(v.algorithm);

  const verify = (publicKeyHex: string, message: Uint8Array, signatureHex: string): boolean => {
    if (!isHex(publicKeyHex) || !isHex(signatureHex)) return false;
    const pk = fromHex(publicKeyHex);
    const sig = fromHex(signatureHex);
    if (pk.length !== sizes.publicKey || sig.length !== sizes.signature) return false;
    return mlDsaVerifier().verify(v.algorithm, pk, message, sig, ctxBytes); // node:crypto or noble, never throws
  };

  const signedTransaction = (tx: PqEvmTx, publicKeyHex: string, signatureHex: string) => {
    const { digest } = signingPayload(tx);
    if (!verify(publicKeyHex, fromHex(digest), signatureHex)) throw new InvalidTxSignatureError(`the signature does not verify against the public key (${v.algorithm}${v.context ? ', with context' : ''})`);
    const raw = encodeSignedTx(tx, publicKeyHex, signatureHex);
    return { raw: toHex(raw), hash: txHash(raw) };
  };

  const openSignedTransaction = (raw: Uint8Array): OpenedTransaction => {
    const { tx, publicKey, signature } = decodeSignedTx(raw);
    if (fromHex(publicKey).length !== sizes.publicKey) throw new InvalidTxSignatureError(`the public key is not ${sizes.publicKey} bytes (${v.algorithm})`);
    if (fromHex(signature).length !== sizes.signature) throw new InvalidTxSignatureError(`the signature is not ${sizes.signature} bytes (${v.algorithm})`);
    if (!verify(publicKey, fromHex(signingPayload(tx).digest), signature)) throw new InvalidTxSignatureError('the signature does not verify against the public key');
    return { tx, publicKey, signature, from: deriveAddress(publicKey), hash: txHash(raw) };
  };

  return Object.freeze({
    chainId: v.chainId,
    algorithm: v.algorithm,
    context: v.context,
    sizes,
    nativeAsset: nativeAssetOf(v.nativeAsset.symbol, v.nativeAsset.name),
    proofMaxSkewSeconds: OWNERSHIP_PROOF_MAX_SKEW_SECONDS,
    deriveAddress,
    ownershipProofMessage: (f: OwnershipProofFields) =>
      utf8ToBytes(`${OWNERSHIP_PROOF_PREFIX}:${v.chainId}:${f.tenantId}:${f.vaultId}:${f.address.toLowerCase()}:${f.timestamp}`),
    verify,
    sign: (secretKey: Uint8Array, message: Uint8Array) => toHex(impl.sign(message, secretKey, opts)),
    txFormat: PQ_EVM_V1,
    signingPayload,
    signedTransaction,
    openSignedTransaction,
    signTransaction: (secretKey: Uint8Array, publicKeyHex: string, tx: PqEvmTx) =>
      signedTransaction(tx, publicKeyHex, toHex(impl.sign(fromHex(signingPayload(tx).digest), secretKey, opts))),
  });
}

type ProfileConfig = {
  CUSTODY_CHAIN_ID: number;
  CUSTODY_PQ_ALGORITHM: PqAlgorithm;
  CUSTODY_PQ_CONTEXT: string;
  CUSTODY_NATIVE_ASSET_SYMBOL: string;
  CUSTODY_NATIVE_ASSET_NAME: string;
};
const fromConfig = new WeakMap<object, ChainProfile>();

/** The profile the configuration chooses (one per configuration object). */
export function chainProfileFromConfig(cfg: ProfileConfig): ChainProfile {
  let p = fromConfig.get(cfg);
  if (!p) {
    p = makeChainProfile({
      chainId: cfg.CUSTODY_CHAIN_ID,
      algorithm: cfg.CUSTODY_PQ_ALGORITHM,
      context: cfg.CUSTODY_PQ_CONTEXT,
      nativeAsset: { symbol: cfg.CUSTODY_NATIVE_ASSET_SYMBOL, name: cfg.CUSTODY_NATIVE_ASSET_NAME },
    });
    fromConfig.set(cfg, p);
  }
  return p;
}
