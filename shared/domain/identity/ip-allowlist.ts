import { inBlock, parseCidr, parseIp, unmapped } from '../ip-address.js';

/**
 * True when `sourceIp` falls in one of the CIDR blocks; an empty or null list allows every address. An IPv4-mapped
 * IPv6 address (::ffff:a.b.c.d), as the source or as a block, is read as the IPv4 address it carries (a mapped block
 * of prefix 96 + n is the IPv4 block of prefix n); otherwise an IPv4 source never matches an IPv6 block (`::/0`
 * does not allow IPv4 clients) nor the reverse. A block that does not parse matches nothing.
 */
export function ipAllowed(allowlist: readonly string[] | null | undefined, sourceIp: string | undefined): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  const parsed = sourceIp ? parseIp(sourceIp) : null;
  if (!parsed) return false;
  const ip = unmapped(parsed);
  return allowlist.some((entry) => {
    const block = parseCidr(entry);
    if (!block) return false;
    const range = unmapped(block.ip);
    // A mapped block below /96 compares the whole IPv4 address (what ipaddr.js did: its match ran past the 32 bits).
    const prefix =
      range === block.ip ? block.prefix : Math.min(block.prefix >= 96 ? block.prefix - 96 : block.prefix, 32);
    return inBlock(ip, { ip: range, prefix });
  });
}
