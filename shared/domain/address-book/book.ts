/**
 * The address book as the policy engine and the transaction view see it: pure functions over the tenant's entries
 * (read once per request by address-book.ts `loadBook`). An entry is usable from `usable_at` (its creation plus the
 * tenant's cooling period) and only for transfers its scope covers: its vault (or any, when null) and its asset (or
 * any). Addresses are stored in lowercase and compared case-insensitively, as everywhere.
 */
export type BookEntry = {
  id: string;
  name: string;
  address: string;
  asset_id: string | null;
  vault_id: string | null;
  usable_at: string;
};

export type EntryStatus = 'COOLING' | 'ACTIVE';

export const entryStatus = (e: Pick<BookEntry, 'usable_at'>, now: Date): EntryStatus =>
  Date.parse(e.usable_at) <= now.getTime() ? 'ACTIVE' : 'COOLING';

/** Whether the entry's scope covers a transfer of `assetId` from a wallet of `vaultId`. */
export const coversTransfer = (e: BookEntry, t: { assetId: string; vaultId: string }) =>
  (e.asset_id === null || e.asset_id === t.assetId.toLowerCase()) &&
  (e.vault_id === null || e.vault_id.toLowerCase() === t.vaultId.toLowerCase());

/** What the book says of a destination for one transfer: an active entry covering it, else why not. */
export type BookMatch =
  | { kind: 'active'; entry: BookEntry }
  | { kind: 'cooling'; entry: BookEntry }
  | { kind: 'out_of_scope'; entry: BookEntry }
  | { kind: 'absent' };

export function matchDestination(
  book: readonly BookEntry[],
  destination: string,
  t: { assetId: string; vaultId: string },
  now: Date,
): BookMatch {
  const d = destination.toLowerCase();
  const same = book.filter((e) => e.address === d);
  const covering = same.filter((e) => coversTransfer(e, t));
  const active = covering.find((e) => entryStatus(e, now) === 'ACTIVE');
  if (active) return { kind: 'active', entry: active };
  // The one that becomes usable first: what the denial tells the caller to wait for.
  const cooling = [...covering].sort((a, b) => Date.parse(a.usable_at) - Date.parse(b.usable_at))[0];
  if (cooling) return { kind: 'cooling', entry: cooling };
  return same[0] ? { kind: 'out_of_scope', entry: same[0] } : { kind: 'absent' };
}

/**
 * Address poisoning: an attacker sends dust from an address that shares the first and last hex characters of one the
 * victim pays, hoping it gets copied from the history. Two addresses look alike when their first 4 and last 4 hex
 * characters after `0x` are equal (letter case aside) and they differ in the middle.
 */
export const LOOKALIKE_EDGE = 4;
const edges = (a: string) => {
  const hex = a.toLowerCase().slice(2);
  return `${hex.slice(0, LOOKALIKE_EDGE)}…${hex.slice(-LOOKALIKE_EDGE)}`;
};

export function lookalikeOf(book: readonly BookEntry[], destination: string): BookEntry | undefined {
  const d = destination.toLowerCase();
  const key = edges(d);
  return book.find((e) => e.address !== d && edges(e.address) === key);
}

/** The entry of the book with exactly this address (the first created, whatever its scope): the name a view shows. */
export function entryNamed(book: readonly BookEntry[], destination: string): BookEntry | undefined {
  const d = destination.toLowerCase();
  return book.find((e) => e.address === d);
}
