import * as z from 'zod';
import { address, name, paginationQuery, reason, timestamp, uuid } from './common.js';
import { isHex, MAX_PUBLIC_KEY_BYTES, MAX_SIGNATURE_BYTES, OWNERSHIP_PROOF_MAX_SKEW_SECONDS, PQ_ALGORITHMS } from '../domain/chain/chain-profile.js';

/**
 * Request and response schemas of wallets (snake_case). Keys and signatures are 0x hex; a malformed one is 1100, and
 * so is a key of the wrong size for the configured parameter set (checked by the use case, which knows the profile).
 */
const hexBytes = (maxBytes: number, what: string) =>
  z
    .string()
    .refine((s) => s.length <= 2 + 2 * maxBytes, { message: `${what} is longer than any ML-DSA parameter set allows` })
    .refine((s) => isHex(s), { message: `${what} must be 0x-prefixed hex` })
    .meta({ pattern: '^0x([0-9a-fA-F]{2})+$' });

const registerShape = {
  address: address(),
  public_key: hexBytes(MAX_PUBLIC_KEY_BYTES, 'public_key').meta({ description: 'ML-DSA public key of the configured parameter set, 0x hex' }),
  label: name().optional(),
  proof_signature: hexBytes(MAX_SIGNATURE_BYTES, 'proof_signature').meta({
    description: 'ML-DSA signature (with the configured FIPS 204 context) of the UTF-8 message custody-ownership-proof:v1:{chain_id}:{tenant_id}:{vault_id}:{address in lowercase}:{proof_timestamp}',
  }),
  proof_timestamp: z.number().int().min(0).meta({ description: `Unix seconds; accepted within ${OWNERSHIP_PROOF_MAX_SKEW_SECONDS} s of the server clock` }),
};

export const RegisterWalletBody = z.object(registerShape).strict();
export const RegisterWalletWithVaultBody = z.object({ vault_id: uuid(), ...registerShape }).strict();
export const GenerateWalletBody = z.object({ label: name().optional() }).strict();
export const ArchiveWalletBody = z.object({ reason: reason().optional() }).strict();

export const WalletIdParam = z.object({ id: uuid() });
export const WalletListQuery = paginationQuery.extend({ status: z.enum(['active', 'archived']).optional() });

const summaryShape = {
  id: uuid(),
  vault_id: uuid(),
  address: z.string(),
  algorithm: z.enum(PQ_ALGORITHMS),
  label: z.string().nullable(),
  origin: z.enum(['registered', 'generated']),
  signer_key_ref: z.string().nullable(),
  status: z.enum(['active', 'archived']),
  created_at: timestamp(),
  updated_at: timestamp(),
};

export const WalletSummary = z.object(summaryShape).meta({ id: 'WalletSummary', description: 'A wallet in a list: without its public key' });
export const Wallet = z
  .object({ ...summaryShape, public_key: z.string().meta({ description: '0x hex' }) })
  .meta({ id: 'Wallet' });
export const WalletList = z.object({ wallets: z.array(WalletSummary), next_cursor: z.string().nullable() });
