import ipaddr from 'ipaddr.js';

/** True when `sourceIp` falls in one of the CIDR blocks; an empty or null list allows every address. */
export function ipAllowed(allowlist: readonly string[] | null | undefined, sourceIp: string | undefined): boolean {
  if (!allowlist || allowlist.length === 0) return true;
  if (!sourceIp || !ipaddr.isValid(sourceIp)) return false;
  const ip = ipaddr.process(sourceIp); // IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes IPv4
  return allowlist.some((block) => {
    try {
      const [range, bits] = block.includes('/') ? ipaddr.parseCIDR(block) : [ipaddr.parse(block), ipaddr.parse(block).kind() === 'ipv4' ? 32 : 128];
      const normalized = range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() ? (range as ipaddr.IPv6).toIPv4Address() : range;
      const prefix = normalized !== range && bits >= 96 ? bits - 96 : bits;
      return ip.kind() === normalized.kind() && ip.match(normalized, prefix);
    } catch {
      return false;
    }
  });
}
