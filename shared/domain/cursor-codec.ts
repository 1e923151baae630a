import { createHash, createHmac } from 'node:crypto';
import { InvalidPaginationError } from '../errors/domain-errors.js';
import { canonicalJson } from '../crypto/canonical-json.js';
import { constantTimeEqual } from '../crypto/hashing.js';

/**
 * The one cursor codec of every list. A cursor is `<payload>.<mac>`: the payload (base64url JSON) holds the listing's
 * name, a digest of its filters and the position to resume from (a database key, or an offset for lists held in
 * memory); the MAC is an HMAC-SHA-256 (truncated to 128 bits) over the payload and the caller's tenant id, under a
 * key from the key provider. So a cursor cannot be edited, forged, or carried to another tenant, and one issued for
 * another listing or other filters is named as such. Every failure is 400 1108.
 */
export type Listing = {
  /** The resource listed (`transactions`, `users`, `wallets`...). */
  name: string;
  /** What narrows it: query filters, path parameters, order, the access pattern read. A cursor is bound to them. */
  filters?: Record<string, unknown>;
};

/** A cursor longer than this is refused before any work (ours stay well under it). */
export const MAX_CURSOR_LENGTH = 1024;
const MAC_BYTES = 16;
const DOMAIN = 'custody/cursor/v1';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const filtersDigest = (filters: Record<string, unknown> = {}) =>
  b64(createHash('sha256').update(canonicalJson(filters), 'utf8').digest().subarray(0, 12));

export class CursorCodec {
  /** @param key at least 32 bytes of secret key material; @param tenantId the caller's tenant (from its credential). */
  constructor(
    private readonly key: Uint8Array,
    private readonly tenantId: string,
  ) {
    if (key.length < 32) throw new Error('cursor key must be at least 32 bytes');
  }

  encode(listing: Listing, position: Record<string, unknown>): string {
    const payload = Buffer.from(
      JSON.stringify({ l: listing.name, f: filtersDigest(listing.filters), p: position }),
      'utf8',
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The position a cursor carries, once its MAC, listing and filters are checked. */
  decode(cursor: string, listing: Listing): Record<string, unknown> {
    const m = cursor.length <= MAX_CURSOR_LENGTH ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(cursor) : null;
    if (!m) throw new InvalidPaginationError('cursor malformed');
    if (!constantTimeEqual(this.mac(m[1]!), m[2]!))
      throw new InvalidPaginationError('cursor malformed: edited, or not issued to this tenant');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidPaginationError('cursor malformed');
    }
    const c = parsed as { l?: unknown; f?: unknown; p?: unknown } | null;
    if (!c || typeof c !== 'object' || !c.p || typeof c.p !== 'object' || Array.isArray(c.p))
      throw new InvalidPaginationError('cursor malformed');
    if (c.l !== listing.name) throw new InvalidPaginationError('cursor was issued for another listing');
    if (c.f !== filtersDigest(listing.filters)) throw new InvalidPaginationError('cursor was issued for other filters');
    return c.p as Record<string, unknown>;
  }

  private mac(payload: string): string {
    return b64(
      createHmac('sha256', this.key)
        .update(`${DOMAIN}\u0000${this.tenantId}\u0000${payload}`, 'utf8')
        .digest()
        .subarray(0, MAC_BYTES),
    );
  }
}
