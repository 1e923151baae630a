import { parseSignInFragment } from './format.js';

/**
 * The credential the console calls the API with. Kept in sessionStorage only (gone when the tab closes; never in
 * localStorage, never left in the URL): a single sign-on's fragment is read once and removed from the address bar.
 */
export type Credential = { keyId: string; secret: string; expiresAt: string | null };

const KEY = 'custody.console.credential';

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

/** Takes a sign-in result out of the URL fragment (and the fragment out of the URL); answers an error to show, if any. */
export function takeSignInFragment(): string | undefined {
  if (!location.hash) return undefined;
  const got = parseSignInFragment(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  if (!got) return undefined;
  if ('error' in got) return `Single sign-on failed: ${got.error}`;
  saveCredential(got);
  return undefined;
}
