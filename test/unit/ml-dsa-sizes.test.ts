import { describe, expect, it } from 'vitest';
import { ml_dsa44, ml_dsa65, ml_dsa87 } from '@noble/post-quantum/ml-dsa.js';
import {
  keySizes,
  MAX_PUBLIC_KEY_BYTES,
  MAX_SIGNATURE_BYTES,
  PQ_ALGORITHMS,
} from '../../shared/domain/chain/ml-dsa-sizes.js';

describe('ML-DSA sizes without the ML-DSA code', () => {
  const noble = { 'ML-DSA-44': ml_dsa44, 'ML-DSA-65': ml_dsa65, 'ML-DSA-87': ml_dsa87 } as const;

  it.each(PQ_ALGORITHMS)('%s: the key and signature sizes of @noble/post-quantum', (a) => {
    const l = noble[a].lengths;
    expect(keySizes(a)).toEqual({ publicKey: l.publicKey, secretKey: l.secretKey, signature: l.signature });
  });

  it("the largest public key and signature are ML-DSA-87's", () => {
    expect(MAX_PUBLIC_KEY_BYTES).toBe(ml_dsa87.lengths.publicKey);
    expect(MAX_SIGNATURE_BYTES).toBe(ml_dsa87.lengths.signature);
  });
});
