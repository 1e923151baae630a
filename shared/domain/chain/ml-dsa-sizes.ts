/*
 * The ML-DSA parameter sets and their key and signature sizes (FIPS 204, table 2), without the ML-DSA code: the
 * request schemas bound keys and signatures with them, and must not pull @noble/post-quantum into a function whose
 * routes never verify (tokens). chain-profile.ts re-exports them; test/unit/ml-dsa-sizes.test.ts checks them against
 * @noble/post-quantum's own lengths.
 */
export const PQ_ALGORITHMS = ['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'] as const;
export type PqAlgorithm = (typeof PQ_ALGORITHMS)[number];

export type KeySizes = { publicKey: number; secretKey: number; signature: number };

const SIZES: Readonly<Record<PqAlgorithm, KeySizes>> = {
  'ML-DSA-44': { publicKey: 1312, secretKey: 2560, signature: 2420 },
  'ML-DSA-65': { publicKey: 1952, secretKey: 4032, signature: 3309 },
  'ML-DSA-87': { publicKey: 2592, secretKey: 4896, signature: 4627 },
};

export function keySizes(algorithm: PqAlgorithm): KeySizes {
  const s = SIZES[algorithm];
  return { publicKey: s.publicKey, secretKey: s.secretKey, signature: s.signature };
}

/** The largest public key and signature of any parameter set (ML-DSA-87), for request size limits. */
export const MAX_PUBLIC_KEY_BYTES = Math.max(...PQ_ALGORITHMS.map((a) => keySizes(a).publicKey));
export const MAX_SIGNATURE_BYTES = Math.max(...PQ_ALGORITHMS.map((a) => keySizes(a).signature));
