import { describe, expect, it } from 'vitest';
import {
  decodeVector,
  ML_DSA,
  mlDsaSigningKey,
  mlDsaVerifier,
  nobleMlDsa,
  nodeMlDsa,
  passesSelfTest,
  type MlDsaVerifier,
} from '../../shared/crypto/ml-dsa.js';
import { ML_DSA_44_VECTOR, ML_DSA_65_VECTOR, ML_DSA_87_VECTOR } from '../../shared/crypto/ml-dsa-vectors.js';

const VECTORS = [ML_DSA_44_VECTOR, ML_DSA_65_VECTOR, ML_DSA_87_VECTOR];
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
/** Node.js 24.15 and later read raw ML-DSA public keys and take FIPS 204 context strings. */
const nodeHasMlDsa = major > 24 || (major === 24 && minor >= 15);

const flip = (b: Uint8Array, i: number) => Uint8Array.from(b, (x, j) => (j === i ? x ^ 1 : x));

function againstVectors(impl: MlDsaVerifier) {
  describe.each(VECTORS)('$algorithm vector', (vector) => {
    const v = decodeVector(vector);

    it('accepts the signature under its context', () => {
      expect(impl.verify(v.algorithm, v.publicKey, v.message, v.signature, v.context)).toBe(true);
    });

    it('refuses it under another context or with none', () => {
      expect(impl.verify(v.algorithm, v.publicKey, v.message, v.signature, flip(v.context, 0))).toBe(false);
      expect(impl.verify(v.algorithm, v.publicKey, v.message, v.signature, new Uint8Array(0))).toBe(false);
    });

    it('refuses a changed message, signature or key', () => {
      expect(impl.verify(v.algorithm, v.publicKey, flip(v.message, 5), v.signature, v.context)).toBe(false);
      expect(impl.verify(v.algorithm, v.publicKey, v.message, flip(v.signature, 100), v.context)).toBe(false);
      expect(impl.verify(v.algorithm, flip(v.publicKey, 40), v.message, v.signature, v.context)).toBe(false);
    });

    it('answers false, never throws, for malformed input', () => {
      expect(impl.verify(v.algorithm, v.publicKey.slice(1), v.message, v.signature, v.context)).toBe(false);
      expect(impl.verify(v.algorithm, v.publicKey, v.message, v.signature.slice(1), v.context)).toBe(false);
      expect(impl.verify(v.algorithm, v.publicKey, v.message, v.signature, new Uint8Array(256))).toBe(false);
      const other = v.algorithm === 'ML-DSA-44' ? 'ML-DSA-65' : 'ML-DSA-44';
      expect(impl.verify(other, v.publicKey, v.message, v.signature, v.context)).toBe(false);
    });
  });

  it('passes the start-up self-test', () => {
    expect(passesSelfTest(impl)).toBe(true);
  });
}

describe('ML-DSA verifier: @noble/post-quantum', () => againstVectors(nobleMlDsa));

describe.runIf(nodeHasMlDsa)('ML-DSA verifier: node:crypto', () => againstVectors(nodeMlDsa));

describe('ML-DSA verifier: the choice', () => {
  it('fails the self-test for a verifier that ignores the context string', () => {
    const ignoresContext: MlDsaVerifier = {
      name: '@noble/post-quantum',
      verify: (a, pk, m, s) => nobleMlDsa.verify(a, pk, m, s, decodeVector(ML_DSA_44_VECTOR).context),
    };
    expect(passesSelfTest(ignoresContext)).toBe(false);
  });

  it('fails the self-test for a verifier that cannot read the key', () => {
    expect(passesSelfTest({ name: 'node:crypto', verify: () => false })).toBe(false);
  });

  it('runs node:crypto on a runtime that has it, noble otherwise, and keeps its choice', () => {
    expect(mlDsaVerifier().name).toBe(nodeHasMlDsa ? 'node:crypto' : '@noble/post-quantum');
    expect(mlDsaVerifier()).toBe(mlDsaVerifier());
  });
});

describe('ML-DSA signing key from a seed', () => {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
  const message = new TextEncoder().encode('checkpoint body');

  it.each(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87'] as const)(
    "%s: publishes noble's key, and its signatures verify under it and only with their context",
    (algorithm) => {
      const key = mlDsaSigningKey(algorithm, seed);
      expect(Buffer.from(key.publicKey)).toEqual(Buffer.from(ML_DSA[algorithm].keygen(seed).publicKey));
      expect(key.implementation).toBe(nodeHasMlDsa ? 'node:crypto' : '@noble/post-quantum');
      const plain = key.sign(message);
      const context = new TextEncoder().encode('ctx');
      const withContext = key.sign(message, context);
      const none = new Uint8Array(0);
      for (const impl of [nobleMlDsa, mlDsaVerifier()]) {
        expect(impl.verify(algorithm, key.publicKey, message, plain, none)).toBe(true);
        expect(impl.verify(algorithm, key.publicKey, message, withContext, context)).toBe(true);
        expect(impl.verify(algorithm, key.publicKey, message, withContext, none)).toBe(false);
        expect(impl.verify(algorithm, key.publicKey, flip(message, 0), plain, none)).toBe(false);
      }
      const other = mlDsaSigningKey(algorithm, flip(seed, 0));
      expect(nobleMlDsa.verify(algorithm, other.publicKey, message, plain, none)).toBe(false);
    },
  );
});
