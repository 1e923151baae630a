import type { Config } from '../config.js';
import type { PolicyKeySet, PolicySigner } from '../ports/policy-signer.js';
import { chosenServiceKey } from './service-key.js';

/**
 * The policy key the configuration chooses: KMS when `CUSTODY_POLICY_KEY_ID` is set (the stack sets it on the
 * transaction worker, which signs receipts, and on the function that publishes `GET /v1/keys/policy`, with the retired
 * keys of `CUSTODY_POLICY_RETIRED_KEYS`), else the ML-DSA-65 key derived from the local key file, which production
 * refuses. Either adapter is a lazy chunk loaded at the first receipt or key set asked for; a failed load is not kept.
 */
export function makePolicyKeys(
  cfg: Pick<
    Config,
    | 'CUSTODY_ENV'
    | 'CUSTODY_POLICY_KEY_ID'
    | 'CUSTODY_POLICY_RETIRED_KEYS'
    | 'CUSTODY_RECEIPT_TTL_SECONDS'
    | 'CUSTODY_LOCAL_KEY_FILE'
    | 'CUSTODY_REGION'
  >,
): PolicySigner & PolicyKeySet {
  const get = chosenServiceKey<PolicySigner & PolicyKeySet>({
    env: cfg.CUSTODY_ENV,
    keyId: cfg.CUSTODY_POLICY_KEY_ID,
    required:
      'CUSTODY_POLICY_KEY_ID is required when CUSTODY_ENV=production (receipts are signed with a KMS ML-DSA key)',
    kms: (keyId) =>
      import('./kms-policy-keys.js').then((m) =>
        m.kmsPolicyKeys(cfg.CUSTODY_REGION, keyId, cfg.CUSTODY_POLICY_RETIRED_KEYS, cfg.CUSTODY_RECEIPT_TTL_SECONDS),
      ),
    local: async () => {
      const [{ LocalKeyProvider }, { LocalPolicyKeys }] = await Promise.all([
        import('../adapters/keys/local-key-provider.js'),
        import('../adapters/keys/local-policy-keys.js'),
      ]);
      return new LocalPolicyKeys(new LocalKeyProvider(cfg.CUSTODY_LOCAL_KEY_FILE));
    },
  });
  return { sign: async (m) => (await get()).sign(m), publicKeys: async () => (await get()).publicKeys() };
}

/** The port: the published policy keys (meta) or the receipt signer (the transaction worker). */
export const policyKeys = (d: { config: Config }): PolicySigner & PolicyKeySet => makePolicyKeys(d.config);
