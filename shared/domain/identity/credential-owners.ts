import { BoundedMap } from '../bounded-map.js';

/**
 * Which tenant and user a key id belongs to, as learnt from a SUCCESSFUL authentication in this container: a
 * credential never changes owner, so this is all that is kept (never the secret's hash, the credential's status, the
 * tenant's or the user's). It lets a known key id be authenticated with ONE batch read of the credential, its tenant,
 * its user and the request's first items (authenticate.ts); every check is made on what that batch read, so a
 * revoked, rotated or deleted credential, a suspended tenant or user, counts from the next request as before. An
 * unknown key id takes the two-read path, which spends the same work on a key id that does not exist.
 */
export type CredentialOwner = { tenantId: string; userId: string };

/** Entries per container: a key id and two ids each (about 150 bytes), so at most a few MB. */
export const CREDENTIAL_OWNERS_CAPACITY = 10_000;

export class CredentialOwners {
  private readonly owners: BoundedMap<string, CredentialOwner>;

  constructor(capacity = CREDENTIAL_OWNERS_CAPACITY) {
    this.owners = new BoundedMap(capacity);
  }

  /** The owner learnt for `keyId`, if any. */
  get(keyId: string): CredentialOwner | undefined {
    return this.owners.get(keyId);
  }

  /** After a successful authentication only. */
  learn(keyId: string, owner: CredentialOwner): void {
    this.owners.set(keyId, { tenantId: owner.tenantId, userId: owner.userId });
  }

  /** The credential read did not name the owner learnt (deleted, or not what was kept): the next request takes the long path. */
  forget(keyId: string): void {
    this.owners.delete(keyId);
  }

  clear(): void {
    this.owners.clear();
  }
}

/** One per container (module scope), like the rate limiter's leases. */
export const credentialOwners = new CredentialOwners();
