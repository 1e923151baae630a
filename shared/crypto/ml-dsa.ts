import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import { ML_DSA_44_VECTOR, type MlDsaVector } from './ml-dsa-vectors.js';

/**
 * The one ML-DSA (FIPS 204) signature verifier: ownership proofs now, transaction signatures next. Two
 * implementations answer the same question:
 *   - `node:crypto`, when the runtime takes raw public keys and FIPS 204 context strings (Node.js 24.15 and later):
 *     OpenSSL's code, several times faster;
 *   - `@noble/post-quantum` otherwise (audited pure JavaScript, pinned to 0.7.1).
 * Which one runs is chosen once per process by a self-test with a committed known-answer vector (a key, message,
 * context and signature made by noble): the native one is used only if it accepts that signature and refuses it under
 * another context and for another message. The composition root logs the choice (`mlDsaVerifier().name`).
 *
 * Callers check sizes first (the chain profile does); `verify` never throws: anything malformed is `false`.
 */
export type MlDsaParameterSet = 'ML-DSA-44' | 'ML-DSA-65' | 'ML-DSA-87';

export type MlDsaVerifier = {
  readonly name: 'node:crypto' | '@noble/post-quantum';
  /** `context` is the FIPS 204 context string (at most 255 bytes; empty for none). */
  verify(
    algorithm: MlDsaParameterSet,
    publicKey: Uint8Array,
    message: Uint8Array,
    signature: Uint8Array,
    context: Uint8Array,
  ): boolean;
};

/** The @noble/post-quantum (0.7.1, pinned: `sign(msg, secretKey, opts)`) implementation of each parameter set: the fallback verifier, and signing (the chain profile's `sign`: tests, the reference signer). */
export const ML_DSA = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;
const NODE_KEY_TYPE = { 'ML-DSA-44': 'ml-dsa-44', 'ML-DSA-65': 'ml-dsa-65', 'ML-DSA-87': 'ml-dsa-87' } as const;

export const nobleMlDsa: MlDsaVerifier = {
  name: '@noble/post-quantum',
  verify(algorithm, publicKey, message, signature, context) {
    try {
      return ML_DSA[algorithm].verify(signature, message, publicKey, context.length ? { context } : undefined);
    } catch {
      return false;
    }
  },
};

export const nodeMlDsa: MlDsaVerifier = {
  name: 'node:crypto',
  verify(algorithm, publicKey, message, signature, context) {
    try {
      const key = createPublicKey({
        key: Buffer.from(publicKey),
        format: 'raw-public',
        asymmetricKeyType: NODE_KEY_TYPE[algorithm],
      });
      return nodeVerify(null, message, context.length ? { key, context } : key, signature);
    } catch {
      return false;
    }
  },
};

export type DecodedVector = {
  algorithm: MlDsaParameterSet;
  publicKey: Uint8Array;
  message: Uint8Array;
  context: Uint8Array;
  signature: Uint8Array;
};

export function decodeVector(v: MlDsaVector): DecodedVector {
  const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
  const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
  return {
    algorithm: v.algorithm,
    publicKey: b64(v.publicKey),
    message: utf8(v.message),
    context: utf8(v.context),
    signature: b64(v.signature),
  };
}

/**
 * True when `impl` accepts the vector's signature, and refuses it with the context changed, with no context, and
 * for a changed message. A runtime that ignores the context or cannot read raw keys fails here.
 */
export function passesSelfTest(impl: MlDsaVerifier, vector: MlDsaVector = ML_DSA_44_VECTOR): boolean {
  const v = decodeVector(vector);
  const otherContext = Uint8Array.from(v.context, (b, i) => (i === 0 ? b ^ 1 : b));
  const otherMessage = Uint8Array.from(v.message, (b, i) => (i === v.message.length - 1 ? b ^ 1 : b));
  return (
    impl.verify(v.algorithm, v.publicKey, v.message, v.signature, v.context) &&
    !impl.verify(v.algorithm, v.publicKey, v.message, v.signature, otherContext) &&
    !impl.verify(v.algorithm, v.publicKey, v.message, v.signature, new Uint8Array(0)) &&
    !impl.verify(v.algorithm, v.publicKey, otherMessage, v.signature, v.context)
  );
}

let chosen: MlDsaVerifier | undefined;

/** The verifier of this process: `node:crypto` when it passes the self-test, else `@noble/post-quantum`. */
export function mlDsaVerifier(): MlDsaVerifier {
  chosen ??= passesSelfTest(nodeMlDsa) ? nodeMlDsa : nobleMlDsa;
  return chosen;
}

/** A private key held in memory, built from its 32-byte FIPS 204 seed (ξ). */
export type MlDsaSigningKey = {
  readonly algorithm: MlDsaParameterSet;
  readonly publicKey: Uint8Array;
  /** Who signs: node:crypto (OpenSSL, about 8 times faster) when the runtime builds the very same key, else noble. */
  readonly implementation: MlDsaVerifier['name'];
  /** A hedged (randomised) pure ML-DSA signature; `context` is the FIPS 204 context string (empty for none). */
  sign(message: Uint8Array, context?: Uint8Array): Uint8Array;
};

/**
 * The signing key of `seed`: noble derives the key pair (the reference); node:crypto signs when it accepts raw seeds
 * (Node.js 24.15 and later) and derives the same public key from the seed, so the faster path can never sign with
 * another key than the one published.
 */
export function mlDsaSigningKey(algorithm: MlDsaParameterSet, seed: Uint8Array): MlDsaSigningKey {
  const { publicKey, secretKey } = ML_DSA[algorithm].keygen(seed);
  const native = nativePrivateKey(algorithm, seed, publicKey);
  const noContext = new Uint8Array(0);
  return {
    algorithm,
    publicKey,
    implementation: native ? 'node:crypto' : '@noble/post-quantum',
    sign(message, context = noContext) {
      if (native)
        return new Uint8Array(
          nodeSign(null, message, context.length ? ({ key: native, context } as unknown as KeyObject) : native),
        );
      return ML_DSA[algorithm].sign(message, secretKey, context.length ? { context } : undefined);
    },
  };
}

function nativePrivateKey(algorithm: MlDsaParameterSet, seed: Uint8Array, publicKey: Uint8Array): KeyObject | null {
  try {
    const key = createPrivateKey({
      key: Buffer.from(seed),
      format: 'raw-seed',
      asymmetricKeyType: NODE_KEY_TYPE[algorithm],
    } as Parameters<typeof createPrivateKey>[0]);
    const derived = createPublicKey(key).export({ format: 'raw-public' } as never) as Buffer;
    return Buffer.from(publicKey).equals(derived) ? key : null;
  } catch {
    return null;
  }
}

/** One line for start banners and logs: the runtime and the ML-DSA verifier chosen for it. */
export function runtimeSummary(): string {
  return `Node.js ${process.versions.node}, ML-DSA verifier ${mlDsaVerifier().name}`;
}
