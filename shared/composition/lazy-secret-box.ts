import type { Config } from '../config.js';
import type { SecretBox } from '../ports/secret-box.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The secret box (./secret-box.ts: KMS on AWS, with the KMS client, about 26 KB), loaded at its first seal or open: a
 * lazy chunk for the API functions where most requests never touch a secret (sso: only a connection write and the OIDC
 * sign-in; webhooks: only creating an endpoint and rotating its secret). A failed load is not kept (the next use tries
 * again); a missing KMS key in production is refused then, as `makeSecretBox` does. A function that opens a secret
 * on every invocation (the webhook worker signs every delivery) imports `makeSecretBox` itself.
 */
export function lazySecretBox(cfg: Config): SecretBox {
  const get = loadOnce(() => import('./secret-box.js').then((m) => m.makeSecretBox(cfg)));
  return {
    seal: async (plaintext, context) => (await get()).seal(plaintext, context),
    open: async (sealed, context) => (await get()).open(sealed, context),
  };
}

/** The port, for the functions whose requests mostly never seal or open a secret (sso, webhooks). */
export const secretBoxOnDemand = (d: { config: Config }): SecretBox => lazySecretBox(d.config);
