import * as z from './zod.js';
import { address, name, paginationQuery, reason, uuid, nextCursor, createdAt, updatedAt, described } from './common.js';
import {
  isHex,
  MAX_PUBLIC_KEY_BYTES,
  MAX_SIGNATURE_BYTES,
  OWNERSHIP_PROOF_MAX_SKEW_SECONDS,
  PQ_ALGORITHMS,
} from '../domain/chain/chain-profile-rules.js';

/**
 * Request and response schemas of wallets (snake_case). Keys and signatures are 0x hex; a malformed one is 1100, and
 * so is a key of the wrong size for the configured parameter set (checked by the use case, which knows the profile).
 */
const hexBytes = (maxBytes: number, what: string) =>
  z.withMeta(
    z.string().check(
      z.refine((s) => s.length <= 2 + 2 * maxBytes, {
        message: `${what} is longer than any ML-DSA parameter set allows`,
      }),
      z.refine((s) => isHex(s), { message: `${what} must be 0x-prefixed hex` }),
    ),
    { pattern: '^0x([0-9a-fA-F]{2})+$' },
  );

const registerShape = z.lazySchema(() => ({
  address: address(),
  public_key: z.withMeta(hexBytes(MAX_PUBLIC_KEY_BYTES, 'public_key'), {
    description: 'ML-DSA public key of the configured parameter set, 0x hex',
  }),
  label: described(z.optional(name()), 'A name people see for the wallet'),
  proof_signature: z.withMeta(hexBytes(MAX_SIGNATURE_BYTES, 'proof_signature'), {
    description:
      'ML-DSA signature (with the configured FIPS 204 context) of the UTF-8 message custody-ownership-proof:v1:{chain_id}:{tenant_id}:{vault_id}:{address in lowercase}:{proof_timestamp}',
  }),
  proof_timestamp: z.withMeta(z.int().check(z.gte(0)), {
    description: `Unix seconds; accepted within ${OWNERSHIP_PROOF_MAX_SKEW_SECONDS} s of the server clock`,
  }),
}));

export const RegisterWalletBody = z.lazySchema(() => z.strictObject(registerShape()));
export const RegisterWalletWithVaultBody = z.lazySchema(() =>
  z.strictObject({ vault_id: described(uuid(), 'The vault the wallet joins'), ...registerShape() }),
);
export const GenerateWalletBody = z.lazySchema(() =>
  z.strictObject({ label: described(z.optional(name()), 'A name people see for the wallet') }),
);
export const ArchiveWalletBody = z.lazySchema(() =>
  z.strictObject({ reason: described(z.optional(reason()), 'Why, kept in the audit entry') }),
);

export const WalletIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The wallet id') }));
export const WalletListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    status: described(z.optional(z.enum(['active', 'archived'])), 'Only wallets in this status'),
  }),
);

const summaryShape = z.lazySchema(() => ({
  id: described(uuid(), 'The wallet id'),
  vault_id: described(uuid(), 'The vault it belongs to'),
  address: described(z.string(), 'Its address, derived from the public key, lowercase 0x'),
  algorithm: described(z.enum(PQ_ALGORITHMS), 'The ML-DSA parameter set of its key'),
  label: described(z.nullable(z.string()), 'A name people see for the wallet; null if none'),
  origin: described(z.enum(['registered', 'generated']), '`registered` (your key) or `generated` (by the signer)'),
  signer_key_ref: described(z.nullable(z.string()), "The signer's reference to a generated key; null if registered"),
  status: described(z.enum(['active', 'archived']), '`active`, or `archived` (permanent)'),
  created_at: createdAt(),
  updated_at: updatedAt(),
}));

export const WalletSummary = z.lazySchema(() =>
  z.withMeta(z.object(summaryShape()), {
    id: 'WalletSummary',
    description: 'A wallet in a list: without its public key',
  }),
);
export const Wallet = z.lazySchema(() =>
  z.withMeta(z.object({ ...summaryShape(), public_key: z.withMeta(z.string(), { description: '0x hex' }) }), {
    id: 'Wallet',
  }),
);
export const WalletList = z.lazySchema(() =>
  z.object({ wallets: described(z.array(WalletSummary()), 'One page of wallets'), next_cursor: nextCursor() }),
);
