import { ApiError } from '../../errors/catalog.js';
import { ValidationError } from '../../errors/domain-errors.js';
import { isHexOfBytes, type ChainProfile } from '../chain/chain-profile-rules.js';

/** 400 1105: the ownership proof did not convince us that the caller holds the key of this address. */
export class OwnershipProofError extends ApiError {
  override name = 'OwnershipProofError';
  constructor(message: string) {
    super('OWNERSHIP_PROOF', message);
  }
}

export type OwnershipProofInput = {
  tenantId: string;
  vaultId: string;
  address: string;
  publicKey: string;
  proofSignature: string;
  /** Unix seconds. */
  proofTimestamp: number;
};

/**
 * Checks a wallet registration's proof (docs/chain-profile.md, "Ownership proof"): the public key has the configured parameter set's size (else
 * 1100), the address is the key's (else 1105), the timestamp is within the profile's skew of `now` (else 1105), and
 * the key signed the ownership-proof message binding chain, tenant, vault, address and timestamp (else 1105).
 * Async because the signature check first awaits `profile.loadMlDsa()`: the wallets function's profile loads ML-DSA
 * on demand (shared/composition/profile-on-demand.ts), so only a registration whose proof gets that far loads it; for a
 * profile with ML-DSA at hand (the local stack, tests) the await answers at once.
 */
export async function checkOwnershipProof(profile: ChainProfile, p: OwnershipProofInput, now: Date): Promise<void> {
  if (!isHexOfBytes(p.publicKey, profile.sizes.publicKey)) {
    throw new ValidationError(`public_key must be ${profile.sizes.publicKey} bytes (${profile.algorithm})`, {
      field: 'public_key',
      algorithm: profile.algorithm,
      expected_bytes: profile.sizes.publicKey,
    });
  }
  if (profile.deriveAddress(p.publicKey) !== p.address.toLowerCase()) {
    throw new OwnershipProofError('address is not derived from public_key');
  }
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - p.proofTimestamp);
  if (!Number.isSafeInteger(p.proofTimestamp) || skew > profile.proofMaxSkewSeconds) {
    throw new OwnershipProofError(
      `proof_timestamp must be within ${profile.proofMaxSkewSeconds} seconds of the server clock`,
    );
  }
  const message = profile.ownershipProofMessage({
    tenantId: p.tenantId,
    vaultId: p.vaultId,
    address: p.address,
    timestamp: p.proofTimestamp,
  });
  await profile.loadMlDsa();
  if (!profile.verify(p.publicKey, message, p.proofSignature)) {
    throw new OwnershipProofError('proof_signature does not verify against public_key');
  }
}
