import { parseSignInFragment } from './format.js';

/**
 * The credential the console calls the API with. Kept in sessionStorage only (gone when the tab closes; never in
 * localStorage, never in the URL). A single sign-on comes back with a one-time code in the fragment, which the
 * console redeems by POST for the session, and only when this tab started that sign-in (login CSRF, docs/console.md).
 */
export type Credential = { keyId: string; secret: string; expiresAt: string | null };

const KEY = 'custody.console.credential';
/** The `client_state` of the sign-in this tab started, checked when the provider sends the browser back. */
const SIGN_IN_STATE = 'custody.console.sign_in_state';

export function loadCredential(): Credential | undefined {
  try {
    const c = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Credential | null;
    return c && typeof c.keyId === 'string' && typeof c.secret === 'string' ? c : undefined;
  } catch {
    return undefined;
  }
}

export function saveCredential(c: Credential): void {
  sessionStorage.setItem(KEY, JSON.stringify(c));
}

export function forgetCredential(): void {
  sessionStorage.removeItem(KEY);
}

/** A fresh random `client_state` for a sign-in this tab starts, remembered until the browser comes back. */
export function newSignInState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  sessionStorage.setItem(SIGN_IN_STATE, state);
  return state;
}

export const IGNORED_SIGN_IN =
  'Ignored a sign-in result that this tab did not start. If you meant to sign in, start again here.';

/**
 * Takes a sign-in result out of the URL fragment (and the fragment out of the URL); a fragment starting `#/` is
 * the console's own route and stays. A result is accepted only with
 * the `client_state` this tab stored when it started the sign-in (used once); a code is redeemed for the session.
 * Answers the message to show, if any.
 */
export async function takeSignInFragment(redeem: (code: string) => Promise<Credential>): Promise<string | undefined> {
  // A route of the console (`#/transactions/<id>`) is not a sign-in result: left where it is.
  if (!location.hash || location.hash.startsWith('#/')) return undefined;
  const got = parseSignInFragment(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  if (!got) return undefined;
  const expected = sessionStorage.getItem(SIGN_IN_STATE);
  sessionStorage.removeItem(SIGN_IN_STATE);
  if (!expected || got.clientState !== expected) return IGNORED_SIGN_IN;
  if ('error' in got) return `Single sign-on failed: ${got.error}`;
  try {
    saveCredential(await redeem(got.code));
  } catch (e) {
    return `Single sign-on failed: ${e instanceof Error ? e.message : String(e)}`;
  }
  return undefined;
}
