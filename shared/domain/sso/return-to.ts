import { refusal } from './refusals.js';

/**
 * Where a browser may be sent with a session in the URL fragment: the service's own origin, or an origin the tenant's
 * connection lists (`allowed_return_origins`). A path (`/console`) is taken on the service's own origin. Anything
 * else (another origin, a scheme other than http(s), credentials in the URL, a fragment of its own) is 400 1018.
 */
export function checkReturnTo(returnTo: string | undefined, ownBaseUrl: string, allowedOrigins: readonly string[]): string | null {
  if (returnTo === undefined || returnTo === '') return null;
  const own = new URL(ownBaseUrl);
  let url: URL;
  try {
    url = returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\') ? new URL(returnTo, own.origin) : new URL(returnTo);
  } catch {
    throw refusal('SSO_RETURN_TO_NOT_ALLOWED', 'return_to_malformed', 'return_to is not a URL');
  }
  const ok =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    !url.hash &&
    (url.origin === own.origin || allowedOrigins.includes(url.origin));
  if (!ok) throw refusal('SSO_RETURN_TO_NOT_ALLOWED', 'return_to_not_allowed', `return_to must be on ${own.origin} or an origin the connection allows`);
  return url.toString();
}
