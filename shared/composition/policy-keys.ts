import type { Config } from '../config.js';
import type { PolicyKeySet, PolicySigner } from '../ports/policy-signer.js';
import { loadOnce } from '../domain/load-once.js';

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
  const keyId = cfg.CUSTODY_POLICY_KEY_ID;
  let get: () => Promise<PolicySigner & PolicyKeySet>;
  if (keyId) {
    get = loadOnce(() =>
      import('./kms-policy-keys.js').then((m) =>
        m.kmsPolicyKeys(cfg.CUSTODY_REGION, keyId, cfg.CUSTODY_POLICY_RETIRED_KEYS, cfg.CUSTODY_RECEIPT_TTL_SECONDS),
      ),
    );
  } else if (cfg.CUSTODY_ENV === 'production') {
    get = () =>
      Promise.reject(
        new Error(
          'CUSTODY_POLICY_KEY_ID is required when CUSTODY_ENV=production (receipts are signed with a KMS ML-DSA key)',
        ),
      );
  } else {
    const file = cfg.CUSTODY_LOCAL_KEY_FILE;
    get = loadOnce(async () => {
      const [{ LocalKeyProvider }, { LocalPolicyKeys }] = await Promise.all([
        import('../adapters/keys/local-key-provider.js'),
        import('../adapters/keys/local-policy-keys.js'),
      ]);
      return new LocalPolicyKeys(new LocalKeyProvider(file));
    });
  }
  return { sign: async (m) => (await get()).sign(m), publicKeys: async () => (await get()).publicKeys() };
}

/** The port: the published policy keys (meta) or the receipt signer (the transaction worker). */
export const policyKeys = (d: { config: Config }): PolicySigner & PolicyKeySet => makePolicyKeys(d.config);
