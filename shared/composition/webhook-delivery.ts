import type { DeliveryDeps } from '../domain/webhooks/delivery-worker.js';
import { sharedOutboundClient, type OutboundClient } from '../adapters/http/outbound-client.js';
import { sendDeliveryAttempt } from '../adapters/http/webhook-sender.js';
import { recordMetric } from '../observability/metrics.js';
import type { Config } from '../config.js';

/** The one SSRF-safe outbound client of the function (the local stack and the tests may give another). */
export const outbound = (d: { config: Config }): OutboundClient => sharedOutboundClient(d.config);

/** What the webhook worker's deliveries read, from its deps. */
export function deliveryDeps(
  d: Pick<DeliveryDeps, 'store' | 'keys' | 'clock' | 'queue' | 'scheduler' | 'secretBox'> & {
    readonly config: Config;
    readonly webhookSigner: DeliveryDeps['webhookSigner'];
    readonly outbound: OutboundClient;
  },
): DeliveryDeps {
  return {
    store: d.store,
    keys: d.keys,
    clock: d.clock,
    queue: d.queue,
    scheduler: d.scheduler,
    secretBox: d.secretBox,
    webhookSigner: d.webhookSigner,
    send: (a) => sendDeliveryAttempt(d.outbound, a),
    timeoutMs: d.config.CUSTODY_WEBHOOK_TIMEOUT_MS,
    onOutcome: (outcome) => {
      if (outcome !== 'skipped' && outcome !== 'cancelled') recordMetric('webhookDeliveries', 1, { outcome });
    },
  };
}
