import { refusal } from './refusals.js';

/** The service's own page that receives a finished sign-in (the approver console), relative to its public base URL. */
export const CONSOLE_PATH = '/console';

/**
 * Where a finished sign-in may send the browser (with a one-time code, never a credential, see handoff.ts):
 * - on the service's own origin, only the page meant to receive a sign-in: `<base path>/console` (a query is kept);
 *   any other path of the service (the API under `/v1/`, a login route, a script) is refused, so a sign-in can never
 *   be chained into another one;
 * - an origin the tenant's connection lists (`allowed_return_origins`), for an integrator's own front end.
 * Anything else (another origin or path, a scheme other than http(s), credentials in the URL, a fragment of its own)
 * is 400 1018. A path (`/console`) is taken on the service's own origin.
 */
export function checkReturnTo(
  returnTo: string | undefined,
  ownBaseUrl: string,
  allowedOrigins: readonly string[],
): string | null {
  if (returnTo === undefined || returnTo === '') return null;
  const own = new URL(ownBaseUrl);
  let url: URL;
  try {
    url =
      returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\')
        ? new URL(returnTo, own.origin)
        : new URL(returnTo);
  } catch {
    throw refusal('SSO_RETURN_TO_NOT_ALLOWED', 'return_to_malformed', 'return_to is not a URL');
  }
  const consolePath = `${own.pathname.replace(/\/+$/, '')}${CONSOLE_PATH}`;
  const wellFormed =
    (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash;
  const ownPage = url.origin === own.origin && url.pathname === consolePath;
  const integrator = url.origin !== own.origin && allowedOrigins.includes(url.origin);
  if (!wellFormed || !(ownPage || integrator)) {
    throw refusal(
      'SSO_RETURN_TO_NOT_ALLOWED',
      'return_to_not_allowed',
      `return_to must be ${own.origin}${consolePath} or on an origin the connection allows`,
    );
  }
  return url.toString();
}

/** Whether a return_to (checked) is on another origin than the service's: an integrator's front end. */
export const isOffOrigin = (returnTo: string, ownBaseUrl: string) =>
  new URL(returnTo).origin !== new URL(ownBaseUrl).origin;

/**
 * The return of a sign-in being started: `return_to` checked as above; `client_state` (echoed to the page) and
 * `code_challenge` (PKCE S256 for the code's exchange) kept as given. A return on another origin needs a
 * `code_challenge`, since a front end there cannot present the service's cookie that otherwise binds the code (1018).
 */
export function checkLoginReturn(
  input: { returnTo?: string; clientState?: string; codeChallenge?: string },
  ownBaseUrl: string,
  allowedOrigins: readonly string[],
): { returnTo: string | null; clientState: string | null; codeChallenge: string | null } {
  const returnTo = checkReturnTo(input.returnTo, ownBaseUrl, allowedOrigins);
  if (!returnTo) return { returnTo: null, clientState: null, codeChallenge: null };
  if (isOffOrigin(returnTo, ownBaseUrl) && !input.codeChallenge) {
    throw refusal(
      'SSO_RETURN_TO_NOT_ALLOWED',
      'code_challenge_missing',
      'a return_to on another origin needs code_challenge (PKCE S256) to bind the sign-in code',
    );
  }
  return { returnTo, clientState: input.clientState ?? null, codeChallenge: input.codeChallenge ?? null };
}
