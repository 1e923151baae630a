import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the service may open a connection to: the one rule behind the outbound HTTP client's
 * connect-time check (after DNS) and the webhook URL check at creation. Why: a webhook URL is chosen by a tenant,
 * so the sender must never be turned against the network it runs in (the cloud metadata service, the VPC, the host).
 *
 * - Link-local (169.254.0.0/16 with the metadata address 169.254.169.254, fe80::/10): always refused.
 * - Loopback, private (RFC 1918), CGNAT (100.64.0.0/10), unique-local (fc00::/7) and unspecified (0.0.0.0/8, ::):
 *   refused unless private networks are allowed (the local stack, `CUSTODY_ENV=local`).
 * - Everything else that is not global unicast (multicast, broadcast, documentation and benchmarking ranges,
 *   NAT64, 6to4, Teredo, ...): always refused.
 * - An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it carries; the deprecated
 *   IPv4-compatible form (::a.b.c.d) is always refused.
 */
export type DestinationOptions = {
  allowPrivateNetworks: boolean;
  /**
   * Ranges (CIDR) an operator trusts even outside the local environment, e.g. a remote signer inside the VPC
   * (`10.20.0.0/16`). Never a tenant's choice; link-local stays refused whatever is listed.
   */
  allowCidrs?: readonly string[];
};

/** Ranges (ipaddr.js names) that only the local stack may reach. */
const PRIVATE_RANGES: Readonly<Record<string, string>> = {
  loopback: 'loopback',
  private: 'private (RFC 1918)',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)',
  uniqueLocal: 'unique-local (fc00::/7)',
  unspecified: 'unspecified',
};

type Classified = { range: string; shown: string; ip: ipaddr.IPv4 | ipaddr.IPv6 };

function classify(address: string): Classified | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return null;
  }
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const v4 = v6.toIPv4Address();
      return { range: v4.range(), shown: `${address} (IPv4-mapped ${v4.toString()})`, ip: v4 };
    }
    const p = v6.parts;
    const ipv4Compatible = p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || (p[7] ?? 0) > 1);
    if (ipv4Compatible) return { range: 'ipv4Compatible', shown: address, ip };
  }
  return { range: ip.range(), shown: address, ip };
}

/** Whether `address` is an IP literal (v4 or v6, brackets allowed). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

/** Whether the address (an IP literal) is link-local, directly or IPv4-mapped: never a valid destination. */
export function isLinkLocal(address: string): boolean {
  return classify(stripBrackets(address))?.range === 'linkLocal';
}

/**
 * Why a connection to `address` (an IP address, as resolved) is refused, or null when it is allowed. The reason
 * names the range, never anything secret, and is what a failed delivery records.
 */
export function destinationRefusal(address: string, opts: DestinationOptions): string | null {
  const c = classify(stripBrackets(address));
  if (!c) return `${address} is not an IP address`;
  if (c.range === 'unicast') return null;
  if (c.range === 'linkLocal') return `link-local address ${c.shown} is never allowed`;
  if (opts.allowCidrs?.length && inAnyCidr(c.ip, opts.allowCidrs)) return null;
  if (c.range === 'ipv4Compatible') return `IPv4-compatible IPv6 address ${c.shown} is never allowed`;
  const privateLabel = PRIVATE_RANGES[c.range];
  if (privateLabel)
    return opts.allowPrivateNetworks
      ? null
      : `${privateLabel} address ${c.shown} is refused outside the local environment`;
  return `${c.range} address ${c.shown} is never allowed`;
}

/** Whether the address lies in one of the CIDRs (of its own family; a malformed CIDR is a configuration error). */
function inAnyCidr(ip: ipaddr.IPv4 | ipaddr.IPv6, cidrs: readonly string[]): boolean {
  return cidrs.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return range.kind() === ip.kind() && ip.match(range, bits);
  });
}

const stripBrackets = (h: string) => (h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h);
