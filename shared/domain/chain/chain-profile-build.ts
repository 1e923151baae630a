import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, isHex, toHex } from './hex.js';
import { decodeSignedTx, encodeSignedTx, PQ_EVM_V1, signingPayload, txHash, type PqEvmTx } from './pq-evm-v1.js';
import { nativeAssetOf } from './native-asset.js';
import { keySizes, PQ_ALGORITHMS } from './ml-dsa-sizes.js';
import { loadOnce } from '../load-once.js';
import {
  InvalidTxSignatureError,
  OWNERSHIP_PROOF_MAX_SKEW_SECONDS,
  type ChainProfile,
  type ChainProfileValues,
  type MlDsa,
  type MlDsaSource,
  type OpenedTransaction,
  type OwnershipProofFields,
} from './chain-profile-rules.js';

/*
 * The chain profile's code (what it is: chain-profile-rules.ts): addresses (Keccak-256), the ownership-proof
 * message, the pq-evm-v1 transaction format with its signature checks. It never imports ML-DSA itself: a profile
 * gets it from a source (`chainProfileWith`); chain-profile.ts has it at hand, `makeChainProfileLoadingMlDsa` loads
 * it on demand.
 */
export {
  PQ_EVM_V1,
  PQ_EVM_V1_TX_TYPE,
  TxDecodeError,
  decodeSignedTx,
  decodeUnsignedTx,
  encodeSignedTx,
  encodeUnsignedTx,
  signingPayload,
  txDigest,
  txHash,
} from './pq-evm-v1.js';
export { keccak256Hex } from './keccak.js';

/** `0x` + the last 20 bytes of Keccak-256 of the public key bytes, lowercase. */
export function deriveAddress(publicKey: string | Uint8Array): string {
  const bytes = typeof publicKey === 'string' ? fromHex(publicKey) : publicKey;
  return toHex(keccak_256(bytes).slice(-20));
}

const OWNERSHIP_PROOF_PREFIX = 'custody-ownership-proof:v1';
const utf8 = new TextEncoder();

/**
 * The profile the values describe, whose ML-DSA `load` brings when `loadMlDsa` is first awaited (a dynamic import:
 * the transaction worker's wiring); until then its formats, addresses and signing payloads work, its signature checks
 * throw. A failed load is not kept.
 */
export function makeChainProfileLoadingMlDsa(v: ChainProfileValues, load: () => Promise<MlDsa>): ChainProfile {
  let loaded: MlDsa | undefined;
  return chainProfileWith(v, {
    now: () => {
      if (!loaded) throw new Error('ML-DSA is not loaded: await profile.loadMlDsa() first');
      return loaded;
    },
    load: loadOnce(() => load().then((m) => (loaded = m))),
  });
}

/** The profile the values describe, with ML-DSA from `source` (`makeChainProfile` and `makeChainProfileLoadingMlDsa`). */
export function chainProfileWith(v: ChainProfileValues, source: MlDsaSource): ChainProfile {
  if (!(PQ_ALGORITHMS as readonly string[]).includes(v.algorithm))
    throw new Error(`unknown ML-DSA parameter set ${String(v.algorithm)}`);
  const ctxBytes = utf8.encode(v.context);
  if (ctxBytes.length > 255) throw new Error('FIPS 204 context string must be at most 255 bytes');
  const sizes = keySizes(v.algorithm);
  const mlDsa = source.now;
  const opts = ctxBytes.length ? { context: ctxBytes } : undefined;
  const sign = (secretKey: Uint8Array, message: Uint8Array) =>
    toHex(mlDsa().ML_DSA[v.algorithm].sign(message, secretKey, opts));

  const verify = (publicKeyHex: string, message: Uint8Array, signatureHex: string): boolean => {
    const verifier = mlDsa().mlDsaVerifier();
    if (!isHex(publicKeyHex) || !isHex(signatureHex)) return false;
    const pk = fromHex(publicKeyHex);
    const sig = fromHex(signatureHex);
    if (pk.length !== sizes.publicKey || sig.length !== sizes.signature) return false;
    return verifier.verify(v.algorithm, pk, message, sig, ctxBytes); // node:crypto or noble, never throws
  };

  const signedTransaction = (tx: PqEvmTx, publicKeyHex: string, signatureHex: string) => {
    const { digest } = signingPayload(tx);
    if (!verify(publicKeyHex, fromHex(digest), signatureHex))
      throw new InvalidTxSignatureError(
        `the signature does not verify against the public key (${v.algorithm}${v.context ? ', with context' : ''})`,
      );
    const raw = encodeSignedTx(tx, publicKeyHex, signatureHex);
    return { raw: toHex(raw), hash: txHash(raw) };
  };

  const openSignedTransaction = (raw: Uint8Array): OpenedTransaction => {
    const { tx, publicKey, signature } = decodeSignedTx(raw);
    if (fromHex(publicKey).length !== sizes.publicKey)
      throw new InvalidTxSignatureError(`the public key is not ${sizes.publicKey} bytes (${v.algorithm})`);
    if (fromHex(signature).length !== sizes.signature)
      throw new InvalidTxSignatureError(`the signature is not ${sizes.signature} bytes (${v.algorithm})`);
    if (!verify(publicKey, fromHex(signingPayload(tx).digest), signature))
      throw new InvalidTxSignatureError('the signature does not verify against the public key');
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
      utf8.encode(
        `${OWNERSHIP_PROOF_PREFIX}:${v.chainId}:${f.tenantId}:${f.vaultId}:${f.address.toLowerCase()}:${f.timestamp}`,
      ),
    loadMlDsa: source.load,
    verify,
    sign,
    txFormat: PQ_EVM_V1,
    signingPayload,
    signedTransaction,
    openSignedTransaction,
    signTransaction: (secretKey: Uint8Array, publicKeyHex: string, tx: PqEvmTx) =>
      signedTransaction(tx, publicKeyHex, sign(secretKey, fromHex(signingPayload(tx).digest))),
  });
}
