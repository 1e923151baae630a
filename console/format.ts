/** Pure formatting for the console (no DOM): amounts in an asset's units, durations, short addresses. */

/** `wei` (a decimal integer string) in units of `decimals`, without trailing zeros: `1500000000000000000`, 18 -> `1.5`. */
export function formatUnits(wei: string, decimals: number): string {
  if (!/^\d+$/.test(wei)) return wei;
  if (decimals === 0) return wei.replace(/^0+(?=\d)/, '');
  const padded = wei.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A duration as people say it: `42 s`, `5 min`, `3 h 12 min`, `2 d 4 h`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** `0x1234…abcd` for a long hex string; anything short is returned as is. */
export function shortHex(s: string, keep = 6): string {
  return s.length > 2 * keep + 4 ? `${s.slice(0, keep + 2)}…${s.slice(-keep)}` : s;
}

/**
 * A full address grouped by four for reading aloud and comparing: `0x8ba1 f109 551b d432 ...`. Never shortened: a
 * truncated address is what address-poisoning attacks count on.
 */
export function groupHex(s: string): string {
  const m = /^0x([0-9a-fA-F]+)$/.exec(s);
  return m ? `0x${m[1]!.replace(/(.{4})(?=.)/g, '$1 ')}` : s;
}

/** `key_id:secret` (what the API's credential endpoints show) split; undefined when it is not that shape. */
export function parsePastedKey(text: string): { keyId: string; secret: string } | undefined {
  const m = /^\s*(?:Bearer\s+)?([^\s:]{1,128}):([^\s:]{1,256})\s*$/i.exec(text);
  return m ? { keyId: m[1]!, secret: m[2]! } : undefined;
}

/**
 * What a single sign-on hands back in the URL fragment: a one-time code to redeem (`#code=...&client_state=...`), or
 * its error (`#error=...&error_description=...&client_state=...`). Never a credential.
 */
export type SignInResult = { code: string; clientState: string | null } | { error: string; clientState: string | null };

export function parseSignInFragment(hash: string): SignInResult | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const clientState = params.get('client_state');
  const code = params.get('code');
  if (code) return { code, clientState };
  const error = params.get('error_description') ?? params.get('error');
  return error ? { error, clientState } : undefined;
}

/** Where the console is, from the URL fragment: `#/history`, `#/transactions/<id>`, `#/changes`; anything else is the pending list. */
export type Route =
  { view: 'pending' } | { view: 'history' } | { view: 'transaction'; id: string } | { view: 'changes' };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const tx = /^\/transactions\/([0-9a-fA-F-]{36})$/.exec(path);
  if (tx) return { view: 'transaction', id: tx[1]!.toLowerCase() };
  if (path === '/history') return { view: 'history' };
  if (path === '/changes') return { view: 'changes' };
  return { view: 'pending' };
}

/** A route's fragment (the inverse of parseRoute). */
export function routeHash(r: Route): string {
  return r.view === 'transaction' ? `#/transactions/${r.id}` : r.view === 'pending' ? '#/' : `#/${r.view}`;
}

/** One line of a before/after comparison: a field's dotted path and its value on each side (undefined: absent). */
export type DiffRow = { path: string; before: string | undefined; after: string | undefined; changed: boolean };

/**
 * The fields of two JSON values side by side, flattened to dotted paths (`rules.0.value`), in order of first
 * appearance; values shown as JSON (strings unquoted). A creation has no `before`; a deletion no `after`.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const flat = (v: unknown, prefix: string, out: Map<string, string>) => {
    if (v !== null && typeof v === 'object' && Object.keys(v).length) {
      for (const [k, x] of Object.entries(v)) flat(x, prefix ? `${prefix}.${k}` : k, out);
    } else if (v !== undefined && !(prefix === '' && v === null)) {
      out.set(prefix || '(value)', typeof v === 'string' ? v : JSON.stringify(v));
    }
    return out;
  };
  const b = flat(before, '', new Map());
  const a = flat(after, '', new Map());
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths.map((path) => ({ path, before: b.get(path), after: a.get(path), changed: b.get(path) !== a.get(path) }));
}
