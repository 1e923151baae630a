import type { Config } from '../config.js';
import type { WebhookKeySet, WebhookSigner } from '../ports/webhook-signer.js';
import { chosenServiceKey } from './service-key.js';

/**
 * The webhook key the configuration chooses: KMS when `CUSTODY_WEBHOOK_KEY_ID` is set (the stack sets it on the
 * webhook worker, which signs, and on the webhooks API function, which publishes the key set with the keys of
 * `CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS`), else the ML-DSA-65 key derived from the local key file, which production
 * refuses. Either adapter (the KMS client; @noble/post-quantum) is a lazy chunk loaded at the first signature or key
 * set asked for; a failed load is not kept.
 */
export function makeWebhookKeys(
  cfg: Pick<
    Config,
    | 'CUSTODY_ENV'
    | 'CUSTODY_WEBHOOK_KEY_ID'
    | 'CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS'
    | 'CUSTODY_LOCAL_KEY_FILE'
    | 'CUSTODY_REGION'
  >,
): WebhookSigner & WebhookKeySet {
  const get = chosenServiceKey<WebhookSigner & WebhookKeySet>({
    env: cfg.CUSTODY_ENV,
    keyId: cfg.CUSTODY_WEBHOOK_KEY_ID,
    required:
      'CUSTODY_WEBHOOK_KEY_ID is required when CUSTODY_ENV=production (webhooks are signed with a KMS ML-DSA key)',
    kms: (keyId) =>
      import('./kms-webhook-keys.js').then((m) =>
        m.kmsWebhookKeys(cfg.CUSTODY_REGION, keyId, cfg.CUSTODY_WEBHOOK_PUBLISHED_KEY_IDS),
      ),
    local: async () => {
      const [{ LocalKeyProvider }, { LocalWebhookKeys }] = await Promise.all([
        import('../adapters/keys/local-key-provider.js'),
        import('../adapters/keys/local-webhook-keys.js'),
      ]);
      return new LocalWebhookKeys(new LocalKeyProvider(cfg.CUSTODY_LOCAL_KEY_FILE));
    },
  });
  return { signingKey: async () => (await get()).signingKey(), publicKeys: async () => (await get()).publicKeys() };
}

/** The port: the published key set (the webhooks function) or the delivery signer (the webhook worker). */
export const webhookKeys = (d: { config: Config }): WebhookSigner & WebhookKeySet => makeWebhookKeys(d.config);
