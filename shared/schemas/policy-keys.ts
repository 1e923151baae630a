import * as z from './zod.js';

/** The published policy keys (shared/ports/policy-signer.ts): what a signer is configured with to check receipts. */
export const PolicyKey = z.lazySchema(() =>
  z.withMeta(
    z.object({
      key_id: z.withMeta(z.string(), { description: 'The key id receipts name (`key_id` of a receipt)' }),
      algorithm: z.withMeta(z.literal('ML-DSA-65'), { description: 'The signature algorithm (FIPS 204)' }),
      public_key: z.withMeta(z.string(), { description: 'The raw ML-DSA-65 public key (1,952 bytes), 0x hex' }),
      status: z.withMeta(z.enum(['active', 'retired']), {
        description: '`active` signs receipts now; `retired` signed receipts before `retired_at`',
      }),
      retired_at: z.withMeta(z.nullable(z.string()), {
        description: 'When it stopped signing receipts; null while active',
      }),
      valid_until: z.withMeta(z.nullable(z.string()), {
        description:
          'A receipt of a retired key is accepted until then (its retirement plus the receipt lifetime); null while active',
      }),
    }),
    { id: 'PolicyKey' },
  ),
);

export const PolicyKeySet = z.lazySchema(() =>
  z.withMeta(
    z.object({
      keys: z.withMeta(z.array(PolicyKey()), {
        description: 'The active key first, then retired keys whose receipts may still be presented',
      }),
    }),
    { id: 'PolicyKeySet' },
  ),
);
