import { ApiError } from '../errors/catalog.js';
import type { PqAlgorithm } from '../domain/chain/chain-profile.js';

/**
 * The signer port: the external party that holds private keys (the service never does). It creates key pairs for
 * generated wallets and, in later issues, signs transaction digests. Keys and signatures travel as 0x hex; the signer
 * answers with an opaque `keyRef` the service stores on the wallet and hands back when it needs a signature.
 */
export type GenerateKeyRequest = { tenantId: string; vaultId: string; walletLabel: string | null; algorithm: PqAlgorithm };
export type GeneratedKey = { publicKey: string; keyRef: string };

export type SignRequest = {
  keyRef: string;
  /** The 32 digest bytes of the signing payload, 0x hex; the signer signs them as the message. */
  digest: string;
  /** FIPS 204 context string (UTF-8; empty for none). */
  context: string;
};

export interface Signer {
  generateKey(req: GenerateKeyRequest): Promise<GeneratedKey>;
  sign(req: SignRequest): Promise<{ signature: string }>;
}

/**
 * The signer could not be reached, timed out, refused the service, or answered something unusable. Answered as
 * 503 1500 (the upstream family of the catalog; clients retry 503 with backoff), with `upstream: "signer"`.
 */
export class SignerUnavailableError extends ApiError {
  constructor(message = 'signer unavailable') {
    super('NODE_UNAVAILABLE', message, { upstream: 'signer' });
  }
}
