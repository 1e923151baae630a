import { InvalidUrlError } from '../../errors/domain-errors.js';
import { destinationRefusal, isIpLiteral } from '../network-destinations.js';

/**
 * Checks a webhook URL when an endpoint is created (400 1107 otherwise): an absolute http(s) URL without
 * credentials, at most 2048 characters; https only in production. When the host is an IP literal it must pass the
 * same destination rule the outbound client applies at connect time (link-local never; loopback, private, CGNAT,
 * unique-local and unspecified only in the local environment), so an unusable endpoint is refused up front. A
 * hostname is checked only when it is connected to, after DNS (its addresses can change).
 */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export function validateWebhookUrl(raw: string, env: 'local' | 'production'): string {
  if (typeof raw !== 'string' || raw.length === 0) throw new InvalidUrlError('url is not a valid URL');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    throw new InvalidUrlError(`url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidUrlError('url is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidUrlError('url must use https');
  if (env === 'production' && url.protocol !== 'https:') throw new InvalidUrlError('url must use https');
  if (!url.hostname) throw new InvalidUrlError('url has no host');
  if (url.username || url.password) throw new InvalidUrlError('url must not contain credentials');
  if (url.hash) throw new InvalidUrlError('url must not contain a fragment');
  if (isIpLiteral(url.hostname)) {
    const refusal = destinationRefusal(url.hostname, { allowPrivateNetworks: env === 'local' });
    if (refusal) throw new InvalidUrlError(`url host is not allowed: ${refusal}`);
  }
  return url.toString();
}
