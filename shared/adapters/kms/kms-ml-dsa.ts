import { createHash } from 'node:crypto';
import { ML_DSA_65_PUBLIC_KEY_BYTES } from '../../domain/webhooks/jws.js';

/** What the KMS ML-DSA-65 keys share (the webhook key, the policy key): key ids, public keys, message sizes. */

/** The key's id (the UUID of its ARN), known without asking KMS. */
export function kmsKeyId(arnOrId: string): string {
  return arnOrId.slice(arnOrId.lastIndexOf('/') + 1);
}

/** DER SubjectPublicKeyInfo of an ML-DSA-65 key (RFC 9881): algorithm id-ml-dsa-65 (2.16.840.1.101.3.4.3.18), no parameters, the key as a BIT STRING. */
const ML_DSA_65_SPKI_PREFIX = Buffer.from('308207b2300b0609608648016503040312038207a100', 'hex');

export function mlDsa65PublicKeyFromSpki(der: Uint8Array): Uint8Array {
  const bytes = Buffer.from(der);
  if (
    bytes.length !== ML_DSA_65_SPKI_PREFIX.length + ML_DSA_65_PUBLIC_KEY_BYTES ||
    !bytes.subarray(0, ML_DSA_65_SPKI_PREFIX.length).equals(ML_DSA_65_SPKI_PREFIX)
  ) {
    throw new Error('KMS returned a public key that is not an ML-DSA-65 SubjectPublicKeyInfo');
  }
  return new Uint8Array(bytes.subarray(ML_DSA_65_SPKI_PREFIX.length));
}

/** KMS's largest `RAW` message for ML-DSA keys. */
export const KMS_RAW_MESSAGE_LIMIT = 4096;

/** FIPS 204 μ of pure ML-DSA with an empty context: SHAKE256(SHAKE256(pk, 64) || 0x00 || 0x00 || M, 64). */
export function externalMu(publicKey: Uint8Array, message: Uint8Array): Uint8Array {
  const tr = createHash('shake256', { outputLength: 64 }).update(publicKey).digest();
  return new Uint8Array(
    createHash('shake256', { outputLength: 64 }).update(tr).update(Uint8Array.of(0, 0)).update(message).digest(),
  );
}
